"""What the projector shows of a live session beside its frame (app.live.teaching, issue 37,
item 2): the teacher's controls, the chart of the class's answers — how many chose each answer,
how many were right, which rule the wrong ones broke, never who — and, once the teacher reveals
the answer, the engine's explanation as the presenter and the quiz already word it.

The chart is drawn here from the teacher's ``answers`` of GET /api/v1/classes/<code>/live, the
JSON app/static/live_screen.js reads every second to draw it again, so both draw the same rows.
"""
from __future__ import annotations

from typing import Any

from flask import url_for

from ..engine.rules import Rule
from ..i18n import current_language, gettext as _
from ..practice import access, narration
from ..presenter.frames import Scene, scene
from ..quiz import display
from ..quiz.progress import items_for
from ..scenes.lesson import Lesson
from ..store import ClassRecord, LiveSession
from . import frames

def current(found: ClassRecord) -> LiveSession | None:
    """The class's running session, if any."""
    session = access.store().load_live(found.code)
    return session if session is not None and session.ended is None else None


def controls(found: ClassRecord, session: LiveSession, shown: dict[str, Any]) -> dict[str, Any]:
    """The screen's live part: where its buttons and keys post (the form without JavaScript, the
    API with it), where live_screen.js reads, what the frame asks, and the chart."""
    lang, code = current_language(), found.code
    return {"version": session.version, "frame": session.frame, "frames": shown["session"]["frames"],
            "asks": bool(shown["question"]), "revealed": session.revealed, "timer": session.timer,
            "remaining": shown["session"]["remaining"],
            "step_form": url_for("live_teaching.step", lang=lang, code=code),
            "step_api": url_for("api.live.step", code=code, lang=lang),
            "api": url_for("api.live.show", code=code, lang=lang),
            "screen": url_for("live_teaching.screen", lang=lang, code=code),
            "end": url_for("live_teaching.end_form", lang=lang, code=code),
            "class_page": url_for("classroom.class_page", lang=lang, code=code),
            "summary": url_for("live_teaching.summary_page", lang=lang, code=code) if session.kind == frames.QUIZ else None,
            "chart": chart(shown), "rules": rule_links()}


def chart(shown: dict[str, Any]) -> dict[str, Any]:
    """The chart's rows: each choice with how many chose it (then any other answer given, as sent:
    a number of points, a move), the right ones marked once revealed; the rules broken, most first."""
    answers = shown["answers"]
    counts: dict[str, int] = answers["by_answer"]
    right = shown.get("answer")
    rights = {str(value) for value in (right if isinstance(right, list) else [right])} if right is not None else set()
    rows = [{"id": choice["id"], "label": choice["label"], "card": choice.get("card"), "count": counts.get(choice["id"], 0),
             "right": choice["id"] in rights} for choice in shown["choices"]]
    listed = {row["id"] for row in rows}
    rows += [{"id": answer, "label": answer, "card": None, "count": count, "right": answer in rights}
             for answer, count in sorted(counts.items()) if answer not in listed]
    rules = [{**narration.why(rule), "count": count}
             for rule, count in sorted(answers["by_rule"].items(), key=lambda pair: (-pair[1], pair[0]))]
    return {"total": answers["total"], "right": answers["right"], "rows": rows, "rules": rules}


def rule_links() -> dict[str, dict[str, str]]:
    """Every rule's title and link, for live_screen.js to name the rules broken as they come."""
    return {str(rule): narration.why(rule) for rule in Rule}


def demo_answer(demo: Lesson, session: LiveSession) -> Scene:
    """The frame that answers the question the session's frame asks, as the presenter shows it: after
    a pause, the class's move (the engine's verdict on it, and on the wrong moves expected there);
    after "Who plays next?" or the points, the step's answer frame (its sentence, the hands' sums)."""
    return scene(demo, frames.answering(demo.id, session.frame))


def quiz_item(session: LiveSession) -> dict[str, Any]:
    """A quiz session's item for the screen: the item as asked, and once revealed the engine's
    explanation (display.feedback, judged on a right answer)."""
    item = items_for(session.source)[session.frame - 1]
    asked = display.question(item)
    explained = display.feedback(item, sorted(item.solution.right)[0]) if session.revealed else None
    return {"item": asked, "explained": explained, "number": session.frame,
            "place": _("Question %(number)d of %(total)d", number=session.frame, total=frames.frame_count(
                frames.QUIZ, session.source))}
