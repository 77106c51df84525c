"""A seat's view of its table and its moves (issue 38), answered as the games API answers
(app.practice.moving): the view is ``practice.game.view`` as the seat's player sees it
(app.engine.visibility: its own hand as cards, the others' as counts), with the table's names and
the seats people hold; a refused move is explained to its mover alone and changes nothing, a
stale one is refused, and the bots then play the seats nobody holds and those whose holders are
away (app.tables.seating); a seat reading the table while an away seat is to move has the bots
play it first (app.tables.bots), so nobody waits on someone gone. The log is written for the
table (``Practice.reader``), so the results of a move, which every seat may read, hold no hand's
cards. Each saved move is announced to the table's streams (app.tables.events), which tell each
seat to read its own view again: no seat's hand is ever pushed.
"""
from __future__ import annotations

from typing import Any

from ..engine import visibility
from ..errors import UserError
from ..i18n import request_language
from ..practice import access
from ..practice.game import Practice, view
from ..practice.moving import Answering, answer_move
from ..store import Record
from . import bots, classes, seating
from .seating import Seated


def seat_view(seated: Seated, practice: Practice, language: str | None = None) -> dict[str, Any]:
    """The games API's view as the seat's player sees it, with each seat's ``names``, the seats
    people hold (``people``; the others are played by bots), those of them whose holders are away
    (``away``: played by bots until they are back) and after how many seconds one is
    (``away_after``)."""
    shown = view(practice, visibility.player(seated.seat.seat))
    shown["names"] = list(seated.names(practice, language))
    shown["people"] = sorted(seated.present)
    shown["away"] = sorted(seated.away)
    shown["away_after"] = seating.away_after()
    return shown


def load(seated: Seated, version: Any = None) -> tuple[Record, Practice]:
    """The table's game, the seats people play now given to it (``Practice.present``)."""
    record, practice = access.load(seated.table, version, owned=False)
    practice.present = seated.playing
    return record, practice


def caught_up(seated: Seated) -> None:
    """Before a seat reads its table (its JSON view or its page): the bots' moves for an away seat
    that is to move, so nobody there waits on someone gone, with or without JavaScript."""
    if seated.away:
        bots.play_for(seated.table, seated.seats, seated.seat)


def show(seated: Seated) -> dict[str, Any]:
    """The seat's view, the bots' moves for an away seat made first if it is to move (``caught_up``),
    and whether its table waits to start (a class's: no move taken yet)."""
    caught_up(seated)
    record, practice = load(seated)
    return {"version": record.version, "view": seat_view(seated, practice, request_language()),
            "waiting": bots.waiting(seated.table)}


def move(seated: Seated, body: dict[str, Any]) -> dict[str, Any]:
    """The seat's move and the bots' replies, saved as the next version and announced to the
    table's streams; else the refusal, nothing changed (``moving.answer_move``): at a class's
    table, also while it waits (app.tables.classes), and each refused move counted for its teacher."""
    classes.check_started(seated.table)
    record, practice = load(seated, body.get("version"))
    answering = Answering(names=seated.names, view=lambda moved: seat_view(seated, moved), gone=_gone,
                          refused=lambda table, rule: access.store().note_table_refusal(table, rule))
    record, answer = answer_move(seated.table, record, practice, body, answering, seated.seat.seat)
    access.store().table_moved(seated.table, record.version)
    return answer


def _gone(table: str) -> UserError:
    return UserError("table-not-found", 404)
