"""Who sits where at a table (issue 38): opening one, joining it, and the seat a browser holds.

A seat is held by a browser as a game is owned (app.practice.owners): by its owner token, in the
signed cookie it already keeps, whose hash the seat's row holds. The maker sits at seat 0; whoever
joins takes the first free seat, the store deciding races (app.store.seats); the same browser
joining again goes back to its seat, hand and all. A seat nobody holds is played by a bot at the
table's level (``practice.game.Practice.present``). The table's id is its game's: 128 random bits,
which is what lets a friend in, so the invite is a link that carries it.

A seat's holder is *seen* whenever they read the table, move, or hold its event stream open
(app.store.seats' ``seen``, written at most every ``seen_every``); one not seen for the app's
TABLE_AWAY_AFTER seconds (``UNO_TUTOR_TABLE_AWAY_AFTER``) is *away*: their seat is played by a bot
until they are seen again, hand and all (app.tables.bots).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from flask import current_app, url_for
from flask_babel import lazy_gettext as _l

from ..errors import UserError
from ..i18n import LANGUAGES, in_language
from ..links import absolute
from ..practice import access, narration
from ..practice.game import Practice
from ..practice.options import TABLE_SEATS, OptionError, read_options
from ..practice.owners import owner_token
from ..engine.rules import ruleset
from ..store import SEEN_EVERY, NameTaken, Record, Seat, TableFull, TableGone, folded_name, owner_hash

MIN_SEATS, MAX_SEATS = TABLE_SEATS
MAX_NAME = 20  # as pass-and-play's names
SEATS_RANGE = _l("Choose between %(min)d and %(max)d seats.")


def options(body: dict[str, Any]) -> dict[str, Any]:
    """A new table's options from ``{"seats", "rules", "level", "seed"}``: ``game.start``'s keyword
    arguments, every seat a person's (bots play those nobody holds); OptionError names a bad field."""
    seats = body.get("seats")
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise OptionError("seats", SEATS_RANGE % {"min": MIN_SEATS, "max": MAX_SEATS})
    checked = read_options(body.get("rules"), None, body.get("level"), body.get("seed"), body.get("hints", True))
    checked["rules"] = ruleset({**checked["rules"].to_dict(), "players": seats})
    return {**checked, "bot_count": 0, "names": [""] * seats, "present": frozenset({0})}


def checked_name(name: Any, seats: int) -> str:
    """A name typed for a seat at a table of ``seats`` ("" or none: "Player n" is shown), else the
    refusal that says why: too long, a line break or an invisible character, no letter or digit (a
    name of marks alone shows as nothing), or one of the table's own "Player n" in either language,
    which would make two seats look alike (said as the name taken, in the reader's words)."""
    if name is None:
        return ""
    typed = name.strip() if isinstance(name, str) else ""
    if (not isinstance(name, str) or len(typed) > MAX_NAME or not typed.isprintable()
            or typed and not any(character.isalnum() for character in typed)):
        raise UserError("bad-table-name", extra={"field": "name"}, max=MAX_NAME)
    seat = _default_seat(typed, seats) if typed else None
    if seat is not None:
        raise UserError("table-name-taken", 409, extra={"field": "name"},
                        name=narration.table_names(("",) * seats, seats)[seat])
    return typed


def _default_seat(typed: str, seats: int) -> int | None:
    """The seat whose "Player n" a typed name reads as, in any of the app's languages, as the table
    words them: the same but for case, width, runs of spaces and the script of its digits ("player
    ١" is "Player 1"); None for a name of one's own."""
    folded = folded_name(typed)
    for language in LANGUAGES:
        with in_language(language):
            named = [folded_name(name) for name in narration.table_names(("",) * seats, seats, language)]
        if folded in named:
            return named.index(folded)
    return None


def open_table(body: dict[str, Any]) -> Record:
    """A new table, this browser at seat 0 (its owner cookie made if it has none)."""
    chosen = options(body)
    name = checked_name(body.get("name"), chosen["rules"].players)
    record, _practice, _steps = access.create(
        chosen, save=lambda token, state, finished, steps: access.store().create_table(token, state, finished,
                                                                                        steps, name))
    return record


def invite(table: str) -> str:
    """What a friend's client posts its name to, to take a seat: the JSON join's address, as README
    promises tools (a page's form needs its CSRF token, so the page's address cannot be that). A
    person gets the table's page instead (``page_url``): its share box and QR code, a class's list."""
    return url_for("api.tables.join_table", table=table, _external=True)


