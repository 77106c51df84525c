"""The game store's one interface (``Store``): each table's statements are in a module of their
own (.games, .classes, .watches, .counts, on the transactions of .tables), written once in the
SQL both SQLite and PostgreSQL speak; here, what spans the tables (the schema's upgrade and the
cleanup), and a backend (app.store.sqlite, .postgres) gives the connections, the transactions and
the few words that differ.

The checks that read before they write (one owner's live games, a class's next number, a rate
limit's count) run inside a write transaction that ``_serialize`` or FOR_UPDATE makes the only
one of its kind: SQLite's writers take turns anyway, PostgreSQL locks the row or the key.
Deleting a game deletes its log, its student row, refusals and watch links with it.
"""
from __future__ import annotations

import logging
import os
import random
import threading
import time
from abc import abstractmethod
from contextlib import AbstractContextManager

from . import schema
from .classes import Classes
from .counts import RateCounts
from .games import FINISHED_TTL, IDLE_TTL, UNPLAYED_TTL, Games
from .tables import SCHEMA_CHANGES
from .watches import WatchLinks

CLEANUP_EVERY = 600  # seconds between two cleanups of a process, give or take half (``_cleans``)
CLEANUP_BATCH = 200  # rows deleted per transaction: other writers get their turn between batches


class Store(Classes, Games, WatchLinks, RateCounts):
    """The interface every caller uses (app.practice.access, app.classroom, app.limits_storage):
    each table's statements (.games, .classes, .watches, .counts), and here the schema's upgrade
    and the cleanup, which span them; all of it but the connections."""

    def __init__(self, clean_every: float | None = CLEANUP_EVERY):
        self._clean_every = clean_every  # None: no cleaner thread (``flask cleanup`` from cron instead)
        self._cleaner: int | None = None  # the pid whose cleaner thread runs
        self._closed = threading.Event()  # ``close``: the cleaner stops too

    # --- what a backend gives besides its transactions (.tables) ------------------------------

    @abstractmethod
    def schema_version(self) -> int:
        """The migration the database is at (0: none, a SQLite file from before versions)."""

    def _upgrade_transaction(self) -> AbstractContextManager:
        """The upgrade's write transaction (a backend that checks the schema first skips it here)."""
        return self._write()

    def close(self) -> None:
        """Let go of the connections and stop the cleaner (a test's store, a CLI command's)."""
        self._closed.set()
        self._disconnect()

    @abstractmethod
    def _disconnect(self) -> None:
        """Close the backend's connections."""

    # --- the schema --------------------------------------------------------------------------

    def upgrade(self) -> list[int]:
        """Apply the migrations the database lacks, in order, with the version, in one transaction
        that one host at a time may hold; returns the numbers applied (none: it was up to date)."""
        with self._upgrade_transaction() as db:
            self._serialize(db, SCHEMA_CHANGES, "schema_version")
            db.execute(schema.VERSION_TABLE)
            found = db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0]
            applied = [migration for migration in schema.MIGRATIONS if migration.number > found]
            for migration in applied:
                for statement in self._statements(migration):
                    db.execute(statement)
            if applied:
                db.execute("DELETE FROM schema_version")
                db.execute("INSERT INTO schema_version (version) VALUES (?)", (applied[-1].number,))
        return [migration.number for migration in applied]

    @abstractmethod
    def _statements(self, migration: schema.Migration) -> tuple[str, ...]:
        """The migration in this database's words."""

    # --- the cleanup ---------------------------------------------------------------------------

    def _clean_later(self) -> None:
        """Start this process's cleaner thread, if it has none (a forked process has none of its
        parent's threads). Called where rows are added, never running a cleanup itself."""
        pid = os.getpid()
        if self._clean_every is None or self._cleaner == pid:
            return
        self._cleaner = pid
        threading.Thread(target=self._cleans, args=(self._clean_every,), name="practice-cleanup", daemon=True).start()

    def _cleans(self, every: float) -> None:
        """The cleaner: a cleanup every ``every`` seconds (the store's ``clean_every``), each wait drawn between half and one
        and a half of it, so that workers and hosts started together do not clean at the same moment."""
        while not self._closed.wait(every * random.uniform(0.5, 1.5)):
            try:
                self.cleanup()
            except self.errors:  # a locked or full disk, a database away: the next round tries again
                logging.getLogger(__name__).exception("cleanup of %s failed", self)

    def cleanup(self, now: float | None = None) -> int:
        """Delete what has expired (``cleanup_batches``); returns how many games went."""
        return sum(self.cleanup_batches(now))

    def cleanup_batches(self, now: float | None = None):
        """Delete finished games after a day, games never played after UNPLAYED_TTL (a student's
        too), idle ones after a month, expired classes with their students' games, and rate limits'
        expired hits: CLEANUP_BATCH rows a transaction, yielding each batch's count of games,
        between two transactions, so that no transaction holds many rows and every other writer
        gets its turn between batches. A student's game once played stays as long as its class,
        finished or not: its teacher still reads it."""
        now = time.time() if now is None else now
        batches = (
            ("DELETE FROM games WHERE id IN (SELECT game FROM students JOIN classes "
             "ON classes.code = students.class WHERE classes.expires <= ? LIMIT ?)", (now,), True),
            ("DELETE FROM classes WHERE code IN (SELECT code FROM classes WHERE expires <= ? LIMIT ?)", (now,), False),
            ("DELETE FROM games WHERE id IN (SELECT id FROM games WHERE (version = 1 AND updated < ?) "
             "OR (((finished = 1 AND updated < ?) OR updated < ?) AND id NOT IN (SELECT game FROM students)) LIMIT ?)",
             (now - UNPLAYED_TTL, now - FINISHED_TTL, now - IDLE_TTL), True),
            (f"DELETE FROM hits WHERE {self.ROW_ID} IN (SELECT {self.ROW_ID} FROM hits WHERE expires <= ? LIMIT ?)",
             (now,), False),
            ("DELETE FROM counters WHERE key IN (SELECT key FROM counters WHERE expires <= ? LIMIT ?)", (now,), False),
        )
        for sql, params, games in batches:
            deleted = CLEANUP_BATCH
            while deleted == CLEANUP_BATCH:
                with self._write() as db:
                    deleted = db.execute(sql, (*params, CLEANUP_BATCH)).rowcount
                if games and deleted:
                    yield deleted
