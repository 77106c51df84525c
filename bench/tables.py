"""Tables of people (issue 38, README "Tables API"): how long a move takes to reach every seat of
its table, how many moves a second the server holds while every seat follows its table's stream,
what an open stream costs a server, and a move's processor time.

    .venv/bin/python bench/tables.py                                   # 50 tables of 4 on one host (SQLite)
    .venv/bin/python bench/tables.py --store postgresql --hosts 1 2    # one host, then two, side by side
    .venv/bin/python bench/tables.py --store sqlite postgresql --hosts 1 2 --think 1   # at people's pace

README's production command (waitress, app/production.py) on each host, with threads for every
stream it holds and the pages (UNO_TUTOR_THREADS = its streams + PAGE_THREADS; UNO_TUTOR_LIVE_STREAMS
= its streams). TABLES tables of four seats, every seat held by a person (a client of its own,
with its own owner cookie, from an address of its own: X-Forwarded-For through one trusted proxy),
no bot. With ``--hosts 2`` the hosts share one database (PostgreSQL's LISTEN/NOTIFY between them;
on SQLite, one file and each process's poll of it) and each table's seats are split across them:
seats 0 and 2 on the first, 1 and 3 on the second, each seat's join, reads, moves and stream on
its own host.

Each seat holds its table's event stream open (bench/live.py's Follower: a socket read on a
thread of its own, as a phone's EventSource reads it) and, on each ``version`` event, reads its
own view (GET /api/v1/tables/<id>, a thread of its own per seat); when the view says the seat is
waited for, it moves, from its view alone (bench/http.py's ``next_move``: the first card that
matches, else draw; the answer the table waits for; ``next-round`` by seat 0), at once: the tables
move as fast as the servers answer, so the moves a second are what they hold and the delays are
those of servers at that limit; ``--think 1`` makes each seat wait a second before its move, as a
person would, so that the delays are those of 50 tables played at people's pace. Each table plays
``--moves`` moves (MOVES). Printed, for each set-up:

- from a move's send to the LAST seat's receipt of its version's event (the first event at that
  version or later: a stream sends the newest), p50, p95 and max over every move (goal: p95 ≤ 1 s);
- the moves a second held: every move of every table over the seconds from the seats' start to the
  last move's last receipt;
- the memory per open stream: the resident memory of the server processes with every stream open
  minus before any was (after the joins), divided by the streams;
- the servers' processor time per move (all their threads', Linux's /proc/<pid>/task/*/schedstat:
  the move, the four views it makes the seats read, the events), which a loaded machine stretches
  far less than the wall clock;
- the correctness checks: moves refused (none should be: each seat moves on the version it read,
  only when waited for), and how many times a seat saw another seat's hand (never: every other
  hand a count until the round is over, no drawn card but its own, no card in the results' events,
  108 cards in every view, and each stream's events carry ``{"version": n}`` and nothing else).

Several ``--hosts`` or ``--store`` make several set-ups, run one after the other in one run, each
printed with its figures over those of its store's first set-up (for a store's first, the run's
first set-up's) beside them: on a shared machine the milliseconds swing with its load, and the
ratios of one run are what compare. The processor time is the app servers' alone (PostgreSQL's
own server is not counted: bench/move_cost.py counts it). --store postgresql: a
new database in DATABASE_URL's server, else a throwaway one (bench/http.py's ``store_env``).
"""
from __future__ import annotations

import os
import sys

# bench/http.py is in this folder: keep the folder off the path so "http" is the standard library's,
# and put the repository's root on it instead, for the bench package (as bench/http.py does).
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import argparse  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import urllib.error  # noqa: E402
from contextlib import ExitStack  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from bench.http import next_move, store_env  # noqa: E402
from bench.live import WAIT, Follower, Teacher, cpu_ms, rss_kb  # noqa: E402
from bench.slow_clients import free_port, production  # noqa: E402

TABLES = 50
SEATS = 4
MOVES = 20  # a table's moves, the first after every seat's stream is open
PAGE_THREADS = 16  # a host's threads beyond its streams: the seats' reads and moves come in bursts
DECK = 108
RULES = {"preset": "official", "target": 100_000}  # rounds go on; the game never ends


