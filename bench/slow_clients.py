"""Slow clients against gunicorn on 127.0.0.1: a few connections that send their request's headers
a byte a second (slowloris), and meanwhile an ordinary GET, timed.

It shows what the worker class protects against, without a proxy in front: with gunicorn's
default sync workers, as many slow clients as workers leave nobody to answer the ordinary GET;
with the repository's gunicorn.conf.py it is answered, and the slow clients are dropped once
their headers have taken too long (app/serving.py).

    .venv/bin/python bench/slow_clients.py                      # gunicorn.conf.py, 6 slow clients
    .venv/bin/python bench/slow_clients.py --sync --workers 3   # gunicorn's defaults, 3 sync workers

Everything stays on loopback and stops by itself (``--seconds``, at most MAX_SECONDS).
tests/serve/test_slow_clients.py uses the same pieces.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


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
                    raise RuntimeError(f"gunicorn exited with {server.returncode}")
                try:
                    if get(port, "/healthz", timeout=1)[0] == 200:
                        break
                except OSError:
                    time.sleep(0.1)
            else:
                raise RuntimeError("gunicorn did not answer /healthz")
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
    """One connection sending a request's head a byte every ``interval`` seconds and never
    finishing it (a header line that goes on), until the server drops it or ``stop`` is set.
    ``dropped`` is how long after the first byte the server closed the connection (None: never)."""

    HEAD = b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "

    def __init__(self, port: int, interval: float, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.interval, self.stop = port, interval, stop
        self.dropped: float | None = None
        self.sent = 0
        self.sock = socket.create_connection((HOST, port), timeout=5)

    def run(self):
        start = time.monotonic()
        head = self.HEAD
        with self.sock:
            while not self.stop.is_set():
                byte = head[self.sent:self.sent + 1] or b"a"
                try:
                    self.sock.sendall(byte)
                    # the server is done with us when it answers (an error) or closes (b"")
                    self.sock.settimeout(self.interval)
                    self.sock.recv(1024)
                    self.dropped = time.monotonic() - start
                    return
                except TimeoutError:
                    self.sent += 1
                except OSError:
                    self.dropped = time.monotonic() - start
                    return


def attack(port: int, slow: int, interval: float = 1.0, stop: threading.Event | None = None) -> list[SlowClient]:
    """``slow`` slow clients started on ``port``."""
    stop = stop or threading.Event()
    clients = [SlowClient(port, interval, stop) for _ in range(slow)]
    for client in clients:
        client.start()
    return clients


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sync", action="store_true", help="gunicorn's defaults (sync workers), no config")
    parser.add_argument("--workers", type=int, help="workers (default: the config's, or 1 with --sync)")
    parser.add_argument("--slow", type=int, default=6, help="slow clients (default 6)")
    parser.add_argument("--seconds", type=int, default=40, help="how long to watch (default 40)")
    args = parser.parse_args()
    seconds = max(5, min(args.seconds, MAX_SECONDS))
    port = free_port()
    command = gunicorn_command(port, None if args.sync else CONFIG, args.workers)
    print(" ".join(command[1:]), f"with {args.slow} slow clients, a byte a second, for {seconds} s")
    with served(command, port):
        stop = threading.Event()
        clients = attack(port, args.slow, stop=stop)
        time.sleep(2)  # every slow client has sent its first bytes
        start = time.monotonic()
        try:
            while time.monotonic() - start < seconds:
                try:
                    status, took = get(port, "/en/", timeout=10)
                    answer = f"{status} in {took:.2f} s"
                except OSError as error:
                    answer = f"no answer ({type(error).__name__})"
                live = sum(client.dropped is None for client in clients)
                print(f"t={time.monotonic() - start:5.1f} s  GET /en/: {answer:24}  slow clients still connected: {live}")
                if not live:
                    break
                time.sleep(2)
        finally:
            stop.set()
    for number, client in enumerate(clients, 1):
        when = f"dropped {client.dropped:.1f} s after its first byte" if client.dropped is not None else "never dropped"
        print(f"slow client {number}: {client.sent} bytes sent, {when}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
