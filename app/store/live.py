"""A class's live session (the ``live_sessions`` table, issue 37): one row per class, so one
session at a time, whose version grows with every start, step and end.

Every change is announced to the streams that follow the class (app.live.stream), on every host:
``_announce_in`` runs inside the change's transaction (PostgreSQL: a NOTIFY, delivered to every
host's listening connection when the transaction commits, never before and never if it rolls back),
``_announced`` after its commit (SQLite: this process's streams at once; the other processes on the
file find it by polling, ``live_states``). A student the teacher removed is announced too, so that
student's stream ends.
"""
from __future__ import annotations

import time
from typing import Any

from .records import ClassEnded, ClassGone, LiveSession, LiveSessionOn
from .tables import Tables

_RETURNING = f" RETURNING {LiveSession.COLUMNS}"


class LiveSessions(Tables):
    """Sessions started, moved and ended, each change announced."""

    def start_live(self, code: str, session_id: str, kind: str, source: str, timer: int | None = None,
                   leaderboard: bool = False) -> LiveSession:
        """A new session of the class on its first frame, in a transaction that holds the class
        (FOR_UPDATE), so two starts at once make one session; with a ``timer``, the first frame's
        deadline is that many seconds away. ClassGone or ClassEnded if the class is gone or ended,
        LiveSessionOn if it has a session running; then nothing is written."""
        now = time.time()
        with self._write() as db:
            live = db.execute("SELECT ended FROM classes WHERE code = ? AND expires > ?" + self.FOR_UPDATE,
                              (code, now)).fetchone()
            if live is None:
                raise ClassGone(code)
            if live[0] is not None:
                raise ClassEnded(code)
            if db.execute("SELECT 1 FROM live_sessions WHERE class = ? AND ended IS NULL", (code,)).fetchone():
                raise LiveSessionOn(code)
            row = db.execute(
                "INSERT INTO live_sessions (class, id, kind, source, frame, revealed, version, started, timer, "
                "leaderboard, deadline) VALUES (?, ?, ?, ?, 1, 0, 1, ?, ?, ?, ?) ON CONFLICT (class) DO UPDATE SET "
                "id = excluded.id, kind = excluded.kind, source = excluded.source, frame = 1, revealed = 0, "
                "version = live_sessions.version + 1, started = excluded.started, ended = NULL, "
                "timer = excluded.timer, leaderboard = excluded.leaderboard, deadline = excluded.deadline"
                + _RETURNING,
                (code, session_id, kind, source, now, timer, int(leaderboard),
                 None if timer is None else now + timer)).fetchone()
            started = LiveSession.from_row(row)
            self._announce_in(db, started.as_event())
        self._announced(started.as_event())
        return started

    def load_live(self, code: str) -> LiveSession | None:
        """The class's session, running or ended (None: it never had one)."""
        row = self._one(f"SELECT {LiveSession.COLUMNS} FROM live_sessions WHERE class = ?", (code,))
        return LiveSession.from_row(row) if row else None

    def move_live(self, code: str, version: int, frame: int, revealed: bool) -> LiveSession | None:
        """The running session on ``frame`` (revealed or not), if it is still at ``version`` (a
        compare-and-set: of two steps from one version, one applies); None if it has moved on or ended.
        With a timer, a new frame's deadline is the timer's seconds from now; a reveal keeps it."""
        now = time.time()
        with self._write() as db:
            row = db.execute("UPDATE live_sessions SET deadline = CASE WHEN timer IS NULL THEN NULL "
                             "WHEN frame = ? THEN deadline ELSE ? + timer END, frame = ?, revealed = ?, "
                             "version = version + 1 WHERE class = ? AND version = ? AND ended IS NULL" + _RETURNING,
                             (frame, now, frame, int(revealed), code, version)).fetchone()
            moved = row and LiveSession.from_row(row)
            if moved:
                self._announce_in(db, moved.as_event())
        if moved:
            self._announced(moved.as_event())
        return moved or None

    def end_live(self, code: str) -> LiveSession | None:
        """End the class's running session; None if none runs."""
        with self._write() as db:
            ended = self._end_live(db, code)
        if ended:
            self._announced(ended.as_event())
        return ended

    def _end_live(self, db, code: str) -> LiveSession | None:
        """End the class's running session within the transaction ``db`` (the class's end too),
        announced in it; the caller announces it again after the commit (``_announced``)."""
        row = db.execute("UPDATE live_sessions SET ended = ?, version = version + 1 WHERE class = ? AND ended IS NULL"
                         + _RETURNING, (time.time(), code)).fetchone()
        if row is None:
            return None
        ended = LiveSession.from_row(row)
        self._announce_in(db, ended.as_event())
        return ended

    def live_states(self, codes: list[str]) -> list[LiveSession]:
        """The sessions of these classes (a process's followed classes, polled)."""
        if not codes:
            return []
        marks = ", ".join("?" * len(codes))
        return [LiveSession.from_row(row) for row in
                self._all(f"SELECT {LiveSession.COLUMNS} FROM live_sessions WHERE class IN ({marks})", tuple(codes))]

    # --- announcements: a backend's ---------------------------------------------------------

    def _announce_in(self, db, event: dict[str, Any]) -> None:
        """Announce ``event`` from inside the transaction that made it (PostgreSQL's NOTIFY)."""

    def _announced(self, event: dict[str, Any]) -> None:
        """Announce ``event`` after its transaction committed (SQLite: to this process's streams)."""
