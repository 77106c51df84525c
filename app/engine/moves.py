"""Moves: what a seat asks to do, as a small pasteable value.

>>> Move.from_dict({"seat": 1, "action": "play", "card": "wd4", "color": "blue"})
Move(seat=1, action=<Action.PLAY: 'play'>, card=Card('WD4'), color=<Color.BLUE: 'blue'>, uno=False, target=None)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from enum import StrEnum
from typing import Any

from .cards import Card, Color, InvalidCardError, card, color
from .verdict import InvalidMoveError


class Action(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    CHALLENGE = "challenge"
    ACCEPT = "accept"
    UNO = "uno"
    CATCH = "catch"
    COLOR = "color"


# The actions by value, read as a dict: calling the enum (``Action("play")``) goes through
# EnumType.__call__ and Enum.__new__, several times the cost of the lookup.
ACTIONS: dict[str, Action] = {a.value: a for a in Action}


@dataclass(frozen=True, slots=True, init=False)
class Move:
    seat: int
    action: Action
    card: Card | None = None
    color: Color | None = None
    uno: bool = False
    target: int | None = None

    def __init__(self, seat: int, action: Action, card: Card | None = None, color: Color | None = None,
                 uno: bool = False, target: int | None = None) -> None:
        # Straight into the slots, as Verdict and Event do: the frozen dataclass's __init__ goes
        # through object.__setattr__ per field, and bots and the table make moves all the time.
        set_seat, set_action, set_card, set_color, set_uno, set_target = _MOVE_SLOTS
        set_seat(self, seat)
        set_action(self, action)
        set_card(self, card)
        set_color(self, color)
        set_uno(self, uno)
        set_target(self, target)

    @classmethod
    def from_dict(cls, data: Any) -> Move:
        """Read a move as the check API spells it; InvalidMoveError if it cannot be read."""
        if not isinstance(data, dict):
            raise InvalidMoveError("move")
        try:
            action = ACTIONS[data.get("action")]
        except (KeyError, TypeError):  # TypeError: an unhashable value (a list, a dict) names none
            raise InvalidMoveError("action") from None
        seat, target = data.get("seat"), data.get("target")
        if type(seat) is not int:
            raise InvalidMoveError("seat")
        if target is not None and type(target) is not int:
            raise InvalidMoveError("target")
        if not isinstance(data.get("uno", False), bool):
            raise InvalidMoveError("uno")
        played = _read(card, data.get("card"), "card")
        chosen = _read(color, data.get("color"), "color")
        if action is Action.PLAY and played is None:
            raise InvalidMoveError("card")
        return (make_move if cls is Move else cls)(seat, action, played, chosen, data.get("uno", False), target)

    def to_dict(self) -> dict[str, Any]:
        # ``_value_``: the plain attribute behind Enum's ``value`` property, which costs a Python call
        data: dict[str, Any] = {"seat": self.seat, "action": self.action._value_}
        if self.card is not None:
            data["card"] = self.card.notation
        if self.color is not None:
            data["color"] = self.color._value_
        if self.uno:
            data["uno"] = True
        if self.target is not None:
            data["target"] = self.target
        return data


def _read(parse, value: Any, field: str) -> Any:
    """``parse(value)``, None for no value; InvalidMoveError naming ``field`` for a bad one."""
    if value is None:
        return None
    try:
        return parse(value)
    except InvalidCardError:
        raise InvalidMoveError(field) from None


_MOVE_SLOTS = tuple(getattr(Move, f.name).__set__ for f in fields(Move))

# Moves are immutable values, and the table makes the same few over and over (a seat, a card, a
# colour): each is made once and shared, as legal_moves's are. A cache hit costs a fifth of making
# a move (~6k instructions: six slots), called positionally (keywords make the key dearer). Bounded,
# as from_dict reads clients' moves, whose seats and targets may be any integers.
make_move = lru_cache(maxsize=4096)(Move)
