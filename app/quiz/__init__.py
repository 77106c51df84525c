"""The applied quiz (/<lang>/quiz) and the "Check yourself" questions of the rules pages.

Works without JavaScript: each question is a GET form. The quiz's answers so far travel in the
URL as a signed token (app.quiz.quiz), so nothing is stored on the server; answering redirects
(303) to the quiz's new address, which shows the engine's explanation and the next question. A
"Check yourself" answer opens /<lang>/quiz/check, the rules page's questions with that one
answered. app/static/quiz.js sends the same forms with fetch and puts the answer in place.
Bad input (a seed, a token, an answer the quiz can't use) gets a 4xx page in the reader's
language and changes nothing. A quiz's page and a "Check yourself" answer are fixed for their
address, so each is rendered once per address and language and revalidated
(app.pages.rendered.address_page).
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for

from .. import errors, wording
from ..i18n import LANGUAGES
from ..pages.rendered import address_page
from ..proxied import secret_key
from . import display
from .item import check_items
from .progress import Progress, QuizError, item, new_seed, resume
from .worked import worked_example

bp = Blueprint("quiz", __name__)


@bp.get("/<lang:lang>/quiz")
def quiz(lang: str):
    """The quiz of ``?seed=`` (a new random one, put in the address, without), at the answers its
    ``progress`` token carries; with ``item`` and ``answer``, that answer given and redirected to."""
    args = request.args
    seed = args.get("seed", "")
    if not seed:
        return redirect(url_for(".quiz", lang=lang, seed=new_seed()))
    secret = secret_key()
    if "answer" in args or "item" in args:
        answered = resume(seed, args.get("progress"), secret).answer(args.get("item", ""), args.get("answer", ""))
        return redirect(url_for(".quiz", lang=lang, seed=seed, progress=answered.token(secret),
                                _anchor="feedback"), 303)
    return address_page(lambda: (_quiz_page(resume(seed, args.get("progress"), secret), secret), 200))


def _quiz_page(progress: Progress, secret: str) -> str:
    """The quiz at its answers so far: the last one explained, the next question or the results."""
    seed = progress.seed
    token = progress.token(secret) if progress.answers else None
    last = progress.answers[-1] if progress.answers else None
    links = {code: url_for(".quiz", lang=code, seed=seed, progress=token) for code in LANGUAGES}
    return render_template(
        "quiz/quiz.html", seed=seed, asked=len(progress.answers), length=len(progress.items), right=progress.right,
        answered=last and {"question": display.question(last.item), "feedback": display.feedback(last.item, last.choice)},
        current=progress.current and display.question(progress.current),
        hidden={"seed": seed, **({"progress": token} if token else {})},
        results=None if progress.current else display.results(progress), alternates=links)


@bp.get("/<lang:lang>/quiz/check")
def check(lang: str):
    """A rules page's "Check yourself" with one question answered (``?item=&answer=``)."""
    return address_page(lambda: (_checked(), 200))


def _checked() -> str:
    chosen = item(request.args.get("item", ""))
    if chosen.myth:  # myths are the quiz's own; a rules page asks about positions
        raise QuizError("unknown-item", 404)
    answer = request.args.get("answer")
    if answer is not None and chosen.solution.choice(answer) is None:
        raise QuizError("bad-answer")
    answered = {chosen.id: display.feedback(chosen, answer)} if answer is not None else {}
    query: dict[str, Any] = dict(request.args)  # url_for's values: its own flags are typed apart
    links = {code: url_for(".check", **{**query, "lang": code}) for code in LANGUAGES}
    return render_template("quiz/check.html", topic=chosen.topic, questions=check_yourself(chosen.topic),
                           answered=answered, alternates=links)


@errors.page(bp.name, QuizError)
def _refused(error: QuizError):
    """The quiz's own page for input it can't use (a seed, a token, an answer), with its way on."""
    message = wording.error_message(error.code, **error.params)
    return render_template("quiz/error.html", message=message), error.status


def check_yourself(topic: str) -> list[dict]:
    """The questions of a rules page's "Check yourself" (none for a page without)."""
    return [display.question(position) for position in check_items(topic)]


def has_check_yourself(topic: str) -> bool:
    return bool(check_items(topic))


bp.record_once(lambda state: state.app.jinja_env.globals.update(
    check_yourself=check_yourself, has_check_yourself=has_check_yourself, worked_example=worked_example))
