"""Practice games over JSON: the same games as the /<lang>/play table (README "Practice API").

POST /api/v1/games       {"rules", "bots", "level", "seed", "hints"} -> {"id", "version", "view", "results"}
GET  /api/v1/games/<id>                                               -> {"version", "view"}
POST /api/v1/games/<id>/moves     {"version", "move"}                 -> {"results", "version", "view"}

The game belongs to the client holding the owner cookie set when it was created. Bodies must be
application/json, which a cross-site form cannot send, so no CSRF token is needed here.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..engine.verdict import IllegalMoveError, InvalidMoveError
from ..errors import UserError
from ..i18n import request_language
from ..practice import access, limits, narration
from ..practice.access import GameError
from ..practice.game import Practice, play, view
from ..practice.options import OptionError, read_options
from .body import json_object

bp = Blueprint("games", __name__)  # its every answer is one owner's: app.security.PRIVATE_BLUEPRINTS


@bp.post("/games")
@limits.creates
def create_game():
    body = json_object()
    try:
        options = read_options(body.get("rules"), body.get("bots"), body.get("level"),
                                      body.get("seed"), body.get("hints", True))
    except OptionError as error:
        raise UserError("bad-options", extra={"field": error.field, "message": str(error.message)}) from None
    return created(*access.create(options))


def created(record, practice: Practice, steps: list[dict[str, Any]]):
    """The answer to a new game (a class's student's too: app.api.classes)."""
    return {"id": record.id, "version": record.version, "view": view(practice),
            "results": _results(practice, steps)}, 201


@bp.get("/games/<game_id>")
def show_game(game_id: str):
    record, practice = _load(game_id)
    return {"version": record.version, "view": view(practice)}


@bp.post("/games/<game_id>/moves")
def move(game_id: str):
    body = json_object()
    record, practice = _load(game_id, body.get("version"))
    try:
        access.check_version(record, body.get("version"))
        steps = play(practice, body.get("move"))
        # The results are words added to the steps, once they are stored.
        lang = request_language()
        seats, shown = narration.names(practice.round.players, lang), view(practice)
        record = access.save(record, practice, steps)
    except GameError:  # only "stale-version" is raised here (the version check or the save)
        raise _stale(game_id) from None
    except InvalidMoveError as error:
        _check_current(game_id, record)
        field = str(error.args[0])
        raise UserError("bad-move", extra={"field": field}, field=field) from None
    except IllegalMoveError as refused:
        _check_current(game_id, record)
        access.store().note_refusal(game_id, refused.verdict.rule.value)  # for a class's teacher
        seats = narration.names(practice.round.players)
        verdict = refused.verdict
        refusal = narration.refusal(verdict, seats)  # "message" says why, as the README promises
        raise UserError("illegal-move", 422, extra={
            **verdict.to_dict(), **refusal, "message": refusal["text"], "version": record.version}) from None
    return {"results": narration.results(steps, seats, lang), "version": record.version, "view": shown}


def _load(game_id: str, version=None):
    record, practice = access.load(game_id, version)  # or a GameError: not found, not yours
    if practice.together:  # its hands are shown one person at a time, on its table page only
        raise UserError("together-table-only", 409)
    return record, practice


def _stale(game_id: str) -> UserError:
    """The move was made on an old version: the answer names the current one (gone: 404)."""
    current = access.current_version(game_id)
    if current is None:
        return access.gone(game_id)
    return UserError("stale-version", 409, extra={"version": current})


def _check_current(game_id: str, record) -> None:
    """A refused move on a game taken from memory (``access.load``) may have been made on an
    old version: then the answer is "stale", as when the row was read, not the refusal."""
    if access.current_version(game_id) != record.version:
        raise _stale(game_id) from None


def _results(practice: Practice, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each step (the learner's move, then each bot's) with a sentence for every event."""
    lang = request_language()
    return narration.results(steps, narration.names(practice.round.players, lang), lang)
