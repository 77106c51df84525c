"""Practice games kept server-side in SQLite, in the instance folder, created on first use.

Safe with several server processes on one file: WAL lets readers and one writer work at once,
writers take turns (see ``_transaction``), and every save is a compare-and-set on the game's
version, so of two requests made on the same version exactly one is applied and the other is
told it is stale.

Checkpoints, which copy the write-ahead log back into the database file and sync both to disk,
run on a thread of each process's own (``Store._checkpoints``). Left to SQLite, one ran inside the
commit that filled the log (1000 pages, some 280 moves), while that save held the writers' turn:
that save, and any other worker's, waited 3-10 ms. SQLite's own checkpoint stays, at a longer log
(AUTOCHECKPOINT_PAGES): when writes never pause long enough for ours to finish the log, it copies
the little that is left, and the log starts over.

The narration log lives in its own table, appended in the same transaction as the save: a move
writes only its new steps, not the whole history, as one row (the steps of one request as a JSON
list, numbered by the first). Logs written one row per step, an object each, read the same.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ..fast_json import dumps as encode, loads as decode

try:
    import fcntl
except ImportError:  # not a POSIX system: writers wait on SQLite's busy timeout alone
    fcntl = None

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    version INTEGER NOT NULL,
    state TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated);
CREATE TABLE IF NOT EXISTS steps (
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,  -- the number of the row's first step
    step TEXT NOT NULL,  -- a JSON list of steps (a single step's object in older logs)
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
"""
BUSY_TIMEOUT_MS = 5000
FINISHED_TTL = 24 * 3600  # a finished game stays a day, so its last page can still be read
IDLE_TTL = 30 * 24 * 3600  # an unfinished game untouched for a month is abandoned
CLEANUP_EVERY = 3600
# A save rewrites ``updated`` (and so its index) only when it is this old: the cleanup's clock
# needs no finer grain, and a move then writes one page fewer.
TOUCH_EVERY = 600
CHECKPOINT_EVERY = 100  # commits of a process between two of its checkpoints (about 350 log pages)
AUTOCHECKPOINT_PAGES = 4000  # SQLite's own checkpoint, in a commit (its default: 1000 pages)


@dataclass(frozen=True)
class Record:
    id: str
    owner: str  # hash of the owner's token, never the token itself
    version: int
    data: str = field(repr=False)  # the state as stored (JSON)
    finished: bool
    updated: float  # when ``updated`` was last written (see TOUCH_EVERY)

    @cached_property
    def state(self) -> dict[str, Any]:
        """The stored state, decoded on first use: a move that finds its game already in memory
        (app.practice.access) never needs it."""
        return decode(self.data)

    def owned_by(self, token: str | None) -> bool:
        """Constant-time comparison, so timing tells nothing about the owner's token."""
        return token is not None and hmac.compare_digest(owner_hash(token), self.owner)


def owner_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


