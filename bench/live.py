"""How long a live session's step takes to reach every phone, what an open stream costs a server,
and whether the moves of other tables slow down meanwhile (issue 37, item 5).

    .venv/bin/python bench/live.py                       # 40 and 200 followers on one host (SQLite)
    .venv/bin/python bench/live.py --store postgresql --hosts 2 --followers 200
    .venv/bin/python bench/live.py --store postgresql --followers 200 --server gunicorn
    .venv/bin/python bench/live.py --store postgresql --followers 200 --heartbeat 0.25
    .venv/bin/python bench/live.py --store postgresql --followers 200 --streams-apart

README's production command (waitress, app/production.py) on each host (--server gunicorn:
gunicorn.conf.py's gthread worker, one process a host), with threads for every stream and the pages
(UNO_TUTOR_THREADS = followers per host + 8, UNO_TUTOR_LIVE_STREAMS = the followers per host). The
teacher makes a class and starts a demo on the first host; the followers open the event stream
spread over the hosts (each a socket read on a thread of its own, as a phone's EventSource reads
it), each a student of the class who joined from an address of its own. Then the teacher steps
through the demo, STEPS times: for each step, the time from sending the step to the last follower's
receipt of its event. Printed: p50 and p95 of those, the first host's resident memory per open
stream (its growth from when the first stream is open, which loads what every stream needs, to when
all are, divided by the streams opened meanwhile), and what the open streams cost a practice game's
move on their host: its moves alternate, one by one, with a game's moves on a yardstick host (one
more, the same command and database, never a stream), so that the machine's load, which moves the
milliseconds from one second to the next on a shared machine, falls on both alike; the figure is the
ratio of their medians over MOVES with every stream open, beside the same ratio before any was (the
two hosts' parity: about 1), and the first host's own medians before and with the streams; and the
same two ratios of the hosts' processor time per move (all their threads', the streams' included:
Linux's /proc/<pid>/task/*/schedstat), which a loaded machine stretches far less than the wall
clock, so that what the streams cost shows where the medians are lost in the load. The moves before
the streams come after the students' joins, so that both meet the same rows. --store postgresql: a
new database in DATABASE_URL's server, else a throwaway one (bench/http.py's ``store_env``); hosts
on SQLite share the instance folder's file.

``--streams-apart`` (README's "Streams on servers of their own"): the followers open their streams on
a stream server of their own (one more host: the same command and database, with the threads and
the cap for every stream), and the moves alternate, as before, between the first host, a page host
that now holds no stream, and the yardstick; the memory per stream is the stream server's. Printed
as well, in every set-up: the timed host's own median and processor time with the streams open
over before them (the same host, time-separated), which shows what the machine's load as a whole
does to it.

The streams' heartbeats come every 15 s (app.live.stream's HEARTBEAT), which is longer than the
moves timed with the streams open take: printed, the seconds from the first stream's opening to
the last move timed. ``--heartbeat 0.25`` (UNO_TUTOR_LIVE_HEARTBEAT on every host) makes the
moves meet several of every stream's heartbeats, so that what those cost a move shows.
"""
from __future__ import annotations

import os
import sys

# bench/http.py is in this folder: keep the folder off the path so "http" is the standard library's,
# and put the repository's root on it instead, for the bench package (as bench/http.py does).
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import argparse  # noqa: E402
import http.cookiejar  # noqa: E402
import json  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import urllib.request  # noqa: E402
from contextlib import ExitStack  # noqa: E402

from bench.http import next_move, store_env  # noqa: E402
from bench.slow_clients import HOST, ROOT, free_port, gunicorn_command, production, served  # noqa: E402

STEPS = 20
MOVES = 30
WAIT = 30.0  # seconds a follower may take before the bench gives up on a step


class Teacher:
    """The class's teacher on a host, by JSON (its owner cookie kept); a student too, from
    ``address`` (its X-Forwarded-For, as a school's proxy would send it: the hosts believe one proxy)."""

    def __init__(self, port: int, address: str | None = None):
        self.port, self.jar = port, http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.headers = {"Content-Type": "application/json", **({"X-Forwarded-For": address} if address else {})}

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(f"http://{HOST}:{self.port}{path}", data=json.dumps(body).encode(),
                                         headers=self.headers)
        with self.opener.open(request, timeout=WAIT) as answer:
            return json.loads(answer.read())

    def get(self, path: str) -> dict:
        request = urllib.request.Request(f"http://{HOST}:{self.port}{path}", headers=self.headers)
        with self.opener.open(request, timeout=WAIT) as answer:
            return json.loads(answer.read())

    def cookie(self) -> str:
        return "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.jar)