def page_url(table: str, lang: str) -> str:
    """The table's page, whole, to share: whoever opens it takes a free seat with a name (app.tables.pages)."""
    return absolute(url_for("table_pages.page", lang=lang, table=table))


def join(table: str, body: dict[str, Any]) -> Seat:
    """This browser's seat at the table: the first free one, or the one it holds already."""
    seats = _seats(table)
    _record, practice = access.load(table, owned=False)
    name = checked_name(body.get("name"), practice.people)
    try:
        return access.store().join_table(table, practice.people, name, owner_hash(owner_token(create=True)))
    except TableGone:
        raise UserError("table-not-found", 404) from None
    except TableFull:
        raise UserError("table-full", 409) from None
    except NameTaken:
        shown = next((seat.name for seat in seats if seat.named(name)), name)
        raise UserError("table-name-taken", 409, extra={"field": "name"}, name=shown) from None


def _seats(table: str) -> list[Seat]:
    """The seats people hold at the table (none yet at a class's); 404 if it is no table (a game's
    id that is no table's too)."""
    seats = access.store().table_seats(table) if len(table) <= 64 else []
    if not seats and (len(table) > 64 or access.store().class_table(table) is None):  # a class's waits empty
        raise UserError("table-not-found", 404)
    return seats


def away_after() -> int:
    """Seconds after which a seat whose holder was not seen is away (the app's TABLE_AWAY_AFTER)."""
    return current_app.config["TABLE_AWAY_AFTER"]


def seen_every() -> float:
    """How often a holder's ``seen`` is written again: SEEN_EVERY, or a third of ``away_after``
    if that is less, so that someone reading or streaming (a heartbeat every 15 s) is never away."""
    return min(SEEN_EVERY, away_after() / 3)


def away(seats: list[Seat], here: Seat | None = None) -> frozenset[int]:
    """The seats whose holders were last seen more than ``away_after`` ago; never ``here``, the
    seat of whoever asks (seen now)."""
    since = time.time() - away_after()
    mine = here.seat if here is not None else None
    return frozenset(seat.seat for seat in seats if seat.seen < since and seat.seat != mine)


def playing(seats: list[Seat], here: Seat | None = None) -> frozenset[int]:
    """The seats people play now: those held, but for the away ones (``Practice.present``)."""
    return frozenset(seat.seat for seat in seats) - away(seats, here)


@dataclass(frozen=True)
class Seated:
    """A browser at its table: its seat, and every seat people hold."""

    table: str
    seat: Seat
    seats: list[Seat]

    @property
    def present(self) -> frozenset[int]:
        """The seats people hold (a seat nobody holds is a bot's)."""
        return frozenset(seat.seat for seat in self.seats)

    @property
    def away(self) -> frozenset[int]:
        """The seats people hold whose holders are away (never this browser's: it is here)."""
        return away(self.seats, self.seat)

    @property
    def playing(self) -> frozenset[int]:
        """The seats people play now (the others' turns are the bots')."""
        return playing(self.seats, self.seat)

    def names(self, practice: Practice, language: str | None = None) -> tuple[str, ...]:
        """Each seat's name as the table shows it: a person's own, "Player n" for one not typed or
        not taken yet, in the reader's language."""
        return seat_names(self.seats, practice, language)


def seat_names(seats: list[Seat], practice: Practice, language: str | None = None) -> tuple[str, ...]:
    """Each seat's name: its holder's own, "Player n" for one not typed or not taken yet, in the
    reader's language."""
    typed = [""] * practice.people
    for seat in seats:
        typed[seat.seat] = seat.name
    return narration.table_names(tuple(typed), practice.round.players, language)


def seated(table: str) -> Seated:
    """This browser's seat at the table: 404 if there is no such table, 403 if it holds none or
    if the teacher removed it from the table's class (its seat, no longer seen, goes to a bot)."""
    seats = _seats(table)
    token = owner_token()
    holder = token and owner_hash(token)
    mine = next((seat for seat in seats if seat.holder == holder), None)
    if mine is None:
        raise UserError("not-seated", 403)
    if access.store().removed_at_table(table, mine.holder):
        raise UserError("removed-from-class", 403)
    return Seated(table, access.store().seen_at_table(table, mine, seen_every()), seats)
