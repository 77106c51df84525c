"""A move sent as JSON and its answer, one way for every game that takes moves over JSON: a
learner's game (app.api.games) and a table's seat (app.tables.play). The move names the version it
was made on: a stale one is refused naming the current version, an unreadable one names its field,
one against the rules is explained to its mover (the rule, the sentence) and changes nothing;
else the game is saved with the bots' replies, and the answer holds every step in words.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.verdict import IllegalMoveError, InvalidMoveError
from ..errors import UserError
from ..i18n import request_language
from ..store import Record
from . import access, narration
from .access import GameError
from .game import HUMAN, Practice, play


@dataclass(frozen=True)
class Answering:
    """What differs between the games answered: each seat's names in a language, the view shown
    after the move, the refusal for a game gone, and what is noted of a refused move (its rule)."""

    names: Callable[[Practice, str], tuple[str, ...]]
    view: Callable[[Practice], dict[str, Any]]
    gone: Callable[[str], UserError]
    refused: Callable[[str, str], object] = lambda game_id, rule: None


def answer_move(game_id: str, record: Record, practice: Practice, body: dict[str, Any], how: Answering,
                seat: int | None = None) -> tuple[Record, dict[str, Any]]:
    """The move of ``body`` (``{"version", "move"}``) made by the learner, or by ``seat`` at a
    table, saved: the new record and the answer (``results``, ``version``, ``view``); or the
    UserError that refuses it, nothing changed."""
    lang = request_language()
    try:
        access.check_version(record, body.get("version"))
        steps = play(practice, body.get("move"), seat)
        # The results are words added to the steps, once they are stored.
        names, shown = how.names(practice, lang), how.view(practice)
        record = access.save(record, practice, steps)
    except GameError:  # only "stale-version" is raised here (the version check or the save)
        raise stale(game_id, how.gone) from None
    except InvalidMoveError as error:
        check_current(game_id, record, how.gone)
        field = str(error.args[0])
        raise UserError("bad-move", extra={"field": field}, field=field) from None
    except IllegalMoveError as refused:
        check_current(game_id, record, how.gone)
        verdict = refused.verdict
        how.refused(game_id, verdict.rule.value)
        refusal = narration.refusal(verdict, how.names(practice, lang))  # "message" says why, as the README promises
        raise UserError("illegal-move", 422, extra={
            **verdict.to_dict(), **refusal, "message": refusal["text"], "version": record.version}) from None
    viewer = HUMAN if seat is None else seat
    return record, {"results": narration.results(steps, names, lang, viewer), "version": record.version, "view": shown}


def stale(game_id: str, gone: Callable[[str], UserError]) -> UserError:
    """The move was made on an old version: the answer names the current one (``gone`` if none)."""
    current = access.current_version(game_id)
    if current is None:
        return gone(game_id)
    return UserError("stale-version", 409, extra={"version": current})


def check_current(game_id: str, record: Record, gone: Callable[[str], UserError]) -> None:
    """A refused move on a game taken from memory (``access.load``) may have been made on an
    old version: then the answer is "stale", as when the row was read, not the refusal."""
    if access.current_version(game_id) != record.version:
        raise stale(game_id, gone) from None
