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

from ..errors import UserError
from ..i18n import request_language
from ..practice import access, limits, narration
from ..practice.game import Practice, view
from ..practice.moving import Answering, answer_move
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
    return answer_move(game_id, record, practice, body, ANSWERING)[1]


ANSWERING = Answering(names=lambda practice, lang: narration.names(practice.round.players, lang), view=view,
                      gone=access.gone,
                      refused=lambda game_id, rule: access.store().note_refusal(game_id, rule))  # for a class's teacher


def _load(game_id: str, version=None):
    record, practice = access.load(game_id, version)  # or a GameError: not found, not yours
    if practice.together:  # its hands are shown one person at a time, on its table page only
        raise UserError("together-table-only", 409)
    return record, practice


def _results(practice: Practice, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each step (the learner's move, then each bot's) with a sentence for every event."""
    lang = request_language()
    return narration.results(steps, narration.names(practice.round.players, lang), lang)
