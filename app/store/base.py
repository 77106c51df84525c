"""The game store's promises, written once: the SQL below is what SQLite and PostgreSQL both speak
(``?`` for parameters; the PostgreSQL backend passes them on as ``%s``), and a backend
(app.store.sqlite, .postgres) gives the connections, the transactions and the few words
that differ.

Every save is a compare-and-set on the game's version (``UPDATE ... WHERE version = ?``), so of
two requests made on the same version exactly one is applied and the other is told it is stale,
whichever process or host made them; a move's new steps are appended in the same transaction.
The checks that read before they write (one owner's live games, a class's next number, a rate
limit's count) run inside a write transaction that ``_serialize`` or FOR_UPDATE makes the only
one of its kind: SQLite's writers take turns anyway, PostgreSQL locks the row or the key.

A student's game is an ordinary game with a row in ``students``; deleting a game deletes its
log, its student row, refusals and watch links with it.
"""
from __future__ import annotations

import logging
import os
import random
import secrets
import threading
import time
from abc import ABC, abstractmethod
from contextlib import AbstractContextManager
from typing import Any

from ..fast_json import dumps as encode, loads as decode
from . import schema
from .records import ClassFull, ClassGone, ClassRecord, Record, StudentGame, TooManyGames, Watch, owner_hash

FINISHED_TTL = 24 * 3600  # a finished game stays a day, so its last page can still be read
IDLE_TTL = 30 * 24 * 3600  # an unfinished game untouched for a month is abandoned
UNPLAYED_TTL = 2 * 3600  # a game nobody ever moved in (version 1) goes after two hours
CLEANUP_EVERY = 600  # seconds between two cleanups of a process, give or take half (``_cleans``)
CLEANUP_BATCH = 200  # rows deleted per transaction: other writers get their turn between batches
# A save rewrites ``updated`` (and so its index) only when it is this old: the cleanup's clock
# needs no finer grain, and a move then writes one page fewer.
TOUCH_EVERY = 600
# ``_serialize``'s kinds of key: the schema's upgrade, one owner's new games, one rate limit's hits.
SCHEMA_CHANGES, OWNER_GAMES, LIMIT_HITS = 0, 1, 2


