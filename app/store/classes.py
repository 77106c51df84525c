"""Classes, their students and the moves refused to them (the ``classes``, ``students`` and
``refusals`` tables), for app.classroom. A student's game is an ordinary game with a row in
``students``, made with the class's watch link to it in the transaction that numbers the student.
A class's teacher is the browser that made it and those that opened its teacher link
(``class_teachers``); a student the teacher removed loses the games and keeps a row in
``removed_students``, which refuses that browser's joining again.

A class's page is drawn once per data version (ClassRecord's ``version``, read with the class in
``load_class``'s one small query): every write to the class's
rows that its page shows counts itself in ``classes.changes`` in its own transaction (a join, a
refused move, a removal, the class's end), and its students' moves each raise their game's
version. On PostgreSQL each of those transactions that locks the class's row does so first,
before any game's or student's (as a join and a removal do), so that two never wait for each
other's.
"""
from __future__ import annotations

import time
from typing import Any

from ..fast_json import dumps as encode, loads as decode
from .answers import LiveAnswers
from .games import Games
from .live import LiveSessions
from .records import (ClassEnded, ClassFull, ClassGone, ClassRecord, Record, RemovedFromClass, StudentGame,
                      owner_hash)
from .watches import WatchLinks


class Classes(Games, WatchLinks, LiveSessions, LiveAnswers):
    """A class's row, its students' games and their refusals (a join makes a game and a link)."""

    def create_class(self, code: str, teacher_token: str, options: dict[str, Any], ttl: float,
                     teacher_link: str | None = None) -> ClassRecord | None:
        """A class under ``code`` for ``ttl`` seconds, with the hash of its teacher link's secret;
        None if the code is taken (draw another)."""
        self._clean_later()
        now, teacher, data = time.time(), owner_hash(teacher_token), encode(options)
        try:
            with self._write() as db:
                db.execute("INSERT INTO classes (code, teacher, options, created, expires, teacher_link) "
                           "VALUES (?, ?, ?, ?, ?, ?)", (code, teacher, data, now, now + ttl, teacher_link))
        except self.duplicate:
            return None
        return ClassRecord(code, teacher, decode(data), now, now + ttl, teacher_link)

    def load_class(self, code: str) -> ClassRecord | None:
        """The class, unless there is none or it has expired (its rows wait for the cleanup), with
        its data version: what its page shows, as a value that changes whenever the page does, in
        the same small query of the class's rows and its students' games' (no game's state): (its
        ``changes``, its students, the sum of their games' versions). Within one count of changes,
        students only go (the cleanup deletes a game never played, which counts nothing) and their
        games' versions only rise with each move: so the number of students and the sum of
        versions never come back to a pair they had, and neither does the version. Read before
        what the page shows: a page drawn after it is as new as its version or newer, never older."""
        row = self._one("SELECT classes.code, classes.teacher, classes.options, classes.created, classes.expires, "
                        "classes.teacher_link, classes.ended, classes.changes, COUNT(games.id), "
                        "COALESCE(SUM(games.version), 0) FROM classes "
                        "LEFT JOIN students ON students.class = classes.code "
                        "LEFT JOIN games ON games.id = students.game "
                        "WHERE classes.code = ? AND classes.expires > ? GROUP BY classes.code", (code, time.time()))
        if row is None:
            return None
        return ClassRecord(row[0], row[1], decode(row[2]), row[3], row[4], row[5], row[6], (row[7], row[8], row[9]))

    # --- the teacher on other devices, the end of the class --------------------------------------

    def teaches(self, code: str, owner: str) -> bool:
        """Whether the owner hash ``owner`` opened the class's teacher link (the maker: ClassRecord's
        ``taught_by``)."""
        return self._one("SELECT 1 FROM class_teachers WHERE class = ? AND owner = ?", (code, owner)) is not None

    def open_teacher_link(self, code: str, teacher_link: str, owner: str) -> bool:
        """Make the owner hash ``owner`` a teacher of the class, if ``teacher_link`` is still its
        link's hash (the caller compared it; a new link made since refuses it here): whether it is."""
        with self._write() as db:
            live = db.execute("SELECT 1 FROM classes WHERE code = ? AND teacher_link = ? AND expires > ?"
                              + self.FOR_UPDATE, (code, teacher_link, time.time())).fetchone()
            if live is not None:
                db.execute("INSERT INTO class_teachers (class, owner) VALUES (?, ?) ON CONFLICT DO NOTHING",
                           (code, owner))
        return live is not None

    def new_teacher_link(self, code: str, teacher_link: str, keeping: str) -> None:
        """The class's teacher link is now the one hashed ``teacher_link``: the old one opens
        nothing, and the browsers that opened it are no longer the class's teachers, but for
        ``keeping`` (the owner hash of the browser asking; the maker always is)."""
        with self._write() as db:
            db.execute("UPDATE classes SET teacher_link = ? WHERE code = ?", (teacher_link, code))
            db.execute("DELETE FROM class_teachers WHERE class = ? AND owner <> ?", (code, keeping))

    def end_class(self, code: str) -> float:
        """End the class (once: ending it again changes nothing), its live session, and turn off the
        watch links it made to its students' games; when it ended."""
        with self._write() as db:
            db.execute("UPDATE classes SET ended = ?, changes = changes + 1 WHERE code = ? AND ended IS NULL",
                       (time.time(), code))
            db.execute("UPDATE watches SET revoked = 1 WHERE by_class = 1 AND revoked = 0 "
                       "AND game IN (SELECT game FROM students WHERE class = ?)", (code,))
            session = self._end_live(db, code)
            ended = db.execute("SELECT ended FROM classes WHERE code = ?", (code,)).fetchone()[0]
        if session:
            self._announced(session.as_event())
        return ended

    def remove_student(self, code: str, number: int) -> bool:
        """Remove the class's student ``number``: every game of that student's browser in the class
        goes (with its student row, refusals and watch links; its log soon after, as the cleanup's),
        and the browser may not join the class again. False if the class has no such student. The
        transaction holds the class (FOR_UPDATE), as a join does: a game the student's browser
        joins with at that moment is made before (and removed) or refused after, never left. The
        removal is announced, so the student's live stream ends.
        """
        with self._write() as db:
            db.execute("SELECT 1 FROM classes WHERE code = ?" + self.FOR_UPDATE, (code,))
            row = db.execute("SELECT games.owner FROM students JOIN games ON games.id = students.game "
                             "WHERE students.class = ? AND students.number = ?", (code, number)).fetchone()
            if row is None:
                return False
            db.execute("UPDATE classes SET changes = changes + 1 WHERE code = ?", (code,))
            gone = db.execute("DELETE FROM games WHERE id IN (SELECT students.game FROM students JOIN games "
                              "ON games.id = students.game WHERE students.class = ? AND games.owner = ?) RETURNING id",
                              (code, row[0])).fetchall()
            db.executemany("INSERT INTO gone_logs (game) VALUES (?)", gone)
            db.executemany("INSERT INTO removed_students (class, owner, game) VALUES (?, ?, ?)",
                           [(code, row[0], game) for (game,) in gone])
            removed = {"class": code, "removed": row[0]}  # that student's live stream ends
            self._announce_in(db, removed)
        self._announced(removed)
        return True

    def removed_owner(self, code: str, owner: str) -> bool:
        """Whether the class's teacher removed the student of the owner hash ``owner``."""
        return self._one("SELECT 1 FROM removed_students WHERE class = ? AND owner = ?", (code, owner)) is not None

    def removed_from_class(self, game_id: str) -> bool:
        """Whether the game was a student's whom the class's teacher removed (so it was deleted)."""
        return self._one("SELECT 1 FROM removed_students WHERE game = ?", (game_id,)) is not None

    def join_class(self, code: str, owner_token: str, state: dict[str, Any], finished: bool, steps,
                   nickname: str | None, watch_token: str, most: int, most_live: int) -> tuple[Record, int]:
        """A student's game in the class, the student's number and the class's watch link to it,
        in one transaction that holds the class (FOR_UPDATE), so joins at once get numbers one
        after another: (the game, the number). ClassGone if the class has expired or never was,
        ClassEnded if its teacher ended it, RemovedFromClass if the teacher removed this browser's
        student, ClassFull if it has ``most`` students, TooManyGames if the student's browser has
        ``most_live`` live games (as ``create``); then nothing is written."""
        self._clean_later()
        owner = owner_hash(owner_token)
        with self._write() as db:
            live = db.execute("SELECT ended FROM classes WHERE code = ? AND expires > ?" + self.FOR_UPDATE,
                              (code, time.time())).fetchone()
            if live is None:
                raise ClassGone(code)
            if live[0] is not None:
                raise ClassEnded(code)
            if db.execute("SELECT 1 FROM removed_students WHERE class = ? AND owner = ?", (code, owner)).fetchone():
                raise RemovedFromClass(code)
            count, last = db.execute("SELECT COUNT(*), COALESCE(MAX(number), 0) FROM students WHERE class = ?",
                                     (code,)).fetchone()
            if count >= most:
                raise ClassFull(code)
            self._check_live(db, owner, most_live)
            record = self._insert_game(db, owner_token, state, finished, steps)
            db.execute("INSERT INTO students (game, class, number, nickname) VALUES (?, ?, ?, ?)",
                       (record.id, code, last + 1, nickname))
            db.execute("UPDATE classes SET changes = changes + 1 WHERE code = ?", (code,))
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

    def class_members(self, code: str) -> frozenset[str] | None:
        """The owner hashes of the class's students (``in_class`` of each, in one read), None if
        there is no class or it has expired (as ``load_class``): what a live session's streams ask
        at their heartbeats, once for all of them (app.store.following ``Following.shared``)."""
        rows = self._all("SELECT games.owner FROM classes LEFT JOIN students ON students.class = classes.code "
                         "LEFT JOIN games ON games.id = students.game WHERE classes.code = ? AND classes.expires > ?",
                         (code, time.time()))
        return frozenset(owner for (owner,) in rows if owner is not None) if rows else None

    def class_of(self, game_id: str) -> str | None:
        """The code of the class the game is a student's in, if it is one (a student's table links
        to the class's live session)."""
        row = self._one("SELECT class FROM students WHERE game = ?", (game_id,))
        return row[0] if row else None

    def student(self, game_id: str) -> tuple[int, str | None] | None:
        """(number, nickname) if the game is a student's in a class."""
        return self._one("SELECT number, nickname FROM students WHERE game = ?", (game_id,))

    def note_refusal(self, game_id: str, rule: str) -> bool:
        """Count a refused move for its class's teacher, if the game is a student's (read first,
        so that a game outside any class never waits for a write transaction)."""
        if self.student(game_id) is None:
            return False
        with self._write() as db:  # the student may have gone since (an expired class): then nothing is counted
            db.execute("UPDATE classes SET changes = changes + 1 WHERE code = (SELECT class FROM students WHERE game = ?)",
                       (game_id,))  # the class first: see the module's doc
            return db.execute("INSERT INTO refusals (game, rule, n) SELECT game, ?, 1 FROM students WHERE game = ? "
                              "ON CONFLICT (game, rule) DO UPDATE SET n = refusals.n + 1", (rule, game_id)).rowcount == 1
