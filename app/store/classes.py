"""Classes, their students and the moves refused to them (the ``classes``, ``students`` and
``refusals`` tables), for app.classroom. A student's game is an ordinary game with a row in
``students``, made with the class's watch link to it in the transaction that numbers the student.
"""
from __future__ import annotations

import time
from typing import Any

from ..fast_json import dumps as encode, loads as decode
from .games import Games
from .records import ClassFull, ClassGone, ClassRecord, Record, StudentGame, owner_hash
from .watches import WatchLinks


class Classes(Games, WatchLinks):
    """A class's row, its students' games and their refusals (a join makes a game and a link)."""

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
        return ClassRecord(row[0], row[1], decode(row[2]), row[3], row[4]) if row else None

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
        return bool(self._aggregate("SELECT EXISTS (SELECT 1 FROM students JOIN games ON games.id = students.game "
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
