"""README's production command on its own (waitress, app/production.py) against slow clients:
connections that send their head a byte a second and connections that send a whole head and then
their body a byte a second, far more of each than the server has threads, do not stop an ordinary
page from being answered, because waitress reads each request whole before a thread sees it.
gunicorn's threads read heads and bodies themselves: as many slow bodies as threads and the page
waits (bench/slow_clients.py shows both).

No timed assertion: the page must be answered at all (within a generous ANSWER_SECONDS, against a
server whose every thread would otherwise be held for the 60,000 s a slow body takes), while every
slow client is still connected.
"""
import socket
import threading

import pytest

from app.production import HEAD_BYTES, THREADS
from app.security import MAX_CONTENT_LENGTH
from bench.slow_clients import HOST, attack, free_port, production

SLOW = 4 * THREADS  # of each kind: slow heads and slow bodies, each enough to hold every thread
ANSWER_SECONDS = 30


@pytest.fixture(scope="module")
def server_port(production_installed):
    """README's production command, on a port of its own."""
    port = free_port()
    with production(port):
        yield port


def _answer(port: int, request: bytes) -> tuple[int, bytes]:
    with socket.create_connection((HOST, port), timeout=ANSWER_SECONDS) as conn:
        conn.sendall(request)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]), answer


def _get(port: int, path: str) -> tuple[int, bytes]:
    return _answer(port, f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())


def test_slow_clients__slow_heads_and_slow_bodies_leave_the_site_answering(server_port):
    stop = threading.Event()
    heads = attack(server_port, SLOW, interval=1.0, stop=stop)
    bodies = attack(server_port, SLOW, interval=1.0, stop=stop, body=True)
    try:
        status, page = _get(server_port, "/en/")
        assert status == 200 and b'<html lang="en"' in page
        status, game = _answer(server_port, (
            f"POST /api/v1/games HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            "Content-Length: 2\r\nConnection: close\r\n\r\n{}").encode())
        assert status == 201, game  # a body sent whole is answered too
        # All of them, each of which had sent its first bytes before the page was asked for, were
        # still holding on meanwhile: it is not that they had been dropped.
        assert all(client.dropped is None for client in heads + bodies)
    finally:
        stop.set()
    for client in heads + bodies:
        client.join(timeout=ANSWER_SECONDS)


def test_request_line_limit__a_long_sandbox_link_reaches_the_app_and_a_longer_head_is_waitresss_431(server_port):
    """app/production.py's HEAD_BYTES lets through the longest position the sandbox reads
    (MAX_LINK_LENGTH characters); past it, waitress answers 431 itself."""
    from app.learn.sandbox.links import MAX_LINK_LENGTH

    status, answer = _get(server_port, "/en/sandbox?scenario=" + "x" * MAX_LINK_LENGTH)
    assert status == 400 and b'<html lang="en"' in answer  # the app's page: not a position
    assert b"Content-Security-Policy:" in answer
    # Exactly HEAD_BYTES, unfinished: waitress has read every byte when it answers, so its close
    # cannot reset the connection before the answer is read.
    head = b"GET /en/?" + b"x" * (HEAD_BYTES - len(b"GET /en/?"))
    status, answer = _answer(server_port, head)
    assert status == 431 and b"Content-Security-Policy:" not in answer  # waitress's own, outside the app


def test_body_limit__the_apps_64_kb_reach_it_and_one_byte_more_is_waitresss_413(server_port):
    """A body of the app's largest size reaches the app (which answers it: not a game's rules);
    one byte more is refused by waitress on its head alone, before any of it is read."""
    def post(length: int, body: bytes) -> tuple[int, bytes]:
        return _answer(server_port, (
            f"POST /api/v1/games HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {length}\r\nConnection: close\r\n\r\n").encode() + body)

    status, answer = post(MAX_CONTENT_LENGTH, b" " * MAX_CONTENT_LENGTH)
    assert status == 400 and b"Content-Security-Policy:" in answer  # the app's: blank is not JSON
    status, answer = post(MAX_CONTENT_LENGTH + 1, b"")
    assert status == 413 and b"Content-Security-Policy:" not in answer
