"""Watch links over JSON (README "Watch links").

GET    /api/v1/watch/<token>?since=<step>              -> {"version", "open_hands", "logged", "first", "view", "steps"}
POST   /api/v1/games/<id>/watch  {"open_hands": false} -> {"token", "url", "open_hands"} (the owner's only)
DELETE /api/v1/games/<id>/watch                        -> 204: the owner's links turned off

A watcher's answer never holds a card the owner holds or a bot's hand (open hands aside): see
app.classroom.watching.
"""
from __future__ import annotations

from flask import Blueprint, request, url_for
from flask_babel import lazy_gettext as _l

from ..classroom import watching
from ..errors import UserError
from ..i18n import request_language
from ..links import absolute
from ..practice import access
from .body import json_object
from .games import _load

bp = Blueprint("watch", __name__)
OPEN_HANDS_CHOICE = _l("Open hands are on or off: true or false.")


@bp.get("/watch/<token>")
def watch(token: str):
    found, record, practice = watching.load(token)  # or a ClassError: no such link, one turned off
    since = request.args.get("since", type=int)
    return watching.answer(found, record, practice, since, request_language())


@bp.post("/games/<game_id>/watch")
def share(game_id: str):
    body = json_object()
    record, practice = _load(game_id)
    open_hands = body.get("open_hands", False)
    if type(open_hands) is not bool:
        raise UserError("bad-options", extra={"field": "open_hands", "message": str(OPEN_HANDS_CHOICE)})
    shared = watching.share(record.id, practice, open_hands)
    url = absolute(url_for("watch.watch", lang=request_language(), token=shared.token))
    return {"token": shared.token, "url": url, "open_hands": shared.open_hands}, 201


@bp.delete("/games/<game_id>/watch")
def unshare(game_id: str):
    record, _practice = _load(game_id)
    access.store().unshare(record.id)
    return "", 204

