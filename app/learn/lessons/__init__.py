"""The course of lessons (issue 16, "Learn by doing"): /<lang>/learn/ and /<lang>/learn/<lesson id>.

The lessons are data in the scene catalogue (app.scenes.course, shaped as app.scenes.lesson says);
a step is judged by the engine and replayed from the learner's moves on every request (``judge``),
which a page carries in a signed token (``progress``), so nothing is stored on the server and every
step works without JavaScript.
``views`` serves the pages, each step's drawn by ``step_page`` (on the shared position view,
app.learn.position), ``links`` gives their addresses, ``words`` fills an instruction's placeholders;
app.api.lessons serves the JSON (/api/v1/lessons).
"""
from __future__ import annotations

from app.engine.rules import Rule

from app.scenes.course import CHAPTERS
from app.scenes.lesson import Chapter, Lesson

LESSONS: dict[str, Lesson] = {lesson.id: lesson for chapter in CHAPTERS for lesson in chapter.lessons}
CHAPTER_OF: dict[str, Chapter] = {lesson.id: chapter for chapter in CHAPTERS for lesson in chapter.lessons}
# The lesson that teaches each rule first (a rule page links its sections to it).
LESSON_OF_RULE: dict[Rule, Lesson] = {}
for _lesson in reversed(LESSONS.values()):
    LESSON_OF_RULE.update(dict.fromkeys(_lesson.rules, _lesson))
