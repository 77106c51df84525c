#!/usr/bin/env python3
"""HTTP load test: README's production server (waitress, app/production.py) on 127.0.0.1 and wrk, measuring in one run a trivial page, the home
page, a rule page (and its revalidation, a 304), the practice table and the move endpoint (one
move of the learner plus the bots' replies), and the learner's pages (LEARNER_PAGES: a lesson
step, a move tried on it, the sandbox, a quiz); then the bytes a browser receives for a first and
a repeat view of the home page, a rule page, the table and the learner's pages. The readers'
pages (``readers``) are measured too: a watch link to the table's game and the teacher's page of
a class of CLASS_SIZE students, each a ratio to the trivial page (the issue's target, with the
table: at least 0.3).

    .venv/bin/pip install -e '.[serve]' && apt-get install -y wrk
    .venv/bin/python bench/http.py [--seconds 5] [--rounds 3] [--connections 2]
    .venv/bin/python bench/http.py --server gunicorn --workers 2   # gunicorn.conf.py, to compare
    .venv/bin/python bench/http.py --store postgresql

``--store postgresql`` keeps the games in PostgreSQL (``pip install -e '.[postgres]'``): a new
database in the server ``DATABASE_URL`` names, or, without it, in a throwaway server started by
scripts/postgres.sh (Debian's postgresql); the database is dropped and the server stopped after.

Prints requests/s and latency percentiles per endpoint, each as a ratio to the trivial page
(the issue's target: the move endpoint at least half the trivial page's requests/s). wrk and
the server share the machine's cores, so only ratios within one run mean anything. Every page
request says what a browser accepts (``Accept-Encoding: gzip, deflate, br, zstd``); the moves
do not, as bench/moves.lua reads each answer.

A view's bytes are every answer's status line, headers and body as sent: a first view fetches
the page and each static file it links, with an empty cache; a repeat view is the same browser
afterwards, which asks nothing about an answer still fresh (a max-age not yet over, ``immutable``),
revalidates the rest with If-None-Match / If-Modified-Since, and fetches again what it may not
keep (``no-store``).

The move endpoint needs the game's current version in every request: each wrk thread keeps one
connection and plays its own game (bench/moves.lua reads the version and the next sensible move
from each answer), so no request is a refused replay.
"""
from __future__ import annotations

import os
import sys

# This file is named http.py: keep its folder off the path so "http" is the standard library's,
# and put the repository's root on it instead, for bench.postgres_server.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import argparse  # noqa: E402
import contextlib  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402

from bench.slow_clients import command_for, served  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
SEED = 2024
WARMUP_MOVES = 30
# A bench game ends when someone reaches the rules' highest target (100,000 points): about 38,000
# moves with 3 bots. A move phase plays at most about a thousand moves a second per game, from a
# new game each time, so it is kept well short of a game, in which every move after the end would
# be refused.
MAX_SECONDS = 20
BROWSER_ENCODINGS = "gzip, deflate, br, zstd"  # what Chromium and Firefox send
STATIC_LINK = re.compile(r'(?:href|src)="(/static/[^"]+)"')
# The learner's pages, each fixed for its address (issue 36): name -> path. Measured as the pages
# above, each a ratio to the trivial page (the target: at least 0.3); their repeat view is
# in the "views" table in Arabic ("/ar" for "/en").
LEARNER_PAGES = {
    "lesson step (/en/learn/...)": "/en/learn/skip-reverse",
    "lesson move (...&card=RS)": "/en/learn/skip-reverse?step=1&action=play&card=RS",
    "sandbox (/en/sandbox)": "/en/sandbox",
    "quiz (/en/quiz?seed=2024)": f"/en/quiz?seed={SEED}",
}

# The readers' pages besides the table (issue 36): a watch link to the table's game, which a class
# follows on its projector or forty students each on their own screen, and the teacher's page of a
# class of CLASS_SIZE students (each joined, as a browser of its own). Measured as the pages above,
# each a ratio to the trivial page (the target, with the table's: at least 0.3).
CLASS_SIZE = 40
READER_TARGET = 0.3


def readers(port: int, cookie: str, game_id: str) -> dict[str, str]:
    """{name: path} of the readers' pages: ``game_id``'s watch link (its owner's ``cookie`` shares
    it) and a new class taught by that browser, which CLASS_SIZE students have joined."""
    status, _, data = request(port, "POST", f"/api/v1/games/{game_id}/watch", {"open_hands": False}, cookie)
    assert status == 201, data
    token = json.loads(data)["token"]
    status, _, data = request(port, "POST", "/api/v1/classes", {
        "rules": {"preset": "official"}, "bots": 3, "level": "easy", "seed": SEED}, cookie)
    assert status == 201, data
    code = json.loads(data)["code"]
    for number in range(CLASS_SIZE):
        status, _, data = request(port, "POST", f"/api/v1/classes/{code}/games", {"nickname": f"Student {number}"})
        assert status == 201, data
    return {"watch page (/en/watch/<token>)": f"/en/watch/{token}",
            f"class page ({CLASS_SIZE} students)": f"/en/class/{code}"}


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


