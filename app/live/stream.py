"""The live session's event stream (issue 37, item 5): server-sent events, which every browser's
EventSource follows without a library, resumes by itself after a lost connection, and which pass
through proxies as an ordinary answer.

GET /api/v1/classes/<code>/live/events answers ``text/event-stream``: a ``retry:`` line, then the
current frame as an event ``frame`` (``id:`` the session's version, ``data:`` the JSON that GET
.../live gives the same reader) unless the browser already has it (``Last-Event-ID``, which
EventSource sends when it reconnects: the stream resumes at the current frame, never replays the
frames in between), then each new frame as the teacher steps. ``end`` when the session or the class
ends, ``removed`` when the teacher removes the student: then the stream closes, and EventSource's
reconnection is answered 404 or 403, which stops it.

Heartbeats: a comment line every HEARTBEAT seconds (the app's LIVE_HEARTBEAT, UNO_TUTOR_LIVE_HEARTBEAT)
keeps proxies from closing a quiet stream, finds a phone that has gone (the write fails, the thread
is free again) and checks that the reader still may read (a student removed on another SQLite
process, whose removal announces nothing here; on PostgreSQL its NOTIFY ends the stream at once).
Two things keep a class's 200 phones from beating as one burst that a move would wait behind: the
check is one read of the class's students for all its streams in the process per heartbeat
(app.store.following ``Following.shared``), and each stream keeps a beat of its own, the first at a
random moment within its first heartbeat, then every heartbeat, whatever frames come between (a
step wakes every stream of the class at once; it does not line their beats up again). A removal on
another SQLite process is found within two heartbeats.

A table's stream (app.tables.events) is made of the same parts and counts in the same slots.

Threads: a stream holds one of the server's threads while it is open (waitress's, gunicorn's
gthread's), waiting on its class's condition (app.store.following), never polling. So that streams
never take the threads the pages need, a process holds at most the app's LIVE_STREAMS of them at
once (``UNO_TUTOR_LIVE_STREAMS``; app.production and gunicorn.conf.py leave PAGE_THREADS of their
threads to the pages); past that, a stream answers the current frame at once and closes with
``retry:`` POLL_RETRY_MS, so EventSource asks again a moment later: the phone still follows, by
polling, a second later at most.
"""
from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from flask import Response, current_app, request, stream_with_context

from ..fast_json import dumps
from ..i18n import current_language, in_language
from ..practice import access
from ..store import LiveSession
from ..store.following import Following
from .sessions import Reader, running, shown

HEARTBEAT = 15.0  # seconds between two comment lines on a quiet stream (proxies often close at 60)
RETRY_MS = 1000  # EventSource waits this long before it reconnects a lost stream
POLL_RETRY_MS = 1000  # ... and this long between two polls, past the process's streams
PAGE_THREADS = 4  # a server's threads that streams never take (app.production, gunicorn.conf.py)


class _Slots:
    """The process's open streams, at most the app's LIVE_STREAMS."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.open = 0

    def take(self, most: int) -> bool:
        with self._lock:
            if self.open >= most:
                return False
            self.open += 1
            return True

    def give_back(self) -> None:
        with self._lock:
            self.open -= 1


SLOTS = _Slots()


@dataclass(frozen=True)
class Listener:
    """A stream's reader and language (the request's: the stream's events are worded in it)."""

    reader: Reader
    language: str


def response(reader: Reader) -> Response:
    """The reader's event stream of the class's running session (404 without one)."""
    session = running(reader.found)
    config = current_app.config
    body = _stream(Listener(reader, current_language()), session, last_event_id(),
                   config["LIVE_STREAMS"], config.get("LIVE_HEARTBEAT", HEARTBEAT))
    answer = Response(stream_with_context(body), mimetype="text/event-stream")
    answer.headers["X-Accel-Buffering"] = "no"  # nginx passes each event on at once
    return answer


def _stream(reader: Listener, session: LiveSession, seen: int | None, most: int, heartbeat: float) -> Iterator[str]:
    """The stream, taking one of the process's slots (``SLOTS``) when it starts and giving it back
    when it ends, however it ends; with none free, the current frame at once, then the end."""
    if not SLOTS.take(most):
        yield retry(POLL_RETRY_MS)
        if session.version != seen:
            yield _event(session, reader)
        return
    try:
        yield from _followed(reader, session, seen, heartbeat)
    finally:
        SLOTS.give_back()


def _followed(reader: Listener, session: LiveSession, seen: int | None, heartbeat: float) -> Iterator[str]:
    """Every new frame of the session as it comes, until it ends or the reader may read no more;
    a heartbeat (``_may_read``, a comment) at the stream's own beat (the module's docstring)."""
    store, code = access.store(), reader.reader.found.code
    yield retry(RETRY_MS)
    with store.follow(code) as following:
        opened = time.monotonic()
        latest = store.load_live(code) or session  # read after following: no step falls between
        if latest.version != seen:
            yield _event(latest, reader)
        beat = first_beat(opened, heartbeat)
        while latest.ended is None:
            newer, removed = following.wait(latest.version, reader.reader.owner, max(0.0, beat - time.monotonic()))
            if newer is not None and not removed:
                latest = newer
                yield _event(latest, reader)
                continue
            if removed or not _may_read(reader, following, since=max(opened, time.monotonic() - heartbeat)):
                yield named("removed", {})
                return
            yield ": still here\n\n"
            beat = time.monotonic() + heartbeat


def first_beat(opened: float, heartbeat: float) -> float:
    """When a stream opened at ``opened`` (time.monotonic) beats first: at a random moment within
    its first heartbeat, so that streams opened together do not beat together (a table's too)."""
    return opened + heartbeat * random.random()


def _may_read(listener: Listener, following: Following, since: float) -> bool:
    """Whether the class is still there and the reader still in it, as read at ``since`` or later
    (time.monotonic): one read of the class's students answers its every stream here."""
    reader = listener.reader
    members = following.shared(lambda: access.store().class_members(reader.found.code), since)
    return members is not None and (reader.owner is None or reader.owner in members)


def _event(session: LiveSession, listener: Listener) -> str:
    """The session's frame as its event in the reader's language, ``end`` once it has ended."""
    with in_language(listener.language):
        frame = shown(session, listener.reader.teacher)
    if session.ended is not None:
        return named("end", {"session": frame["session"]}, session.version)
    return named("frame", frame, session.version)


def named(name: str, data: dict[str, Any], version: int | None = None) -> str:
    """An event ``name`` carrying ``data``, with ``version`` as its id (a table's stream's too: app.tables.events)."""
    head = f"id: {version}\n" if version is not None else ""
    return f"{head}event: {name}\ndata: {dumps(data)}\n\n"


def retry(milliseconds: int) -> str:
    return f"retry: {milliseconds}\n\n"


def last_event_id() -> int | None:
    """The version the browser has (EventSource's Last-Event-ID when it reconnects), if any."""
    sent = request.headers.get("Last-Event-ID", "")
    return int(sent) if sent.isdigit() and len(sent) < 19 else None
