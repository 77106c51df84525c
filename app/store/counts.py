"""The rate limits' counts (the ``hits`` and ``counters`` tables), for app.limits_storage: a
moving window's hits, checked and counted in one transaction that ``_serialize`` makes the only
one for that key, and a fixed window's counter, one atomic statement on both databases.
"""
from __future__ import annotations

import time

from .tables import LIMIT_HITS, Tables


class RateCounts(Tables):
    """Hits and counters by key."""

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
        oldest, count = self._aggregate("SELECT MIN(at), COUNT(*) FROM hits WHERE key = ? AND at > ?", (key, now - window))
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