class Store(ABC):
    """The interface every caller uses (app.practice.access, app.classroom, app.limits_storage),
    and all of it but the connections."""

    ROW_ID = "rowid"  # the column the cleanup deletes rate-limit hits by
    FOR_UPDATE = ""  # locks the rows a write transaction reads first (SQLite's writers take turns anyway)
    errors: tuple[type[Exception], ...]  # the database library's errors (the cleaner thread logs them)
    duplicate: type[Exception]  # a UNIQUE constraint refused an insert

    def __init__(self, clean_every: float | None = CLEANUP_EVERY):
        self._clean_every = clean_every  # None: no cleaner thread (``flask cleanup`` from cron instead)
        self._cleaner: int | None = None  # the pid whose cleaner thread runs
        self._closed = threading.Event()  # ``close``: the cleaner stops too

    # --- what a backend gives --------------------------------------------------------------

    @abstractmethod
    def _write(self) -> AbstractContextManager:
        """A write transaction: ``with self._write() as db``, ``db.execute(sql, params)`` returning a
        cursor; committed when the block ends, rolled back if it raises, then ``_committed()``."""

    @abstractmethod
    def _one(self, sql: str, params: tuple = ()) -> tuple | None:
        """The first row of a read."""

    @abstractmethod
    def _all(self, sql: str, params: tuple = ()) -> list[tuple]:
        """Every row of a read."""

    def _serialize(self, db, kind: int, key: str) -> None:
        """Make this transaction the only one holding (``kind``, ``key``) until it ends, so that
        its count and its insert are one step. SQLite's writers already take turns."""

    def _committed(self) -> None:
        """Called after each commit of a write transaction."""

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
        threading.Thread(target=self._cleans, name="practice-cleanup", daemon=True).start()

    def _cleans(self) -> None:
        """The cleaner: a cleanup every CLEANUP_EVERY seconds, each wait drawn between half and one
        and a half of it, so that workers and hosts started together do not clean at the same moment."""
        while not self._closed.wait(self._clean_every * random.uniform(0.5, 1.5)):
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

    # --- games -------------------------------------------------------------------------------

    def create(self, owner_token: str, state: dict[str, Any], finished: bool = False,
               steps: list[dict[str, Any]] = (), most_live: int | None = None) -> Record:
        """A new game; with ``most_live``, TooManyGames if its owner already has that many live
        (unfinished, unexpired, in a class or not: ``_check_live``), counted in the same transaction."""
        self._clean_later()
        with self._write() as db:
            if most_live is not None:
                self._check_live(db, owner_hash(owner_token), most_live)
            return self._insert_game(db, owner_token, state, finished, steps)

    def _check_live(self, db, owner: str, most: int) -> None:
        """TooManyGames if ``owner`` has ``most`` unfinished games that have not expired: one never
        played goes after UNPLAYED_TTL, a student's once played with its class, another after
        IDLE_TTL; its wait is until the first of them goes."""
        self._serialize(db, OWNER_GAMES, owner)
        now = time.time()
        count, first_expiry = db.execute(
            "SELECT COUNT(*), MIN(CASE WHEN games.version = 1 THEN games.updated + ? "
            "ELSE COALESCE(classes.expires, games.updated + ?) END) FROM games "
            "LEFT JOIN students ON students.game = games.id LEFT JOIN classes ON classes.code = students.class "
            "WHERE games.owner = ? AND games.finished = 0 "
            "AND games.updated >= CASE WHEN games.version = 1 THEN ? ELSE ? END "
            "AND (classes.expires IS NULL OR classes.expires > ?)",
            (UNPLAYED_TTL, IDLE_TTL, owner, now - UNPLAYED_TTL, now - IDLE_TTL, now)).fetchone()
        if count >= most:
            raise TooManyGames(max(1.0, first_expiry - now))

    def _insert_game(self, db, owner_token: str, state: dict[str, Any], finished: bool, steps) -> Record:
        """A new game and its first steps, inside the caller's write transaction."""
        game_id, owner, data, now = secrets.token_urlsafe(16), owner_hash(owner_token), encode(state), time.time()
        db.execute("INSERT INTO games (id, owner, version, state, finished, updated) VALUES (?, ?, 1, ?, ?, ?)",
                   (game_id, owner, data, int(finished), now))
        self._append(db, game_id, 0, steps)
        return Record(game_id, owner, 1, data, finished, now)

    def load(self, game_id: str) -> Record | None:
        row = self._one("SELECT id, owner, version, state, finished, updated FROM games WHERE id = ?", (game_id,))
        if row is None:
            return None
        return Record(row[0], row[1], row[2], row[3], bool(row[4]), row[5])

    def save(self, record: Record, state: dict[str, Any], finished: bool,
             steps: list[dict[str, Any]] = (), first: int = 0) -> Record | None:
        """Write ``state`` as the next version, and ``steps`` numbered from ``first``, if nobody
        saved since ``record`` was read; else change nothing and return None."""
        data, now, updated = encode(state), time.time(), record.updated
        touch = now - updated >= TOUCH_EVERY or finished != record.finished
        with self._write() as db:
            if touch:
                updated = now
                cursor = db.execute("UPDATE games SET state = ?, version = version + 1, finished = ?, updated = ? "
                                    "WHERE id = ? AND version = ?",
                                    (data, int(finished), now, record.id, record.version))
            else:
                cursor = db.execute("UPDATE games SET state = ?, version = version + 1 WHERE id = ? AND version = ?",
                                    (data, record.id, record.version))
            if cursor.rowcount != 1:
                return None
            self._append(db, record.id, first, steps)
        return Record(record.id, record.owner, record.version + 1, data, finished, updated)

    @staticmethod
    def _append(db, game_id: str, first: int, steps) -> None:
        """The steps of one request as one row (a JSON list, numbered by its first step)."""
        if steps:
            db.execute("INSERT INTO steps (game, n, step) VALUES (?, ?, ?)", (game_id, first, encode(list(steps))))

    def steps(self, game_id: str, first: int) -> list[dict[str, Any]]:
        """The log's steps from number ``first`` on, oldest first: from the row holding step
        ``first`` (the last row numbered at most ``first``) on. Rows of one step's object each
        (logs written before one row per request) read the same."""
        rows = self._all(
            "SELECT n, step FROM steps WHERE game = ? AND n >= "
            "COALESCE((SELECT MAX(n) FROM steps WHERE game = ? AND n <= ?), 0) ORDER BY n",
            (game_id, game_id, first))
        log: list[dict[str, Any]] = []
        for n, text in rows:
            batch = decode(text)
            log += [batch] if isinstance(batch, dict) else batch[max(0, first - n):]
        return log

    # --- rate limits' counts (app.limits_storage) --------------------------------------------

    def hit(self, key: str, limit: int, window: float, amount: int = 1) -> bool:
        """Count ``amount`` hits on ``key`` if that keeps it within ``limit`` in the last ``window``
        seconds (a moving window); else count nothing and return False."""
        now = time.time()
        with self._write() as db:
            self._serialize(db, LIMIT_HITS, key)
            count = db.execute("SELECT COUNT(*) FROM hits WHERE key = ? AND at > ?", (key, now - window)).fetchone()[0]
            if count + amount > limit:
                return False
            db.executemany("INSERT INTO hits (key, at, expires) VALUES (?, ?, ?)", [(key, now, now + window)] * amount)
        return True

    def hits(self, key: str, window: float) -> tuple[float, int]:
        """(when the oldest hit in the last ``window`` seconds was, how many there were); no hit:
        (now, 0)."""
        now = time.time()
        oldest, count = self._one("SELECT MIN(at), COUNT(*) FROM hits WHERE key = ? AND at > ?", (key, now - window))
        return (now if oldest is None else oldest), count

    def count(self, key: str, window: float, amount: int = 1) -> int:
        """Add ``amount`` to ``key``'s counter (a fixed window: a new one of ``window`` seconds once
        the last has passed) and return it: one statement, atomic on both databases."""
        now = time.time()
        with self._write() as db:
            return db.execute(
                "INSERT INTO counters (key, n, expires) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET "
                "n = CASE WHEN counters.expires <= ? THEN excluded.n ELSE counters.n + excluded.n END, "
                "expires = CASE WHEN counters.expires <= ? THEN excluded.expires ELSE counters.expires END "
                "RETURNING n", (key, amount, now + window, now, now)).fetchone()[0]

    def counter(self, key: str) -> tuple[int, float]:
        """(``key``'s count, when its window ends); none running: (0, now)."""
        now = time.time()
        row = self._one("SELECT n, expires FROM counters WHERE key = ? AND expires > ?", (key, now))
        return (row[0], row[1]) if row else (0, now)

    def forget(self, key: str | None = None) -> int:
        """Delete ``key``'s hits and counter (None: every key's); returns how many rows went."""
        where, params = ("WHERE key = ?", (key,)) if key is not None else ("", ())
        with self._write() as db:
            return sum(db.execute(f"DELETE FROM {table} {where}", params).rowcount for table in ("hits", "counters"))

    # --- classes (app.classroom) -----------------------------------------------------------

    def create_class(self, code: str, teacher_token: str, options: dict[str, Any], ttl: float) -> ClassRecord | None:
        """A class under ``code`` for ``ttl`` seconds; None if the code is taken (draw another)."""
        self._clean_later()
        now, teacher, data = time.time(), owner_hash(teacher_token), encode(options)
        try:
            with self._write() as db:
                db.execute("INSERT INTO classes (code, teacher, options, created, expires) VALUES (?, ?, ?, ?, ?)",
                           (code, teacher, data, now, now + ttl))
        except self.duplicate:
            return None
        return ClassRecord(code, teacher, decode(data), now, now + ttl)

    def load_class(self, code: str) -> ClassRecord | None:
        """The class, unless there is none or it has expired (its rows wait for the cleanup)."""
        row = self._one("SELECT code, teacher, options, created, expires FROM classes WHERE code = ? AND expires > ?",
                        (code, time.time()))
        return row and ClassRecord(row[0], row[1], decode(row[2]), row[3], row[4])

    def join_class(self, code: str, owner_token: str, state: dict[str, Any], finished: bool, steps,
                   nickname: str | None, watch_token: str, most: int, most_live: int) -> tuple[Record, int]:
        """A student's game in the class, the student's number and the class's watch link to it,
        in one transaction that holds the class (FOR_UPDATE), so joins at once get numbers one
        after another: (the game, the number). ClassGone if the class has expired or never was,
        ClassFull if it has ``most`` students, TooManyGames if the student's browser has
        ``most_live`` live games (as ``create``); then nothing is written."""
        self._clean_later()
        with self._write() as db:
            live = db.execute("SELECT 1 FROM classes WHERE code = ? AND expires > ?" + self.FOR_UPDATE,
                              (code, time.time())).fetchone()
            if live is None:
                raise ClassGone(code)
            count, last = db.execute("SELECT COUNT(*), COALESCE(MAX(number), 0) FROM students WHERE class = ?",
                                     (code,)).fetchone()
            if count >= most:
                raise ClassFull(code)
            self._check_live(db, owner_hash(owner_token), most_live)
            record = self._insert_game(db, owner_token, state, finished, steps)
            db.execute("INSERT INTO students (game, class, number, nickname) VALUES (?, ?, ?, ?)",
                       (record.id, code, last + 1, nickname))
            self._insert_watch(db, watch_token, record.id, open_hands=False, by_class=True)
        return record, last + 1

    def class_games(self, code: str) -> list[StudentGame]:
        """The class's students in the order they joined, with their games as stored."""
        rows = self._all(
            "SELECT students.number, students.nickname, games.id, games.state, games.finished, watches.token "
            "FROM students JOIN games ON games.id = students.game "
            "LEFT JOIN watches ON watches.game = students.game AND watches.by_class = 1 AND watches.revoked = 0 "
            "WHERE students.class = ? ORDER BY students.number", (code,))
        return [StudentGame(row[0], row[1], row[2], row[3], bool(row[4]), row[5]) for row in rows]

    def class_refusals(self, code: str) -> dict[str, dict[str, int]]:
        """{game: {rule id: refused moves}} for the class's students who had a move refused."""
        counts: dict[str, dict[str, int]] = {}
        for game, rule, n in self._all("SELECT refusals.game, refusals.rule, refusals.n FROM refusals "
                                       "JOIN students ON students.game = refusals.game WHERE students.class = ?",
                                       (code,)):
            counts.setdefault(game, {})[rule] = n
        return counts

    def in_class(self, code: str, owner: str) -> bool:
        """Whether the owner hash ``owner`` has a game in the class: it joined with the code."""
        return bool(self._one("SELECT EXISTS (SELECT 1 FROM students JOIN games ON games.id = students.game "
                              "WHERE students.class = ? AND games.owner = ?)", (code, owner))[0])

    def student(self, game_id: str) -> tuple[int, str | None] | None:
        """(number, nickname) if the game is a student's in a class."""
        return self._one("SELECT number, nickname FROM students WHERE game = ?", (game_id,))

    def note_refusal(self, game_id: str, rule: str) -> bool:
        """Count a refused move for its class's teacher, if the game is a student's (read first,
        so that a game outside any class never waits for a write transaction)."""
        if self.student(game_id) is None:
            return False
        with self._write() as db:  # the student may have gone since (an expired class): then nothing is counted
            return db.execute("INSERT INTO refusals (game, rule, n) SELECT game, ?, 1 FROM students WHERE game = ? "
                              "ON CONFLICT (game, rule) DO UPDATE SET n = refusals.n + 1", (rule, game_id)).rowcount == 1

    # --- watch links -------------------------------------------------------------------------

    @staticmethod
    def _insert_watch(db, token: str, game_id: str, open_hands: bool, by_class: bool) -> None:
        db.execute("INSERT INTO watches (token, game, open_hands, by_class) VALUES (?, ?, ?, ?)",
                   (token, game_id, int(open_hands), int(by_class)))

    def share(self, game_id: str, open_hands: bool, token: str) -> Watch:
        """``token``, the owner's new watch link to the game; the owner's links before it are
        turned off in the same transaction, which holds the game (FOR_UPDATE), so there is one
        live link at a time (the class's link, for its teacher, stays)."""
        with self._write() as db:
            db.execute("SELECT 1 FROM games WHERE id = ?" + self.FOR_UPDATE, (game_id,))
            db.execute("UPDATE watches SET revoked = 1 WHERE game = ? AND by_class = 0", (game_id,))
            self._insert_watch(db, token, game_id, open_hands, by_class=False)
        return Watch(token, game_id, open_hands, False, False)

    def shared(self, game_id: str) -> Watch | None:
        """The owner's live watch link to the game, if there is one."""
        row = self._one("SELECT token, open_hands FROM watches WHERE game = ? AND by_class = 0 AND revoked = 0",
                        (game_id,))
        return row and Watch(row[0], game_id, bool(row[1]), False, False)

    def unshare(self, game_id: str) -> int:
        """Turn off the owner's watch links to the game (the class's stays); returns how many."""
        with self._write() as db:
            return db.execute("UPDATE watches SET revoked = 1 WHERE game = ? AND by_class = 0 AND revoked = 0",
                              (game_id,)).rowcount

    def load_watch(self, token: str) -> Watch | None:
        """The watch link, revoked or not (None: no such link, or its game is gone)."""
        row = self._one("SELECT token, game, open_hands, by_class, revoked FROM watches WHERE token = ?", (token,))
        return row and Watch(row[0], row[1], bool(row[2]), bool(row[3]), bool(row[4]))