def leaks(answer: dict, seat: int) -> list[str]:
    """What in a seat's answer (its view, a move's results) shows a card that is not the seat's
    to see; [] when nothing does."""
    view, found = answer["view"], []
    if view["seat"] != seat:
        found.append(f"the view of seat {view['seat']}")
    hands = view["hands"]
    if not view["round_over"]:
        found += [f"seat {other}'s hand" for other, hand in enumerate(hands) if other != seat and not isinstance(hand, int)]
    counts = sum(len(hand) if isinstance(hand, list) else hand for hand in hands)
    if counts + view["draw_pile_size"] + view["discard_size"] != DECK:
        found.append(f"{counts + view['draw_pile_size'] + view['discard_size']} cards")
    found += [f"the {key}" for key in ("draw_pile", "deck", "guilty") if key in view]
    if (view["pending"] or {}).get("card") is not None and view["pending"]["seat"] != seat:
        found.append("another seat's drawn card")
    for step in answer.get("results", []):  # the table's log: nobody's cards, not even the mover's drawn ones
        for event in step["events"]:
            if "private_to" in event["params"] or (event["kind"] in ("draw", "challenge") and "cards" in event["params"]):
                found.append(f"a {event['kind']} event's cards")
    return found


@dataclass
class Table:
    """A table's id, the moves it is to make and, for each version a move made, when that move was
    sent (time.monotonic)."""

    id: str
    moves: int
    sent: dict[int, float]
    lock: threading.Lock
    done: threading.Event

    def moved(self, version: int, at: float) -> None:
        """Note the move that made ``version``; once the table has made its moves, it is done."""
        with self.lock:
            self.sent[version] = at
            if len(self.sent) >= self.moves:
                self.done.set()


class Person(threading.Thread):
    """A seat's holder: its client (owner cookie, address), its stream, and the thread that reads
    its view on each event and moves when the view says it is waited for."""

    stream: Follower  # opened by ``follow``

    def __init__(self, client: Teacher, table: Table, seat: int, think: float):
        super().__init__(daemon=True)
        self.client, self.table, self.seat, self.think = client, table, seat, think
        self.refused, self.read, self.leaks = 0, 0, []

    def follow(self) -> Follower:
        self.stream = Follower(self.client.port, "", self.client.cookie(), f"/api/v1/tables/{self.table.id}/events")
        self.stream.start()
        return self.stream

    def newest(self) -> int:
        return max(self.stream.seen, default=0)

    def run(self) -> None:
        self.read, acted = 0, 0
        while True:
            with self.stream.changed:
                self.stream.changed.wait_for(lambda: self.newest() > self.read or self.table.done.is_set(), WAIT)
                if self.newest() <= self.read:
                    return  # the table has made its moves (or nothing came within WAIT: the figures say)
                self.read = self.newest()
            answer = self.client.get(f"/api/v1/tables/{self.table.id}")
            self.leaks += leaks(answer, self.seat)
            view, version = answer["view"], answer["version"]
            move = next_move(view)
            mine = move["action"] != "continue" and (not view["round_over"] or self.seat == 0)
            if version <= acted or not mine or self.table.done.is_set():
                continue
            time.sleep(self.think)  # nobody else moves meanwhile: the table waits for this seat
            acted, sent = version, time.monotonic()
            try:
                moved = self.client.post(f"/api/v1/tables/{self.table.id}/moves", {"version": version, "move": move})
            except urllib.error.HTTPError as refused:  # none should be: the figures print how many
                refused.close()
                self.refused += 1
                continue
            self.leaks += leaks(moved, self.seat)
            self.table.moved(moved["version"], sent)


def arrival(stream: Follower, version: int) -> float:
    """When the stream first had ``version`` or a later one (it sends the newest it has)."""
    with stream.changed:
        if not stream.changed.wait_for(lambda: max(stream.seen, default=0) >= version, WAIT):
            raise RuntimeError(f"version {version} never reached a seat")
        return min(at for seen, at in stream.seen.items() if seen >= version)


def stray_events(stream: Follower) -> list[str]:
    """Each event's data the stream sent that is not a version alone."""
    stray = []
    for data in stream.data:
        parsed = json.loads(data)
        if not (isinstance(parsed, dict) and set(parsed) == {"version"} and isinstance(parsed["version"], int)):
            stray.append(data.decode())
    return stray


@dataclass
class Figures:
    p50: float
    p95: float
    most: float
    moves: int
    per_second: float
    stream_kb: float
    cpu_ms: float
    refused: int
    leaks: int

    def line(self, tables: int, hosts: int, store: str, think: float) -> str:
        paced = f", {think:g} s thought before each move" if think else ""
        return (f"{tables} tables x {SEATS} seats ({tables * SEATS} people, no bot) on {hosts} host(s), {store}{paced}: "
                f"move to last seat's receipt p50 {self.p50 * 1000:.0f} ms, p95 {self.p95 * 1000:.0f} ms, "
                f"max {self.most * 1000:.0f} ms (goal p95 <= 1000 ms); {self.moves} moves, "
                f"{self.per_second:.1f} moves/s held; memory per open stream {self.stream_kb:.0f} KB; "
                f"processor time per move {self.cpu_ms:.1f} ms; moves refused {self.refused}; "
                f"hands seen by another seat {self.leaks}")

    def against(self, first: Figures) -> str:
        def ratio(mine: float, theirs: float) -> str:
            return f"{mine / theirs:.2f}" if theirs > 0 else "n/a"

        return (f"p50 {ratio(self.p50, first.p50)}, p95 {ratio(self.p95, first.p95)}, "
                f"max {ratio(self.most, first.most)}, moves/s {ratio(self.per_second, first.per_second)}, "
                f"memory per stream {ratio(self.stream_kb, first.stream_kb)}, "
                f"processor time per move {ratio(self.cpu_ms, first.cpu_ms)}")


