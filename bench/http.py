#!/usr/bin/env python3
"""HTTP load test: gunicorn on 127.0.0.1 and wrk, measuring in one run a trivial page, a rule
page, the practice table and the move endpoint (one move of the learner plus the bots' replies).

    .venv/bin/pip install -e '.[serve]' && apt-get install -y wrk
    .venv/bin/python bench/http.py [--seconds 5] [--rounds 3] [--workers 2] [--connections 2]

Prints requests/s and latency percentiles per endpoint, each as a ratio to the trivial page
(the issue's target: the move endpoint at least half the trivial page's requests/s). wrk and
gunicorn share the machine's cores, so only ratios within one run mean anything.

The move endpoint needs the game's current version in every request: each wrk thread keeps one
connection and plays its own game (bench/moves.lua reads the version and the next sensible move
from each answer), so no request is a refused replay.
"""
from __future__ import annotations

import os
import sys

# This file is named http.py: keep its folder off the path so "http" is the standard library's.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
SEED = 2024
WARMUP_MOVES = 30
# A bench game ends when someone reaches the rules' highest target (100,000 points): about 38,000
# moves with 3 bots. A move phase plays at most about a thousand moves a second per game, from a
# new game each time, so it is kept well short of a game, in which every move after the end would
# be refused.
MAX_SECONDS = 20


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def request(port, method, path, body=None, cookie=None):
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if cookie:
        headers["Cookie"] = cookie
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, response.getheader("Set-Cookie"), data


def next_move(view: dict) -> dict:
    """What the bench's learner does: the first card that matches (else draw), or the one answer
    the table waits for. Mirrors bench/moves.lua."""
    if view["round_over"]:
        return {"action": "next-round"}
    pending = view["pending"]
    if pending and pending["seat"] == 0:
        return {"drawn": {"action": "pass"}, "color": {"action": "color", "color": "red"}}.get(
            pending["kind"], {"action": "accept"})
    if (pending["seat"] if pending else view["turn"]) != 0:
        return {"action": "continue"}
    hand, top = view["hands"][0], view["top"]
    letter = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}[view["color"]]
    uno = {"uno": True} if len(hand) == 2 else {}
    for card in hand:
        if card == "W":
            return {"action": "play", "card": "W", "color": "red", **uno}
        if card != "WD4" and (card[0] == letter or (top[0] != "W" and card[1:] == top[1:])):
            return {"action": "play", "card": card, **uno}
    return {"action": "draw"}


def start_games(port: int, count: int, cookie: str | None = None) -> tuple[str, list[tuple[str, int, dict]]]:
    """``count`` games with one owner cookie (made by the first unless given), each played a
    little so the table has a log. The seeds are always the same, so every set deals the same."""
    games = []
    for n in range(count):
        status, set_cookie, data = request(port, "POST", "/api/v1/games", {
            "rules": {"preset": "official", "target": 100_000}, "bots": 3, "level": "easy", "seed": SEED + n},
            cookie)
        assert status == 201, data
        cookie = cookie or set_cookie.split(";")[0]
        answer = json.loads(data)
        game_id, version, view = answer["id"], answer["version"], answer["view"]
        for _ in range(WARMUP_MOVES):
            status, _, data = request(port, "POST", f"/api/v1/games/{game_id}/moves",
                                      {"version": version, "move": next_move(view)}, cookie)
            assert status == 200, data
            answer = json.loads(data)
            version, view = answer["version"], answer["view"]
        games.append((game_id, version, next_move(view)))
    return cookie, games


def _games_env(games: list[tuple[str, int, dict]]) -> dict[str, str]:
    """For bench/moves.lua: each game's id and version, and the first move to send (after that,
    every answer says the next one; a fixed first move could be refused and then repeated)."""
    return {"BENCH_GAMES": ",".join(f"{g}:{v}" for g, v, _ in games),
            "BENCH_MOVES": "|".join(json.dumps(m, separators=(",", ":")) for _, _, m in games)}


