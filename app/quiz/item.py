"""The quiz's items: the catalogue's quiz scenes (app.scenes.quiz, app.scenes.myths), each with its
question's solver, its rules page and the engine's answer.

A scene says what to ask about which position (app.scenes.question.QuizItem); an ``Item`` is that
scene as the quiz asks it: ``ask`` is the question's solver (app.quiz.solvers), ``topic`` the rules
page it belongs to, ``solution`` the engine's answer, worked out once.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property

from app.pages.anchors import RULE_PAGES
from app.scenes.myths import MYTHS as MYTH_SCENES
from app.scenes.question import QuizItem
from app.scenes.quiz import POSITIONS as POSITION_SCENES

from .solvers import Myth, Solution, Solver, solver
from ..replay import Played, play


@dataclass(frozen=True, eq=False)  # items are unique: compared and hashed by identity
class Item(QuizItem):
    ask: Solver  # the scene's question, as the quiz solves it

    @classmethod
    def of(cls, scene: QuizItem) -> Item:
        return cls(**{f.name: getattr(scene, f.name) for f in fields(scene)} | {"ask": solver(scene.ask)})

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


POSITIONS: tuple[Item, ...] = tuple(Item.of(scene) for scene in POSITION_SCENES)
MYTHS: tuple[Item, ...] = tuple(Item.of(scene) for scene in MYTH_SCENES)
ITEMS: dict[str, Item] = {item.id: item for item in (*POSITIONS, *MYTHS)}


def check_items(topic: str) -> list[Item]:
    """The position items of a rules page, in order: its "Check yourself"."""
    return [item for item in POSITIONS if item.topic == topic]
