"""Whether the requests that follow a burst are slower on a PostgreSQL pool the burst has grown
(issue 37, item 5: a class's phones opening their live streams at once are such a burst), by the
order in which the pool hands its connections out.

    .venv/bin/python bench/pool_order.py

On a new database in DATABASE_URL's server, else a throwaway one (bench/http.py's ``store_env``),
three pools with the store's settings (app.store.postgres: at most 10 connections, autocommit,
its session options, its check): psycopg_pool's own, which hands out the connection idle longest;
the store's (``_WarmFirstPool``), which hands out the one returned last; and a yardstick never
grown. The first two are grown by a burst (ten requests holding a connection at once). Then
ROUNDS rounds: in each, COUNT requests one at a time on each pool in turn (so that the machine's
load falls on all alike; each pool first in a round in turn), each the store's one statement of a move (an UPDATE of a game-sized row,
in autocommit). Printed: each grown pool's median / the yardstick's.
"""
from __future__ import annotations

import os
import sys

# bench/http.py is in this folder: keep the folder off the path so "http" is the standard library's,
# and put the repository's root on it instead, for the bench package (as bench/http.py does).
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import statistics  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

from psycopg_pool import ConnectionPool  # noqa: E402

from app.store.postgres import _options, _unheard, _WarmFirstPool  # noqa: E402
from bench.http import store_env  # noqa: E402

ROUNDS, COUNT, BURST = 9, 200, 10
SAVE = "UPDATE bench_games SET state = %s, version = version + 1 WHERE id = 1"
STATE = '{"game": "' + "x" * 2000 + '"}'  # about a practice game's saved state


def pool(kind: type[ConnectionPool], url: str) -> ConnectionPool:
    """A pool of ``kind`` with the store's settings."""
    return kind(url, min_size=1, max_size=BURST, check=_unheard, name=kind.__name__,
                kwargs={"autocommit": True, "options": _options(url)})


def burst(grown: ConnectionPool) -> None:
    """BURST requests holding a connection at once: the pool grows to all of them."""
    together = threading.Barrier(BURST)

    def request() -> None:
        with grown.connection() as conn:
            together.wait()
            conn.execute("SELECT 1")

    threads = [threading.Thread(target=request) for _ in range(BURST)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def requests_us(on: ConnectionPool) -> list[float]:
    """COUNT saves one at a time, each timed, in microseconds."""
    times = []
    for _ in range(COUNT):
        began = time.perf_counter()
        with on.connection() as conn:
            conn.execute(SAVE, (STATE,))
        times.append((time.perf_counter() - began) * 1e6)
    return times


def main() -> int:
    with store_env("postgresql") as env:
        url = env["DATABASE_URL"]
        pools = {"psycopg_pool's order": pool(ConnectionPool, url), "the store's (last returned first)":
                 pool(_WarmFirstPool, url), "yardstick (never grown)": pool(ConnectionPool, url)}
        try:
            with next(iter(pools.values())).connection() as conn:
                conn.execute("CREATE TABLE bench_games (id INTEGER PRIMARY KEY, version INTEGER, state TEXT)")
                conn.execute("INSERT INTO bench_games VALUES (1, 1, '')")
            *grown, _ = pools.values()
            for each in grown:
                burst(each)
            for each in pools.values():
                requests_us(each)  # every connection has prepared the statement: not measured
            times: dict[str, list[float]] = {name: [] for name in pools}
            names = list(pools)
            for n in range(ROUNDS):  # each pool first in a round in turn
                for name in names[n % len(names):] + names[:n % len(names)]:
                    times[name].append(statistics.median(requests_us(pools[name])))
            yardstick = statistics.median(times.pop("yardstick (never grown)"))
            sizes = {name: each.get_stats()["pool_size"] for name, each in pools.items()}
            for name, medians in times.items():
                print(f"{name}, grown to {sizes[name]} connections: a request's median / the yardstick's "
                      f"(a pool of {sizes['yardstick (never grown)']}) {statistics.median(medians) / yardstick:.2f}")
        finally:
            for each in pools.values():
                each.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
