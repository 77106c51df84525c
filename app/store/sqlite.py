"""The game store in one SQLite file, in the instance folder, created on first use: the
zero-setup default.

Safe with several server processes on one file: WAL lets readers and one writer work at once,
writers take turns (see ``_transaction``), so every read-then-write of the store's tables
sees the last writer's rows, and every save is a compare-and-set on the game's version.

Checkpoints, which copy the write-ahead log back into the database file and sync both to disk,
run on a thread of each process's own (``SQLiteStore._checkpoints``). Left to SQLite, one ran
inside the commit that filled the log (1000 pages, some 280 moves), while that save held the
writers' turn: that save, and any other worker's, waited 3-10 ms. SQLite's own checkpoint stays,
at a longer log (AUTOCHECKPOINT_PAGES): when writes never pause long enough for ours to finish the
log, it copies the little that is left, and the log starts over.

The schema is upgraded when a process first opens the file (``_db``): a file made by any earlier
release opens as it was and gains what it lacks (app.store.schema).

Only SQLite opens the database file and its -wal and -shm, never this module. SQLite's locks are
POSIX fcntl locks, which the kernel keeps per process and file, not per descriptor: closing any
descriptor of the file drops every lock this process's connections hold on it, while SQLite goes
on believing it holds them. One ``os.close(os.open(path))`` did that for each thread's new
connection; then any other process that closed its connection (README's cron ``flask cleanup``,
``flask db-upgrade``, an admin's sqlite3 shell, a backup) found itself alone with the file,
checkpointed, and deleted the -wal and -shm under the running workers, which went on writing to
the deleted log: lost moves, 503s for "disk I/O error", a malformed file
(tests/serve/test_sqlite_cron.py). The file is still its owner's only (0600, as README promises):
when missing, it is made empty (an empty file is an empty database) by
app.private_files.create_private, whose descriptor is closed before the file has its name, so no
connection can have it open then; SQLite gives the -wal and -shm it makes the database file's
permissions. The writers' lock file (``_lock``) is ours alone: SQLite never opens it.
"""
from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from ..private_files import create_private
from . import schema
from .base import CLEANUP_EVERY, Store

try:
    import fcntl
except ImportError:  # not a POSIX system: writers wait on SQLite's busy timeout alone
    fcntl = None  # type: ignore[assignment]  # checked before each use: the module, or None without it

BUSY_TIMEOUT_MS = 5000
CHECKPOINT_EVERY = 100  # commits of a process between two of its checkpoints (about 350 log pages)
AUTOCHECKPOINT_PAGES = 4000  # SQLite's own checkpoint, in a commit (its default: 1000 pages)
# Seconds between two polls of the followed classes' live sessions (``_listening``): a step made by
# another process on the file reaches this one's streams within it.
LIVE_POLL_EVERY = 0.5
# What SQLite says when the file can't be used just now (another writer past the busy timeout, a
# full or failing disk), as against a mistake in a statement: app.unavailable answers 503 for these.
UNAVAILABLE = ("locked", "busy", "disk", "unable to open", "readonly")


def unavailable(error: sqlite3.OperationalError) -> bool:
    return any(words in str(error).lower() for words in UNAVAILABLE)