class Follower(threading.Thread):
    """One open event stream: when each version's event arrived (time.monotonic), and each event's
    data line as sent (what bench/tables.py checks carries no card). A class's live session's
    stream, or the one at ``path``."""

    def __init__(self, port: int, code: str, cookie: str, path: str | None = None):
        super().__init__(daemon=True)
        self.conn = socket.create_connection((HOST, port), timeout=WAIT + 30)
        self.conn.sendall(f"GET {path or f'/api/v1/classes/{code}/live/events'} HTTP/1.1\r\nHost: {HOST}\r\n"
                          f"Cookie: {cookie}\r\n\r\n".encode())
        self.seen: dict[int, float] = {}
        self.data: list[bytes] = []
        self.changed = threading.Condition()

    def run(self) -> None:
        buffer = b""
        try:
            while chunk := self.conn.recv(65536):
                now = time.monotonic()
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                with self.changed:
                    for line in lines:
                        if line.startswith(b"id: "):
                            self.seen[int(line[4:])] = now
                        elif line.startswith(b"data: "):
                            self.data.append(line[6:])
                    self.changed.notify_all()
        except OSError:
            pass

    def arrival(self, version: int) -> float:
        with self.changed:
            if not self.changed.wait_for(lambda: version in self.seen, WAIT):
                raise RuntimeError(f"version {version} never arrived")
            return self.seen[version]


def processes(pid: int) -> list[int]:
    """The process and its descendants (gunicorn's master and its worker)."""
    found = [pid]
    for thread in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{thread}/children") as children:
                found += [each for child in children.read().split() for each in processes(int(child))]
        except FileNotFoundError:  # a thread or a child that has just ended
            pass
    return found


def rss_kb(pid: int) -> int:
    """The resident memory of the process and its descendants."""
    total = 0
    for each in processes(pid):
        with open(f"/proc/{each}/status") as status:
            total += next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return total


class Player:
    """A practice game (a fresh one) on a host, played a move at a time, each timed."""

    def __init__(self, port: int):
        self.teacher = Teacher(port)
        game = self.teacher.post("/api/v1/games", {"rules": {"preset": "official", "target": 100_000}, "bots": 3,
                                                   "level": "easy", "seed": 7})
        self.path, self.version, self.view = f"/api/v1/games/{game['id']}/moves", game["version"], game["view"]
        self.times: list[float] = []

    def move(self) -> None:
        began = time.perf_counter()
        answer = self.teacher.post(self.path, {"version": self.version, "move": next_move(self.view)})
        self.times.append((time.perf_counter() - began) * 1000)
        self.version, self.view = answer["version"], answer["view"]


def cpu_ms(pid: int) -> float:
    """How long the threads of the process and of its descendants have run on a processor, in
    milliseconds (Linux's schedstat): what their work costs, which a loaded machine stretches far
    less than the wall clock."""
    total = 0
    for each in processes(pid):
        for thread in os.listdir(f"/proc/{each}/task"):
            try:
                with open(f"/proc/{each}/task/{thread}/schedstat") as schedstat:
                    total += int(schedstat.read().split()[0])
            except FileNotFoundError:  # a thread that has just ended
                pass
    return total / 1e6


def moves_ms(hosts: tuple[tuple[int, int], ...]) -> list[tuple[float, float]]:
    """For each host (port, process id): the median of MOVES moves of a game on it, and its
    server's processor time per move, in milliseconds; the hosts' moves alternate, so that all
    meet the same moments of the machine."""
    players = [Player(port) for port, _ in hosts]
    began = [cpu_ms(pid) for _, pid in hosts]
    for _ in range(MOVES):
        for player in players:
            player.move()
    return [(statistics.median(player.times), (cpu_ms(pid) - start) / MOVES)
            for player, (_, pid), start in zip(players, hosts, began)]


def host(port: int, env: dict[str, str], server: str, threads: int | None):
    """A host: README's production command (waitress), or gunicorn.conf.py's gthread worker, one
    process with ``threads`` threads (None: the config's; the streams' cap is
    UNO_TUTOR_LIVE_STREAMS in ``env``)."""
    if server == "waitress":
        return production(port, env)
    return served(gunicorn_command(port, ROOT / "gunicorn.conf.py", workers=1), port,
                  {**env, **({"GUNICORN_CMD_ARGS": f"--threads {threads}"} if threads else {})})


