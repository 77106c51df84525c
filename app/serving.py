"""gunicorn's threaded worker with a deadline on each request's head (gunicorn.conf.py uses it).

gunicorn's gthread worker waits for a request's first bytes without a thread, but once they
come a thread reads the request line and headers to their end, with no deadline: a client that
sends a byte a second holds that thread for hours (bench/slow_clients.py shows it). Here a
watchdog on the worker's main loop, which wakes at least once a second, shuts the socket of any
connection whose head has taken longer than HEAD_SECONDS, counted from when a thread took it;
the blocked read then ends as if the client had gone, and the thread is free. The clock stops
when the head is read: the body and the app's own time are not on it. (A body sent slowly still
holds its thread while the app reads it, up to the app's 64 KB; the proxy, which buffers the
whole request before passing it on, is what stops that.)

This bounds how long a slow client holds a thread, not how many threads slow clients can hold
at once: as many slow clients as threads, reconnecting every HEAD_SECONDS, still take them all.
The buffering proxy in front (README "Running in production") is what protects against many.
Only gunicorn imports this module (the ``serve`` extra); the app never does.
"""
from __future__ import annotations

import socket
import threading
import time

from gunicorn.workers.gthread import ThreadWorker

HEAD_SECONDS = 10  # a browser sends its head in one packet; a phone on a bad line in well under this


class HeadDeadlineWorker(ThreadWorker):
    """gthread, whose threads drop a connection whose request head is not read in time."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._reading: dict[object, float] = {}  # connection → the monotonic time its head is due
        self._reading_lock = threading.Lock()

    def handle(self, conn):
        """A thread takes a connection: its head is due HEAD_SECONDS from now."""
        with self._reading_lock:
            self._reading[conn] = time.monotonic() + HEAD_SECONDS
        try:
            return super().handle(conn)
        finally:
            self._head_read(conn)

    def handle_request(self, req, conn):
        """The head is read: the rest is the app's time."""
        self._head_read(conn)
        return super().handle_request(req, conn)

    def _head_read(self, conn) -> None:
        with self._reading_lock:
            self._reading.pop(conn, None)

    def murder_pending(self):
        """Called on every turn of the main loop: also shut the connections whose head is late."""
        super().murder_pending()
        now = time.monotonic()
        with self._reading_lock:
            late = [conn for conn, due in self._reading.items() if due < now]
            for conn in late:
                del self._reading[conn]
        for conn in late:
            self.log.info("Dropped %s: its request's head took over %s s", conn.client, HEAD_SECONDS)
            try:
                conn.sock.shutdown(socket.SHUT_RDWR)  # the thread's read returns; it closes the socket
            except OSError:
                pass  # already closed
