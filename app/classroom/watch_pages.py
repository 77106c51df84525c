"""Watch links' pages: /<lang>/play/<id>/watch (the game's owner shares the game, or stops) and
/<lang>/watch/<token> (whoever has the link follows the table; app.classroom.watching says what
they see). The watcher's page asks for itself again every few seconds (watch.js) with
``?after=<version>&since=<step>``: "no change" is a 204, anything else the table with the steps
since then, which the step player plays. Without JavaScript a link reloads it.
"""
from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for

from .. import drawn_pages, errors
from ..i18n import current_language, gettext as _
from ..links import absolute, qr_svg
from ..practice import access
from ..practice.access import GameError
from . import watching
from .class_pages import classroom_error

bp = Blueprint("watch", __name__)
POLL_EVERY = 2  # seconds between a watcher's two looks (watch.js)


@bp.get("/<lang:lang>/watch/<token>")
def watch(lang: str, token: str):
    found, record, practice = watching.load(token)
    if request.args.get("after", type=int) == record.version:
        return "", 204
    first = watching.fresh_from(practice, request.args.get("since", type=int))
    # Never cached by a browser (app.security.PRIVATE_BLUEPRINTS): a cached table would stop the
    # game. Drawn once per link (its address: its language and token), game version, language
    # of the words, open hands or not and first step to play, and kept (app.drawn_pages): every
    # watcher of the link at that version gets the same page, a class of forty one drawing.
    key = ("watch", request.path, record.version, current_language(), found.open_hands, first)
    return drawn_pages.page(key, "practice/watch.html",
                            lambda: {"poll": POLL_EVERY, **watching.table(found, record, practice, first)})


@bp.get("/<lang:lang>/play/<game_id>/watch")
def share_page(lang: str, game_id: str):
    """The owner's page for the game's watch link: the live one (its address, its QR code, open
    hands or not, and a button to turn it off), and a form to make one."""
    record, practice = access.load(game_id)
    shared = access.store().shared(record.id)
    url = shared and absolute(url_for(".watch", lang=lang, token=shared.token))
    qr = url and qr_svg(url, _("QR code of the watch link"))
    return render_template("classroom/share.html", game_id=record.id, shared=shared, url=url, qr=qr,
                           together=practice.together)


@bp.post("/<lang:lang>/play/<game_id>/watch")
def share(lang: str, game_id: str):
    record, practice = access.load(game_id)
    action = request.form.get("action")
    if action == "share":
        watching.share(record.id, practice, request.form.get("open_hands") == "on")
    elif action == "stop":
        access.store().unshare(record.id)
    else:
        return classroom_error("bad-share", 400)
    return redirect(url_for(".share_page", lang=lang, game_id=record.id), 303)


@errors.page(bp.name, GameError)  # a ClassError too: no such link (404), one turned off (410)
def _refused(error: GameError):
    return classroom_error(error.code, error.status, **error.params)
