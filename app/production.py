"""README's production server: waitress serving the app, safe on its own against slow clients.

    .venv/bin/python -m app.production

Why waitress (the ``serve`` extra): its main loop reads each request whole, head and body, into a
buffer of its own before one of its threads runs the app. A client that sends its request a byte
a second (slowloris, or a slow body) holds a socket and the bytes it has sent, never a thread, so
the threads stay free for everyone else; a connection that sends nothing for CHANNEL_SECONDS is
closed. What bounds slow clients is CONNECTIONS, open connections at once: 50 slow heads and 50
slow bodies leave the site answering (bench/slow_clients.py, tests/serve/test_slow_clients.py).
This uses only waitress's documented settings (``waitress.serve``): nothing of it is subclassed.

The environment, read here at start:

- ``UNO_TUTOR_BIND``: where to listen, ``host:port`` (default 127.0.0.1:8000); several,
  separated by spaces.
- ``UNO_TUTOR_THREADS``: threads that run the app (default THREADS). One process: the app's own
  work holds Python's lock, so more threads help only while requests wait on the database, or
  hold a live session's event stream open (each stream holds one thread while it waits).
- ``UNO_TUTOR_LIVE_STREAMS``: event streams held open at once (default: the threads less
  PAGE_THREADS, app.live.stream, so that the pages always have threads); past it a phone polls.
- ``FORWARDED_ALLOW_IPS``: the one address whose ``X-Forwarded-Proto`` is believed (the proxy in
  front; default 127.0.0.1), which makes a request HTTPS for the app. The client's address
  (``X-Forwarded-For``) is the app's business, UNO_TUTOR_TRUSTED_PROXIES (app/limits.py):
  waitress passes that header on untouched.

The app never imports this module; only this command imports waitress.
"""
from __future__ import annotations

import logging
import os
import resource
import signal
import sys

from .security import MAX_CONTENT_LENGTH

THREADS = 8
CONNECTIONS = 1000  # open at once, slow ones included: one socket and at most their bytes each
CHANNEL_SECONDS = 30  # a connection silent for this long (mid-request or between requests) is closed
# The request line and headers together. A sandbox link carries a position of up to 8,000
# characters; README's nginx passes at most 4 × 8,100 bytes of them, so nginx answers first.
HEAD_BYTES = 64 * 1024
FILES_BESIDES_CONNECTIONS = 200  # open files that are not connections: the database's, per thread


def settings() -> dict:
    """waitress's settings (its documented ``waitress.serve`` keywords), from the environment."""
    proxy = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1").strip()
    if "," in proxy:
        sys.exit(f"FORWARDED_ALLOW_IPS={proxy!r}: waitress believes one proxy address, not a list")
    return {
        "listen": os.environ.get("UNO_TUTOR_BIND", "127.0.0.1:8000"),
        "threads": int(os.environ.get("UNO_TUTOR_THREADS") or THREADS),
        "connection_limit": CONNECTIONS,
        "asyncore_use_poll": True,  # select() stops at file descriptor 1023; poll() has no such limit
        "channel_timeout": CHANNEL_SECONDS,
        "cleanup_interval": 10,  # how often silent connections are looked for
        "max_request_header_size": HEAD_BYTES,  # over it: waitress's own 431
        # waitress refuses a body whose length reaches its limit (413, its own): one byte past the
        # app's, so every body the app takes reaches it and no longer one is ever buffered.
        "max_request_body_size": MAX_CONTENT_LENGTH + 1,
        "trusted_proxy": proxy or None,
        "trusted_proxy_headers": {"x-forwarded-proto"} if proxy else None,
        "clear_untrusted_proxy_headers": False,  # X-Forwarded-For reaches the app's ProxyFix as sent
    }


def _open_files(connections: int) -> None:
    """Raise this process's limit on open files (often 1,024 by default) to what ``connections``
    need, as far as the hard limit allows; say so if it does not."""
    need = connections + FILES_BESIDES_CONNECTIONS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= need:
        return
    raised = need if hard == resource.RLIM_INFINITY else min(need, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
    if raised < need:
        logging.getLogger(__name__).warning(
            "open files limited to %d: fewer than %d connections at once will be accepted (raise ulimit -n)",
            raised, connections)


def main() -> None:
    from waitress import serve

    from . import create_app
    from .live.stream import PAGE_THREADS

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = settings()
    _open_files(config["connection_limit"])
    # SIGTERM (systemd's, a container's stop) ends the loop as Ctrl-C does: waitress stops taking
    # requests and gives its threads up to 5 s to finish theirs.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    streams = os.environ.get("UNO_TUTOR_LIVE_STREAMS") or max(0, config["threads"] - PAGE_THREADS)
    serve(create_app({"LIVE_STREAMS": int(streams)}), **config)


if __name__ == "__main__":
    main()
