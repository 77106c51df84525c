"""The student's phone page of a class's live session: /<lang>/class/<code>/live (issue 37, item 1).

The current frame as the projector shows it — a demo's table drawn by the position macro, every
hand open as on the screen, or a quiz item's position — with its question and choices, in the
page's language (the other language's link switches it at the same frame). app/static/live.js
follows the session's event stream (app.live.stream) and loads the page again at each new frame;
without JavaScript the page reloads itself every REFRESH seconds (a meta refresh in <noscript>).
Only the class's teachers and students see it (403 in the reader's language for anyone else).
"""
from __future__ import annotations

from flask import Blueprint, render_template, url_for

from ..classroom import limits
from ..i18n import LANGUAGES
from ..practice import access
from ..presenter.frames import scene
from ..quiz.display import question as quiz_question
from ..quiz.progress import items_for
from ..scenes.demos import DEMOS
from . import frames, sessions

bp = Blueprint("live_pages", __name__)
REFRESH = 2  # seconds between two loads of the page without JavaScript


@bp.get("/<lang:lang>/class/<code>/live")
@limits.lookups
def page(lang: str, code: str):
    reading = sessions.reader(code)
    found = reading.found
    session = access.store().load_live(found.code)
    if session is not None and session.ended is not None:
        session = None
    shown = demo = item = None
    if session is not None:
        shown = sessions.shown(session, teacher_view=False)
        if session.kind == frames.DEMO:
            demo = scene(DEMOS[session.source], session.frame)
        else:
            item = quiz_question(items_for(session.source)[session.frame - 1])
    return render_template("live/frame.html", code=found.code, session=session, shown=shown, scene=demo, item=item,
                           refresh=REFRESH, events=url_for("api.live.events", code=found.code, lang=lang),
                           alternates={other: url_for(".page", lang=other, code=found.code) for other in LANGUAGES})
