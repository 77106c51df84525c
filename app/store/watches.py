"""Watch links (the ``watches`` table): an owner's one live link to a game, and a class's link to
each student's game for its teacher.
"""
from __future__ import annotations

from .records import Watch
from .tables import Tables


class WatchLinks(Tables):
    """Links made, read and turned off."""

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
        return Watch(row[0], game_id, bool(row[1]), False, False) if row else None

    def unshare(self, game_id: str) -> int:
        """Turn off the owner's watch links to the game (the class's stays); returns how many."""
        with self._write() as db:
            return db.execute("UPDATE watches SET revoked = 1 WHERE game = ? AND by_class = 0 AND revoked = 0",
                              (game_id,)).rowcount

    def load_watch(self, token: str) -> Watch | None:
        """The watch link, revoked or not (None: no such link, or its game is gone)."""
        row = self._one("SELECT token, game, open_hands, by_class, revoked FROM watches WHERE token = ?", (token,))
        return Watch(row[0], row[1], bool(row[2]), bool(row[3]), bool(row[4])) if row else None
