#!/usr/bin/env python3
"""What the event streams of tables read from the store at their heartbeats (issue 38, item 4).

    .venv/bin/python bench/table_heartbeats.py [--tables 50] [--seats 4] [--beats 5] [--heartbeat 1]

Opens ``--tables`` tables of ``--seats`` people on a throwaway SQLite store, in one process, with
every seat's event stream open (a thread each, reading it as a phone's EventSource does), then
counts, over ``--beats`` heartbeats of ``--heartbeat`` seconds, what the streams ask of the store:
reads of the followed tables' versions, reads of a table's seats, loads of a table's game, and
writes of a seat's ``seen``; printed per heartbeat, beside the streams' count. The process's
listener (SQLite's poll of the followed tables every 0.5 s) is counted apart: on SQLite its read of
every followed table's version is the one the heartbeats share (app.store.base
``followed_versions``), so they read none of their own. Nobody moves and nobody is away, so the
figures are the heartbeats' own.
"""
from __future__ import annotations

import os
import sys

# bench/http.py would shadow the standard library's http: keep this folder off the path, the repo on it.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [os.path.dirname(HERE)] + [p for p in sys.path if os.path.abspath(p or ".") != HERE]

import argparse  # noqa: E402
import collections  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

from app import create_app  # noqa: E402
from app.practice import access  # noqa: E402


def browser(app, n: int):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"
    return client


def follow(client, table: str, opened: threading.Semaphore) -> None:
    """Read the table's stream until it ends, telling ``opened`` at its first event."""
    answer = client.get(f"/api/v1/tables/{table}/events", buffered=False)
    told = False
    for chunk in answer.response:
        if not told and b"event:" in (chunk if isinstance(chunk, bytes) else chunk.encode()):
            opened.release()
            told = True


def counted(store, calls: collections.Counter) -> None:
    """Count the store's reads and writes that a heartbeat may make, the listener thread's apart."""
    def wrap(name: str, key) -> None:
        real = getattr(store, name)

        def call(*args, **kwargs):
            found = real(*args, **kwargs)
            polled = threading.current_thread().name == "live-listener"
            calls[key(args, found) + (" by the poll" if polled else "")] += 1
            return found
        setattr(store, name, call)

    wrap("table_versions", lambda args, found: "versions read")
    wrap("table_seats", lambda args, found: "seats read")
    wrap("load", lambda args, found: "game loaded")
    wrap("seen_at_table", lambda args, found: "seen written" if found is not args[1] else "seen kept")


def run(tables: int, seats: int, beats: int, heartbeat: float) -> None:
    with tempfile.TemporaryDirectory() as instance:
        os.environ["UNO_TUTOR_INSTANCE_PATH"] = instance
        os.environ.pop("DATABASE_URL", None)
        app = create_app({"TESTING": True, "LIVE_HEARTBEAT": heartbeat, "LIVE_STREAMS": tables * seats})
        opened, browsers = threading.Semaphore(0), []
        for _ in range(tables):
            maker = browser(app, len(browsers))
            made = maker.post("/api/v1/tables", json={"seats": seats, "rules": "official", "level": "easy"})
            table = made.get_json()["id"]
            browsers.append((maker, table))
            for _seat in range(1, seats):
                joiner = browser(app, len(browsers))
                assert joiner.post(f"/api/v1/tables/{table}/join", json={}).status_code == 200
                browsers.append((joiner, table))
        threads = [threading.Thread(target=follow, args=(client, table, opened), daemon=True)
                   for client, table in browsers]
        for thread in threads:
            thread.start()
        for _ in threads:
            assert opened.acquire(timeout=60), "a stream did not open"
        calls: collections.Counter = collections.Counter()
        with app.app_context():
            store = access.store()
            counted(store, calls)
            time.sleep(beats * heartbeat)
            seen = dict(calls)
            store.cleanup(now=time.time() + 10**9)  # every table gone: every stream ends
        for thread in threads:
            thread.join(timeout=30)
    print(f"{tables} tables x {seats} seats = {len(threads)} streams, heartbeat {heartbeat} s, {beats} heartbeats")
    for name in ("versions read", "versions read by the poll", "seats read", "game loaded", "seen written",
                 "seen kept"):
        print(f"  {name:25} {seen.get(name, 0) / beats:8.1f} per heartbeat")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--beats", type=int, default=5)
    parser.add_argument("--heartbeat", type=float, default=1.0)
    options = parser.parse_args()
    run(options.tables, options.seats, options.beats, options.heartbeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
