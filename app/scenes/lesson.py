"""What a lesson (and a demo, which is a lesson) is made of: chapters, lessons and steps, all plain
data. It lives with the scenes, below app.learn and app.presenter, so the catalogue imports no feature.

Like lichess's learn stages, a step holds no prose and no judgement of its own: a position in the
check API's scenario notation, an instruction (a message key), the moves that complete it
(``solution``: every seat's, in order, as the check API spells them), which learner moves count
(``accept``), the wrong moves it expects and the rule the engine refuses each with (``wrong``), and
an optional question about the position the moves leave (``ask``: who plays next, how many points,
who deals the next round, who has won the game), whose answer is read from the engine. ``rules`` are the rule ids the step teaches.

The learner is always seat 0; the solution's moves for other seats are scripted: those before
the learner's first decision wait for the learner to let play go on (so the learner sees them
played), the later ones answer the learner's moves by themselves. A guided step
(``guided``) has no script: the bots of app.engine.bots answer every move, and the step is done
when the round ends; its solution is one such round played through (app.learn.lessons.judge).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.engine.rules import Rule

LEARNER = 0
EXACT, ANY_LEGAL = "exact", "any-legal"  # ``accept``: the solution's move itself, or any legal one
NEXT_SEAT, POINTS = "next", "points"  # ``ask``: the seat play waits for, a seat's round points
NEXT_DEALER, GAME_WINNER = "dealer", "game-winner"  # ``ask``: who deals the next round, who won the game
SEAT_QUESTIONS = (NEXT_SEAT, NEXT_DEALER, GAME_WINNER)  # answered by choosing a player


@dataclass(frozen=True)
class Wrong:
    """A move the learner may try at their ``at``-th decision of the step, and the rule that refuses it."""

    move: dict[str, Any]
    rule: Rule
    at: int = 0


@dataclass(frozen=True, eq=False)  # compared and hashed as itself: its solution is worked out once
class LessonStep:
    scenario: dict[str, Any]
    instruction: Any  # a lazy message: its placeholders are filled by ``params`` (see app.learn.lessons.words)
    rules: tuple[Rule, ...]
    solution: tuple[dict[str, Any], ...] = ()
    accept: str | Rule = EXACT  # the test on the learner's last move; earlier ones are the solution's own
    wrong: tuple[Wrong, ...] = ()
    ask: str | None = None
    ask_seat: int = LEARNER  # whose points ``ask == POINTS`` asks for
    guided: bool = False
    params: dict[str, Any] = field(default_factory=dict)
    facts: tuple[Rule, ...] = ()  # rules whose statement (the engine's wording) the step shows beside the instruction
    hints: bool = False  # each card marked with its verdict before it is tried (else the learner finds out by trying)
    catches: bool = False  # a catch offered for every other player holding one card, for the engine to judge (a wrong or late catch)

    def __post_init__(self) -> None:
        if not self.rules or not all(isinstance(rule, Rule) for rule in self.rules):
            raise ValueError("a step teaches at least one rule id")
        if self.ask not in (None, POINTS, *SEAT_QUESTIONS):
            raise ValueError(f"unknown question {self.ask!r}")
        if not self.solution and not (self.ask and "deck" in self.scenario) and not self.guided:
            raise ValueError("only a question about a fresh deal needs no move")

    @property
    def asks_first(self) -> bool:
        """Who plays *first*: the question about a fresh deal before any move, said as such."""
        return self.ask == NEXT_SEAT and "deck" in self.scenario and not self.solution

    @property
    def players(self) -> int:
        return self.scenario["players"] if "deck" in self.scenario else len(self.scenario["hands"])


@dataclass(frozen=True)
class Lesson:
    id: str
    title: Any
    steps: tuple[LessonStep, ...]
    summary: Any = ""

    @property
    def rules(self) -> tuple[Rule, ...]:
        """Every rule the lesson's steps teach, in the order they first come."""
        return tuple(dict.fromkeys(rule for step in self.steps for rule in step.rules))


@dataclass(frozen=True)
class Chapter:
    id: str
    title: Any
    lessons: tuple[Lesson, ...]
    variants: bool = False  # house rules and the Arabic guides' variants, marked as such
