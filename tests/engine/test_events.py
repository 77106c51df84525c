"""A move's events are recorded as plain triples and made into ``Event`` values when read
(app.engine.verdict.Events): every way of reading them gives Events, the same ones every time,
equal to what was recorded; counting them makes none."""

from __future__ import annotations

import copy
import pickle

import pytest

from app.engine import Action, Event, Move, card

from .helpers import position


def draw_then_play():
    """A state and the events of a draw whose drawn card is played in the same move (draw, play),
    read by nothing yet."""
    state = position(["B1 B2", "G1"], "R5", draw_pile="R7 G9")
    return state.apply(Move(0, Action.DRAW, play_drawn=True))


READINGS = {
    "iterating": lambda events: list(events),
    "indexing": lambda events: [events[0], events[-1]],
    "slicing": lambda events: events[:],
    "reversed": lambda events: list(reversed(events))[::-1],
    "copy": lambda events: events.copy(),
    "plus": lambda events: events + [],
    "plus, on the right": lambda events: [] + events,
    "plus equals": lambda events: list(_added(events)),
    "pop": lambda events: [*events[:-1], events.pop()],
    "pickled": lambda events: list(pickle.loads(pickle.dumps(events))),
    "copied": lambda events: list(copy.copy(events)),
}


def _added(events):
    events += []
    return events


@pytest.mark.parametrize("reading", READINGS)
def test_engine__events_every_reading_gives_events(reading):
    events = draw_then_play()
    read = READINGS[reading](events)
    assert [type(e) for e in read] == [Event, Event]
    assert [(e.kind, e.rule.value, e.params["seat"]) for e in read] == [("draw", "draw.one", 0),
                                                                         ("play", "match.color", 0)]


def test_engine__events_read_once_the_same_values():
    events = draw_then_play()
    first = events[1]
    assert first is events[1] and first is list(events)[1] and first.params["card"] == card("R7").notation


def test_engine__events_counting_makes_none():
    # What a caller that only counts pays for: nothing but the records.
    events = draw_then_play()
    assert len(events) == 2 and events
    assert [type(e) for e in list.__iter__(events)] == [tuple, tuple]


def test_engine__events_compared_unread_as_read():
    # A record is the tuple its Event is, so comparing never needs the Event.
    unread, read = draw_then_play(), draw_then_play()
    assert unread == list(read) and list(read) == unread and read[0] in unread
    assert repr(unread) == repr(read) and repr(unread).startswith("[Event((")
