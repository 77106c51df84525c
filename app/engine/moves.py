"""Moves: what a seat asks to do, as a small pasteable value.

>>> Move.from_dict({"seat": 1, "action": "play", "card": "wd4", "color": "blue"})
Move(seat=1, action=<Action.PLAY: 'play'>, card=Card('WD4'), color=<Color.BLUE: 'blue'>, uno=False, target=None, play_drawn=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable, TypeVar

from .cards import Card, Color, InvalidCardError, card, color
from .verdict import InvalidMoveError

T = TypeVar("T")


class Action(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    CHALLENGE = "challenge"
    ACCEPT = "accept"
    UNO = "uno"
    CATCH = "catch"
    COLOR = "color"


# The actions by name, as a move's ``action`` spells them.
ACTIONS: dict[str, Action] = {a.value: a for a in Action}


@dataclass(frozen=True, slots=True)
class Move:
    """What ``seat`` asks to do. ``play_drawn`` on a draw: the drawn card is played at once when it
    can be, as this move completes it (``color`` for a wild, ``target`` for a 7 under 7-0, ``uno``),
    the rules' "a playable card drawn may be played at once" in one move; a card that cannot be
    played, or a play left incomplete, leaves the draw as it would be without it."""

    seat: int
    action: Action
    card: Card | None = None
    color: Color | None = None
    uno: bool = False
    target: int | None = None
    play_drawn: bool = False

    @classmethod
    def from_dict(cls, data: Any) -> Move:
        """Read a move as the check API spells it; InvalidMoveError if it cannot be read."""
        if not isinstance(data, dict):
            raise InvalidMoveError("move")
        try:
            action = ACTIONS[data["action"]]
        except (KeyError, TypeError):  # TypeError: an unhashable value (a list, a dict) names none
            raise InvalidMoveError("action") from None
        seat, target = data.get("seat"), data.get("target")
        if type(seat) is not int:
            raise InvalidMoveError("seat")
        if target is not None and type(target) is not int:
            raise InvalidMoveError("target")
        for flag in ("uno", "play_drawn"):
            if not isinstance(data.get(flag, False), bool):
                raise InvalidMoveError(flag)
        played = _read(card, data.get("card"), "card")
        chosen = _read(color, data.get("color"), "color")
        if action is Action.PLAY and played is None:
            raise InvalidMoveError("card")
        return cls(seat, action, played, chosen, data.get("uno", False), target, data.get("play_drawn", False))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "action": str(self.action)}
        if self.card is not None:
            data["card"] = self.card.notation
        if self.color is not None:
            data["color"] = str(self.color)
        if self.uno:
            data["uno"] = True
        if self.target is not None:
            data["target"] = self.target
        if self.play_drawn:
            data["play_drawn"] = True
        return data


def _read(parse: Callable[[str], T], value: Any, field: str) -> T | None:
    """``parse(value)``, None for no value; InvalidMoveError naming ``field`` for a bad one."""
    if value is None:
        return None
    try:
        return parse(value)
    except InvalidCardError:
        raise InvalidMoveError(field) from None
