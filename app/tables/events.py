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
still reaches it.
"""
from __future__ import annotations

from collections.abc import Iterator

from flask import Response, current_app, stream_with_context

from ..live.stream import HEARTBEAT, POLL_RETRY_MS, RETRY_MS, SLOTS, last_event_id, named, retry
from ..practice import access
from .seating import Seated


def response(seated: Seated) -> Response:
    """The seat's event stream of its table."""
    config = current_app.config
    body = _stream(seated.table, last_event_id(), config["LIVE_STREAMS"], config.get("LIVE_HEARTBEAT", HEARTBEAT))
    answer = Response(stream_with_context(body), mimetype="text/event-stream")
    answer.headers["X-Accel-Buffering"] = "no"  # nginx passes each event on at once
    return answer


def _stream(table: str, seen: int | None, most: int, heartbeat: float) -> Iterator[str]:
    """The stream in one of the process's slots, given back however it ends; with none free, the
    current version at once, then the end (EventSource asks again: polling)."""
    if not SLOTS.take(most):
        yield retry(POLL_RETRY_MS)
        current = access.current_version(table)
        if current is not None and current != seen:
            yield _version(current)
        return
    try:
        yield from _followed(table, seen, heartbeat)
    finally:
        SLOTS.give_back()


def _followed(table: str, seen: int | None, heartbeat: float) -> Iterator[str]:
    """Every new version of the table as it comes, until its game is gone."""
    yield retry(RETRY_MS)
    with access.store().follow_table(table) as following:
        latest = access.current_version(table)  # read after following: no move falls between
        if latest is None:
            yield named("gone", {})
            return
        if latest != seen:
            yield _version(latest)
        while True:
            newer, _removed = following.wait(latest, None, heartbeat)
            if newer is None:
                stored = access.current_version(table)
                if stored is None:
                    yield named("gone", {})
                    return
                if stored <= latest:
                    yield ": still here\n\n"
                    continue
                latest = stored
            else:
                latest = newer.version
            yield _version(latest)


def _version(version: int) -> str:
    return named("version", {"version": version}, version)
