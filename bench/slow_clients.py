"""Slow clients against the production server on 127.0.0.1: connections that send their request's
head a byte a second (slowloris) and connections that send a whole head and then its body a byte
a second, all at once; meanwhile an ordinary page, fetched every two seconds and timed.

It shows what the server protects against on its own, with no proxy in front. README's production
command, waitress (app/production.py), buffers each whole request before a thread sees it: the slow
clients hold sockets, not threads, and the page is answered. gunicorn's threads read the head and
the body themselves: as many slow bodies as threads and nobody else is answered.

    .venv/bin/python bench/slow_clients.py                       # app/production.py, 50 + 50
    .venv/bin/python bench/slow_clients.py --server gunicorn     # gunicorn.conf.py (gthread)
    .venv/bin/python bench/slow_clients.py --server gunicorn-sync --workers 3 --heads 3 --bodies 0

Everything stays on loopback and stops by itself (``--seconds``, at most MAX_SECONDS; at most
MAX_CLIENTS slow clients). tests/serve/test_slow_clients.py uses the same pieces.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
CONFIG = ROOT / "gunicorn.conf.py"
MAX_SECONDS = 120
MAX_CLIENTS = 200  # slow heads and slow bodies together
PAGE_SECONDS = 2  # what "a normal page still loads" means here


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def production_command() -> list[str]:
    """README's production command (app/production.py); it listens where UNO_TUTOR_BIND says."""
    return [sys.executable, "-m", "app.production"]


@contextlib.contextmanager
def production(port: int, env: dict[str, str] | None = None):
    """README's production server on ``port``, as ``served`` runs it."""
    with served(production_command(), port, {"UNO_TUTOR_BIND": f"{HOST}:{port}", **(env or {})}) as server:
        yield server


def gunicorn_command(port: int, config: Path | None, workers: int | None = None) -> list[str]:
    """gunicorn serving the app on ``port``: with ``config``, or with none at all (it starts in
    another folder, ``--chdir`` to the app's, so not even ./gunicorn.conf.py is read)."""
    gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or shutil.which("gunicorn")
    if not gunicorn:
        raise FileNotFoundError("gunicorn (pip install -e '.[serve]')")
    command = [gunicorn, *(["-c", str(config)] if config else []), "--chdir", str(ROOT),
               "-b", f"{HOST}:{port}", "--log-level", "warning"]
    if workers:
        command += ["-w", str(workers)]
    return command + ["app:create_app()"]


@contextlib.contextmanager
def served(command: list[str], port: int, env: dict[str, str] | None = None):
    """The server running, answering /healthz, in an instance folder of its own unless ``env``
    names one (UNO_TUTOR_INSTANCE_PATH; ``env`` is added to this process's); stopped after."""
    with tempfile.TemporaryDirectory() as instance:
        env = {**os.environ, "UNO_TUTOR_INSTANCE_PATH": instance, "UNO_TUTOR_SECRET_KEY": "slow-clients", **(env or {})}
        server = subprocess.Popen(command, cwd=instance, env=env, start_new_session=True)
        try:
            for _ in range(150):  # bounded wait for the server to answer
                if server.poll() is not None:
                    raise RuntimeError(f"{command[0]} exited with {server.returncode}")
                try:
                    if get(port, "/healthz", timeout=1)[0] == 200:
                        break
                except OSError:
                    time.sleep(0.1)
            else:
                raise RuntimeError(f"{command[0]} did not answer /healthz")
            yield server
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def get(port: int, path: str, timeout: float) -> tuple[int, float]:
    """An ordinary GET, read to its end: its status and how long it took. (A raw socket: this
    folder's http.py would stand in for the standard library's http package.)"""
    start = time.monotonic()
    with socket.create_connection((HOST, port), timeout=timeout) as conn:
        conn.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]), time.monotonic() - start


