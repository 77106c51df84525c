"""A position played on the engine: the round a scenario describes, then moves made on it, as the
pages' worked examples and the quiz's items show them (both in the check API's notation).

Every move is checked and applied as the check API would: only the last may be refused (an
example of a move the rules forbid, a myth run under a rule set that forbids it); a refused move
earlier would leave the rest meaningless, so it raises, and the tests catch it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine.moves import Move
from app.engine.round import RoundState
from app.engine.scenario import from_scenario
from app.engine.verdict import Event, Verdict
from app.engine.vocabulary import EventKind


@dataclass(frozen=True)
class MoveAttempt:
    """One move tried on the position (``RoundState.attempt``): its verdict and events (none if refused)."""

    move: Move
    verdict: Verdict
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Played:
    """The position before the moves (what the learner is shown), the moves, and the round after them."""

    before: RoundState
    setup: tuple[Event, ...]  # a fresh deal's events (none mid-round)
    steps: tuple[MoveAttempt, ...]
    after: RoundState

    @property
    def fresh_deal(self) -> bool:
        return bool(self.setup)

    def events(self) -> list[Event]:
        """Everything that happened: the deal's events, then each move's."""
        return [*self.setup, *(event for step in self.steps for event in step.events)]

    def drawn(self, seat: int) -> int:
        """How many cards ``seat`` drew in all that happened."""
        return sum(e.params["count"] for e in self.events() if e.kind == EventKind.DRAW and e.params["seat"] == seat)


def play(scenario: dict[str, Any], moves: tuple[dict[str, Any], ...] = (), rules: Any = None) -> Played:
    """Play ``moves`` on ``scenario`` (under ``rules`` instead of the scenario's own, if given)."""
    if rules is not None:
        scenario = {**scenario, "rules": rules}
    state, setup = from_scenario(scenario)
    before = state.copy()
    steps = []
    for number, data in enumerate(moves, 1):
        move = Move.from_dict(data)
        verdict, events = state.attempt(move)
        if not verdict.legal and number < len(moves):
            raise ValueError(f"move {number} of {len(moves)} is refused: {verdict}")
        steps.append(MoveAttempt(move, verdict, tuple(events)))
    return Played(before, tuple(setup), tuple(steps), state)
