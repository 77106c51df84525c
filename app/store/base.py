"""The game store's one interface (``Store``): each table's statements are in a module of their
own (.games, .classes, .seats, .live, .watches, .counts, on the transactions of .tables), written once in the
SQL both SQLite and PostgreSQL speak; here, what spans the tables (the schema's upgrade and the
cleanup), and a backend (app.store.sqlite, .postgres) gives the connections, the transactions and
the few words that differ.

The checks that read before they write (one owner's live games, a class's next number, a rate
limit's count) run inside a write transaction that ``_serialize`` or FOR_UPDATE makes the only
one of its kind: SQLite's writers take turns anyway, PostgreSQL locks the row or the key.
Deleting a game deletes its student row, refusals and watch links with it, and its log soon after
(``cleanup_batches``).
"""
from __future__ import annotations

import logging
import os
import random
import threading
import time
from abc import abstractmethod
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

from . import schema
from .class_tables import ClassTables
from .classes import Classes
from .counts import RateCounts
from .following import Followers, Following
from .following import table_channel
from .games import FINISHED_TTL, IDLE_TTL, UNPLAYED_TTL
from .live import LiveSessions
from .seats import TableSeats
from .tables import SCHEMA_CHANGES
from .watches import WatchLinks

CLEANUP_EVERY = 600  # seconds between two cleanups of a process, give or take half (``_cleans``)
CLEANUP_BATCH = 100  # games, classes or counts deleted per transaction (``cleanup_batches``)
LOG_BATCH = 500  # log rows deleted per transaction: a request's steps each, about 130 bytes packed


