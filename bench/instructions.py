#!/usr/bin/env python3
"""Machine instructions per request, for the trivial page and for a practice move, counted by
valgrind's callgrind: repeatable where bench/http.py's requests/s move with the machine's load.

    apt-get install -y valgrind
    .venv/bin/python bench/instructions.py [--requests 200]

The app is called in this process (no HTTP server, no network): a move is the learner's move,
the bots' replies, the save in SQLite and the JSON answer, with the sentence memo warmed by the
moves before it. Counting is switched on only inside the measured loop (callgrind's
--toggle-collect on operator.call, which nothing else here calls). Kernel time (the SQLite
write, sockets) is not counted: bench/http.py measures that.
"""
from __future__ import annotations

import os
import sys

# bench/http.py sits in this folder: keep it off the path so "http" is the standard library's.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import argparse  # noqa: E402
import importlib.util  # noqa: E402
import json  # noqa: E402
import operator  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
WARMUP = 50
MOVE_BODY = {"rules": {"preset": "official", "target": 100_000}, "bots": 3, "level": "easy", "seed": 2024}


def count(kind: str, requests: int) -> None:
    """Inside valgrind: set up a game, warm up, then run ``requests`` requests of ``kind``."""
    sys.path.insert(0, str(ROOT))
    os.environ["UNO_TUTOR_INSTANCE_PATH"] = tempfile.mkdtemp()
    os.environ.setdefault("UNO_TUTOR_SECRET_KEY", "bench")
    from werkzeug.test import EnvironBuilder

    from app import create_app

    next_move = _bench_http().next_move  # the learner bench/http.py plays
    app = create_app()

    def call(method, path, body=None, cookie=None):
        data = json.dumps(body).encode() if body is not None else None
        environ = EnvironBuilder(path=path, method=method, data=data, headers={"Cookie": cookie} if cookie else {},
                                 content_type="application/json" if data else None).get_environ()
        headers = {}
        answer = b"".join(app(environ, lambda status, sent, exc=None: headers.update(sent)))
        return headers, answer

    headers, answer = call("POST", "/api/v1/games", MOVE_BODY)
    cookie = headers["Set-Cookie"].split(";")[0]
    game = json.loads(answer)
    state = {"version": game["version"], "view": game["view"]}

    def moves(n):
        for _ in range(n):
            _, answer = call("POST", f"/api/v1/games/{game['id']}/moves",
                             {"version": state["version"], "move": next_move(state["view"])}, cookie)
            state.update(json.loads(answer))

    def trivial(n):
        for _ in range(n):
            call("GET", "/healthz", cookie=cookie)

    moves(WARMUP)
    trivial(WARMUP)
    operator.call({"move": moves, "trivial": trivial}[kind], requests)


def _bench_http():
    spec = importlib.util.spec_from_file_location("bench_http", Path(__file__).with_name("http.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measure(kind: str, requests: int) -> float:
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=_operator_call",
         "--callgrind-out-file=/dev/null", sys.executable, __file__, "--count", kind, "--requests", str(requests)],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"}).stderr
    return int(re.search(r"Collected : (\d+)", out).group(1)) / requests


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200, help="measured requests of each kind")
    parser.add_argument("--count", choices=("move", "trivial"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.count:
        count(args.count, args.requests)
        return 0
    if not shutil.which("valgrind"):
        print("needs valgrind (apt-get install -y valgrind)", file=sys.stderr)
        return 2
    trivial, move = measure("trivial", args.requests), measure("move", args.requests)
    print(f"instructions per request, in-process, {args.requests} requests each after {WARMUP} warm-up")
    print(f"trivial page (/healthz)   {trivial:12,.0f}")
    print(f"move (POST .../moves)     {move:12,.0f}   trivial / move = {trivial / move:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
