"""POST /api/v1/check: play moves on a scenario and say, for each, which rule allows or forbids it.

A full-information teaching tool: every hand and every drawn card is shown (only the draw
pile's order stays hidden): the answer is what ``visibility.FULL`` sees. Request and response are described in the README's "Check API".

A check of MAX_MOVES moves costs tens of milliseconds where a page costs two, so one address
(app.limits.client) may send CHECKS_PER_ADDRESS: a class of 40 behind one school address, each
student checking every four seconds, never meets it; past it, ``429 too-many-checks``.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint

from .. import wording
from ..engine import visibility
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.scenario import ScenarioError, game_from_scenario
from ..engine.verdict import Event, InvalidMoveError
from ..errors import UserError
from ..limits import client, limiter, refusal
from .body import json_object

MAX_MOVES = 500
CHECKS_PER_ADDRESS = "600 per minute"
bp = Blueprint("check", __name__)


@bp.post("/check")
@limiter.shared_limit(CHECKS_PER_ADDRESS, scope=refusal("checks-address", "too-many-checks"), key_func=client)
def check() -> dict[str, Any]:
    body = json_object()
    moves = _moves(body.get("moves", []))
    try:
        game, setup = game_from_scenario(body.get("scenario"))
    except ScenarioError as error:
        raise UserError(error.code, **error.params) from None
    results = [_play(game, move, index) for index, move in enumerate(moves)]
    answer: dict[str, Any] = {"results": results, "state": visibility.view(game.round, visibility.FULL),
                              "game": game.public()}
    if "deck" in body["scenario"]:
        answer["setup"] = [_event(event) for event in setup]
    return answer


def _moves(raw: Any) -> list[Move]:
    """Every move read up front, so a bad one is refused before anything is played."""
    if not isinstance(raw, list):
        raise UserError("bad-moves")
    if len(raw) > MAX_MOVES:
        raise UserError("too-many-moves", max=MAX_MOVES, count=len(raw))
    moves = []
    for index, data in enumerate(raw):
        try:
            moves.append(Move.from_dict(data))
        except InvalidMoveError as error:
            raise _bad_move(index, error) from None
    return moves


def _bad_move(index: int, error: InvalidMoveError) -> UserError:
    return UserError("bad-move", extra={"move": index}, move=index, field=str(error.args[0]))


def _play(game: Game, move: Move, index: int) -> dict[str, Any]:
    """Check ``move``, and apply it if legal (an illegal move changes nothing); the move that ends
    the round adds its points to the game's totals."""
    try:
        verdict, events = game.attempt(move)
    except InvalidMoveError as error:  # a seat the scenario doesn't have
        raise _bad_move(index, error) from None
    return {**verdict.to_dict(), "verdict": wording.verdict_state(verdict), "message": wording.verdict_message(verdict),
            "events": [_event(event) for event in events]}


def _event(event: Event) -> dict[str, Any]:
    """The event as the full view sees it, and its sentence."""
    shown = visibility.event(event, visibility.FULL)
    return {**shown.to_dict(), "message": wording.event_message(shown)}
