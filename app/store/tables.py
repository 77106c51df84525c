"""What every table's statements run on: a write transaction and reads, which a backend gives
(app.store.sqlite, .postgres), and the few words in which the two databases differ. The tables'
statements (.games, .classes, .watches, .counts) are written once on these, in the SQL both
speak (``?`` for parameters; the PostgreSQL backend passes them on as ``%s``).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractContextManager

# ``_serialize``'s kinds of key: the schema's upgrade, one owner's new games, one rate limit's hits,
# one table's joins, one class's tables opened.
SCHEMA_CHANGES, OWNER_GAMES, LIMIT_HITS, TABLE_JOINS, CLASS_TABLES = 0, 1, 2, 3, 4


class Tables(ABC):
    """The connections' side of the store, as the tables' statements see it."""

    ROW_ID = "rowid"  # the column the cleanup deletes rate-limit hits by
    FOR_UPDATE = ""  # locks the rows a write transaction reads first (SQLite's writers take turns anyway)
    # Whether a WITH may hold an UPDATE whose rows the statement's INSERT reads (PostgreSQL's
    # data-modifying WITH; SQLite has none): two writes that go together in one statement, so one
    # round trip to the server (``_write_one``).
    WRITES_IN_WITH = False
    errors: tuple[type[Exception], ...]  # the database library's errors (the cleaner thread logs them)
    duplicate: type[Exception]  # a UNIQUE constraint refused an insert

    @abstractmethod
    def _write(self) -> AbstractContextManager:
        """A write transaction: ``with self._write() as db``, ``db.execute(sql, params)`` returning a
        cursor; committed when the block ends, rolled back if it raises, then ``_committed()``."""

    def _write_one(self, sql: str, params: tuple = ()) -> int:
        """One write statement, a transaction by itself: how many rows it changed. SQLite runs it
        in the writers' turn, as any write; PostgreSQL sends it alone, without the BEGIN and COMMIT
        that are a round trip each."""
        with self._write() as db:
            return db.execute(sql, params).rowcount

    @abstractmethod
    def _one(self, sql: str, params: tuple = ()) -> tuple | None:
        """The first row of a read."""

    @abstractmethod
    def _all(self, sql: str, params: tuple = ()) -> list[tuple]:
        """Every row of a read."""

    def _aggregate(self, sql: str, params: tuple = ()) -> tuple:
        """The row of a read that always has one (COUNT, MIN, EXISTS without GROUP BY)."""
        row = self._one(sql, params)
        if row is None:
            raise LookupError(f"no row from an aggregate: {sql}")
        return row

    def _serialize(self, db, kind: int, key: str) -> None:
        """Make this transaction the only one holding (``kind``, ``key``) until it ends, so that
        its count and its insert are one step. SQLite's writers already take turns."""

    def _committed(self) -> None:
        """Called after each commit of a write transaction."""

    @abstractmethod
    def _clean_later(self) -> None:
        """Start this process's cleaner thread if it has none (app.store.base.Store): called where
        rows are added."""
