#!/usr/bin/env python3
"""The game store's bench (issue 36, items 3 and 4), on SQLite and on PostgreSQL in one run:

- **size**: the database's bytes per game of 30 moves (a new game and 30 of the learner's
  requests, each with the bots' replies, saved as the table saves them: ``create``, then ``save``
  with the request's steps), measured on the files: SQLite's file after a checkpoint, PostgreSQL's
  tables with their indexes and TOAST (``pg_total_relation_size``), each less the empty
  schema's, divided by the games; beside the same games as JSON (their state and steps);
- **cleanup**: moves (the API's move endpoint, in this process, on four games) timed one by one
  before and during a cleanup (a thread, as each worker's cleaner is) of ``--games`` expired
  30-move games; the median and p99 of each phase, and their ratios, side by side.

    .venv/bin/python bench/store.py                        # both databases, 10,000 games
    .venv/bin/python bench/store.py --store sqlite --games 2000

PostgreSQL runs in a new database of the server ``DATABASE_URL`` names, else of a throwaway
server (scripts/postgres.sh, as bench/http.py --store postgresql), dropped after. The machine is
shared: compare the two phases of one run, and run it three times.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import random
import secrets
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# The repository's root on the path, for app and bench; this folder off it, so that "http" is the
# standard library's and not bench/http.py (whose learner, ``next_move``, the timed moves use).
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app import create_app  # noqa: E402
from app.engine import bots  # noqa: E402
from app.engine.rules import ruleset  # noqa: E402
from app.fast_json import dumps  # noqa: E402
from app.practice.game import HUMAN, Practice, play, start  # noqa: E402
from app.store import SQLiteStore, Store, new_token  # noqa: E402
from bench.http import next_move  # noqa: E402

MOVES = 30  # the learner's requests in a measured game
GOAL_BYTES = 20_000  # issue 36 item 4: at most this per 30-move game, on both databases
GOAL_P99_MS = 50  # issue 36 item 3: a move's p99 during a cleanup
RULES = {"preset": "official", "target": 100_000}  # no game ends within the bench
KINDS = 20  # different games the cleanup's expired games are copies of
MOVERS = 4  # games the timed moves are made in, in turn
BEFORE_MOVES = 150  # moves timed before the cleanup starts
PAUSE = 0.002  # seconds between two timed moves: a learner is not a loop


@dataclass
class Played:
    """A game as the table stores it: the new game's state and steps, then each request's."""

    created: tuple[dict[str, Any], bool, list[dict[str, Any]]]
    requests: list[tuple[dict[str, Any], bool, list[dict[str, Any]], int]]  # state, finished, steps, first

    def json_bytes(self) -> int:
        """The game as JSON: its last state and all its steps."""
        steps = self.created[2] + [step for request in self.requests for step in request[2]]
        return len(dumps(self.requests[-1][0])) + len(dumps(steps))


def played(seed: str, moves: int = MOVES) -> Played:
    """A game of ``moves`` requests, the learner moving as a normal bot would in seat 0."""
    practice, steps = start(ruleset(RULES), 3, "easy", seed)
    created = practice.to_dict(), practice.finished, steps
    rng, requests = random.Random(seed), []
    for _ in range(moves):
        steps = play(practice, learner_move(practice, rng))
        requests.append((practice.to_dict(), practice.finished, steps, practice.latest))
    return Played(created, requests)


def learner_move(practice: Practice, rng: random.Random) -> dict[str, Any]:
    state = practice.round
    if state.round_over:
        return {"action": "next-round"}
    if practice.waiting_for() is None:
        return {"action": "continue"}
    return bots.decide(state, HUMAN, "normal", rng, True).to_dict()


# --- the databases -------------------------------------------------------------------------------


class SQLite:
    name = "sqlite"

    def __init__(self, folder: Path):
        self.path = folder / "practice.sqlite3"
        self.config = {"PRACTICE_DATABASE": str(self.path)}

    def store(self) -> Store:
        return SQLiteStore(self.path, None)

    def size(self, store: Store) -> int:
        store._db().execute("PRAGMA wal_checkpoint(TRUNCATE)")  # type: ignore[attr-defined]
        return self.path.stat().st_size


class PostgreSQL:
    name = "postgresql"

    def __init__(self, url: str):
        self.url = url
        self.config = {"DATABASE_URL": url}

    def store(self) -> Store:
        from app.store.postgres import PostgresStore

        return PostgresStore(self.url, None)

    def size(self, store: Store) -> int:
        return int(store._one(  # every table of the app's, with its indexes and TOAST
            "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'")[0])


@contextlib.contextmanager
def databases(which: str) -> Iterator[list]:
    """Each database asked for, new and at the app's schema."""
    with contextlib.ExitStack() as stack:
        found: list = []
        if which in ("sqlite", "both"):
            found.append(SQLite(Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="uno-store-")))))
        if which in ("postgresql", "both"):
            from bench import postgres_server

            server = os.environ.get("DATABASE_URL") or stack.enter_context(postgres_server.throwaway(as_deployed=True))
            url = stack.enter_context(postgres_server.new_database(server, "uno_store_bench"))
            postgres_server.upgrade(url)
            found.append(PostgreSQL(url))
        yield found


