"""A class's tables of people (issue 38, item 1): tables its teacher opened (the ``class_tables``
table) and the moves refused at them by rule (``class_table_refusals``), for app.tables.classes.

A class table is a table (app.store.seats) whose game is nobody's and whose seats start empty: it
waits (``started`` NULL) until the teacher starts it or every seat is taken; the app refuses its
moves until then. Opening tables is serialised per class (``_serialize``), so that the class's
count of tables and their numbers stay right when two of its teachers open tables at once.
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .games import Games
from .records import ClassEnded, ClassGone, ClassTable, Record, Seat, TooManyTables, new_token
from .tables import CLASS_TABLES


class ClassTables(Games):
    """A class's tables opened, read, started; their refused moves counted."""

    def create_class_table(self, code: str, state: dict[str, Any], finished: bool,
                           steps: Sequence[dict[str, Any]], most: int) -> Record:
        """A new table of the class's, nobody's game with no seat held, waiting; its number the
        class's next. ClassGone if the class expired, ClassEnded if it ended, TooManyTables if
        it has ``most`` already: then nothing is written."""
        self._clean_later()
        with self._write() as db:
            self._serialize(db, CLASS_TABLES, code)
            row = db.execute("SELECT ended FROM classes WHERE code = ? AND expires > ?", (code, time.time())).fetchone()
            if row is None:
                raise ClassGone(code)
            if row[0] is not None:
                raise ClassEnded(code)
            count, last = db.execute("SELECT COUNT(*), COALESCE(MAX(number), 0) FROM class_tables WHERE class = ?",
                                     (code,)).fetchone()
            if count >= most:
                raise TooManyTables(code)
            record = self._insert_game(db, new_token(), state, finished, steps)
            db.execute("INSERT INTO class_tables (game, class, number) VALUES (?, ?, ?)", (record.id, code, last + 1))
        return record

    def class_table(self, table: str) -> ClassTable | None:
        """The class table whose game is ``table``; None for a friend's table (or none)."""
        row = self._one(f"SELECT {ClassTable.COLUMNS} FROM class_tables WHERE game = ?", (table,))
        return ClassTable.from_row(row) if row else None

    def removed_at_table(self, table: str, holder: str) -> bool:
        """Whether ``holder`` (an owner hash) is a student whom the teacher of ``table``'s class
        removed: their seat stays, played by a bot once they are away, but is theirs no more."""
        return self._one("SELECT 1 FROM removed_students JOIN class_tables ON class_tables.class = removed_students.class "
                         "WHERE class_tables.game = ? AND removed_students.owner = ?", (table, holder)) is not None

    def class_tables(self, code: str) -> list[ClassTable]:
        """The class's tables, by number."""
        return [ClassTable.from_row(row) for row in
                self._all(f"SELECT {ClassTable.COLUMNS} FROM class_tables WHERE class = ? ORDER BY number", (code,))]

    def class_tables_version(self, code: str) -> tuple[int, ...]:
        """What the teacher's listing of the class's tables shows, as a value that changes whenever
        it does, in one small query (no game's state): (its tables, those started, the sum of their
        games' versions, their seats taken, their moves refused). Each only grows while the class
        lives (its tables stay as long as it does), so the value never comes back to one it had."""
        row = self._one(
            "SELECT COUNT(*), COUNT(t.started), COALESCE(SUM(g.version), 0), "
            "(SELECT COUNT(*) FROM table_seats s JOIN class_tables c ON c.game = s.game WHERE c.class = ?), "
            "(SELECT COALESCE(SUM(r.n), 0) FROM class_table_refusals r JOIN class_tables c ON c.game = r.game "
            "WHERE c.class = ?) FROM class_tables t JOIN games g ON g.id = t.game WHERE t.class = ?",
            (code, code, code))
        assert row is not None  # an aggregate's one row, even of no table
        return tuple(row)

    def class_table_seats(self, code: str) -> dict[str, list[Seat]]:
        """{table: the seats people hold there, in seat order} for the class's tables that have
        any, in one query: what the teacher's pages judge who is away by, which no version counts
        (being away is a matter of time passing, not of anything written)."""
        held: dict[str, list[Seat]] = {}
        for row in self._all(f"SELECT s.game, {', '.join('s.' + column for column in Seat.COLUMNS.split(', '))} "
                             "FROM table_seats s JOIN class_tables c ON c.game = s.game WHERE c.class = ? "
                             "ORDER BY s.game, s.seat", (code,)):
            held.setdefault(row[0], []).append(Seat.from_row(row[1:]))
        return held

    def start_class_tables(self, code: str) -> list[str]:
        """Start the class's waiting tables: their games' ids (none waited: [])."""
        now = time.time()
        with self._write() as db:
            waiting = [game for (game,) in db.execute(
                "SELECT game FROM class_tables WHERE class = ? AND started IS NULL ORDER BY number", (code,)).fetchall()]
            db.execute("UPDATE class_tables SET started = ? WHERE class = ? AND started IS NULL", (now, code))
        return waiting

    def start_class_table(self, table: str) -> bool:
        """Start the table if it is a class's and waits: whether this call started it."""
        return self._write_one("UPDATE class_tables SET started = ? WHERE game = ? AND started IS NULL",
                               (time.time(), table)) == 1

    def note_table_refusal(self, table: str, rule: str) -> bool:
        """Count a move refused at the table for the class's teacher, if it is a class's table."""
        return self._write_one("INSERT INTO class_table_refusals (game, rule, n) SELECT game, ?, 1 FROM class_tables "
                               "WHERE game = ? ON CONFLICT (game, rule) DO UPDATE SET n = class_table_refusals.n + 1",
                               (rule, table)) == 1

    def class_table_refusals(self, code: str) -> dict[str, dict[str, int]]:
        """{table: {rule id: refused moves}} for the class's tables that had a move refused."""
        counts: dict[str, dict[str, int]] = {}
        for game, rule, n in self._all("SELECT r.game, r.rule, r.n FROM class_table_refusals r "
                                       "JOIN class_tables t ON t.game = r.game WHERE t.class = ?", (code,)):
            counts.setdefault(game, {})[rule] = n
        return counts
