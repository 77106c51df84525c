"""A table's event stream (issue 38): server-sent events, made and limited as a live session's
(app.live.stream: its framing, its heartbeat, the process's slots for streams).

GET /api/v1/tables/<id>/events answers ``text/event-stream`` to a seat's holder: a ``retry:`` line,
then an event ``version`` (``id:`` and ``data: {"version": n}``) for the table's current version
unless the browser has it already (``Last-Event-ID``), then one for each new version as anyone at
the table moves. An event carries the version alone, never a card: each seat then reads its own
view (GET /api/v1/tables/<id>), so no seat's hand is ever pushed, and the stream is the same for
every seat. Versions only grow, and a stream never sends one twice; it sends the newest when it
wakes, not every one in between. ``gone`` when the table's game is deleted, then the stream closes.

A move is announced after its save commits (app.store.seats); at each heartbeat the stream reads
the stored version too, so a move whose announcement was lost (its process died between the two)
still reaches it. An open stream is its seat's holder at the table: each heartbeat notes them seen
(``Store.seen_at_table``, at most every ``seating.seen_every``), and if the seat to move is away
the bots play it (app.tables.bots), so the people there never wait on someone gone.

Heartbeats, as a live session's (app.live.stream): each stream beats on its own, the first at a
random moment within its first heartbeat, and whatever it reads there is read once for all the
streams of the process: the versions of every table followed, in one query (``Store.
followed_versions``), and each table's seats, once for all its streams (``Following.shared``),
so 50 tables of 4 streams make one read of versions and 50 of seats per heartbeat, not 200 of each.
"""
from __future__ import annotations

import time
from collections.abc import Iterator
from functools import partial

from flask import Response, current_app, stream_with_context

from ..live.stream import HEARTBEAT, POLL_RETRY_MS, RETRY_MS, SLOTS, first_beat, last_event_id, named, retry
from ..practice import access
from ..store import Seat
from . import bots, seating
from .seating import Seated


def response(seated: Seated) -> Response:
    """The seat's event stream of its table."""
    config = current_app.config
    body = _stream(seated, last_event_id(), config["LIVE_STREAMS"], config.get("LIVE_HEARTBEAT", HEARTBEAT))
    answer = Response(stream_with_context(body), mimetype="text/event-stream")
    answer.headers["X-Accel-Buffering"] = "no"  # nginx passes each event on at once
    return answer


def _stream(seated: Seated, seen: int | None, most: int, heartbeat: float) -> Iterator[str]:
    """The stream in one of the process's slots, given back however it ends; with none free, the
    current version at once, then the end (EventSource asks again: polling)."""
    if not SLOTS.take(most):
        yield retry(POLL_RETRY_MS)
        current = access.current_version(seated.table)
        if current is not None and current != seen:
            yield _version(current)
        return
    try:
        yield from _followed(seated, seen, heartbeat)
    finally:
        SLOTS.give_back()


def _followed(seated: Seated, seen: int | None, heartbeat: float) -> Iterator[str]:
    """Every new version of the table as it comes, until its game is gone; a heartbeat at the
    stream's own beat (the module's docstring)."""
    store, table, mine = access.store(), seated.table, seated.seat
    yield retry(RETRY_MS)
    with store.follow_table(table) as following:
        opened = time.monotonic()
        latest = access.current_version(table)  # read after following: no move falls between
        if latest is None:
            yield named("gone", {})
            return
        if latest != seen:
            yield _version(latest)
        beat = first_beat(opened, heartbeat)
        while True:
            newer, _removed = following.wait(latest, None, max(0.0, beat - time.monotonic()))
            if newer is not None:
                latest = newer.version
                yield _version(latest)
                continue
            since = max(opened, time.monotonic() - heartbeat)
            mine = store.seen_at_table(table, mine, seating.seen_every())
            following.shared(partial(_seats_beat, table, mine), since)
            stored = store.followed_versions(since).get(table)
            if stored is None:
                yield named("gone", {})
                return
            if stored > latest:
                latest = stored
                yield _version(latest)
            else:
                yield ": still here\n\n"
            beat = time.monotonic() + heartbeat


def _seats_beat(table: str, here: Seat) -> None:
    """A table's heartbeat, once for all its streams in the process: its seats read, and the
    bots' moves made if the seat to move is away (``here``: the beating stream's seat, seen now)."""
    seats = access.store().table_seats(table)
    if seating.away(seats, here):
        bots.play_for(table, seats, here)


def _version(version: int) -> str:
    return named("version", {"version": version}, version)
