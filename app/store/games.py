"""Games and their step logs (the ``games`` and ``log`` tables), and how long a game is kept.

A log's row holds one request's steps, packed (app.store.packing): about a tenth of their JSON.
Every save is a compare-and-set on the game's version (``UPDATE ... WHERE version = ?``), so of
two requests made on the same version exactly one is applied and the other is told it is stale,
whichever process or host made them; a move's new steps are appended in the same transaction.
One owner's count of live games is read and a new game written in one transaction that
``_serialize`` makes the only one for that owner.
"""
from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from typing import Any

from ..fast_json import dumps as encode
from .packing import pack, unpack
from .records import Record, TooManyGames, owner_hash
from .tables import OWNER_GAMES, Tables

FINISHED_TTL = 24 * 3600  # a finished game stays a day, so its last page can still be read
IDLE_TTL = 30 * 24 * 3600  # an unfinished game untouched for a month is abandoned
UNPLAYED_TTL = 2 * 3600  # a game nobody ever moved in (version 1) goes after two hours
# A save rewrites ``updated`` (and so its index) only when it is this old: the cleanup's clock
# needs no finer grain, and a move then writes one page fewer.
TOUCH_EVERY = 600


class Games(Tables):
    """A game's row: made, read, saved; its log: appended, read from a step on."""

    def create(self, owner_token: str, state: dict[str, Any], finished: bool = False,
               steps: Sequence[dict[str, Any]] = (), most_live: int | None = None) -> Record:
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
             steps: Sequence[dict[str, Any]] = (), first: int = 0) -> Record | None:
        """Write ``state`` as the next version, and ``steps`` numbered from ``first``, if nobody
        saved since ``record`` was read; else change nothing and return None."""
        data, now, updated = encode(state), time.time(), record.updated
        params: tuple
        if now - updated >= TOUCH_EVERY or finished != record.finished:
            updated = now
            update, params = ("UPDATE games SET state = ?, version = version + 1, finished = ?, updated = ? "
                              "WHERE id = ? AND version = ?", (data, int(finished), now, record.id, record.version))
        else:
            update, params = ("UPDATE games SET state = ?, version = version + 1 WHERE id = ? AND version = ?",
                              (data, record.id, record.version))
        if not self._save_and_append(update, params, record.id, first, steps):
            return None
        return Record(record.id, record.owner, record.version + 1, data, finished, updated)

    def _save_and_append(self, update: str, params: tuple, game_id: str, first: int, steps) -> bool:
        """Apply the compare-and-set ``update`` and, if it applied, append ``steps``, in one
        transaction; whether it applied. Where a WITH may hold the UPDATE (PostgreSQL), the two are
        one statement, one round trip to the server, where BEGIN, each statement and COMMIT were
        one each; the INSERT reads the UPDATE's row, so it adds the steps only if the save applied."""
        if self.WRITES_IN_WITH:
            if steps:
                update = f"WITH saved AS ({update} RETURNING id) INSERT INTO log (game, n, steps) SELECT id, ?, ? FROM saved"
                params = (*params, first, pack(steps))
            return self._write_one(update, params) == 1
        with self._write() as db:
            if db.execute(update, params).rowcount != 1:
                return False
            self._append(db, game_id, first, steps)
        return True

    @staticmethod
    def _append(db, game_id: str, first: int, steps) -> None:
        """The steps of one request as one row (packed, numbered by its first step)."""
        if steps:
            db.execute("INSERT INTO log (game, n, steps) VALUES (?, ?, ?)", (game_id, first, pack(steps)))

    def steps(self, game_id: str, first: int) -> list[dict[str, Any]]:
        """The log's steps from number ``first`` on, oldest first: from the row holding step
        ``first`` (the last row numbered at most ``first``) on."""
        rows = self._all(
            "SELECT n, steps FROM log WHERE game = ? AND n >= "
            "COALESCE((SELECT MAX(n) FROM log WHERE game = ? AND n <= ?), 0) ORDER BY n",
            (game_id, game_id, first))
        log: list[dict[str, Any]] = []
        for n, packed in rows:
            log += unpack(packed)[max(0, first - n):]
        return log
