#!/usr/bin/env python3
"""Where a move's time goes, on SQLite and on PostgreSQL in one run (issue 36, item 5).

Moves through the app's API in this process (bench/store.py's ``Mover``: four games of the learner
and three bots, each move as bench/http.py's learner plays it), counted, not timed against a clock
that the machine's load moves: per move, this process's CPU for the whole request and, of it, for
the store's save (``Store.save``, from encoding the state to its answer); on PostgreSQL also the
server's CPU (its backend process's, read from /proc) and the round trips to it (the messages
libpq's trace shows the server's answers end with); beside them a trivial page's CPU (/healthz, in
this process) and the ratio of the two, which bench/http.py measures over HTTP. The app's pool
has one connection here (DATABASE_POOL_MAX 1), so one backend serves every move. Last, the
save's time by the clock, its median and 90th percentile: what a move waits for its save, which
on PostgreSQL is mostly waiting for the server's process to run, and which the CPU columns do
not show (bench/http.py's move over HTTP does).

    .venv/bin/python bench/move_cost.py [--moves 1500] [--runs 3]

PostgreSQL runs in a new database of the server DATABASE_URL names, else of a throwaway server
started as an operator's (scripts/postgres.sh, as bench/http.py --store postgresql), dropped after.
The runs interleave the two databases; CPU time moves less with the machine's load than the
clock does, but compare within a run.

Last measured (README, issue 36 item 5; load average 4.6–5.2, other benches running): a PostgreSQL
move cost this process 1,745–1,943 µs, its save 317–368 and the server 247–287 more, one round
trip; trivial / move 0.29–0.38 (the release before: 1,857–2,070, 382–462, 0.28–0.34).
"""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from psycopg import pq  # noqa: E402

from app.practice import access  # noqa: E402
from bench.store import Mover, databases  # noqa: E402

WARM_UP = 60  # moves first, untimed: psycopg prepares the save on a connection the fifth time it runs
TRIVIAL = 1000  # trivial pages asked for, for the ratio


class SaveClock:
    """This process's CPU seconds inside the store's ``save``, wrapped around the app's store, and
    each save's time by the clock (``waits``): on PostgreSQL a save waits for another process, the
    server's backend, which a loaded machine may keep waiting for a core; the CPU does not show
    that, the clock does."""

    def __init__(self, store):
        self.seconds, self.waits, save = 0.0, [], store.save

        def timed(*args, **kwargs):
            began, clock = time.process_time(), time.perf_counter()
            try:
                return save(*args, **kwargs)
            finally:
                self.seconds += time.process_time() - began
                self.waits.append(time.perf_counter() - clock)

        store.save = timed

    def wait(self, share: float) -> float:
        """The save's time by the clock that this ``share`` of the saves took at most (0.5: the median)."""
        waits = sorted(self.waits)
        return waits[min(len(waits) - 1, int(share * len(waits)))]


def backend_cpu(store) -> float:
    """The CPU seconds of the PostgreSQL backend serving the pool's one connection (/proc)."""
    with store._pool().connection() as conn:
        pid = conn.info.backend_pid
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def round_trips(store):
    """Counts the server's answers on the pool's one connection while the block runs."""
    found = [0]
    with tempfile.TemporaryFile("w+") as trace:
        with store._pool().connection() as conn:
            conn.pgconn.trace(trace.fileno())
            conn.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)
        yield found
        with store._pool().connection() as conn:
            conn.pgconn.untrace()
        trace.seek(0)
        found[0] = sum(line.startswith("B") and "\tReadyForQuery\t" in line for line in trace)


def measure(database, folder: Path, moves: int) -> dict[str, float]:
    mover = Mover({**database.config, "DATABASE_POOL_MAX": "1"}, folder)
    for _ in range(WARM_UP):
        mover.move()
    with mover.app.app_context():
        store = access.store()
    clock, postgres = SaveClock(store), database.name == "postgresql"
    trips = round_trips(store) if postgres else contextlib.nullcontext([0])
    server = backend_cpu(store) if postgres else 0.0
    with trips as answered:
        began = time.process_time()
        for _ in range(moves):
            mover.move()
        spent = time.process_time() - began
    server = backend_cpu(store) - server if postgres else 0.0
    began = time.process_time()
    for _ in range(TRIVIAL):
        mover.client.get("/healthz")
    trivial = (time.process_time() - began) / TRIVIAL
    store.close()
    return {"move": spent / moves, "save": clock.seconds / moves, "server": server / moves,
            "trips": answered[0] / moves, "trivial": trivial, "wait 50": clock.wait(0.5), "wait 90": clock.wait(0.9)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1500, help="moves measured per database and run")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'run':>3} {'database':10} {'move CPU µs':>11} {'of it save':>10} {'server µs':>9} "
          f"{'round trips':>11} {'trivial µs':>10} {'trivial/move':>12} {'save clock p50/p90 µs':>21}")
    with databases("both") as found, tempfile.TemporaryDirectory(prefix="uno-move-cost-") as folder:
        for run in range(1, args.runs + 1):
            moves = {}
            for database in found:
                moves[database.name] = got = measure(database, Path(folder) / f"{database.name}-{run}", args.moves)
                print(f"{run:3d} {database.name:10} {got['move'] * 1e6:11.0f} {got['save'] * 1e6:10.0f} "
                      f"{got['server'] * 1e6:9.0f} {got['trips']:11.2f} {got['trivial'] * 1e6:10.0f} "
                      f"{got['trivial'] / got['move']:12.2f} {got['wait 50'] * 1e6:14.0f}/{got['wait 90'] * 1e6:<6.0f}",
                      flush=True)
            sqlite, postgres = moves["sqlite"], moves["postgresql"]
            print(f"{run:3d} postgresql / sqlite: move CPU {postgres['move'] / sqlite['move']:.2f}x, with the "
                  f"server's {(postgres['move'] + postgres['server']) / sqlite['move']:.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