def wrk(url: str, seconds: int, connections: int, cookie: str, script: Path | None = None,
        env: dict | None = None) -> dict:
    command = ["wrk", f"-t{connections}", f"-c{connections}", f"-d{seconds}s", "--latency",
               "-H", f"Cookie: {cookie}"]
    if script:
        command += ["-s", str(script)]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True, timeout=seconds + 30,
                         env={**os.environ, **(env or {})}).stdout
    latency = {p: _ms(v) for p, v in re.findall(r"^\s+(50|90|99)(?:\.000)?%\s+(\S+)", out, re.M)}
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)), "latency": latency,
            "errors": int(errors.group(1)) if errors else 0}


def _ms(value: str) -> float:
    number, unit = re.match(r"([\d.]+)(\w+)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=5, help=f"duration of each measurement (max {MAX_SECONDS})")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers")
    parser.add_argument("--connections", type=int, default=2, help="wrk threads = connections")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (median reported, max 9)")
    args = parser.parse_args()
    args.seconds = max(1, min(args.seconds, MAX_SECONDS))
    args.rounds = max(1, min(args.rounds, 9))
    gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or shutil.which("gunicorn")
    if not gunicorn or not shutil.which("wrk"):
        print("needs gunicorn (pip install -e '.[serve]') and wrk (apt-get install -y wrk)", file=sys.stderr)
        return 2
    port = free_port()
    with tempfile.TemporaryDirectory() as instance:
        env = {**os.environ, "UNO_TUTOR_INSTANCE_PATH": instance, "UNO_TUTOR_SECRET_KEY": "bench"}
        server = subprocess.Popen([gunicorn, "-w", str(args.workers), "-b", f"{HOST}:{port}", "--log-level",
                                   "warning", "app:create_app()"], cwd=ROOT, env=env, start_new_session=True)
        try:
            for _ in range(100):  # bounded wait for the server to answer
                try:
                    if request(port, "GET", "/healthz")[0] == 200:
                        break
                except OSError:
                    time.sleep(0.1)
            cookie, games = start_games(port, args.connections)
            base = f"http://{HOST}:{port}"
            targets = {
                "trivial page (/healthz)": (f"{base}/healthz", None),
                "rule page (/en/rules/turn)": (f"{base}/en/rules/turn", None),
                "game page (/en/play/<id>)": (f"{base}/en/play/{games[0][0]}", None),
                "move (POST .../moves)": (f"{base}/api/v1/games", Path(__file__).with_name("moves.lua")),
            }
            # Rounds interleave the endpoints, so a change in the machine's load mid-run hits all
            # of them; each endpoint's median round is reported.
            rounds: dict[str, list[dict]] = {name: [] for name in targets}
            for _ in range(args.rounds):
                for name, (url, script) in targets.items():
                    if script:  # every move phase plays new games, dealt as the first (see MAX_SECONDS)
                        games = start_games(port, args.connections, cookie)[1]
                    rounds[name].append(wrk(url, args.seconds, args.connections, cookie, script,
                                            _games_env(games)))
            runs = {name: sorted(results, key=lambda r: r["rps"])[len(results) // 2]
                    for name, results in rounds.items()}
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    trivial = runs["trivial page (/healthz)"]["rps"]
    print(f"gunicorn -w {args.workers}, wrk -t{args.connections} -c{args.connections} -d{args.seconds}s on {HOST},"
          f" median of {args.rounds} interleaved rounds")
    print(f"{'endpoint':30} {'req/s':>9} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'non-2xx':>8} {'ratio':>6}")
    for name, run in runs.items():
        lat = run["latency"]
        print(f"{name:30} {run['rps']:9.1f} {lat.get('50', 0):8.2f} {lat.get('90', 0):8.2f} {lat.get('99', 0):8.2f}"
              f" {run['errors']:8d} {run['rps'] / trivial:6.2f}")
    # Each round's own ratio too: the machine's speed drifts from round to round, and this shows how far.
    moves, trivials = rounds["move (POST .../moves)"], rounds["trivial page (/healthz)"]
    print("move / trivial in each round:", ", ".join(f"{m['rps'] / t['rps']:.2f}" for m, t in zip(moves, trivials)))
    refused = sum(m["errors"] for m in moves)  # in any round, not only the median one
    ok = runs["move (POST .../moves)"]["rps"] / trivial >= 0.5 and refused == 0
    print("target (move >= 0.5 x trivial, no refused move):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