def run(tables: int, moves: int, hosts: int, store: str, think: float) -> Figures:
    """One set-up: its hosts started, its tables opened and joined, every stream open, ``moves`` moves a table."""
    streams = -(-tables * SEATS // hosts)  # the streams each host holds
    with ExitStack() as stack:
        env = dict(stack.enter_context(store_env(store)))
        env.update(UNO_TUTOR_TRUSTED_PROXIES="1", UNO_TUTOR_THREADS=str(streams + PAGE_THREADS),
                   UNO_TUTOR_LIVE_STREAMS=str(streams),
                   UNO_TUTOR_INSTANCE_PATH=stack.enter_context(tempfile.TemporaryDirectory()))
        ports = [free_port() for _ in range(hosts)]
        servers = [stack.enter_context(production(port, env)) for port in ports]
        people, opened = [], []
        for number in range(tables):  # each person from an address of its own: making and joining are limited per address
            clients = [Teacher(ports[seat % hosts], f"10.{number // 250}.{number % 250}.{seat + 1}") for seat in range(SEATS)]
            made = clients[0].post("/api/v1/tables", {"seats": SEATS, "rules": RULES, "level": "easy", "seed": number})
            table = Table(made["id"], moves, {}, threading.Lock(), threading.Event())
            seats = [made["seat"]] + [client.post(f"/api/v1/tables/{table.id}/join", {})["seat"] for client in clients[1:]]
            people += [Person(client, table, seat, think) for client, seat in zip(clients, seats)]
            opened.append(table)
        before = sum(rss_kb(server.pid) for server in servers)
        for person in people:
            person.follow()
        for person in people:
            arrival(person.stream, 1)
        stream_kb = (sum(rss_kb(server.pid) for server in servers) - before) / len(people)
        cpu_before, began = sum(cpu_ms(server.pid) for server in servers), time.monotonic()
        for person in people:
            person.start()
        for table in opened:
            table.done.wait(WAIT * moves)
        for person in people:  # a move sent as its table made its last is answered and read first
            person.join(WAIT)
        cpu = sum(cpu_ms(server.pid) for server in servers) - cpu_before
        delays, last = [], began
        for number, table in enumerate(opened):
            followers = [person.stream for person in people[number * SEATS:(number + 1) * SEATS]]
            with table.lock:
                sent_at = dict(table.sent)
            for version, sent in sent_at.items():
                received = max(arrival(stream, version) for stream in followers)
                delays.append(received - sent)
                last = max(last, received)
        for person in people:
            person.stream.conn.close()
        delays.sort()
        made = len(delays)
        seen = [f"seat {person.seat} of table {person.table.id} saw {found}"
                for person in people for found in person.leaks + stray_events(person.stream)]
        for found in seen[:5]:
            print(found, file=sys.stderr)
        return Figures(statistics.median(delays), delays[min(made - 1, round(0.95 * (made - 1)))], delays[-1],
                       made, made / (last - began), stream_kb, cpu / made, sum(person.refused for person in people),
                       len(seen))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=TABLES)
    parser.add_argument("--moves", type=int, default=MOVES, help="moves a table")
    parser.add_argument("--hosts", type=int, nargs="+", default=[1], help="one set-up for each (e.g. 1 2)")
    parser.add_argument("--store", nargs="+", choices=("sqlite", "postgresql"), default=["sqlite"])
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="each seat waits this long before its move (default 0: the tables move as fast as "
                             "the servers answer, so the moves a second are what they hold)")
    options = parser.parse_args()
    firsts: dict[str, tuple[str, Figures]] = {}  # each store's first set-up, the first of all first
    for store in options.store:
        for hosts in options.hosts:
            figures = run(options.tables, options.moves, hosts, store, options.think)
            name = f"{hosts} host(s), {store}"
            print(figures.line(options.tables, hosts, store, options.think), flush=True)
            if firsts:  # the first of its store's set-ups, else the very first
                than, yardstick = firsts.get(store) or next(iter(firsts.values()))
                print(f"  {name} / {than}: {figures.against(yardstick)}", flush=True)
            firsts.setdefault(store, (name, figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
