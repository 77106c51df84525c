"""The course's pages: /<lang>/learn/ (chapters and lessons) and /<lang>/learn/<lesson id> (a step).

A step is one page whose every control is a GET form: the step's number, the learner's moves so
far (a signed token, app.learn.lessons.progress) and the move or answer tried. The page replays
the step, has the engine judge the move (through the shared position view, app.learn.position)
and shows the table after it, or the same table with the engine's reason when the move is wrong,
so the step can be tried again. Nothing is stored; app/static/learn.js sends the same forms with
fetch, plays the answer's new steps on the table (steps.js) and keeps the learner's progress in
localStorage. What a step's page judges and shows is app.learn.lessons.step_page's; the course's
addresses are app.learn.lessons.links'. Everything a page shows is in its address, so each is
rendered once per address and language and revalidated (app.pages.rendered.address_page).
"""
from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from app.i18n import gettext as _
from app.pages.rendered import address_page

from . import CHAPTERS, LESSONS, progress
from .judge import ProgressError, replay
from .links import course_start, lesson_url, rule_lesson
from .step_page import StepPage, small_number

bp = Blueprint("lessons", __name__)


@bp.get("/<lang:lang>/learn/")
def index(lang: str):
    return address_page(lambda: (render_template("learn/index.html", chapters=CHAPTERS, lesson_url=lesson_url), 200))


@bp.get("/<lang:lang>/learn/<lesson_id>")
def lesson(lang: str, lesson_id: str):
    return address_page(lambda: _step(lesson_id))


def _step(lesson_id: str) -> tuple[str, int]:
    """The step the address names, judged and drawn (a 404 for a lesson or step there is not)."""
    found = LESSONS.get(lesson_id)
    number = small_number(request.args.get("step", "1"))
    if found is None or number is None or not 1 <= number <= len(found.steps):
        abort(404)
    step = found.steps[number - 1]
    notice = None
    try:
        done = replay(step, progress.loads(request.args.get("at", ""), lesson_id, number))
    except ProgressError:  # a link cut short or made up: the step starts again, and says so
        done, notice = replay(step, []), _("This link's progress could not be read, so the step starts again.")
    page = StepPage(found, number, done, notice)
    page.answer(request.args)
    return page.render()


bp.record_once(lambda state: state.app.jinja_env.globals.update(rule_lesson=rule_lesson, course_start=course_start))
