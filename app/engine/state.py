"""A round's state: what is on the table, whose turn it is, and its stored form.

``BaseRound`` is the state without the rules' questions; the modules that answer them
(checking, applying, effects, piles, choices) read and change it, and ``RoundState``
(app.engine.round) adds the questions as its methods, as python-chess's ``Board`` adds the
rules to its ``BaseBoard``. So each rule module imports the state it works on, and the round
imports the rule modules: no module imports one that imports it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Self

from .cards import COLORS, FACES, Card, Color, hand_points
from .deck import rest_of_deck
from .pending import Pending
from .rules import RuleSet, ruleset


def hand_notations(hands: list[list[Card]]) -> list[list[str]]:
    """Each hand as its cards' notations (storage, and the hands a teacher is shown)."""
    return [[c.notation for c in hand] for hand in hands]


@dataclass
class BaseRound:
    """Everything about a round in progress. ``draw_pile`` keeps its top card last."""

    rules: RuleSet
    hands: list[list[Card]]
    draw_pile: list[Card]
    discard: list[Card]
    color: Color | None
    turn: int = 0
    direction: int = 1
    dealer: int = 0
    pending: Pending | None = None
    uno_said: list[bool] = field(default_factory=list)
    exposed: int | None = None
    winner: int | None = None
    seed: int | str = 0
    reshuffles: int = 0

    def __post_init__(self) -> None:
        if not self.uno_said:
            self.uno_said = [len(hand) == 1 for hand in self.hands]

    # --- building ------------------------------------------------------------------------

    @classmethod
    def from_position(cls, hands: list[list[Card]], discard: list[Card], color: Color | None = None,
                      turn: int = 0, direction: int = 1, draw_pile: list[Card] | None = None,
                      rules: RuleSet | None = None, seed: int | str = 0, dealer: int = 0) -> Self:
        """A position mid-round, dealt by ``dealer``; ``draw_pile`` is top first (None: the rest of
        the deck, shuffled)."""
        if draw_pile is None:
            draw_pile = rest_of_deck([*discard, *(c for hand in hands for c in hand)], seed)
        top = discard[-1]
        return cls(ruleset(rules), [list(h) for h in hands], list(reversed(draw_pile)), list(discard),
                   color if top.is_wild else top.color, turn, direction, dealer, seed=seed)

    # --- reading -------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def round_over(self) -> bool:
        return self.winner is not None

    def actor(self) -> int | None:
        """The seat whose decision play waits for (None once the round is over)."""
        if self.winner is not None:
            return None
        return self.pending.seat if self.pending else self.turn

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % len(self.hands)

    def round_points(self) -> list[int] | None:
        """Points of the round by the rule set's method (``score.*``); None while it goes on."""
        if self.winner is None:
            return None
        values = [hand_points(hand) for hand in self.hands]
        if self.rules.scoring == "tally-lowest":
            return values
        return [sum(values) if seat == self.winner else 0 for seat in range(self.players)]

    # --- serialising ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state, hidden parts included, for storage (``from_dict`` reads it back)."""
        return {
            "rules": self.rules.to_dict(), "hands": hand_notations(self.hands),
            "draw_pile": [c.notation for c in reversed(self.draw_pile)],
            "discard": [c.notation for c in self.discard], "color": self.color and str(self.color),
            "turn": self.turn, "direction": self.direction, "dealer": self.dealer,
            "pending": self.pending and self.pending.to_dict(), "uno_said": list(self.uno_said),
            "exposed": self.exposed, "winner": self.winner, "seed": self.seed, "reshuffles": self.reshuffles,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """The state ``to_dict`` wrote; its notations are exact, so they are looked up as they are."""
        return cls(
            RuleSet.from_dict(data["rules"]), [[FACES[c] for c in hand] for hand in data["hands"]],
            [FACES[c] for c in reversed(data["draw_pile"])], [FACES[c] for c in data["discard"]],
            data["color"] and COLORS[data["color"]], data["turn"], data["direction"], data["dealer"],
            data["pending"] and Pending.from_dict(data["pending"]), list(data["uno_said"]),
            data["exposed"], data["winner"], data["seed"], data["reshuffles"],
        )

    def copy(self) -> Self:
        """A copy whose hands and piles are its own; the pending decision, a value, is shared.
        Every field named, in order, as ``from_dict`` does: ``dataclasses.replace`` walks the
        fields in Python and cost a saved move twice as much (tests/engine/test_copies.py checks
        that no field is left out)."""
        return type(self)(self.rules, [list(h) for h in self.hands], list(self.draw_pile), list(self.discard),
                          self.color, self.turn, self.direction, self.dealer, self.pending, list(self.uno_said),
                          self.exposed, self.winner, self.seed, self.reshuffles)
