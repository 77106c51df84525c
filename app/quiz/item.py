"""One quiz item: a position, a question about it, and the rules it tests.

The position is a scenario in the check API's notation (app.engine.scenario) and the moves made
on it before the question; the question is a kind (app.quiz.kinds), which the engine answers.
``rules`` are the rule ids the item teaches (tests/web/test_quiz.py holds them to the rules the
engine names for it); the first one's page is the item's topic unless ``topic`` says otherwise.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from app.engine.rules import Rule
from app.pages.anchors import RULE_PAGES

from .kinds import Allowed, ChallengeOutcome, Draws, Holds, Myth, NextPlayer, Playable, Points, Solution
from ..replay import Played, play

Kind = Playable | NextPlayer | Draws | Holds | Points | ChallengeOutcome | Allowed | Myth


@dataclass(frozen=True, eq=False)  # items are unique: compared and hashed by identity
class Item:
    id: str  # stable: URLs, the progress token, the API
    ask: Kind
    scenario: dict[str, Any]
    moves: tuple[dict[str, Any], ...] = ()
    rules: tuple[Rule, ...] = ()
    topic_page: str | None = None  # a rules page path, when not the first rule's

    @property
    def topic(self) -> str:
        """The rules page the item belongs to ("rules/turn")."""
        return self.topic_page or RULE_PAGES[self.rules[0]]

    @property
    def myth(self) -> bool:
        return isinstance(self.ask, Myth)

    @cached_property
    def played(self) -> Played:
        """The position as the learner sees it (a myth's under the official rules)."""
        return self.solution.runs["official"] if self.myth else play(self.scenario, self.moves)

    @cached_property
    def solution(self) -> Solution:
        """The engine's answer (an item's position never changes, so it is worked out once)."""
        if isinstance(self.ask, Myth):
            return self.ask.solve(self.ask.runs(self.scenario, self.moves))
        return self.ask.solve(self.played)
