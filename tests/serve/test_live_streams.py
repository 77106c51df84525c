"""A live session's event streams on README's production command (waitress, app/production.py):
each step reaches an open stream through the server as it happens (waitress sends each event at
once), a process holds at most its LIVE_STREAMS streams open (its threads less PAGE_THREADS), the
streams past it answer at once and close (EventSource then polls), and the pages are answered
while the streams are open.

No timed assertion: every wait is bounded by ANSWER_SECONDS, which only a failure reaches."""
import socket
import urllib.request

import pytest

from app.live.stream import PAGE_THREADS, POLL_RETRY_MS
from bench.live import Teacher
from bench.slow_clients import HOST, free_port, production

THREADS = PAGE_THREADS + 2  # two streams held open; the others poll
ANSWER_SECONDS = 30


@pytest.fixture(scope="module")
def server_port(production_installed):
    port = free_port()
    with production(port, {"UNO_TUTOR_THREADS": str(THREADS)}):
        yield port


class Stream:
    """An event stream read off its socket, as a browser's EventSource reads it."""

    def __init__(self, port: int, code: str, cookie: str):
        self.conn = socket.create_connection((HOST, port), timeout=ANSWER_SECONDS)
        self.conn.sendall(f"GET /api/v1/classes/{code}/live/events HTTP/1.1\r\nHost: {HOST}\r\n"
                          f"Cookie: {cookie}\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.buffer = b""

    def block(self) -> bytes | None:
        """The next block (the head first), None once the server has closed the stream."""
        while b"\r\n\r\n" not in self.buffer and b"\n\n" not in self.buffer.split(b"\r\n\r\n", 1)[-1]:
            chunk = self.conn.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        separator = b"\r\n\r\n" if b"\r\n\r\n" in self.buffer else b"\n\n"
        found, self.buffer = self.buffer.split(separator, 1)
        return found

    def events(self, count: int) -> list[bytes]:
        """The next ``count`` blocks that are events (past the head, chunk sizes and heartbeats)."""
        found: list[bytes] = []
        while len(found) < count:
            block = self.block()
            assert block is not None, found
            if b"event: " in block:
                found.append(block)
        return found

    def close(self):
        self.conn.close()


def test_streams_carry_each_step_and_leave_the_pages_their_threads(server_port):
    teacher = Teacher(server_port)
    code = teacher.post("/api/v1/classes", {"seed": "live"})["code"]
    teacher.post(f"/api/v1/classes/{code}/live", {"demo": "action-cards"})
    held = [Stream(server_port, code, teacher.cookie()) for _ in range(THREADS - PAGE_THREADS)]
    for stream in held:
        assert b"event: frame" in stream.events(1)[0]  # open, each on a thread of its own
    polled = Stream(server_port, code, teacher.cookie())  # past the process's streams
    while chunk := polled.conn.recv(65536):  # closed at once, the frame given: EventSource asks again later
        polled.buffer += chunk
    polled.close()
    assert f"retry: {POLL_RETRY_MS}".encode() in polled.buffer and b"event: frame" in polled.buffer
    with urllib.request.urlopen(f"http://{HOST}:{server_port}/en/", timeout=ANSWER_SECONDS) as page:
        assert page.status == 200  # the pages still have their threads
    moved = teacher.post(f"/api/v1/classes/{code}/live/step", {"to": "next"})
    for stream in held:
        (event,) = stream.events(1)
        assert f"id: {moved['session']['version']}".encode() in event and b'"frame":2' in event
    teacher.post(f"/api/v1/classes/{code}/live/end", {})
    for stream in held:
        assert b"event: end" in stream.events(1)[0]
        stream.close()
