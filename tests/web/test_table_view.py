"""One table (app/practice/table_view.py, macros/table.html): the practice table's view-model and a
position's, built from the same round, say the same of every seat, the piles and the reader's
cards, so the one macro draws the same table for a practice game and a lesson; only the live
table's own marks (the last action, the score, a forgotten UNO's badge, the seats' places around
the table) are the practice table's."""
from dataclasses import replace

import pytest
from flask import render_template_string

from app.engine import visibility
from app.learn.position import build, step_labels
from app.practice.decision import decision
from app.practice.table_view import practice_table, seat_side

POSITIONS = [
    {"hands": [["R1", "B7", "WD4", "W", "B5"], ["G2", "Y5"]], "discard": ["G9", "R5"]},
    {"hands": [["B1", "WD4", "GS"], ["G2"], ["Y3", "Y4"]], "discard": ["W"], "color": "red", "turn": 0},
    {"hands": [["R1", "R2"], ["G2", "G3"], ["B4"]], "discard": ["R5"], "turn": 2, "direction": -1},
    {"hands": [["R1", "R2"], ["G7"], ["B4", "B5"]], "discard": ["R5"], "uno": [False, True, False]},
]


def as_practice(view):
    """The practice table's view-model of ``view``'s round, as narration.table builds it."""
    state = view.state
    shown = {**visibility.view(state, visibility.player(view.viewer)), "scores": [0] * state.players,
             "exposed": state.exposed}
    labels = step_labels()
    return practice_table(shown, view.names, state.actor(), view.viewer, {}, view.board.hints,
                          view.board.direction_text, labels["counts"], labels["colours"],
                          decision(state, view.viewer, view.names))


@pytest.mark.parametrize("scenario", POSITIONS)
def test_a_practice_table_and_a_position_of_one_round_are_one_table(app, scenario):
    with app.test_request_context("/en/"):
        view = build(scenario, viewer=0)
        position, practice = view.table(), as_practice(view)
    assert [replace(seat, last=None, score=None, forgot=False, place=None, side=None)
            for seat in practice.seats] == list(position.seats)
    for name in ("top", "draw_count", "color", "color_text", "direction", "direction_text", "hand", "hints",
                 "decision"):
        assert getattr(practice, name) == getattr(position, name), name
    assert practice.live and not position.live


def test_the_live_table_keeps_every_mark_in_place_and_a_position_only_what_holds(app):
    drawn = ('{% from "macros/table.html" import table_seats, table_piles %}'
             '{{ table_seats(table, "t") }}{{ table_piles(table, "p") }}')
    with app.test_request_context("/en/"):
        view = build(POSITIONS[2], viewer=0)
        live = render_template_string(drawn, table=as_practice(view))
        still = render_template_string(drawn, table=view.table())
    # Three seats: one to play, one (B4) with UNO called and one card; the step player shows the others' marks.
    assert live.count('class="badge badge-turn" hidden') == 2 and live.count('class="badge badge-uno" hidden') == 2
    assert live.count("badge-turn") == live.count("badge-uno") == 3
    assert "data-counts=" in live and "data-labels=" in live and "data-clockwise=" in live
    assert still.count("badge-turn") == still.count("badge-uno") == 1 and "data-counts" not in still
    assert 'id="players"' in live and 'id="players"' not in still


def test_a_demo_shows_every_hand_in_its_place_and_no_draw_pile(app):
    with app.test_request_context("/en/"):
        demo = build(POSITIONS[0], viewer=0).table(open=True)
    assert [seat.cards for seat in demo.seats] == [("R1", "B7", "WD4", "W", "B5"), ("G2", "Y5")]
    assert demo.draw_count is None and demo.hand is None


@pytest.mark.parametrize(("players", "sides"), [
    (2, ["near", "top"]),
    (3, ["near", "left", "right"]),
    (4, ["near", "left", "top", "right"]),
    (6, ["near", "left", "top", "top", "top", "right"]),
])
def test_seats_sit_clockwise_from_the_reader_left_over_the_top_then_right(players, sides):
    assert [seat_side(place, players) for place in range(players)] == sides


def test_each_seat_is_placed_from_the_readers_seat(app):
    """Pass-and-play shows the holder's hand (``me`` 2 of 4): they sit near, seat 3 next on the left."""
    with app.test_request_context("/en/"):
        view = build(POSITIONS[2], viewer=0)
        shown = {**visibility.view(view.state, visibility.player(2)), "scores": [0] * 3, "exposed": None}
        labels = step_labels()
        table = practice_table(shown, view.names, 2, 2, {}, {}, "", labels["counts"], labels["colours"])
    assert [(seat.place, seat.side) for seat in table.seats] == [(1, "left"), (2, "right"), (0, "near")]
