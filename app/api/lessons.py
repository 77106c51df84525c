"""The lessons as JSON for other tools (issue 16, item 7), in ``?lang=`` (else Accept-Language, else English):

- ``GET /api/v1/lessons`` → ``[{"id", "title", "rules", "steps", "chapter", "url"}]``: each lesson,
  the rule ids it teaches and its number of steps;
- ``GET /api/v1/lessons/<id>`` → ``{"id", "title", "rules", "chapter", "url", "steps": [{"scenario",
  "instruction", "solution", "rules", "accept", "ask", "wrong"}]}``: ``solution`` is the list of
  check-API moves (every seat's) that completes the step, ``rules`` the rule ids it teaches,
  ``accept`` which learner move counts at the end (``exact``: the solution's; ``any-legal``; or a
  rule id the move's verdict or events must name), ``ask`` the question the step ends on (``null``,
  or ``{"kind": "next" | "points" | "dealer" | "game-winner", "seat", "answer"}``, answered by the engine:
  the seat play waits for, the asked seat's points, who deals the next round, who won the game), ``wrong`` the wrong
  moves it names (``{"move", "rule", "at"}``: refused by that rule at the learner's ``at``-th decision).

The keys of the issue are kept as they are; the others extend them.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, url_for

from ..i18n import request_language
from ..learn import position
from ..learn.lessons import CHAPTER_OF, LESSONS, words
from ..learn.lessons.judge import solution, solved
from ..scenes.lesson import LEARNER, POINTS, Lesson, LessonStep

bp = Blueprint("lessons", __name__)


@bp.get("/lessons")
def lessons():
    return [{**_summary(lesson), "steps": len(lesson.steps)} for lesson in LESSONS.values()]


@bp.get("/lessons/<lesson_id>")
def lesson(lesson_id: str):
    found = LESSONS.get(lesson_id)
    if found is None:
        abort(404)
    return {**_summary(found), "steps": [_step(step) for step in found.steps]}


def _summary(lesson: Lesson) -> dict[str, Any]:
    return {"id": lesson.id, "title": str(lesson.title), "rules": [rule.value for rule in lesson.rules],
            "chapter": str(CHAPTER_OF[lesson.id].title),
            "url": url_for("lessons.lesson", lang=request_language(), lesson_id=lesson.id)}


def _step(step: LessonStep) -> dict[str, Any]:
    ask = None
    if step.ask:
        ask = {"kind": step.ask, "seat": step.ask_seat if step.ask == POINTS else None,
               "answer": solved(step).answer()}
    names = position.seat_names(step.players, LEARNER)
    return {"scenario": step.scenario, "instruction": words.instruction(step.instruction, step.params, names),
            "solution": list(solution(step)), "rules": [rule.value for rule in step.rules],
            "accept": str(step.accept), "ask": ask,
            "wrong": [{"move": w.move, "rule": w.rule.value, "at": w.at} for w in step.wrong]}
