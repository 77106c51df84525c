"""The teacher's side of a live session, as pages that work without JavaScript (issue 37, items
1 to 3): /<lang>/class/<code>/live/new (the form that starts one: a demo, or the quiz with its
seed, its timer per item and its leaderboard switch), …/live/screen (the projector: the session's
frame, the class's answers, the Back, Next and Reveal buttons), …/live/step (their form) and
…/live/end (ending it, asked once more) and …/live/summary (the class's answers summed up).

The forms carry the session's CSRF token and post to these addresses, which redirect to the
projector's screen (Post/Redirect/Get); a refused start comes back with its form, the message
beside the field at fault, in the teacher's language. The options are read into the same body the
JSON API takes (``POST /api/v1/classes/<code>/live``), so both are checked by one function
(``sessions.start``). Only the class's teachers reach these pages (403 for anyone else).
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for

from ..classroom import limits
from ..classroom.class_pages import classroom_error, session_title
from ..classroom.codes import shown as shown_code
from .. import errors
from ..errors import UserError
from ..i18n import current_language, gettext as _
from ..presenter.frames import scene
from ..presenter.views import frame_page
from ..quiz.progress import new_seed
from ..scenes.demos import DEMOS
from ..store import ClassRecord
from ..wording import error_message
from . import frames, screens, sessions
from .summary import summary

bp = Blueprint("live_teaching", __name__)
QUIZ_CHOICE = "quiz"  # the form's "what" for the quiz; a demo's is its id


@bp.get("/<lang:lang>/class/<code>/live/new")
@limits.lookups
def start_form(lang: str, code: str):
    found = sessions.teacher(code)
    return _start_page(found, {"what": QUIZ_CHOICE, "seed": new_seed()})


def _start_page(found: ClassRecord, form: Any, errors: dict[str, str] | None = None, status: int = 200):
    lang = current_language()
    return render_template("live/start.html", shown_code=shown_code(found.code), demos=list(DEMOS.values()),
                           form=form, errors=errors or {}, quiz=QUIZ_CHOICE, timer_min=sessions.TIMER_MIN,
                           timer_max=sessions.TIMER_MAX, action=url_for(".start", lang=lang, code=found.code),
                           back=url_for("classroom.class_page", lang=lang, code=found.code)), status


@bp.post("/<lang:lang>/class/<code>/live/new")
@limits.lookups
def start(lang: str, code: str):
    found = sessions.teacher(code)
    form = request.form
    try:
        sessions.start(found, started_by(form))
    except UserError as error:
        field = FIELDS.get(error.extra.get("field") or error.code, "what")
        return _start_page(found, form, {field: error_message(error.code, **error.params)}, error.status)
    return redirect(url_for(".screen", lang=lang, code=found.code), 303)


# The form's field each refusal is said beside (by the JSON's field or the error's code).
FIELDS = {sessions.TIMER: "timer", sessions.LEADERBOARD: "leaderboard", "bad-seed": "seed"}


def started_by(form) -> dict[str, Any]:
    """The start form read into the JSON API's body: ``{"demo": id}`` or ``{"quiz": seed,
    "timer": seconds or None, "leaderboard": bool}``; a timer that is not a number stays as typed,
    so ``sessions.start`` refuses it with its message."""
    what = form.get("what", "")
    if what != QUIZ_CHOICE:
        return {frames.DEMO: what}
    typed = form.get("timer", "").strip()
    timer: Any = int(typed) if typed.isascii() and typed.isdigit() and len(typed) < 6 else typed or None
    return {frames.QUIZ: form.get("seed", "").strip(), sessions.TIMER: timer,
            sessions.LEADERBOARD: form.get("leaderboard") == "on"}


@bp.get("/<lang:lang>/class/<code>/live/screen")
@limits.lookups
def screen(lang: str, code: str):
    """The projector's screen of the class's running session: the current frame, whatever device
    stepped it last; with none running, the class page."""
    found = sessions.teacher(code)
    session = screens.current(found)
    if session is None:
        return redirect(url_for("classroom.class_page", lang=lang, code=found.code, _anchor="live"), 303)
    shown = sessions.shown(session, teacher_view=True)
    live = screens.controls(found, session, shown)
    if session.kind == frames.DEMO:
        demo = DEMOS[session.source]
        return frame_page(scene(demo, session.frame), None, None, {}, live=live,
                          answer_scene=screens.demo_answer(demo, session) if session.revealed else None)
    return render_template("live/screen_item.html", live=live, **screens.quiz_item(session))


@bp.post("/<lang:lang>/class/<code>/live/step")
@limits.lookups
def step(lang: str, code: str):
    """Back, Next or Reveal without JavaScript (the form's ``to``), then the screen again."""
    found = sessions.teacher(code)
    sessions.step(found, request.form.get("to"))
    return redirect(url_for(".screen", lang=lang, code=found.code), 303)


@bp.get("/<lang:lang>/class/<code>/live/summary")
@limits.lookups
def summary_page(lang: str, code: str):
    """The class's last session summed up (app.live.summary): by question, topic and rule, and the
    leaderboard if the teacher switched it on; its CSV to download."""
    found = sessions.teacher(code)
    session = sessions.latest(found)
    return render_template("live/summary.html", shown_code=shown_code(found.code), summary=summary(found, session),
                           title=session_title(session), running=session.ended is None,
                           csv=url_for("api.live.summary_csv", code=found.code, lang=lang),
                           screen=url_for(".screen", lang=lang, code=found.code),
                           back=url_for("classroom.class_page", lang=lang, code=found.code, _anchor="live"))


@bp.get("/<lang:lang>/class/<code>/live/end")
@limits.lookups
def end_form(lang: str, code: str):
    found = sessions.teacher(code)
    sessions.running(found)
    return render_template("classroom/confirm.html", shown_code=shown_code(found.code), heading=_("End the live session?"),
                           button=_("End the session"), points=[
                               _("The students' phones stop following: they show that no session is on."),
                               _("The answers given stay, for the class's summary."),
                           ], action=url_for(".end", lang=lang, code=found.code),
                           back=url_for(".screen", lang=lang, code=found.code))


@bp.post("/<lang:lang>/class/<code>/live/end")
@limits.lookups
def end(lang: str, code: str):
    found = sessions.teacher(code)
    sessions.end(found)
    return redirect(url_for("classroom.class_page", lang=lang, code=found.code, _anchor="live"), 303)


@errors.page(bp.name, UserError)  # the limits' 429 too
def _refused(error: UserError):
    return classroom_error(error.code, error.status, **error.params)