# --- size ----------------------------------------------------------------------------------------


def bytes_per_game(database, games: list[Played]) -> float:
    """Bytes the database grows by per game, each saved as the table saves it."""
    store = database.store()
    store.create(new_token(), {})  # the schema made (SQLite makes it on first use), and the pages a first game opens
    empty = database.size(store)
    for game in games:
        record = store.create(new_token(), *game.created)
        for state, finished, steps, first in game.requests:
            record = store.save(record, state, finished, steps, first)
    grown = database.size(store) - empty
    store.close()
    return grown / len(games)


# --- cleanup -------------------------------------------------------------------------------------


def fill_expired(store: Store, games: list[Played], count: int) -> None:
    """``count`` finished games, two days old, copies of ``games`` written as their saves would
    have (a row and its log, request by request), many to a transaction."""
    old = time.time() - 2 * 24 * 3600
    for start_at in range(0, count, 100):
        with store._write() as db:
            for n in range(start_at, min(count, start_at + 100)):
                game = games[n % len(games)]
                record = store._insert_game(db, new_token(), *game.created)
                for _, _, steps, first in game.requests:
                    store._append(db, record.id, first, steps)
                db.execute("UPDATE games SET state = ?, version = ?, finished = 1, updated = ? WHERE id = ?",
                           (dumps(game.requests[-1][0]), len(game.requests) + 1, old, record.id))


class Mover:
    """Moves through the app's API, in turn in MOVERS games, each one timed."""

    def __init__(self, config: dict[str, str], folder: Path):
        os.environ["UNO_TUTOR_INSTANCE_PATH"] = str(folder / "instance")
        self.app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, "PRACTICE_CLEANUP_EVERY": 0,
                               "SECRET_KEY": secrets.token_hex(16), **config})
        self.client = self.app.test_client()
        self.games = []
        for n in range(MOVERS):
            answer = self.client.post("/api/v1/games", json={"rules": RULES, "bots": 3, "level": "easy",
                                                              "seed": f"mover-{n}"}).get_json()
            self.games.append([answer["id"], answer["version"], answer["view"]])
        self.turn = 0

    def move(self) -> float:
        """One move; its seconds."""
        game = self.games[self.turn % MOVERS]
        self.turn += 1
        began = time.perf_counter()
        response = self.client.post(f"/api/v1/games/{game[0]}/moves", json={"version": game[1], "move": next_move(game[2])})
        took = time.perf_counter() - began
        answer = response.get_json()
        assert response.status_code == 200, answer
        game[1], game[2] = answer["version"], answer["view"]
        return took

    def timed(self, until) -> list[float]:
        times = []
        while not until(len(times)):
            times.append(self.move())
            time.sleep(PAUSE)
        return times


