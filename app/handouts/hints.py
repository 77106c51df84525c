"""The practice table's hints (app.practice.present.hints) on a position that is not a practice game."""
from __future__ import annotations

from typing import Any

from app.engine.round import RoundState
from app.practice import present


class _Table:
    """What present.hints reads of a practice game: its round, seat 0 being the learner's."""

    def __init__(self, state: RoundState):
        self.round = state


def hand_hints(state: RoundState) -> dict[str, dict[str, Any]]:
    """{notation: hint} for each distinct card in seat 0's hand: "verdict" (legal, bluff, illegal),
    "state" (its words), "text" (the reason, to "you"), "rule", "title", "url"."""
    return present.hints(_Table(state), None)
