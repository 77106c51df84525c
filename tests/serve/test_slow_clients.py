"""The README's production command on its own, gunicorn with gunicorn.conf.py, against slow
clients: six connections sending their headers a byte a second do not stop an ordinary page
from being answered, and are dropped once their head has taken HEAD_SECONDS (app/serving.py).
With gunicorn's default sync workers, as many slow clients as workers take the site down.

The timeouts are generous: this is a check that the page is answered at all, not of its speed.
"""
import shutil
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

from bench.slow_clients import CONFIG, HOST, attack, free_port, get, gunicorn_command, served
from tests.tools import missing

SLOW = 6
ANSWER_SECONDS = 10


@pytest.fixture(scope="module")
def server_port():
    """gunicorn with the repository's config, one worker (its threads shared by every client)."""
    if not (shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or shutil.which("gunicorn")):
        missing("gunicorn (pip install -e '.[serve]')")
    port = free_port()
    with served(gunicorn_command(port, CONFIG, workers=1), port):
        yield port


def test_slow_clients__an_ordinary_get_is_answered_and_the_slow_ones_are_dropped(server_port):
    from app.serving import HEAD_SECONDS

    stop = threading.Event()
    clients = attack(server_port, SLOW, interval=1.0, stop=stop)
    try:
        time.sleep(2)  # each slow client has sent its first bytes, and a thread is reading them
        assert all(client.dropped is None for client in clients)
        status, _ = get(server_port, "/en/", timeout=ANSWER_SECONDS)
        assert status == 200
        for client in clients:
            client.join(timeout=HEAD_SECONDS + 10)
        dropped = [client.dropped for client in clients]
        assert all(when is not None for when in dropped), dropped
        # dropped for being slow, not at once: the head's deadline, not an error on the first byte
        assert all(when >= HEAD_SECONDS - 1 for when in dropped), dropped
    finally:
        stop.set()
    assert get(server_port, "/healthz", timeout=ANSWER_SECONDS)[0] == 200


def _answer(port: int, path: str) -> tuple[int, bytes]:
    with socket.create_connection((HOST, port), timeout=ANSWER_SECONDS) as conn:
        conn.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]), answer


def test_request_line_limit__a_long_sandbox_link_reaches_the_app_and_a_longer_line_is_gunicorns_414(server_port):
    """gunicorn.conf.py's limit_request_line lets through the longest position the sandbox reads
    (MAX_LINK_LENGTH characters); past gunicorn's limit, gunicorn answers 414 itself."""
    from app.learn.sandbox import MAX_LINK_LENGTH

    status, answer = _answer(server_port, "/en/sandbox?scenario=" + "x" * MAX_LINK_LENGTH)
    assert status == 400 and b'<html lang="en"' in answer  # the app's page: not a position
    assert b"Content-Security-Policy:" in answer
    status, answer = _answer(server_port, "/en/?" + "x" * 8200)
    assert status == 414 and b"Content-Security-Policy:" not in answer  # gunicorn's own, outside the app
