"""Every scene of the site under a stable id: what tools and tests walk to hold each page to the engine.

Ids say where a scene is shown, numbered from 1 as the pages number them:

- ``lesson:<lesson>/<step>`` — a step of the course (/<lang>/learn/<lesson>);
- ``demo:<demo>/<step>`` — a step of a presenter demo (/<lang>/present/<demo>/…);
- ``quiz:<item>`` — a quiz item: "Check yourself" on its rules page, the quiz, the printed quiz;
- ``example:<rule id>/<n>`` — the n-th worked example of a rule, on that rule's page;
- ``card:<kind>/<n>`` — the n-th worked example of a card page (/<lang>/cards/<kind>);
- ``worked:rules/scoring`` — the scoring page's worked example.

Each scene states what the engine must say about it: a lesson step its solution, wrong moves and
question; a quiz item its kind of question; an example the verdict on its last move.

>>> scenes = catalogue()
>>> scenes["quiz:uno-catch"].rules, scenes["example:match.color/1"].rule
((<Rule.UNO_CATCH: 'uno.catch'>,), <Rule.MATCH_COLOR: 'match.color'>)
>>> sorted({scene_id.split(":")[0] for scene_id in scenes})
['card', 'demo', 'example', 'lesson', 'quiz', 'worked']
"""
from __future__ import annotations

from collections.abc import Iterator

from .card_examples import CARD_EXAMPLES
from .course import CHAPTERS
from .demos import DEMOS
from .example import Example
from .lesson import Lesson, LessonStep
from .myths import MYTHS
from .question import QuizItem
from .quiz import POSITIONS
from .rule_examples import EXAMPLES, WORKED_SCORING

Scene = LessonStep | QuizItem | Example


def catalogue() -> dict[str, Scene]:
    """Every scene by its id, in the order above."""
    found: dict[str, Scene] = {}
    for scene_id, scene in _scenes():
        if scene_id in found:
            raise ValueError(f"two scenes are called {scene_id}")
        found[scene_id] = scene
    return found


def _scenes() -> Iterator[tuple[str, Scene]]:
    yield from _steps("lesson", (lesson for chapter in CHAPTERS for lesson in chapter.lessons))
    yield from _steps("demo", DEMOS.values())
    for item in (*POSITIONS, *MYTHS):
        yield f"quiz:{item.id}", item
    yield from _numbered("example", EXAMPLES)
    yield from _numbered("card", CARD_EXAMPLES)
    yield "worked:rules/scoring", WORKED_SCORING


def _steps(kind: str, lessons) -> Iterator[tuple[str, LessonStep]]:
    lesson: Lesson
    for lesson in lessons:
        for number, step in enumerate(lesson.steps, 1):
            yield f"{kind}:{lesson.id}/{number}", step


def _numbered(kind: str, examples: dict[str, tuple[Example, ...]]) -> Iterator[tuple[str, Example]]:
    for name, listed in examples.items():
        for number, example in enumerate(listed, 1):
            yield f"{kind}:{name}/{number}", example
