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

Classes (app.classroom) and watch links live in tables of their own beside the games, so a
database file made before them opens as it was: the schema only ever adds tables (``CREATE ...
IF NOT EXISTS``), never changes one. A student's game is an ordinary game with a row in
``students``; deleting a game deletes its log, its student row, refusals and watch links with it.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import os
import random
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
CREATE INDEX IF NOT EXISTS games_owner ON games (owner);  -- one owner's live games (``create``'s cap), ``owns_any``
CREATE TABLE IF NOT EXISTS steps (
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,  -- the number of the row's first step
    step TEXT NOT NULL,  -- a JSON list of steps (a single step's object in older logs)
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY,
    teacher TEXT NOT NULL,  -- hash of the teacher's owner token, as games.owner
    options TEXT NOT NULL,  -- JSON: the game every student gets (rules, bots, level, seed)
    created REAL NOT NULL,
    expires REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS classes_expires ON classes (expires);
CREATE INDEX IF NOT EXISTS classes_teacher ON classes (teacher);
CREATE TABLE IF NOT EXISTS students (
    game TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    class TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
    number INTEGER NOT NULL,  -- 1, 2, ... in the order they joined
    nickname TEXT,
    UNIQUE (class, number)
);
CREATE TABLE IF NOT EXISTS refusals (
    game TEXT NOT NULL REFERENCES students (game) ON DELETE CASCADE,
    rule TEXT NOT NULL,
    n INTEGER NOT NULL,  -- moves of this student's refused by this rule
    PRIMARY KEY (game, rule)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS watches (
    token TEXT PRIMARY KEY,  -- the link itself: whoever has it may watch, so it is drawn as a game id is
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    open_hands INTEGER NOT NULL,
    by_class INTEGER NOT NULL,  -- made by the game's class for its teacher (the owner's own links: 0)
    revoked INTEGER NOT NULL DEFAULT 0  -- kept, so that its watchers are told it was turned off
);
CREATE INDEX IF NOT EXISTS watches_game ON watches (game);
CREATE TABLE IF NOT EXISTS hits (  -- rate limits' moving windows (app.limits_storage): one row a hit
    key TEXT NOT NULL,
    at REAL NOT NULL,
    expires REAL NOT NULL  -- at + the window: the cleanup's clock
);
CREATE INDEX IF NOT EXISTS hits_key ON hits (key, at);
CREATE INDEX IF NOT EXISTS hits_expires ON hits (expires);
CREATE TABLE IF NOT EXISTS counters (  -- rate limits' fixed windows, should RATELIMIT_STRATEGY ask for them
    key TEXT PRIMARY KEY,
    n INTEGER NOT NULL,
    expires REAL NOT NULL
);
"""
BUSY_TIMEOUT_MS = 5000
FINISHED_TTL = 24 * 3600  # a finished game stays a day, so its last page can still be read
IDLE_TTL = 30 * 24 * 3600  # an unfinished game untouched for a month is abandoned
UNPLAYED_TTL = 2 * 3600  # a game nobody ever moved in (version 1) goes after two hours
CLEANUP_EVERY = 600  # seconds between two cleanups of a process, give or take half (``_cleaner``)
CLEANUP_BATCH = 200  # rows deleted per transaction: the writers' turn is given back between batches
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


@dataclass(frozen=True)
class ClassRecord:
    code: str
    teacher: str  # hash of the teacher's token
    options: dict[str, Any]  # the game every student gets, as ``Store.create_class`` was given it
    created: float
    expires: float

    def taught_by(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(owner_hash(token), self.teacher)


@dataclass(frozen=True)
class StudentGame:
    """One student of a class and where their game stands (its state as stored)."""

    number: int
    nickname: str | None
    game: str
    data: str = field(repr=False)
    finished: bool
    watch: str | None  # the watch link the class made for its teacher (its owner can't revoke it)

    @cached_property
    def state(self) -> dict[str, Any]:
        return decode(self.data)


@dataclass(frozen=True)
class Watch:
    token: str
    game: str
    open_hands: bool
    by_class: bool
    revoked: bool


class ClassGone(Exception):
    """No class has this code any more (or never had): nothing was written."""


class ClassFull(Exception):
    """The class has as many students as it may: nothing was written."""


class TooManyGames(Exception):
    """The owner has as many live games as they may: nothing was written. ``wait``: seconds until
    the first of them expires."""

    def __init__(self, wait: float):
        super().__init__(wait)
        self.wait = wait


def owner_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


class Store:
    """One SQLite file; a connection per thread (sqlite3 connections must not be shared), and
    the writers' lock file beside it (see ``_transaction``)."""

    def __init__(self, path: Path, clean_every: float | None = CLEANUP_EVERY):
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self._local = threading.local()
        self._clean_every = clean_every  # None: no cleaner thread (``flask cleanup`` from cron instead)
        self._cleaner: int | None = None  # the pid whose cleaner thread runs
        self._threads = threading.Lock()  # this process's writers take turns here first
        self._lock_file: tuple[int, int] | None = None  # (pid, fd): see _lock
        self._commits = 0  # since this process's last checkpoint
        self._checkpointer: tuple[int, threading.Event] | None = None  # (pid, what wakes it)

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            # Made readable by its owner only before SQLite opens it (SQLite would make it 0644);
            # SQLite gives its -wal and -shm files the database's permissions.
            os.close(os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600))
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
        and a half of it, so that workers started together do not clean at the same moment."""
        while True:
            time.sleep(self._clean_every * random.uniform(0.5, 1.5))
            try:
                self.cleanup()
            except sqlite3.Error:  # a locked or full disk: the next round tries again
                logging.getLogger(__name__).exception("cleanup of %s failed", self.path)

    def create(self, owner_token: str, state: dict[str, Any], finished: bool = False,
               steps: list[dict[str, Any]] = (), most_live: int | None = None) -> Record:
        """A new game; with ``most_live``, TooManyGames if its owner already has that many live
        (unfinished, unexpired, outside any class), counted in the same transaction."""
        self._clean_later()
        db = self._db()
        with self._write():
            if most_live is not None:
                self._check_live(db, owner_hash(owner_token), most_live)
            return self._insert_game(db, owner_token, state, finished, steps)

    @staticmethod
    def _check_live(db: sqlite3.Connection, owner: str, most: int) -> None:
        now = time.time()
        count, first_expiry = db.execute(
            "SELECT COUNT(*), MIN(updated + CASE WHEN version = 1 THEN ? ELSE ? END) FROM games "
            "WHERE owner = ? AND finished = 0 AND updated >= CASE WHEN version = 1 THEN ? ELSE ? END "
            "AND id NOT IN (SELECT game FROM students)",
            (UNPLAYED_TTL, IDLE_TTL, owner, now - UNPLAYED_TTL, now - IDLE_TTL)).fetchone()
        if count >= most:
            raise TooManyGames(max(1.0, first_expiry - now))

    def _insert_game(self, db: sqlite3.Connection, owner_token: str, state: dict[str, Any], finished: bool,
                     steps) -> Record:
        """A new game and its first steps, inside the caller's write transaction."""
        game_id, owner, data, now = secrets.token_urlsafe(16), owner_hash(owner_token), encode(state), time.time()
        db.execute("INSERT INTO games (id, owner, version, state, finished, updated) VALUES (?, ?, 1, ?, ?, ?)",
                   (game_id, owner, data, int(finished), now))
        self._append(db, game_id, 0, steps)
        return Record(game_id, owner, 1, data, finished, now)

    def load(self, game_id: str) -> Record | None:
        row = self._db().execute(
            "SELECT id, owner, version, state, finished, updated FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        return Record(row[0], row[1], row[2], row[3], bool(row[4]), row[5])

    def owns_any(self, owner: str) -> bool:
        """Whether the owner hash ``owner`` owns a game or teaches a class: so it was issued here."""
        return self._db().execute("SELECT EXISTS (SELECT 1 FROM games WHERE owner = ?) "
                                  "OR EXISTS (SELECT 1 FROM classes WHERE teacher = ?)", (owner, owner)).fetchone()[0] == 1

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
        """Delete what has expired (``cleanup_batches``); returns how many games went."""
        return sum(self.cleanup_batches(now))

    def cleanup_batches(self, now: float | None = None):
        """Delete finished games after a day, games never played after UNPLAYED_TTL, idle ones
        after a month, expired classes with their students' games, and rate limits' expired hits:
        CLEANUP_BATCH rows a transaction, yielding each batch's count of games, between two
        transactions, so that every other writer gets its turn between batches. A student's game
        stays as long as its class, finished or not: its teacher still reads it."""
        now = time.time() if now is None else now
        batches = (
            ("DELETE FROM games WHERE id IN (SELECT game FROM students JOIN classes "
             "ON classes.code = students.class WHERE classes.expires <= ? LIMIT ?)", (now,), True),
            ("DELETE FROM classes WHERE code IN (SELECT code FROM classes WHERE expires <= ? LIMIT ?)", (now,), False),
            ("DELETE FROM games WHERE id IN (SELECT id FROM games WHERE ((finished = 1 AND updated < ?) "
             "OR (version = 1 AND updated < ?) OR updated < ?) AND id NOT IN (SELECT game FROM students) LIMIT ?)",
             (now - FINISHED_TTL, now - UNPLAYED_TTL, now - IDLE_TTL), True),
            ("DELETE FROM hits WHERE rowid IN (SELECT rowid FROM hits WHERE expires <= ? LIMIT ?)", (now,), False),
            ("DELETE FROM counters WHERE key IN (SELECT key FROM counters WHERE expires <= ? LIMIT ?)", (now,), False),
        )
        db = self._db()
        for sql, params, games in batches:
            deleted = CLEANUP_BATCH
            while deleted == CLEANUP_BATCH:
                with self._write():
                    deleted = db.execute(sql, (*params, CLEANUP_BATCH)).rowcount
                if games and deleted:
                    yield deleted

    # --- rate limits' counts (app.limits_storage) --------------------------------------------

    def hit(self, key: str, limit: int, window: float, amount: int = 1) -> bool:
        """Count ``amount`` hits on ``key`` if that keeps it within ``limit`` in the last ``window``
        seconds (a moving window); else count nothing and return False."""
        now, db = time.time(), self._db()
        with self._write():
            count = db.execute("SELECT COUNT(*) FROM hits WHERE key = ? AND at > ?", (key, now - window)).fetchone()[0]
            if count + amount > limit:
                return False
            db.executemany("INSERT INTO hits (key, at, expires) VALUES (?, ?, ?)", [(key, now, now + window)] * amount)
        return True

    def hits(self, key: str, window: float) -> tuple[float, int]:
        """(when the oldest hit in the last ``window`` seconds was, how many there were); no hit:
        (now, 0)."""
        now = time.time()
        oldest, count = self._db().execute("SELECT MIN(at), COUNT(*) FROM hits WHERE key = ? AND at > ?",
                                           (key, now - window)).fetchone()
        return (now if oldest is None else oldest), count

    def count(self, key: str, window: float, amount: int = 1) -> int:
        """Add ``amount`` to ``key``'s counter (a fixed window: a new one of ``window`` seconds once
        the last has passed) and return it."""
        now, db = time.time(), self._db()
        with self._write():
            return db.execute(
                "INSERT INTO counters (key, n, expires) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET "
                "n = CASE WHEN expires <= ? THEN excluded.n ELSE n + excluded.n END, "
                "expires = CASE WHEN expires <= ? THEN excluded.expires ELSE expires END RETURNING n",
                (key, amount, now + window, now, now)).fetchone()[0]

    def counter(self, key: str) -> tuple[int, float]:
        """(``key``'s count, when its window ends); none running: (0, now)."""
        now = time.time()
        row = self._db().execute("SELECT n, expires FROM counters WHERE key = ? AND expires > ?", (key, now)).fetchone()
        return (row[0], row[1]) if row else (0, now)

    def forget(self, key: str | None = None) -> int:
        """Delete ``key``'s hits and counter (None: every key's); returns how many rows went."""
        db = self._db()
        where, params = ("WHERE key = ?", (key,)) if key is not None else ("", ())
        with self._write():
            return sum(db.execute(f"DELETE FROM {table} {where}", params).rowcount for table in ("hits", "counters"))

    # --- classes (app.classroom) -----------------------------------------------------------

    def create_class(self, code: str, teacher_token: str, options: dict[str, Any], ttl: float) -> ClassRecord | None:
        """A class under ``code`` for ``ttl`` seconds; None if the code is taken (draw another)."""
        self._clean_later()
        now, teacher, data = time.time(), owner_hash(teacher_token), encode(options)
        db = self._db()
        with self._write():
            try:
                db.execute("INSERT INTO classes (code, teacher, options, created, expires) VALUES (?, ?, ?, ?, ?)",
                           (code, teacher, data, now, now + ttl))
            except sqlite3.IntegrityError:
                return None
        return ClassRecord(code, teacher, decode(data), now, now + ttl)

    def load_class(self, code: str) -> ClassRecord | None:
        """The class, unless there is none or it has expired (its rows wait for the cleanup)."""
        row = self._db().execute("SELECT code, teacher, options, created, expires FROM classes "
                                 "WHERE code = ? AND expires > ?", (code, time.time())).fetchone()
        return row and ClassRecord(row[0], row[1], decode(row[2]), row[3], row[4])

    def join_class(self, code: str, owner_token: str, state: dict[str, Any], finished: bool, steps,
                   nickname: str | None, watch_token: str, most: int) -> tuple[Record, int]:
        """A student's game in the class, the student's number and the class's watch link to it,
        in one transaction: (the game, the number). ClassGone if the class has expired or never
        was, ClassFull if it has ``most`` students; then nothing is written."""
        self._clean_later()
        db = self._db()
        with self._write():
            live = db.execute("SELECT 1 FROM classes WHERE code = ? AND expires > ?", (code, time.time())).fetchone()
            if live is None:
                raise ClassGone(code)
            count, last = db.execute("SELECT COUNT(*), IFNULL(MAX(number), 0) FROM students WHERE class = ?",
                                     (code,)).fetchone()
            if count >= most:
                raise ClassFull(code)
            record = self._insert_game(db, owner_token, state, finished, steps)
            db.execute("INSERT INTO students (game, class, number, nickname) VALUES (?, ?, ?, ?)",
                       (record.id, code, last + 1, nickname))
            self._insert_watch(db, watch_token, record.id, open_hands=False, by_class=True)
        return record, last + 1

    def class_games(self, code: str) -> list[StudentGame]:
        """The class's students in the order they joined, with their games as stored."""
        rows = self._db().execute(
            "SELECT students.number, students.nickname, games.id, games.state, games.finished, watches.token "
            "FROM students JOIN games ON games.id = students.game "
            "LEFT JOIN watches ON watches.game = students.game AND watches.by_class = 1 AND watches.revoked = 0 "
            "WHERE students.class = ? ORDER BY students.number", (code,)).fetchall()
        return [StudentGame(row[0], row[1], row[2], row[3], bool(row[4]), row[5]) for row in rows]

    def class_refusals(self, code: str) -> dict[str, dict[str, int]]:
        """{game: {rule id: refused moves}} for the class's students who had a move refused."""
        counts: dict[str, dict[str, int]] = {}
        for game, rule, n in self._db().execute(
                "SELECT refusals.game, refusals.rule, refusals.n FROM refusals "
                "JOIN students ON students.game = refusals.game WHERE students.class = ?", (code,)):
            counts.setdefault(game, {})[rule] = n
        return counts

    def student(self, game_id: str) -> tuple[int, str | None] | None:
        """(number, nickname) if the game is a student's in a class."""
        return self._db().execute("SELECT number, nickname FROM students WHERE game = ?", (game_id,)).fetchone()

    def note_refusal(self, game_id: str, rule: str) -> bool:
        """Count a refused move for its class's teacher, if the game is a student's (read first,
        so that a game outside any class never waits for the writers' turn)."""
        if self.student(game_id) is None:
            return False
        db = self._db()
        with self._write():  # the student may have gone since (an expired class): then nothing is counted
            cursor = db.execute("INSERT INTO refusals (game, rule, n) SELECT game, ?, 1 FROM students WHERE game = ? "
                                "ON CONFLICT (game, rule) DO UPDATE SET n = n + 1", (rule, game_id))
        return cursor.rowcount == 1

    # --- watch links -------------------------------------------------------------------------

    @staticmethod
    def _insert_watch(db: sqlite3.Connection, token: str, game_id: str, open_hands: bool, by_class: bool) -> None:
        db.execute("INSERT INTO watches (token, game, open_hands, by_class) VALUES (?, ?, ?, ?)",
                   (token, game_id, int(open_hands), int(by_class)))

    def share(self, game_id: str, open_hands: bool, token: str) -> Watch:
        """``token``, the owner's new watch link to the game; the owner's links before it are
        turned off in the same transaction, so there is one live link at a time (the class's
        link, for its teacher, stays)."""
        db = self._db()
        with self._write():
            db.execute("UPDATE watches SET revoked = 1 WHERE game = ? AND by_class = 0", (game_id,))
            self._insert_watch(db, token, game_id, open_hands, by_class=False)
        return Watch(token, game_id, open_hands, False, False)

    def shared(self, game_id: str) -> Watch | None:
        """The owner's live watch link to the game, if there is one."""
        row = self._db().execute("SELECT token, open_hands FROM watches WHERE game = ? AND by_class = 0 "
                                 "AND revoked = 0", (game_id,)).fetchone()
        return row and Watch(row[0], game_id, bool(row[1]), False, False)

    def unshare(self, game_id: str) -> int:
        """Turn off the owner's watch links to the game (the class's stays); returns how many."""
        db = self._db()
        with self._write():
            cursor = db.execute("UPDATE watches SET revoked = 1 WHERE game = ? AND by_class = 0 AND revoked = 0",
                                (game_id,))
        return cursor.rowcount

    def load_watch(self, token: str) -> Watch | None:
        """The watch link, revoked or not (None: no such link, or its game is gone)."""
        row = self._db().execute("SELECT token, game, open_hands, by_class, revoked FROM watches WHERE token = ?",
                                 (token,)).fetchone()
        return row and Watch(row[0], row[1], bool(row[2]), bool(row[3]), bool(row[4]))


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
