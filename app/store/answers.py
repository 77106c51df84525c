"""Students' answers in a class's live session (the ``live_answers`` table, issue 37, item 2).

One answer per student per frame of a session, decided by the database: the answer is inserted
only while the session is running on that frame with its answer unrevealed, and a second one is
dropped by the primary key (``ON CONFLICT DO NOTHING``); the row then read back is the first
answer, whichever of twenty sent at once it was. The teacher's counts are one GROUP BY over the
frame's rows, never a name.
"""
from __future__ import annotations

import time
from typing import Any

from .records import LiveAnswer
from .tables import Tables


class LiveAnswers(Tables):
    """Answers kept once each, and counted."""

    def answer_live(self, code: str, session_id: str, frame: int, owner: str, answer: LiveAnswer) -> LiveAnswer | None:
        """Keep ``answer`` as the student's (owner hash ``owner``) to ``frame`` of the class's session
        ``session_id``, unless they answered it already; the student's answer as kept (the first
        one). None, with nothing written, if the session is not running on that frame unrevealed
        before its deadline (a quiz's timer)."""
        now = time.time()
        with self._write() as db:
            db.execute(
                f"INSERT INTO live_answers (class, session, frame, owner, {LiveAnswer.COLUMNS}, at) "
                "SELECT class, id, frame, ?, ?, ?, ?, ?, ?, ? FROM live_sessions "
                "WHERE class = ? AND id = ? AND frame = ? AND revealed = 0 AND ended IS NULL "
                "AND (deadline IS NULL OR deadline >= ?) ON CONFLICT (session, frame, owner) DO NOTHING",
                (owner, answer.answer, answer.given, int(answer.legal), int(answer.right), answer.rule, now,
                 code, session_id, frame, now))
            row = db.execute(f"SELECT {LiveAnswer.COLUMNS} FROM live_answers WHERE session = ? AND frame = ? "
                             "AND owner = ?", (session_id, frame, owner)).fetchone()
        return LiveAnswer.from_row(row) if row else None

    def live_answer(self, session_id: str, frame: int, owner: str) -> LiveAnswer | None:
        """The student's answer to the session's frame, if they gave one."""
        row = self._one(f"SELECT {LiveAnswer.COLUMNS} FROM live_answers WHERE session = ? AND frame = ? AND owner = ?",
                        (session_id, frame, owner))
        return LiveAnswer.from_row(row) if row else None

    def live_counts(self, session_id: str, frame: int) -> dict[str, Any]:
        """The frame's answers counted, without names: ``total``, ``right``, ``by_answer`` (how many
        chose each answer) and ``by_rule`` (the answers the engine refused, by the rule they broke)."""
        rows = self._all("SELECT answer, legal, correct, rule, COUNT(*) FROM live_answers "
                         "WHERE session = ? AND frame = ? GROUP BY answer, legal, correct, rule", (session_id, frame))
        counts: dict[str, Any] = {"total": 0, "right": 0, "by_answer": {}, "by_rule": {}}
        for answer, legal, right, rule, n in rows:
            counts["total"] += n
            counts["right"] += n if right else 0
            counts["by_answer"][answer] = counts["by_answer"].get(answer, 0) + n
            if not legal:
                counts["by_rule"][rule] = counts["by_rule"].get(rule, 0) + n
        return counts

    def live_tally(self, session_id: str) -> list[tuple[int, bool, str, int]]:
        """A session's answers counted, without names, for its summary: (frame, right, rule, how
        many), one row per frame, rightness and rule the answers had."""
        rows = self._all("SELECT frame, correct, rule, COUNT(*) FROM live_answers WHERE session = ? "
                         "GROUP BY frame, correct, rule ORDER BY frame, correct, rule", (session_id,))
        return [(frame, bool(right), rule, n) for frame, right, rule, n in rows]

    def live_scores(self, code: str, session_id: str) -> list[tuple[int, str | None, int, int]]:
        """Each student of the class who answered in the session, for a leaderboard: (their number in
        the class, nickname, right answers, answers), most right first, then in the order they joined."""
        scores = {owner: (right, n) for owner, right, n in self._all(
            "SELECT owner, SUM(correct), COUNT(*) FROM live_answers WHERE session = ? GROUP BY owner", (session_id,))}
        names = self._all("SELECT games.owner, MIN(students.number), MIN(students.nickname) FROM students "
                          "JOIN games ON games.id = students.game WHERE students.class = ? GROUP BY games.owner",
                          (code,))
        board = [(number, nickname, int(scores[owner][0]), scores[owner][1])
                 for owner, number, nickname in names if owner in scores]
        return sorted(board, key=lambda row: (-row[2], row[0]))
