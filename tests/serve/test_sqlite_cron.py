"""README's production set-up on its SQLite file, beside the processes README sends to that file:
gunicorn's workers serve moves while its cron job (``flask --app app cleanup``), the upgrade step
(``flask --app app db-upgrade``) and a reader through Python's sqlite3 module (as an admin's shell
or a backup would) open the file, do their work and close it, several times each.

A process that opens and closes the database file outside SQLite drops every lock SQLite holds on
it in that process (POSIX ties fcntl locks to the process, not the descriptor): the next neighbour
to close then believes it is the last connection, checkpoints, and deletes the write-ahead log
under the running workers, which go on writing to the deleted file. So: the log is never removed
while the server runs (a hard link to it keeps its inode: its name removed, the link is the only
one left), no request is answered 5xx, every game loads, and the file passes its integrity check.

The server is plain gunicorn with threads, its settings on the command line and an empty config
file, so only the store is under test here, not the production server's settings.
"""
import os
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest

from .plain_gunicorn import ROOT, WAIT, executable, request, served

WORKERS, THREADS = 3, 4
CLIENTS = 6  # playing at once: each worker serves several requests at a time, on several threads
MOVES_PER_GAME = 500  # then a client starts another game (each game kept for the check at the end)
GAMES_PER_CLIENT = 5  # up to these, well under the limit on making games (10 a minute a browser)
WARM_UP_MOVES = 150  # before the neighbours start: every worker has served moves on several threads
MOVES_BETWEEN = 30  # served between two neighbours
NEIGHBOURS = ("cleanup", "reader", "db-upgrade", "cleanup", "reader", "cleanup", "reader", "db-upgrade",
              "cleanup", "reader", "cleanup")
SECRET = "sqlite-cron"


@pytest.fixture
def environment(tmp_path):
    """What the server and its neighbours share, as README's cron set-up has it: one instance folder,
    one key, the cleanup left to cron (UNO_TUTOR_CLEANUP_EVERY=0), and no DATABASE_URL (SQLite)."""
    env = {**os.environ, "UNO_TUTOR_INSTANCE_PATH": str(tmp_path / "instance"), "UNO_TUTOR_SECRET_KEY": SECRET,
           "UNO_TUTOR_CLEANUP_EVERY": "0"}
    env.pop("DATABASE_URL", None)
    return env


class Player(threading.Thread):
    """A client playing its games move after move until ``stop``: each game's id is kept, and every
    answer that is not the expected one (201 for a new game, 200 for a move) is kept too."""

    def __init__(self, port: int, stop: threading.Event, served: "Counter"):
        super().__init__(daemon=True)
        self.port, self.stop, self.served = port, stop, served
        self.cookie: str | None = None
        self.games: list[str] = []
        self.wrong: list[tuple[str, int, object]] = []

    def run(self):
        from bench.http import next_move

        try:
            while not self.stop.is_set():
                if len(self.games) < GAMES_PER_CLIENT:  # then on in the last one
                    game_id, version, view = self._new_game()
                for _ in range(MOVES_PER_GAME):
                    if self.stop.is_set():
                        return
                    status, _, answer = request(self.port, "POST", f"/api/v1/games/{game_id}/moves",
                                                 {"version": version, "move": next_move(view)}, self.cookie)
                    if status != 200:
                        self.wrong.append(("move", status, answer))
                        return
                    version, view = answer["version"], answer["view"]
                    self.served.add()
        except Exception as error:  # a connection refused or cut: the server failed this client
            self.wrong.append(("connection", 0, repr(error)))

    def _new_game(self):
        status, set_cookie, game = request(self.port, "POST", "/api/v1/games",
                                            {"rules": {"preset": "official", "target": 100_000}, "bots": 3},
                                            self.cookie)
        if status != 201:
            self.wrong.append(("new game", status, game))
            raise RuntimeError(f"new game answered {status}")
        self.cookie = self.cookie or set_cookie.split(";")[0]
        self.games.append(game["id"])
        return game["id"], game["version"], game["view"]