class SlowClient(threading.Thread):
    """One connection that sends its request a byte every ``interval`` seconds and never finishes
    it, until the server drops it or ``stop`` is set. A slow head sends a header line that goes
    on; a slow body sends its head at once, then a JSON body (spaces, within the app's 64 KB) to
    the endpoint that creates a game. ``started`` is set once its first byte is sent (a slow
    body's: after its head); ``dropped`` is how long after that the server answered or closed the
    connection (None: never)."""

    HEAD = b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
    BODY = (b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 60000\r\n\r\n")

    def __init__(self, port: int, interval: float, stop: threading.Event, body: bool = False):
        super().__init__(daemon=True)
        self.port, self.interval, self.stop, self.body = port, interval, stop, body
        self.started = threading.Event()
        self.dropped: float | None = None
        self.sent = 0
        self.sock = socket.create_connection((HOST, port), timeout=5)

    def run(self):
        start = time.monotonic()
        with self.sock:
            try:
                if self.body:
                    self.sock.sendall(self.BODY)
                while not self.stop.is_set():
                    byte = b" " if self.body else self.HEAD[self.sent:self.sent + 1] or b"a"
                    self.sock.sendall(byte)
                    self.sent += 1
                    self.started.set()
                    # the server is done with us when it answers (an error) or closes (b"")
                    self.sock.settimeout(self.interval)
                    try:
                        self.sock.recv(1024)
                    except TimeoutError:
                        continue
                    self.dropped = time.monotonic() - start
                    return
            except OSError:
                self.dropped = time.monotonic() - start


def attack(port: int, slow: int, interval: float = 1.0, stop: threading.Event | None = None,
           body: bool = False) -> list[SlowClient]:
    """``slow`` slow clients (slow heads, or slow bodies) started on ``port``, each of which has
    sent its first byte (within ``interval`` plus 10 s, else RuntimeError)."""
    stop = stop or threading.Event()
    clients = [SlowClient(port, interval, stop, body) for _ in range(slow)]
    for client in clients:
        client.start()
    for client in clients:
        if not client.started.wait(timeout=interval + 10):
            raise RuntimeError(f"a slow client could not send its first byte to port {port}")
    return clients


def command_for(server: str, port: int, workers: int | None) -> tuple[list[str], dict[str, str]]:
    """The command that runs ``server`` on ``port``, and what it needs in its environment."""
    if server == "waitress":
        return production_command(), {"UNO_TUTOR_BIND": f"{HOST}:{port}"}
    return gunicorn_command(port, CONFIG if server == "gunicorn" else None, workers), {}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", choices=("waitress", "gunicorn", "gunicorn-sync"), default="waitress",
                        help="waitress: README's command (app/production.py, the default); gunicorn: with"
                             " gunicorn.conf.py; gunicorn-sync: gunicorn's defaults, no config")
    parser.add_argument("--workers", type=int, help="gunicorn's workers (default: the config's, or 1)")
    parser.add_argument("--heads", type=int, default=50, help="slow heads (default 50)")
    parser.add_argument("--bodies", type=int, default=50, help="slow bodies (default 50)")
    parser.add_argument("--seconds", type=int, default=30, help="how long to watch (default 30)")
    args = parser.parse_args()
    seconds = max(5, min(args.seconds, MAX_SECONDS))
    heads = max(0, min(args.heads, MAX_CLIENTS))
    bodies = max(0, min(args.bodies, MAX_CLIENTS - heads))
    port = free_port()
    command, env = command_for(args.server, port, args.workers)
    print(" ".join(command[1:]), f"({args.server}) with {heads} slow heads and {bodies} slow bodies,"
          f" a byte a second each, for {seconds} s")
    times: list[float] = []  # each page's time; a page not answered counts as its timeout
    with served(command, port, env):
        stop = threading.Event()
        slow_heads = attack(port, heads, stop=stop)
        slow_bodies = attack(port, bodies, stop=stop, body=True)
        start = time.monotonic()
        try:
            while time.monotonic() - start < seconds:
                try:
                    status, took = get(port, "/en/", timeout=10)
                    answer = f"{status} in {took:.2f} s"
                    times.append(took if status == 200 else 10)
                except OSError as error:
                    answer = f"no answer ({type(error).__name__})"
                    times.append(10)
                live_heads = sum(client.dropped is None for client in slow_heads)
                live_bodies = sum(client.dropped is None for client in slow_bodies)
                print(f"t={time.monotonic() - start:5.1f} s  GET /en/: {answer:24}"
                      f"  still connected: {live_heads} slow heads, {live_bodies} slow bodies")
                time.sleep(2)
            # before the server stops, which closes every connection
            dropped = {kind: sorted(client.dropped for client in clients if client.dropped is not None)
                       for kind, clients in (("slow heads", slow_heads), ("slow bodies", slow_bodies))}
        finally:
            stop.set()
    for (kind, when), total in zip(dropped.items(), (heads, bodies)):
        after = f", after {when[0]:.1f}-{when[-1]:.1f} s" if when else ""
        print(f"{kind}: {total - len(when)} of {total} held on to the end, {len(when)} dropped by the server{after}")
    fast = sum(took < PAGE_SECONDS for took in times)
    print(f"GET /en/: {fast} of {len(times)} answered 200 in under {PAGE_SECONDS} s;"
          f" median {statistics.median(times):.2f} s, slowest {max(times):.2f} s (no answer counts as 10 s)")
    return 0 if fast == len(times) else 1


if __name__ == "__main__":
    sys.exit(main())
