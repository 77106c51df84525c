"""The class pages: /<lang>/class/new (a teacher makes a class), /<lang>/class/<code> (the
teacher's view of it), /<lang>/join and /<lang>/join/<code> (a student joins; the QR code opens
the second). Forms POST and redirect (Post/Redirect/Get); a refusal comes back with the form,
the message beside the field at fault, in the reader's language, and changes nothing.

The teacher's other devices (issue 37, item 4): /<lang>/class/<code>/teacher/<secret> is the
teacher link, shown once on the class page (after the class is made, or a new link), with its QR
code; opening it makes the browser the class's teacher and redirects to the class page, so the
secret leaves the address bar and is sent in no Referer. The class page links to pages that say
what an action does and carry its form (with the session's CSRF token): removing a student
(…/students/<n>/remove), a new teacher link (…/teacher-link), ending the class (…/end); the class
page itself holds no form.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from flask import Blueprint, Flask, current_app, redirect, render_template, request, session, url_for
from flask_babel import format_date

from .. import drawn_pages, errors
from ..i18n import current_language, gettext as _
from ..limits import LimitReached
from ..links import absolute, qr_svg
from ..practice import access
from ..practice.forms import form_options
from ..practice.options import GAME_FIELDS, OptionError
from ..scenes.demos import DEMOS
from ..store import ClassRecord, LiveSession
from ..wording import error_message
from . import classes, limits
from .classes import ClassError
from .codes import shown

bp = Blueprint("classroom", __name__)
REFRESH_EVERY = 5  # seconds between two looks at the class's progress (class.js)
TOP_RULES = 3  # the rules the class gets wrong most, above the students: the results' top stays on screen
CODE_ERRORS = {"bad-code", "class-not-found", "class-full", "class-ended", "removed-from-class"}  # said at the code's field


@dataclass(frozen=True)
class PagePart:
    """A section of the teacher's class page that a feature above the classroom draws (the class's
    tables: app.tables.teaching), so that the classroom imports nothing of it: its ``template``
    (included with ``part``, its context), ``version`` (what it shows, as a value that changes
    whenever it does: part of the page's key, read before the page is drawn) and ``context``
    (the class, the address's language)."""
    template: str
    version: Callable[[ClassRecord], Hashable]
    context: Callable[[ClassRecord, str], dict[str, Any]]


PARTS = "class_page_parts"  # the app's extension holding its PageParts, in the order the page shows them


def add_part(app: Flask, part: PagePart) -> None:
    """Show ``part`` on this app's class pages, below the students."""
    app.extensions.setdefault(PARTS, []).append(part)


@bp.get("/<lang:lang>/class/new")
def new_class(lang: str, errors: dict[str, Any] | None = None, status: int = 200):
    return render_template("classroom/new.html", **GAME_FIELDS, form=request.form if request.method == "POST" else {},
                           errors=errors or {}), status


@bp.post("/<lang:lang>/class/new")
@limits.creates
def create_class(lang: str):
    try:
        options = form_options(request.form)
    except OptionError as error:
        return new_class(lang, {error.field: error.message}, 400)
    made, secret = classes.create(options)
    return _show_teacher_link(lang, made.code, secret)


def _show_teacher_link(lang: str, code: str, secret: str):
    """To the class page, which shows the new teacher link once: kept in this browser's session
    (signed, HttpOnly) until that page takes it out."""
    session[FRESH_LINK] = [code, secret]
    return redirect(url_for(".class_page", lang=lang, code=code), 303)


FRESH_LINK = "teacher_link"  # the session's key for a teacher link still to show


@bp.get("/<lang:lang>/class/<code>")
@limits.lookups
def class_page(lang: str, code: str):
    found = classes.taught_here(classes.find(code))
    if code != found.code:  # typed in lower case, or with its dash: the one address
        return redirect(url_for(".class_page", lang=lang, code=found.code), 301)
    live = access.store().load_live(found.code)
    parts: list[PagePart] = current_app.extensions.get(PARTS, [])
    versions = tuple(part.version(found) for part in parts)

    def context() -> dict[str, Any]:
        expires = datetime.fromtimestamp(found.expires, timezone.utc)
        return {**_joining(found, lang), "projector": url_for(".projector", lang=lang, code=found.code),
                "game": classes.describe(found), "progress": classes.progress(found), "top_rules": TOP_RULES,
                "refresh": REFRESH_EVERY, "expires": format_date(expires, "long"),
                "expires_iso": expires.isoformat(timespec="seconds"), "ended": found.ended is not None,
                "api": url_for("api.classes.show", code=found.code, lang=lang),
                "remove": url_for(".remove_student", lang=lang, code=found.code, number=0).removesuffix("0/remove"),
                "new_link": url_for(".new_link_form", lang=lang, code=found.code),
                "end": url_for(".end_form", lang=lang, code=found.code),
                "live": _live_session(live, lang, found.code), "fresh_link": None,
                "parts": [(part.template, part.context(found, lang)) for part in parts]}

    fresh = session.get(FRESH_LINK)
    if fresh is not None and fresh[0] == found.code:  # the teacher link, this once: drawn for this reader alone
        session.pop(FRESH_LINK)
        link = classes.teacher_link(found.code, fresh[1], lang)
        shown = {"url": link, "qr": qr_svg(link, _("QR code of the teacher link"))}
        return render_template("classroom/page.html", **{**context(), "fresh_link": shown})
    # The teacher's alone, and live: never cached by a browser (app.security.PRIVATE_BLUEPRINTS).
    # Drawn once per class, data version (its students' progress, read with the class before the
    # progress it names, Store.load_class: a repeat view is that one small query, not forty
    # games read), its parts' versions (PagePart), whether it has ended, its live session's version, language of the words and of the address,
    # and host its links name (app.links.absolute), and kept (app.drawn_pages): a teacher's reload
    # is not drawn again. Every browser that may see it is one of the class's teachers, who all
    # see the same page: it holds no form, so no reader's CSRF token (the teacher link, shown
    # once, is drawn above for its reader alone and never kept).
    key = ("class", found.code, found.version, versions, found.ended is not None, live and live.version,
           current_language(), lang, absolute(""))
    return drawn_pages.page(key, "classroom/page.html", context)


def _live_session(live: LiveSession | None, lang: str, code: str) -> dict[str, Any]:
    """The class page's live session part (issue 37): what runs (a demo's title, or the quiz's
    seed), where its projector screen is, the pages that start and end one (app.live.teaching),
    and the last quiz's summary."""
    running = live is not None and live.ended is None
    return {"running": running, "shows": live and session_title(live), "frame": live and live.frame,
            "quiz": live is not None and live.kind == "quiz",
            "summary": url_for("live_teaching.summary_page", lang=lang, code=code),
            "start": url_for("live_teaching.start_form", lang=lang, code=code),
            "screen": url_for("live_teaching.screen", lang=lang, code=code),
            "end": url_for("live_teaching.end_form", lang=lang, code=code),
            "phones": absolute(url_for("live_pages.page", lang=lang, code=code))}


def session_title(live: LiveSession) -> str:
    """What a live session shows: its demo's title, or the quiz and its seed."""
    return str(DEMOS[live.source].title) if live.kind == "demo" else _("The quiz, seed %(seed)s", seed=live.source)


@bp.get("/<lang:lang>/class/<code>/teacher/<secret>")
@limits.link_lookups
def open_teacher_link(lang: str, code: str, secret: str):
    """The teacher link: this browser becomes the class's teacher, then to the class page, so the
    secret leaves the address bar; a wrong or old link is refused (403) and changes nothing."""
    found = classes.find(code)
    classes.open_teacher_link(found, secret)
    answer = redirect(url_for(".class_page", lang=lang, code=found.code), 303)
    answer.headers["Referrer-Policy"] = "no-referrer"
    return answer


@bp.get("/<lang:lang>/class/<code>/teacher-link")
@limits.lookups
def new_link_form(lang: str, code: str):
    found = classes.taught_here(classes.find(code))
    return _confirm(lang, found, _("Make a new teacher link?"), _("Make a new teacher link"), [
        _("The new link is shown once, on the class page, with its QR code."),
        _("The link before it stops working: the devices that opened it no longer see this class."),
        _("This device, and the one the class was made on, still see it."),
    ], url_for(".new_teacher_link", lang=lang, code=found.code))


@bp.post("/<lang:lang>/class/<code>/teacher-link")
@limits.lookups
def new_teacher_link(lang: str, code: str):
    found = classes.taught_here(classes.find(code))
    return _show_teacher_link(lang, found.code, classes.new_teacher_link(found))


@bp.get("/<lang:lang>/class/<code>/students/<int:number>/remove")
@limits.lookups
def remove_form(lang: str, code: str, number: int):
    found = classes.taught_here(classes.find(code))
    name = classes.isolated(classes.student_named(found, number))
    return _confirm(lang, found, _("Remove %(name)s from the class?", name=name), _("Remove from the class"), [
        _("The student's games in this class are deleted, and their results leave the class page."),
        _("From that browser, no one can join this class again."),
        _("The other students are not touched."),
    ], url_for(".remove_student", lang=lang, code=found.code, number=number))


@bp.post("/<lang:lang>/class/<code>/students/<int:number>/remove")
@limits.lookups
def remove_student(lang: str, code: str, number: int):
    found = classes.taught_here(classes.find(code))
    classes.remove(found, number)
    return _to_class_page(lang, found, "progress")


@bp.get("/<lang:lang>/class/<code>/end")
@limits.lookups
def end_form(lang: str, code: str):
    found = classes.taught_here(classes.find(code))
    if found.ended is not None:
        return _to_class_page(lang, found)
    return _confirm(lang, found, _("End the class?"), _("End the class"), [
        _("The code stops working: no one can join the class any more."),
        _("The links to watch the students' tables stop working."),
        _("Nothing else is lost: the students' games and the results stay on the class page until the class "
          "is deleted."),
        _("A class that has ended can't be started again."),
    ], url_for(".end_class", lang=lang, code=found.code))


@bp.post("/<lang:lang>/class/<code>/end")
@limits.lookups
def end_class(lang: str, code: str):
    return _to_class_page(lang, classes.end(classes.taught_here(classes.find(code))))


def _to_class_page(lang: str, found, anchor: str | None = None):
    """After a form that changed the class: to its page (Post/Redirect/Get)."""
    return redirect(url_for(".class_page", lang=lang, code=found.code, _anchor=anchor), 303)


def _confirm(lang: str, found, heading: str, button: str, points: list[str], action: str):
    """A page that asks the teacher once more (classroom/confirm.html): what ``action`` will do, its button."""
    return render_template("classroom/confirm.html", shown_code=shown(found.code), heading=heading, button=button,
                           points=points, action=action, back=url_for(".class_page", lang=lang, code=found.code))


@bp.get("/<lang:lang>/class/<code>/projector")
@limits.lookups
def projector(lang: str, code: str):
    """The class page for the room's screen: how to join (the code, its QR code, the join page's
    address) and nothing else, never a student's name or result (issue 35, item 12)."""
    found = classes.taught_here(classes.find(code))
    if code != found.code:
        return redirect(url_for(".projector", lang=lang, code=found.code), 301)
    # Drawn once per class, whether it has ended, language, address's language and host (it shows
    # no student, so no data version), and kept as the class page is, under a key of its own kind.
    ended = found.ended is not None
    key = ("class-projector", found.code, ended, current_language(), lang, absolute(""))
    return drawn_pages.page(key, "classroom/projector.html", lambda: {
        **_joining(found, lang), "ended": ended, "back": url_for(".class_page", lang=lang, code=found.code)})


def _joining(found, lang: str) -> dict[str, Any]:
    """What the class page and its projector view show of how to join: the code, the class's
    link and its QR code, the join page's address."""
    url = classes.join_url(found.code, lang)
    return {"code": found.code, "shown_code": shown(found.code), "join_url": url,
            "join_page": absolute(url_for(".join_form", lang=lang)),
            "qr": qr_svg(url, _("QR code of the address that joins the class"))}


@bp.get("/<lang:lang>/join")
def join_form(lang: str):
    return _join_page({})


@bp.get("/<lang:lang>/join/<code>")
@limits.lookups
def join_code(lang: str, code: str):
    """The join form with the code filled in (the QR code's address); opening it joins nothing."""
    try:
        found = classes.find(code)
        if found.ended is not None:
            raise ClassError("class-ended", 410)
    except ClassError as error:
        return _join_page({"code": code}, error)
    return _join_page({"code": shown(found.code)}, found=found)


@bp.post("/<lang:lang>/join")
@limits.joins
@limits.lookups
def join(lang: str):
    form = request.form
    try:
        found = classes.find(form.get("code", ""))
        record, _practice, _steps = classes.join(found, classes.read_nickname(form.get("nickname", "")))
    except ClassError as error:
        return _join_page(form, error)
    live = access.store().load_live(found.code)
    if live is not None and live.ended is None:  # the teacher's session is on: the student follows it first
        return redirect(url_for("live_pages.page", lang=lang, code=found.code), 303)
    return redirect(url_for("practice.table", lang=lang, game_id=record.id), 303)


def _join_page(form, error: ClassError | None = None, found=None):
    """The join form; ``error`` said beside its field (the code's or the nickname's), with its status."""
    errors = {}
    if error is not None:
        errors["code" if error.code in CODE_ERRORS else "nickname"] = error_message(error.code, **error.params)
    return render_template("classroom/join.html", form=form, errors=errors, max_nickname=classes.MAX_NICKNAME,
                           game=found and classes.describe(found)), error.status if error else 200


@errors.page(bp.name, ClassError, LimitReached)  # the limits' 429 too
def _refused(error: errors.UserError):  # either kind: a code, a status, its parameters
    return classroom_error(error.code, error.status, **error.params)


def classroom_error(code: str, status: int, **params):
    """A refusal's page in the reader's language, with the ways on: join a class, make one."""
    return render_template("classroom/error.html", message=error_message(code, **params)), status