def holding_times(store: Store) -> list[float]:
    """Seconds each of ``store``'s write transactions from now on holds the writers' turn: from
    the moment it has it (BEGIN) to its commit's end."""
    held: list[float] = []
    opened = store._write

    @contextlib.contextmanager
    def timed():
        transaction = opened()
        db = transaction.__enter__()
        began = time.perf_counter()
        try:
            yield db
        except BaseException:
            transaction.__exit__(*sys.exc_info())
            raise
        else:
            transaction.__exit__(None, None, None)
        finally:
            held.append(time.perf_counter() - began)

    store._write = timed  # type: ignore[method-assign]
    return held


def cleanup_stall(database, games: list[Played], count: int, folder: Path) -> dict[str, float]:
    """Move latencies before and during the cleanup of ``count`` expired games, and how long each
    of the cleanup's transactions held the writers' turn."""
    cleaner = database.store()
    fill_expired(cleaner, games, count)
    held = holding_times(cleaner)
    mover = Mover(database.config, folder)
    before = mover.timed(lambda n: n >= BEFORE_MOVES)
    took: list[float] = []

    def clean() -> None:
        began = time.perf_counter()
        deleted = cleaner.cleanup()
        took.append(time.perf_counter() - began)
        assert deleted == count, (deleted, count)

    thread = threading.Thread(target=clean)
    thread.start()
    during = mover.timed(lambda n: not thread.is_alive())
    thread.join()
    cleaner.close()
    return {"cleanup_s": took[0], "moves": len(during),
            "before_median": statistics.median(before) * 1000, "before_p99": p99(before) * 1000,
            "during_median": statistics.median(during) * 1000, "during_p99": p99(during) * 1000,
            "during_max": max(during) * 1000, "transactions": len(held), "held_p99": p99(held) * 1000,
            "held_max": max(held) * 1000}


def p99(times: list[float]) -> float:
    return statistics.quantiles(times, n=100, method="inclusive")[98] if len(times) > 1 else times[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--games", type=int, default=10_000, help="expired games the cleanup deletes")
    parser.add_argument("--sized", type=int, default=100, help="games played to measure the size")
    args = parser.parse_args()
    kinds = [played(f"store-bench-{n}") for n in range(KINDS)]
    sized = [kinds[n % KINDS] for n in range(args.sized)]
    json_bytes = statistics.mean(game.json_bytes() for game in sized)
    with databases(args.store) as found, tempfile.TemporaryDirectory(prefix="uno-store-app-") as folder:
        for database in found:
            size = bytes_per_game(database, sized)
            print(f"{database.name:10} bytes per {MOVES}-move game: {size:9,.0f}  (JSON {json_bytes:,.0f}; "
                  f"goal {GOAL_BYTES:,}: {size / GOAL_BYTES:.2f}x the goal)", flush=True)
            stall = cleanup_stall(database, kinds, args.games, Path(folder) / database.name)
            print(f"{database.name:10} cleanup of {args.games:,} games: {stall['cleanup_s']:.1f} s, "
                  f"{stall['moves']} moves during it; move ms before / during (ratio): "
                  f"median {stall['before_median']:.1f} / {stall['during_median']:.1f} "
                  f"({stall['during_median'] / stall['before_median']:.1f}x), "
                  f"p99 {stall['before_p99']:.1f} / {stall['during_p99']:.1f} "
                  f"({stall['during_p99'] / stall['before_p99']:.1f}x), max {stall['during_max']:.0f}; "
                  f"goal p99 <= {GOAL_P99_MS}; its {stall['transactions']} transactions held the writers' "
                  f"turn p99 {stall['held_p99']:.1f} ms, max {stall['held_max']:.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