class Counter:
    """The moves served so far, and a wait for a number of them."""

    def __init__(self):
        self.count, self._changed = 0, threading.Condition()

    def add(self):
        with self._changed:
            self.count += 1
            self._changed.notify_all()

    def reach(self, target: int, players: list[Player]) -> None:
        """Wait until ``target`` moves are served; fail if every player has stopped first, or after WAIT."""
        deadline = time.monotonic() + WAIT
        with self._changed:
            while self.count < target:
                if not any(player.is_alive() for player in players):
                    pytest.fail(f"every client stopped: {[p.wrong for p in players]}")
                left = deadline - time.monotonic()
                if left <= 0:
                    pytest.fail(f"{target} moves not served in {WAIT} s (served {self.count})")
                self._changed.wait(min(left, 1))


def _neighbour(kind: str, environment: dict[str, str], database: Path) -> str | None:
    """Run one neighbour to its end: README's command exactly, or a reader that opens the file,
    reads and closes it. None if it went well, else what it said."""
    if kind == "reader":
        db = sqlite3.connect(database, timeout=30)
        try:
            db.execute("SELECT COUNT(*) FROM games").fetchone()
        except sqlite3.Error as error:
            return f"reader: {error}"
        finally:
            db.close()
        return None
    done = subprocess.run([executable("flask"), "--app", "app", kind], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=WAIT)
    return None if done.returncode == 0 else f"flask {kind}: {done.returncode} {done.stderr[-2000:]}"


def _links(database: Path, folder: Path) -> dict[str, Path]:
    """A hard link to the log and to the shared-memory file: while the link is there, the file's
    inode lives on, so a removed file (and one made again in its place) can't go unnoticed."""
    links = {}
    for suffix in ("-wal", "-shm"):
        links[suffix] = folder / f"kept{suffix}"
        os.link(f"{database}{suffix}", links[suffix])
    return links


def _removed(database: Path, links: dict[str, Path]) -> list[str]:
    """The files among -wal and -shm that are no longer the ones linked at the start."""
    removed = []
    for suffix, link in links.items():
        try:
            same = os.stat(f"{database}{suffix}").st_ino == os.stat(link).st_ino
        except FileNotFoundError:
            same = False
        if not same or os.stat(link).st_nlink != 2:
            removed.append(suffix)
    return removed


def _integrity(database: Path) -> list[str]:
    db = sqlite3.connect(database, timeout=30)
    try:
        return [row[0] for row in db.execute("PRAGMA integrity_check")]
    finally:
        db.close()


def test_sqlite_file__survives_cron_upgrade_and_readers_while_workers_serve_moves(environment, tmp_path):
    database = Path(environment["UNO_TUTOR_INSTANCE_PATH"]) / "practice.sqlite3"
    stop, moves = threading.Event(), Counter()
    with served(environment, tmp_path, WORKERS, THREADS) as (port, _):
        players = [Player(port, stop, moves) for _ in range(CLIENTS)]
        for player in players:
            player.start()
        said = []
        try:
            moves.reach(WARM_UP_MOVES, players)
            links = _links(database, tmp_path)
            for kind in NEIGHBOURS:
                said.append(_neighbour(kind, environment, database))
                moves.reach(moves.count + MOVES_BETWEEN, players)
        finally:
            stop.set()
            for player in players:
                player.join(timeout=WAIT)
        wrong = [answer for player in players for answer in player.wrong]
        games = [(player.cookie, game) for player in players for game in player.games]
        found = {
            "files removed under the server": _removed(database, links),
            "answers 5xx or cut": [answer for answer in wrong if answer[1] >= 500 or answer[1] == 0],
            "other unexpected answers": [answer for answer in wrong if 0 < answer[1] < 500],
            "neighbours that failed": [error for error in said if error],
            "games that don't load": [game for cookie, game in games
                                      if request(port, "GET", f"/api/v1/games/{game}", cookie=cookie)[0] != 200],
            "integrity while served": _integrity(database),
        }
    found["integrity at rest"] = _integrity(database)
    print(f"\n{moves.count} moves served in {len(games)} games, {len(NEIGHBOURS)} neighbours: {found}")
    assert found == {
        "files removed under the server": [], "answers 5xx or cut": [], "other unexpected answers": [],
        "neighbours that failed": [], "games that don't load": [], "integrity while served": ["ok"],
        "integrity at rest": ["ok"],
    }, f"{moves.count} moves served in {len(games)} games"