def run(followers: int, hosts: int, store: str, server: str, heartbeat: float | None, apart: bool) -> None:
    per_server = followers if apart else -(-followers // hosts)  # the streams each of their servers holds
    with ExitStack() as stack:
        env = dict(stack.enter_context(store_env(store)))
        if heartbeat is not None:
            env["UNO_TUTOR_LIVE_HEARTBEAT"] = str(heartbeat)
        env.update(UNO_TUTOR_TRUSTED_PROXIES="1", UNO_TUTOR_INSTANCE_PATH=stack.enter_context(tempfile.TemporaryDirectory()))
        streaming = {**env, "UNO_TUTOR_THREADS": str(per_server + 8), "UNO_TUTOR_LIVE_STREAMS": str(per_server)}
        pages, page_threads = (env, None) if apart else (streaming, per_server + 8)
        *ports, yardstick = [free_port() for _ in range(hosts + 1)]
        servers = [stack.enter_context(host(port, pages, server, page_threads)) for port in (*ports, yardstick)]
        stream_ports, stream_servers = ports, servers[:hosts]
        if apart:  # the stream server: the same command and database, threads for every stream
            stream_ports = [free_port()]
            stream_servers = [stack.enter_context(host(stream_ports[0], streaming, server, per_server + 8))]
        teacher = Teacher(ports[0])
        code = teacher.post("/api/v1/classes", {"seed": "bench"})["code"]
        started = teacher.post(f"/api/v1/classes/{code}/live", {"demo": "basic-round"})
        students = [Teacher(ports[n % hosts], f"10.{n // 250}.{n % 250}.1") for n in range(followers)]
        for student in students:  # each from an address of its own: joins are limited per address
            student.post(f"/api/v1/classes/{code}/games", {})
        timed = (ports[0], servers[0].pid), (yardstick, servers[-1].pid)
        moves_ms(timed)  # the servers' first moves fill their caches: not measured
        (quiet_move, quiet_cpu), (quiet_yardstick, quiet_yardstick_cpu) = moves_ms(timed)
        version, opened = started["session"]["version"], time.monotonic()
        readers = [Follower(stream_ports[n % len(stream_ports)], code, student.cookie())
                   for n, student in enumerate(students)]
        readers[0].start()  # the first stream loads what every stream needs: not counted per stream
        readers[0].arrival(version)
        before = rss_kb(stream_servers[0].pid)
        for reader in readers[1:]:
            reader.start()
        for reader in readers:
            reader.arrival(version)
        per_stream = (rss_kb(stream_servers[0].pid) - before) / (per_server - 1)
        (busy_move, busy_cpu), (busy_yardstick, busy_yardstick_cpu) = moves_ms(timed)
        timed_within = time.monotonic() - opened
        delays, frames = [], started["session"]["frames"]
        for n in range(STEPS):
            began = time.monotonic()
            version = teacher.post(f"/api/v1/classes/{code}/live/step",
                                   {"to": "next" if n % frames < frames - 1 else "back"})["session"]["version"]
            delays.append(max(reader.arrival(version) for reader in readers) - began)
            time.sleep(0.1)
        teacher.post(f"/api/v1/classes/{code}/live/end", {})
        delays.sort()
        p50, p95 = statistics.median(delays), delays[min(len(delays) - 1, round(0.95 * (len(delays) - 1)))]
        beats = f"heartbeat {heartbeat:g} s" if heartbeat is not None else "heartbeat 15 s"
        where = f"on a stream server apart, moves on {hosts} page host(s)" if apart else f"on {hosts} host(s)"
        timed_host = "the page host" if apart else "the streams' host"
        print(f"{followers} followers {where}, {server}, {store}, {beats}: step to last receipt p50 {p50 * 1000:.0f} ms, "
              f"p95 {p95 * 1000:.0f} ms; memory per open stream {per_stream:.0f} KB; a move on {timed_host} / "
              f"on the yardstick host, with the streams open (before them): median {busy_move / busy_yardstick:.2f} "
              f"({quiet_move / quiet_yardstick:.2f}), processor time {busy_cpu / busy_yardstick_cpu:.2f} "
              f"({quiet_cpu / quiet_yardstick_cpu:.2f}); {timed_host}'s own, with the streams open / before them: "
              f"median {busy_move / quiet_move:.2f} ({quiet_move:.1f} ms before, {busy_move:.1f} ms with them), "
              f"processor time {busy_cpu / quiet_cpu:.2f}; timed within {timed_within:.1f} s of the streams' opening",
              flush=True)
        for reader in readers:
            reader.conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--followers", type=int, nargs="+", default=[40, 200])
    parser.add_argument("--hosts", type=int, default=1)
    parser.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--server", choices=("waitress", "gunicorn"), default="waitress",
                        help="waitress: README's production command (default); gunicorn: gunicorn.conf.py, one worker")
    parser.add_argument("--heartbeat", type=float, metavar="SECONDS",
                        help="seconds between a quiet stream's heartbeats on every host (default: the app's 15)")
    parser.add_argument("--streams-apart", action="store_true",
                        help="the followers on a stream server of their own (the same command and database), "
                             "the moves timed on a page host that holds no stream")
    options = parser.parse_args()
    for followers in options.followers:
        run(followers, options.hosts, options.store, options.server, options.heartbeat, options.streams_apart)
    return 0


if __name__ == "__main__":
    sys.exit(main())
