"""This process's streams of live sessions, by class (issue 37, item 5): the fan-out of one
announcement to every stream of its class that this process holds.

Each followed class has the last session announced for it and a condition its streams wait on
(all on one lock: waiting and announcing are a few instructions each). An announcement comes from
this process's own change (SQLite), from the one listening connection of the process (PostgreSQL's
LISTEN, app.store.postgres) or from the process's poll of the followed classes (SQLite's other
processes on the file, app.store.sqlite); whichever brings it first wins, and an older or repeated
version changes nothing, so a stream never sees a version twice nor goes back.

A stream's heartbeat asks whether its reader may still read (app.live.stream): the class's
students are read once for all its streams here (``Following.members``), not once a stream, so 200
phones of a class cost one read per heartbeat, not 400 queries at once.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .records import LiveSession


def session_of(event: dict[str, Any]) -> LiveSession | None:
    """The session an announcement carries (None: it announces a removed student)."""
    state = event.get("session")
    return LiveSession(event["class"], *state) if state else None


Members = frozenset[str] | None  # a class's students (owner hashes); None: the class is gone


class _Followed:
    """One class's streams in this process: how many, the last session announced, the students
    removed while they follow (owner hashes), and what they wait on; and the last read of the
    class's students (``Following.members``): when it began (time.monotonic) and what it found,
    behind a lock of its own, so that a read never holds up an announcement."""

    __slots__ = ("streams", "session", "removed", "changed", "reading", "read")

    def __init__(self, lock: threading.Lock):
        self.streams = 0
        self.session: LiveSession | None = None
        self.removed: set[str] = set()
        self.changed = threading.Condition(lock)
        self.reading = threading.Lock()
        self.read: tuple[float, Members] | None = None


class Following:
    """A stream's hold on its class (``Followers.follow``)."""

    def __init__(self, followed: _Followed):
        self._followed = followed

    def wait(self, after: int, owner: str | None, timeout: float) -> tuple[LiveSession | None, bool]:
        """Wait up to ``timeout`` seconds for a session newer than version ``after`` or for the
        removal of the student ``owner`` (an owner hash; None for a teacher): (the newer session or
        None, whether the student was removed)."""
        followed = self._followed

        def news() -> bool:
            session = followed.session
            return (session is not None and session.version > after) or (owner is not None and owner in followed.removed)

        with followed.changed:
            followed.changed.wait_for(news, timeout)
            session = followed.session
            return (session if session is not None and session.version > after else None,
                    owner is not None and owner in followed.removed)

    def members(self, read: Callable[[], Members], since: float) -> Members:
        """The class's students as read at ``since`` (time.monotonic) or later: the last read of
        any of the class's streams here if it began that late, else ``read()`` now, once, which the
        streams asking meanwhile wait for and share. A stream asks with ``since`` one heartbeat
        back (and never before it opened: an older read may not know its reader yet), so however
        many streams a class has, their heartbeats make one read per heartbeat between them."""
        followed = self._followed
        with followed.reading:
            if followed.read is None or followed.read[0] < since:
                began = time.monotonic()
                followed.read = began, read()
            return followed.read[1]


class Followers:
    """Every class this process streams, with its streams' count (``follow``)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._classes: dict[str, _Followed] = {}

    @contextmanager
    def follow(self, code: str) -> Iterator[Following]:
        """Hold the class followed while the block runs: its announcements are kept and its
        streams woken; the last stream to leave lets it go."""
        with self._lock:
            followed = self._classes.get(code)
            if followed is None:
                followed = self._classes[code] = _Followed(self._lock)
            followed.streams += 1
        try:
            yield Following(followed)
        finally:
            with self._lock:
                followed.streams -= 1
                if not followed.streams:
                    del self._classes[code]

    def codes(self) -> list[str]:
        """The classes followed now."""
        with self._lock:
            return list(self._classes)

    def streams(self) -> int:
        """How many streams follow a class in this process."""
        with self._lock:
            return sum(followed.streams for followed in self._classes.values())

    def announce(self, event: dict[str, Any]) -> None:
        """Wake the streams of the event's class if it brings news: a session newer than the last
        announced, or a removed student. A class nobody here follows is not kept."""
        with self._lock:
            followed = self._classes.get(event["class"])
            if followed is None:
                return
            session = session_of(event)
            if session is None:
                followed.removed.add(event["removed"])
            elif followed.session is None or session.version > followed.session.version:
                followed.session = session
            else:
                return
            followed.changed.notify_all()