def fetch(port: int, path: str, headers: dict[str, str]) -> tuple[http.client.HTTPResponse, bytes, int]:
    """One GET as a browser sends it: the answer, its body as sent (still encoded), and the
    bytes on the wire (status line, headers, body)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    body = response.read()  # http.client never decodes a Content-Encoding
    conn.close()
    head = len(f"HTTP/1.1 {response.status} {response.reason}\r\n") + 2
    head += sum(len(name) + len(value) + 4 for name, value in response.getheaders())
    return response, body, head + len(body)


def views(port: int, path: str, cookie: str) -> dict[str, tuple[int, int]]:
    """{"first": (requests, bytes), "repeat": (requests, bytes)} for a page and its static files."""
    browser = {"Accept-Encoding": BROWSER_ENCODINGS, "Cookie": cookie}
    page = fetch(port, path, {"Cookie": cookie})[1].decode()  # read plain, for its links only
    resources = [path, *dict.fromkeys(STATIC_LINK.findall(page))]
    first, kept = [0, 0], {}
    for resource in resources:
        response, _, size = fetch(port, resource, browser)
        first[0], first[1] = first[0] + 1, first[1] + size
        kept[resource] = response
    repeat = [0, 0]
    for resource, answer in kept.items():
        cache = (answer.getheader("Cache-Control") or "").lower()
        if "no-store" in cache:
            headers = browser
        elif _fresh(cache):
            continue
        else:
            headers = {**browser, **{name: answer.getheader(field) for field, name in (
                ("ETag", "If-None-Match"), ("Last-Modified", "If-Modified-Since")) if answer.getheader(field)}}
        repeat[0], repeat[1] = repeat[0] + 1, repeat[1] + fetch(port, resource, headers)[2]
    return {"first": tuple(first), "repeat": tuple(repeat)}


def _fresh(cache: str) -> bool:
    """Whether a browser uses a kept answer without asking (its Cache-Control, lower case)."""
    age = re.search(r"max-age=(\d+)", cache)
    return "no-cache" not in cache and ("immutable" in cache or bool(age and int(age[1]) > 0))


def next_move(view: dict) -> dict:
    """What the bench's learner does: the first card that matches (else draw), or the one answer
    the table waits for. Mirrors bench/moves.lua. From the view's ``seat`` when it has one (a
    table's, bench/tables.py: each seat plays from its own view), else seat 0."""
    if view["round_over"]:
        return {"action": "next-round"}
    seat, pending = view.get("seat", 0), view["pending"]  # a table's seat (bench/tables.py), else the learner's
    if pending and pending["seat"] == seat:
        return {"drawn": {"action": "pass"}, "color": {"action": "color", "color": "red"}}.get(
            pending["kind"], {"action": "accept"})
    if (pending["seat"] if pending else view["turn"]) != seat:
        return {"action": "continue"}
    hand, top = view["hands"][seat], view["top"]
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
        env: dict | None = None, headers: dict | None = None) -> dict:
    command = ["wrk", f"-t{connections}", f"-c{connections}", f"-d{seconds}s", "--latency",
               "-H", f"Cookie: {cookie}"]
    if not script:  # bench/moves.lua reads every answer, so the moves are asked for uncompressed
        command += ["-H", f"Accept-Encoding: {BROWSER_ENCODINGS}"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
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


@contextmanager
def store_env(store: str):
    """The environment that puts the app's games in ``store``: SQLite in the instance folder (the
    default, nothing to add), or a new database, upgraded to the app's schema, in DATABASE_URL's
    server or a throwaway one."""
    if store == "sqlite":
        yield {}
        return
    from bench import postgres_server

    with contextlib.ExitStack() as stack:
        server = os.environ.get("DATABASE_URL") or stack.enter_context(postgres_server.throwaway(as_deployed=True))
        database = stack.enter_context(postgres_server.new_database(server, "uno_bench"))
        postgres_server.upgrade(database)
        yield {"DATABASE_URL": database}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=5, help=f"duration of each measurement (max {MAX_SECONDS})")
    parser.add_argument("--server", choices=("waitress", "gunicorn"), default="waitress",
                        help="waitress: README's production command (default); gunicorn: gunicorn.conf.py")
    parser.add_argument("--workers", type=int, help="gunicorn's worker processes (default: the config's)")
    parser.add_argument("--connections", type=int, default=2, help="wrk threads = connections")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (median reported, max 9)")
    parser.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite",
                        help="where the games are kept (postgresql: see above)")
    args = parser.parse_args()
    args.seconds = max(1, min(args.seconds, MAX_SECONDS))
    args.rounds = max(1, min(args.rounds, 9))
    if not shutil.which("wrk"):
        print("needs wrk (apt-get install -y wrk) and the serve extra (pip install -e '.[serve]')", file=sys.stderr)
        return 2
    port = free_port()
    command, server_env = command_for(args.server, port, args.workers)
    with store_env(args.store) as database, served(command, port, {"UNO_TUTOR_SECRET_KEY": "bench",
                                                                   **server_env, **database}):
        cookie, games = start_games(port, args.connections)
        base = f"http://{HOST}:{port}"
        rule_page = f"{base}/en/rules/turn"
        revalidate = {"If-None-Match": fetch(port, "/en/rules/turn", {"Accept-Encoding": BROWSER_ENCODINGS})[0]
                      .getheader("ETag") or '"none"'}  # before #19 there was no ETag: a full page each time
        targets = {  # name: (url, wrk script, extra headers)
            "trivial page (/healthz)": (f"{base}/healthz", None, None),
            "home page (/ar/)": (f"{base}/ar/", None, None),
            "rule page (/en/rules/turn)": (rule_page, None, None),
            "rule page, If-None-Match": (rule_page, None, revalidate),
            "game page (/en/play/<id>)": (f"{base}/en/play/{games[0][0]}", None, None),
            "move (POST .../moves)": (f"{base}/api/v1/games", Path(__file__).with_name("moves.lua"), None),
            **{name: (base + path, None, None) for name, path in LEARNER_PAGES.items()},
        }
        reader_pages = readers(port, cookie, games[0][0])
        targets.update({name: (base + path, None, None) for name, path in reader_pages.items()})
        # Rounds interleave the endpoints, so a change in the machine's load mid-run hits all
        # of them; each endpoint's median round is reported.
        rounds: dict[str, list[dict]] = {name: [] for name in targets}
        for _ in range(args.rounds):
            for name, (url, script, headers) in targets.items():
                if script:  # every move phase plays new games, dealt as the first (see MAX_SECONDS)
                    games = start_games(port, args.connections, cookie)[1]
                rounds[name].append(wrk(url, args.seconds, args.connections, cookie, script,
                                        _games_env(games), headers))
        runs = {name: sorted(results, key=lambda r: r["rps"])[len(results) // 2]
                for name, results in rounds.items()}
        seen = {path: views(port, path, cookie) for path in ("/ar/", "/ar/rules/turn", f"/ar/play/{games[0][0]}",
                                                              *(f"/ar{path[3:]}" for path in LEARNER_PAGES.values()))}
    trivial = runs["trivial page (/healthz)"]["rps"]
    server = f"gunicorn -w {args.workers or 'config'}" if args.server == "gunicorn" else "waitress (app/production.py)"
    print(f"{server}, wrk -t{args.connections} -c{args.connections} -d{args.seconds}s on {HOST},"
          f" median of {args.rounds} interleaved rounds, games in {args.store}")
    print(f"{'endpoint':30} {'req/s':>9} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'non-2xx':>8} {'ratio':>6}")
    for name, run in runs.items():
        lat = run["latency"]
        print(f"{name:30} {run['rps']:9.1f} {lat.get('50', 0):8.2f} {lat.get('90', 0):8.2f} {lat.get('99', 0):8.2f}"
              f" {run['errors']:8d} {run['rps'] / trivial:6.2f}")
    print(f"\nbytes received by a browser (Accept-Encoding: {BROWSER_ENCODINGS}), the page and its static files:")
    print(f"{'view':50} {'first: requests':>16} {'bytes':>8} {'repeat: requests':>17} {'bytes':>8}")
    for path, seen_view in seen.items():
        (first_n, first_b), (again_n, again_b) = seen_view["first"], seen_view["repeat"]
        print(f"{path:50} {first_n:16d} {first_b:8d} {again_n:17d} {again_b:8d}")
    # Each round's own ratio too: the machine's speed drifts from round to round, and this shows how far.
    moves, trivials = rounds["move (POST .../moves)"], rounds["trivial page (/healthz)"]
    print("move / trivial in each round:", ", ".join(f"{m['rps'] / t['rps']:.2f}" for m, t in zip(moves, trivials)))
    refused = sum(m["errors"] for m in moves)  # in any round, not only the median one
    ok = runs["move (POST .../moves)"]["rps"] / trivial >= 0.5 and refused == 0
    print("target (move >= 0.5 x trivial, no refused move):", "met" if ok else "NOT met")
    slow = [name for name in LEARNER_PAGES if runs[name]["rps"] / trivial < 0.3]
    print("target (learner's pages >= 0.3 x trivial):", "met" if not slow else "NOT met: " + ", ".join(slow))
    read = ["game page (/en/play/<id>)", *reader_pages]
    slow_read = [name for name in read if runs[name]["rps"] / trivial < READER_TARGET]
    print(f"target (table, watch and class pages >= {READER_TARGET} x trivial):",
          "met" if not slow_read else "NOT met: " + ", ".join(slow_read))
    return 0 if ok and not slow and not slow_read else 1


if __name__ == "__main__":
    sys.exit(main())
