"""The course's addresses: a lesson's (and a step's), and the lesson that teaches a rule, as a
link a rule page or a quiz answer shows."""
from __future__ import annotations

from typing import Any

from flask import url_for

from app.engine.rules import Rule
from app.i18n import current_language
from app.scenes.lesson import Lesson

from . import CHAPTERS, LESSON_OF_RULE


def lesson_url(lesson: Lesson, step: int | None = None, **args: Any) -> str:
    return url_for("lessons.lesson", lang=current_language(), lesson_id=lesson.id, step=step, **args)


def course_start() -> str:
    """The course's first step: the home page's "Start the lessons"."""
    return lesson_url(CHAPTERS[0].lessons[0])


def rule_lesson(rule: Rule | str) -> dict[str, str] | None:
    """The lesson step that teaches ``rule`` first, as a link (a rule page's sections show it)."""
    found = LESSON_OF_RULE.get(Rule(rule))
    if found is None:
        return None
    number = next(n for n, step in enumerate(found.steps, 1) if Rule(rule) in step.rules)
    return {"url": lesson_url(found, number if number > 1 else None), "title": str(found.title)}

