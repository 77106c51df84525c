"""This process's streams, by channel (issue 37, item 5; issue 38): the fan-out of one
announcement to every stream of its channel that this process holds. A channel is a class's live
session (its code) or a table's game (``table_channel``): what an announcement carries is that
session, or the table's new version, each with the version a stream compares.

Each followed channel has the last news announced for it and a condition its streams wait on
(all on one lock: waiting and announcing are a few instructions each). An announcement comes from
this process's own change (SQLite), from the one listening connection of the process (PostgreSQL's
LISTEN, app.store.postgres) or from the process's poll of the followed channels (SQLite's other
processes on the file, app.store.sqlite); whichever brings it first wins, and an older or repeated
version changes nothing, so a stream never sees a version twice nor goes back.

A stream's heartbeat asks whether its reader may still read (app.live.stream): the class's
students are read once for all its streams here (``Following.shared``), not once a stream, so 200
phones of a class cost one read per heartbeat, not 400 queries at once. A table's streams share
their heartbeat's work the same way (``Following.shared``: its seats, once per table), and the
versions of every table the process follows are read in one query per heartbeat
(``Followers.versions``), not one a stream (app.tables.events).
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .records import LiveSession

TABLE_PREFIX = "table:"  # a table's channel: never a class code's (six letters and digits)


@dataclass(frozen=True)
class TableMoved:
    """A table's game saved at ``version`` (issue 38): its streams tell each seat to read its view."""

    table: str
    version: int

    def as_event(self) -> dict[str, Any]:
        """The announcement, from one host to the others."""
        return {"table": self.table, "version": self.version}


def table_channel(table: str) -> str:
    return TABLE_PREFIX + table


class Versioned(Protocol):
    @property
    def version(self) -> int: ...


News = TypeVar("News", bound=Versioned)


def session_of(event: dict[str, Any]) -> LiveSession | None:
    """The session an announcement carries (None: it announces a removed student)."""
    state = event.get("session")
    return LiveSession(event["class"], *state) if state else None


Members = frozenset[str] | None  # a class's students (owner hashes); None: the class is gone


def news_of(event: dict[str, Any]) -> tuple[str, Versioned | None]:
    """An announcement's channel and its news (None: a removed student, whose hash is ``removed``)."""
    if "table" in event:
        return table_channel(event["table"]), TableMoved(event["table"], event["version"])
    return event["class"], session_of(event)


Read = TypeVar("Read")


class SharedRead:
    """The last read that many streams share (``since``): when it began (time.monotonic) and what
    it found, behind a lock of its own, so that a read never holds up an announcement."""

    __slots__ = ("_reading", "_read")

    def __init__(self) -> None:
        self._reading = threading.Lock()
        self._read: tuple[float, Any] | None = None

    def since(self, read: Callable[[], Read], since: float) -> Read:
        """What the last read found if it began at ``since`` (time.monotonic) or later, else
        ``read()`` now, once, which the streams asking meanwhile wait for and share. A stream asks
        with ``since`` one heartbeat back (and never before it opened: an older read may not know
        of it yet), so however many streams share it, their heartbeats make one read per heartbeat
        between them."""
        with self._reading:
            if self._read is None or self._read[0] < since:
                began = time.monotonic()
                self._read = began, read()
            return self._read[1]


class _Followed:
    """One channel's streams in this process: how many, the last news announced, the students
    removed while they follow (owner hashes; a class's only), and what they wait on; and the last
    read its streams share at their heartbeats (a class's students, a table's seats)."""

    __slots__ = ("streams", "latest", "removed", "changed", "read")

    def __init__(self, lock: threading.Lock):
        self.streams = 0
        self.latest: Any = None
        self.removed: set[str] = set()
        self.changed = threading.Condition(lock)
        self.read = SharedRead()


class Following(Generic[News]):
    """A stream's hold on its channel (``Followers.follow``)."""

    def __init__(self, followed: _Followed):
        self._followed = followed

    def wait(self, after: int, owner: str | None, timeout: float) -> tuple[News | None, bool]:
        """Wait up to ``timeout`` seconds for news newer than version ``after`` or for the
        removal of the student ``owner`` (an owner hash; None for a teacher or a table's seat):
        (the newer news or None, whether the student was removed)."""
        followed = self._followed

        def news() -> bool:
            latest = followed.latest
            return (latest is not None and latest.version > after) or (owner is not None and owner in followed.removed)

        with followed.changed:
            followed.changed.wait_for(news, timeout)
            latest = followed.latest
            return (latest if latest is not None and latest.version > after else None,
                    owner is not None and owner in followed.removed)

    def shared(self, read: Callable[[], Read], since: float) -> Read:
        """What ``read`` found at ``since`` (time.monotonic) or later, once for all the channel's
        streams here (``SharedRead.since``): a class's students (app.live.stream), a table's
        heartbeat (app.tables.events)."""
        return self._followed.read.since(read, since)


class Followers:
    """Every channel this process streams, with its streams' count (``follow``)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._channels: dict[str, _Followed] = {}
        self.versions = SharedRead()  # every followed table's version, read once a heartbeat (app.store.base)

    @contextmanager
    def follow(self, channel: str) -> Iterator[Following[Any]]:
        """Hold the channel followed while the block runs: its announcements are kept and its
        streams woken; the last stream to leave lets it go."""
        with self._lock:
            followed = self._channels.get(channel)
            if followed is None:
                followed = self._channels[channel] = _Followed(self._lock)
            followed.streams += 1
        try:
            yield Following(followed)
        finally:
            with self._lock:
                followed.streams -= 1
                if not followed.streams:
                    del self._channels[channel]

    def codes(self) -> list[str]:
        """The classes followed now."""
        with self._lock:
            return [channel for channel in self._channels if not channel.startswith(TABLE_PREFIX)]

    def tables(self) -> list[str]:
        """The tables followed now (their games' ids)."""
        with self._lock:
            return [channel[len(TABLE_PREFIX):] for channel in self._channels if channel.startswith(TABLE_PREFIX)]

    def streams(self) -> int:
        """How many streams follow a channel in this process."""
        with self._lock:
            return sum(followed.streams for followed in self._channels.values())

    def announce(self, event: dict[str, Any]) -> None:
        """Wake the streams of the event's channel if it brings news: a version newer than the last
        announced, or a removed student. A channel nobody here follows is not kept."""
        channel, latest = news_of(event)
        with self._lock:
            followed = self._channels.get(channel)
            if followed is None:
                return
            if latest is None:
                followed.removed.add(event["removed"])
            elif followed.latest is None or latest.version > followed.latest.version:
                followed.latest = latest
            else:
                return
            followed.changed.notify_all()
