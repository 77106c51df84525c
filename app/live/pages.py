"""The student's phone page of a class's live session: /<lang>/class/<code>/live (issue 37, items 1
and 2).

The current frame as the projector shows it — a demo's table drawn by the position macro, every
hand open as on the screen, or a quiz item's position — with its question and the answer controls,
in the page's language (the other language's link switches it at the same frame). Each control is a
submit button of a plain POST form (CSRF as every form), so a phone without JavaScript answers too:
the page comes back with the engine's verdict (app.live.answers). app/static/live.js posts the same
answer to the JSON API instead and shows the verdict in place, and follows the session's event
stream (app.live.stream), loading the page again at each new frame; without JavaScript the page
loads itself again every REFRESH seconds (a meta refresh in <noscript>). Once answered, the
controls are locked and show the answer; once the teacher reveals the answer, the page shows it
with the engine's explanation. Only the class's teachers and students see it (403 in the reader's
language for anyone else).
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request, url_for

from ..classroom import limits
from ..classroom.classes import ClassError
from ..i18n import LANGUAGES
from ..practice import access
from ..presenter.frames import scene
from ..quiz.display import question as quiz_question
from ..quiz.progress import items_for
from ..scenes.demos import DEMOS
from ..wording import error_message
from . import answers, frames, sessions

bp = Blueprint("live_pages", __name__)
REFRESH = 2  # seconds between two loads of the page without JavaScript


@bp.get("/<lang:lang>/class/<code>/live")
@limits.lookups
def page(lang: str, code: str):
    return _page(lang, sessions.reader(code))


@bp.post("/<lang:lang>/class/<code>/live")
@limits.lookups
def answer(lang: str, code: str):
    """A phone's answer without JavaScript: the page again, with the verdict (or why not)."""
    reading = sessions.reader(code)
    form = request.form
    given: Any = form.get("answer", "")
    if form.get("color"):  # a wild, with the colour its button names
        given = {"action": "play", "card": given, "color": form["color"]}
    frame = form.get("frame", "")
    try:
        answers.answer(reading, {"frame": int(frame) if frame.isdecimal() and len(frame) < 6 else frame,
                                 "answer": given})
    except ClassError as refused:
        if refused.status not in (400, 409):
            raise
        return _page(lang, reading, notice=error_message(refused.code, **refused.params)), refused.status
    return _page(lang, reading)


def _page(lang: str, reading: sessions.Reader, notice: str | None = None):
    found = reading.found
    session = access.store().load_live(found.code)
    if session is not None and session.ended is not None:
        session = None
    shown = demo = item = mine = right = None
    if session is not None:
        shown = sessions.shown(session, teacher_view=False)
        if session.kind == frames.DEMO:
            demo = scene(DEMOS[session.source], session.frame)
        else:
            item = quiz_question(items_for(session.source)[session.frame - 1])
        if shown["question"]:
            mine = answers.mine(session, reading.owner) if reading.owner else None
            right = answers.revealed(session)
    here = url_for(".page", lang=lang, code=found.code)
    return render_template("live/frame.html", code=found.code, session=session, shown=shown, scene=demo, item=item,
                           mine=mine, right=right, notice=notice, student=not reading.teacher, here=here,
                           refresh=REFRESH, events=url_for("api.live.events", code=found.code, lang=lang),
                           answers_url=url_for("api.live.answer", code=found.code, lang=lang),
                           alternates={other: url_for(".page", lang=other, code=found.code) for other in LANGUAGES})