class Store:
    """One SQLite file; a connection per thread (sqlite3 connections must not be shared), and
    the writers' lock file beside it (see ``_transaction``)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self._local = threading.local()
        self._last_cleanup = 0.0
        self._threads = threading.Lock()  # this process's writers take turns here first
        self._lock_file: tuple[int, int] | None = None  # (pid, fd): see _lock
        self._commits = 0  # since this process's last checkpoint
        self._checkpointer: tuple[int, threading.Event] | None = None  # (pid, what wakes it)

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            db.execute("PRAGMA journal_mode = WAL")
            # With WAL, NORMAL syncs to disk at checkpoints, not at every commit: the file can't be
            # corrupted, and a process crash loses nothing; only a power cut or OS crash can undo the
            # moves since the last checkpoint. That is fine for practice games, and a move is faster.
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
            db.execute(f"PRAGMA wal_autocheckpoint = {AUTOCHECKPOINT_PAGES}")
            db.executescript(SCHEMA)
            self._local.db = db
        return db

    def _write(self) -> _transaction:
        """A write transaction on this thread's connection."""
        return _transaction(self._db(), self)

    def _lock(self) -> None:
        """Take the writers' turn: among this process's threads, then among processes (an flock
        belongs to an open file, so each process opens the lock file once, a forked one again)."""
        self._threads.acquire()
        if fcntl is None:
            return
        try:
            pid = os.getpid()
            if self._lock_file is None or self._lock_file[0] != pid:
                self._lock_file = pid, os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(self._lock_file[1], fcntl.LOCK_EX)
        except BaseException:
            self._threads.release()
            raise

    def _unlock(self) -> None:
        try:
            if fcntl is not None:
                fcntl.flock(self._lock_file[1], fcntl.LOCK_UN)
        finally:
            self._threads.release()

    def _committed(self) -> None:
        """Count a commit, and wake the checkpointer every CHECKPOINT_EVERY. Called while holding
        the writers' turn, so one thread at a time. The thread starts when first needed, and again
        in a forked process, which has none of its parent's threads."""
        self._commits += 1
        if self._commits < CHECKPOINT_EVERY:
            return
        self._commits = 0
        pid = os.getpid()
        if self._checkpointer is None or self._checkpointer[0] != pid:
            wanted = threading.Event()
            threading.Thread(target=self._checkpoints, args=(wanted,), name="practice-checkpoints",
                             daemon=True).start()
            self._checkpointer = pid, wanted
        self._checkpointer[1].set()

    def _checkpoints(self, wanted: threading.Event) -> None:
        """The checkpointer: PASSIVE, so it never waits for a reader or a writer, nor they for it."""
        db = self._db()
        while True:
            wanted.wait()
            wanted.clear()
            try:
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error:  # SQLite's own checkpoints still run; the next wake-up tries again
                logging.getLogger(__name__).exception("checkpoint of %s failed", self.path)

    def create(self, owner_token: str, state: dict[str, Any], finished: bool = False,
               steps: list[dict[str, Any]] = ()) -> Record:
        self.cleanup()
        game_id, owner, data, now = secrets.token_urlsafe(16), owner_hash(owner_token), encode(state), time.time()
        db = self._db()
        with self._write():
            db.execute(
                "INSERT INTO games (id, owner, version, state, finished, updated) VALUES (?, ?, 1, ?, ?, ?)",
                (game_id, owner, data, int(finished), now))
            self._append(db, game_id, 0, steps)
        return Record(game_id, owner, 1, data, finished, now)

    def load(self, game_id: str) -> Record | None:
        row = self._db().execute(
            "SELECT id, owner, version, state, finished, updated FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        return Record(row[0], row[1], row[2], row[3], bool(row[4]), row[5])

    def save(self, record: Record, state: dict[str, Any], finished: bool,
             steps: list[dict[str, Any]] = (), first: int = 0) -> Record | None:
        """Write ``state`` as the next version, and ``steps`` numbered from ``first``, if nobody
        saved since ``record`` was read; else change nothing and return None."""
        data, now, updated = encode(state), time.time(), record.updated
        touch = now - updated >= TOUCH_EVERY or finished != record.finished
        db = self._db()
        with self._write():
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
    def _append(db: sqlite3.Connection, game_id: str, first: int, steps) -> None:
        if steps:
            db.execute("INSERT INTO steps (game, n, step) VALUES (?, ?, ?)", (game_id, first, encode(list(steps))))

    def steps(self, game_id: str, first: int) -> list[dict[str, Any]]:
        """The log's steps from number ``first`` on, oldest first: from the row holding step
        ``first`` (the last row numbered at most ``first``) on."""
        rows = self._db().execute(
            "SELECT n, step FROM steps WHERE game = ? AND n >= "
            "IFNULL((SELECT MAX(n) FROM steps WHERE game = ? AND n <= ?), 0) ORDER BY n",
            (game_id, game_id, first)).fetchall()
        log: list[dict[str, Any]] = []
        for n, text in rows:
            batch = decode(text)
            log += [batch] if isinstance(batch, dict) else batch[max(0, first - n):]
        return log

    def cleanup(self, now: float | None = None) -> int:
        """Delete finished games after a day and idle ones after a month (at most hourly per process)."""
        now = time.time() if now is None else now
        if now - self._last_cleanup < CLEANUP_EVERY:
            return 0
        self._last_cleanup = now
        db = self._db()
        with self._write():
            cursor = db.execute("DELETE FROM games WHERE (finished = 1 AND updated < ?) OR updated < ?",
                                (now - FINISHED_TTL, now - IDLE_TTL))
        return cursor.rowcount


class _transaction:
    """A write transaction, one writer at a time across threads and processes.

    BEGIN IMMEDIATE takes SQLite's write lock at once, so a transaction never fails half-way on
    a lock another process holds. But SQLite waits for that lock by sleeping and trying again,
    a millisecond at first, far longer than a save holds it: in one bench run with two server
    workers, 443 of 5706 saves slept so. So writers first queue (``Store._lock``) on a lock of
    the process's and on an flock of the lock file, which the kernel hands to the next one the
    moment it is released. The busy timeout still
    bounds the wait for any other writer (the sqlite3 shell, say), so the flock is held for a
    bounded time too. (A class, not a generator: it opens every move's save.)"""

    __slots__ = ("db", "store")

    def __init__(self, db: sqlite3.Connection, store: Store):
        self.db, self.store = db, store

    def __enter__(self) -> None:
        self.store._lock()
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.store._unlock()
            raise

    def __exit__(self, kind, error, traceback) -> None:
        try:
            self.db.execute("ROLLBACK" if kind is not None else "COMMIT")
            if kind is None:
                self.store._committed()
        finally:
            self.store._unlock()