class Store(Classes, ClassTables, TableSeats, WatchLinks, LiveSessions, RateCounts):
    """The interface every caller uses (app.practice.access, app.classroom, app.limits_storage):
    each table's statements (.games, .classes, .watches, .counts), and here the schema's upgrade
    and the cleanup, which span them; all of it but the connections."""

    def __init__(self, clean_every: float | None = CLEANUP_EVERY):
        self._clean_every = clean_every  # None: no cleaner thread (``flask cleanup`` from cron instead)
        self._cleaner: int | None = None  # the pid whose cleaner thread runs
        self._closed = threading.Event()  # ``close``: the cleaner and the listener stop too
        self.followers = Followers()  # this process's streams, by class or table (app.store.following)
        self._listener: int | None = None  # the pid whose listener thread runs (``follow``)

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

    # --- live sessions followed -------------------------------------------------------------

    def follow(self, code: str) -> AbstractContextManager[Following]:
        """Hold a stream on the class's live session while the block runs: its announcements from
        every host wake it (``Following.wait``). The process's listener thread starts with its
        first stream (a forked process has none of its parent's threads)."""
        return self._follow(code)

    def follow_table(self, table: str) -> AbstractContextManager[Following]:
        """Hold a stream on a table's moves while the block runs, as ``follow`` a class's session."""
        return self._follow(table_channel(table))

    def _follow(self, channel: str) -> AbstractContextManager[Following]:
        pid = os.getpid()
        if self._listener != pid:
            self._listener = pid
            threading.Thread(target=self._listening, name="live-listener", daemon=True).start()
        return self.followers.follow(channel)

    @abstractmethod
    def _listening(self) -> None:
        """The process's listener thread: brings every host's announcements to ``followers``
        until the store is closed."""

    def _caught_up(self) -> None:
        """Announce the followed classes' sessions and tables' versions as stored: what a listener
        missed (SQLite's other processes, a PostgreSQL connection lost for a moment) reaches the
        streams."""
        for session in self.live_states(self.followers.codes()):
            self.followers.announce(session.as_event())
        self.followed_versions(time.monotonic())  # a read the tables' streams' heartbeats share

    def followed_versions(self, since: float) -> dict[str, int]:
        """The version of each table this process follows (a table gone: absent), as read at
        ``since`` (time.monotonic) or later: one query for every table, shared by every table's
        streams at their heartbeats (app.tables.events), and what it finds announced, so a move
        whose announcement was lost still reaches them."""
        return self.followers.versions.since(self._tables_read, since)

    def _tables_read(self) -> dict[str, int]:
        found = self.table_versions(self.followers.tables())
        for table in found:
            self.followers.announce(table.as_event())
        return {table.table: table.version for table in found}

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
                if migration.then is not None:
                    migration.then(db)
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
        # A generator of its own: drawing from the module's shared one, this thread changed it under
        # a property test drawing at the same moment, which hypothesis then failed as flaky.
        dice = random.Random()
        while not self._closed.wait(every * dice.uniform(0.5, 1.5)):
            try:
                self.cleanup()
            except self.errors:  # a locked or full disk, a database away: the next round tries again
                logging.getLogger(__name__).exception("cleanup of %s failed", self)

    def cleanup(self, now: float | None = None) -> int:
        """Delete what has expired (``cleanup_batches``); returns how many games went."""
        return sum(self.cleanup_batches(now))

    def cleanup_batches(self, now: float | None = None) -> Iterator[int]:
        """Delete finished games after a day, games never played after UNPLAYED_TTL (a student's
        too), idle ones after a month, expired classes with their students' games, rate limits'
        expired hits, and the logs of the games deleted; yielding each transaction's count of games
        between two transactions. A student's game once played stays as long as its class,
        finished or not: its teacher still reads it. A class's table stays as long as its class
        too, played or not (its teacher opened it for a lesson, and follows it), and goes with it.

        Every transaction is short, so that a move never waits long behind it: CLEANUP_BATCH games
        (each with its few rows of students, refusals and watch links), classes or counts, or
        LOG_BATCH rows of logs, however long the games were. A game goes whole in one transaction
        (a move finds it, or is told it is gone); its log rows go after it, in their own
        transactions (``gone_logs`` keeps the ids of the games whose log is still to delete).
        Between two transactions the cleaner rests as long as the last one held the writers' turn
        (``_in_turns``), so that a writer waiting for the turn always gets it first."""
        now = time.time() if now is None else now
        yield from self._in_turns(self._delete_games,
                                  "SELECT game FROM students JOIN classes ON classes.code = students.class "
                                  "WHERE classes.expires <= ?", (now,))
        yield from self._in_turns(self._delete_games,  # its tables' (with their seats and refusals)
                                  "SELECT game FROM class_tables JOIN classes ON classes.code = class_tables.class "
                                  "WHERE classes.expires <= ?", (now,))
        yield from self._in_turns(self._delete_rows,
                                  "DELETE FROM classes WHERE code IN (SELECT code FROM classes WHERE expires <= ? LIMIT ?)",
                                  (now,))
        # Every way to expire needs the game untouched for UNPLAYED_TTL at least: said first, so that
        # the index on ``updated`` finds the candidates, rather than a walk through every game.
        yield from self._in_turns(self._delete_games,
                                  "SELECT id FROM games WHERE updated < ? AND id NOT IN (SELECT game FROM class_tables) "
                                  "AND ((version = 1 AND updated < ?) OR (((finished = 1 AND updated < ?) OR updated < ?) "
                                  "AND id NOT IN (SELECT game FROM students)))",
                                  (now - min(UNPLAYED_TTL, FINISHED_TTL, IDLE_TTL), now - UNPLAYED_TTL,
                                   now - FINISHED_TTL, now - IDLE_TTL))
        yield from self._in_turns(self._delete_rows,
                                  f"DELETE FROM hits WHERE {self.ROW_ID} IN "
                                  f"(SELECT {self.ROW_ID} FROM hits WHERE expires <= ? LIMIT ?)", (now,))
        yield from self._in_turns(self._delete_rows,
                                  "DELETE FROM counters WHERE key IN (SELECT key FROM counters WHERE expires <= ? LIMIT ?)",
                                  (now,))
        yield from self._in_turns(self._delete_logs)

    def _in_turns(self, batch: Callable[..., tuple[bool, int]], *args: Any) -> Iterator[int]:
        """``batch(db, *args)`` in one write transaction after another, as long as it says there
        may be more to delete; yields the games each deleted. After each, the cleaner
        rests as long as it held the writers' turn: SQLite's writers queue on locks that are not
        fair (a thread's lock, an flock), and the thread that lets go of one takes it again before
        a waiting one wakes, so without the rest a move waited through batch after batch."""
        while True:
            began = time.monotonic()
            with self._write() as db:
                more, games = batch(db, *args)
            if games:
                yield games
            self._rest(time.monotonic() - began)
            if not more:
                return

    def _rest(self, seconds: float) -> None:
        """The cleaner's rest between two transactions (``_in_turns``)."""
        time.sleep(seconds)

    @staticmethod
    def _delete_rows(db, sql: str, params: tuple) -> tuple[bool, int]:
        """One batch of a ``DELETE ... LIMIT ?`` that deletes no game."""
        return db.execute(sql, (*params, CLEANUP_BATCH)).rowcount == CLEANUP_BATCH, 0

    @staticmethod
    def _delete_games(db, expired: str, params: tuple) -> tuple[bool, int]:
        """CLEANUP_BATCH of the games ``expired`` selects, with their rows in every table but the
        log's: their ids go to ``gone_logs``, for ``_delete_logs``."""
        gone = db.execute(f"DELETE FROM games WHERE id IN ({expired} LIMIT ?) RETURNING id",
                          (*params, CLEANUP_BATCH)).fetchall()
        db.executemany("INSERT INTO gone_logs (game) VALUES (?)", gone)
        return len(gone) == CLEANUP_BATCH, len(gone)

    @staticmethod
    def _delete_logs(db) -> tuple[bool, int]:
        """LOG_BATCH log rows of deleted games (of the first CLEANUP_BATCH in ``gone_logs``), and
        those games' ids once no row of their log is left; there may be more while either went."""
        rows = db.execute("DELETE FROM log WHERE (game, n) IN (SELECT game, n FROM log WHERE game IN "
                          "(SELECT game FROM gone_logs ORDER BY game LIMIT ?) LIMIT ?)",
                          (CLEANUP_BATCH, LOG_BATCH)).rowcount
        # Any cleaner may delete a game's last rows (two workers' at once, say): each id goes only
        # when no row of its log is left, whoever deleted them.
        ids = db.execute("DELETE FROM gone_logs WHERE game IN (SELECT game FROM gone_logs ORDER BY game LIMIT ?) "
                         "AND NOT EXISTS (SELECT 1 FROM log WHERE log.game = gone_logs.game)", (CLEANUP_BATCH,)).rowcount
        return rows + ids > 0, 0
