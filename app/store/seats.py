"""Tables of people (issue 38): a table is a practice game (``games``) whose seats people hold,
one row each in ``table_seats``; a seat without a row is played by a bot.

The game's row is nobody's (its owner is the hash of a token drawn and forgotten at once), so no
browser reaches it through the practice table or the games API: a seat's holder reaches it here,
by the hash of its owner token. A join reads the seats taken and writes the first free one in a
transaction that ``_serialize`` makes the only join of its table (SQLite's writers take turns;
PostgreSQL takes an advisory lock on the table), so two people joining at once never take the
same seat; the primary key (game, seat) stands behind it. A browser that joins again goes back to
the seat it holds (UNIQUE (game, holder)).

Each saved move is announced to the table's streams on every host (``table_moved``): after the
save has committed, so a stream that hears it reads the new version; a process that dies between
the two leaves its streams to find the version at their next heartbeat (app.tables.events).
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .following import TableMoved
from .games import Games
from .records import NameTaken, Record, Seat, TableFull, TableGone, new_token, owner_hash
from .tables import TABLE_JOINS

# Seconds: a seat's ``seen`` is written again only when it is older than this (or than the
# caller's ``every``), well below the time after which a seat is away (app.tables.seating), so
# that a holder reading or streaming is never taken for away, and a stream writes its seat at
# most once in that time.
SEEN_EVERY = 30


class TableSeats(Games):
    """Tables made, joined, their seats read; their moves announced."""

    def create_table(self, maker_token: str, state: dict[str, Any], finished: bool,
                     steps: Sequence[dict[str, Any]] = (), name: str = "") -> Record:
        """A new table's game, nobody's, with seat 0 held by ``maker_token``'s browser, in one transaction."""
        self._clean_later()
        now = time.time()
        with self._write() as db:
            record = self._insert_game(db, new_token(), state, finished, steps)
            db.execute(f"INSERT INTO table_seats ({Seat.COLUMNS}, game) VALUES (0, ?, ?, ?, ?, ?)",
                       (name, owner_hash(maker_token), now, now, record.id))
        return record

    def join_table(self, table: str, seats: int, name: str, holder: str) -> Seat:
        """The first free seat below ``seats`` for the browser whose owner hash is ``holder``,
        named ``name``; the seat it holds already if it has one (its name kept). TableGone if the
        table is gone, NameTaken if another seat's typed name reads as it (``Seat.named``),
        TableFull if every seat is held: then nothing is written."""
        now = time.time()
        with self._write() as db:
            self._serialize(db, TABLE_JOINS, table)
            if db.execute("SELECT 1 FROM games WHERE id = ?", (table,)).fetchone() is None:
                raise TableGone(table)
            taken = [Seat.from_row(row) for row in
                     db.execute(f"SELECT {Seat.COLUMNS} FROM table_seats WHERE game = ?", (table,)).fetchall()]
            mine = next((seat for seat in taken if seat.holder == holder), None)
            if mine is not None:
                return mine
            if name and any(seat.named(name) for seat in taken):
                raise NameTaken(name)
            held = {seat.seat for seat in taken}
            free = next((seat for seat in range(seats) if seat not in held), None)
            if free is None:
                raise TableFull(table)
            db.execute(f"INSERT INTO table_seats ({Seat.COLUMNS}, game) VALUES (?, ?, ?, ?, ?, ?)",
                       (free, name, holder, now, now, table))
        return Seat(free, name, holder, now, now)

    def table_seats(self, table: str) -> list[Seat]:
        """The seats people hold at the table, in seat order (none: no such table, or not a table)."""
        return [Seat.from_row(row) for row in
                self._all(f"SELECT {Seat.COLUMNS} FROM table_seats WHERE game = ? ORDER BY seat", (table,))]

    def seen_at_table(self, table: str, seat: Seat, every: float = SEEN_EVERY) -> Seat:
        """Note that the seat's holder is at the table now, if it was last noted ``every`` seconds
        ago or more (at most SEEN_EVERY); the seat as noted."""
        now = time.time()
        if now - seat.seen < min(every, SEEN_EVERY):
            return seat
        self._write_one("UPDATE table_seats SET seen = ? WHERE game = ? AND seat = ?", (now, table, seat.seat))
        return replace(seat, seen=now)

    def table_moved(self, table: str, version: int) -> None:
        """Announce the table's new version to its streams on every host."""
        self._announce_now(TableMoved(table, version).as_event())

    def table_versions(self, tables: list[str]) -> list[TableMoved]:
        """The tables' versions as stored (a process's followed tables, read again)."""
        if not tables:
            return []
        marks = ", ".join("?" * len(tables))
        return [TableMoved(*row) for row in self._all(f"SELECT id, version FROM games WHERE id IN ({marks})",
                                                      tuple(tables))]

    def _announce_now(self, event: dict[str, Any]) -> None:
        """Announce ``event``, its change committed already (a backend's: SQLite's to this process's
        streams, PostgreSQL's a NOTIFY to every host's)."""