class SQLiteStore(Store):
    """One SQLite file; a connection per thread (sqlite3 connections must not be shared), and
    the writers' lock file beside it (see ``_transaction``)."""

    errors = (sqlite3.Error,)
    duplicate = sqlite3.IntegrityError

    def __init__(self, path: Path, clean_every: float | None = CLEANUP_EVERY):
        super().__init__(clean_every)
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self._local = threading.local()
        self._upgraded = self._upgrading = False  # by this process, on its first use (``_upgrade_once``)
        self._upgrade_lock = threading.RLock()
        self._threads = threading.Lock()  # this process's writers take turns here first
        self._lock_file: tuple[int, int] | None = None  # (pid, fd): see _lock
        self._commits = 0  # since this process's last checkpoint
        self._checkpointer: tuple[int, threading.Event] | None = None  # (pid, what wakes it)

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            if not self.path.exists():  # made by us, 0600, never opened here (see the module's doc)
                create_private(self.path)
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            # Turning a new file to WAL needs it to itself, and SQLite does not wait for that: workers
            # starting at once on a new file were told "database is locked". So in the writers' turn.
            self._lock()
            try:
                db.execute("PRAGMA journal_mode = WAL")
            finally:
                self._unlock()
            # With WAL, NORMAL syncs to disk at checkpoints, not at every commit: the file can't be
            # corrupted, and a process crash loses nothing; only a power cut or OS crash can undo the
            # moves since the last checkpoint. That is fine for practice games, and a move is faster.
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
            db.execute(f"PRAGMA wal_autocheckpoint = {AUTOCHECKPOINT_PAGES}")
            self._local.db = db
        if not self._upgraded:
            self._upgrade_once()
        return db

    def _upgrade_once(self) -> None:
        """Upgrade the file on this process's first use of it; other threads wait for it. The
        upgrade's own ``_db`` comes back here (the lock is re-entrant) and goes on; a failure
        leaves it for the next use to try again."""
        with self._upgrade_lock:
            if self._upgraded or self._upgrading:
                return
            self._upgrading = True
            try:
                self.upgrade()
                self._upgraded = True
            finally:
                self._upgrading = False

    def _write(self) -> _transaction:
        """A write transaction on this thread's connection."""
        return _transaction(self._db(), self)

    def _one(self, sql: str, params: tuple = ()) -> tuple | None:
        return self._db().execute(sql, params).fetchone()

    def _all(self, sql: str, params: tuple = ()) -> list[tuple]:
        return self._db().execute(sql, params).fetchall()

    def _statements(self, migration: schema.Migration) -> tuple[str, ...]:
        return migration.sqlite

    def schema_version(self) -> int:
        db = self._db()
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'schema_version'").fetchone() is None:
            return 0
        return db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0]

    def _announced(self, event: dict[str, Any]) -> None:
        """A change to a live session reaches this process's streams as soon as it is committed."""
        self.followers.announce(event)

    def _announce_now(self, event: dict[str, Any]) -> None:
        """A table's move reaches this process's streams at once (the others' by their poll)."""
        self.followers.announce(event)

    def _listening(self) -> None:
        """The other processes on the file announce nothing here: every LIVE_POLL_EVERY seconds,
        one read of the followed classes' sessions and tables' versions (none while none is
        followed) finds their steps and moves. A student they removed is found by the stream's own check (app.live.stream)."""
        while not self._closed.wait(LIVE_POLL_EVERY):
            try:
                self._caught_up()
            except sqlite3.Error:
                logging.getLogger(__name__).exception("polling the live sessions of %s failed", self.path)

    def _disconnect(self) -> None:
        """Close this thread's connection (the others' close with their threads)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

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
            if fcntl is not None and self._lock_file is not None:  # _lock opened the file
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

    def _rest(self, seconds: float) -> None:
        """The cleaner's rest between two of its transactions (app.store.base): first a PASSIVE
        checkpoint of what it just wrote, which no writer waits for. A cleanup's transaction writes
        hundreds of pages to the log where a move writes a few, so the checkpointer, woken every
        CHECKPOINT_EVERY commits, fell behind, and SQLite's own checkpoint (AUTOCHECKPOINT_PAGES)
        ran inside whichever commit filled the log, a move's maybe, holding the writers' turn for
        50-100 ms."""
        began = time.monotonic()
        self._db().execute("PRAGMA wal_checkpoint(PASSIVE)")
        time.sleep(max(0.0, seconds - (time.monotonic() - began)))

    def _checkpoints(self, wanted: threading.Event) -> None:
        """The checkpointer: PASSIVE, so it never waits for a reader or a writer, nor they for it.
        A failure, even to open its connection, is logged and tried again at the next wake-up
        (SQLite's own checkpoints run meanwhile): the thread lives as long as its process."""
        while True:
            wanted.wait()
            wanted.clear()
            try:
                self._db().execute("PRAGMA wal_checkpoint(PASSIVE)")
            except (sqlite3.Error, OSError):
                logging.getLogger(__name__).exception(
                    "checkpoint of %s failed; tried again after %d more commits", self.path, CHECKPOINT_EVERY)


class _transaction:
    """A write transaction, one writer at a time across threads and processes.

    BEGIN IMMEDIATE takes SQLite's write lock at once, so a transaction never fails half-way on
    a lock another process holds. But SQLite waits for that lock by sleeping and trying again,
    a millisecond at first, far longer than a save holds it: in one bench run with two server
    workers, 443 of 5706 saves slept so. So writers first queue (``SQLiteStore._lock``) on a lock
    of the process's and on an flock of the lock file, which the kernel hands to the next one the
    moment it is released. The busy timeout still bounds the wait for any other writer (the
    sqlite3 shell, say), so the flock is held for a bounded time too. (A class, not a generator:
    it opens every move's save.)"""

    __slots__ = ("db", "store")

    def __init__(self, db: sqlite3.Connection, store: SQLiteStore):
        self.db, self.store = db, store

    def __enter__(self) -> sqlite3.Connection:
        self.store._lock()
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.store._unlock()
            raise
        return self.db

    def __exit__(self, kind, error, traceback) -> None:
        try:
            self.db.execute("ROLLBACK" if kind is not None else "COMMIT")
            if kind is None:
                self.store._committed()
        finally:
            self.store._unlock()
