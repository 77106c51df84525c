"""One table (app/practice/table_view.py, macros/table.html): the practice table's view-model and a
position's, built from the same round, say the same of every seat, the piles and the reader's
cards, so the one macro draws the same table for a practice game and a lesson; only the live
table's own marks (the last action, the score, a forgotten UNO's badge, the seats' places around
the table) are the practice table's."""
from dataclasses import replace

import pytest
from flask import render_template_string

from app.engine import visibility
from app.engine.cards import Color, card
from app.engine.pending import Pending
from app.engine.vocabulary import PendingKind
from app.learn.position import build, step_labels
from app.practice.decision import NOTHING_ASKED, Asked, decision, table_decision
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


def test_every_answer_of_the_practice_table_is_an_option_of_its_decision(app):
    """The card played completed by each colour (a wild) or each other player (a 7 under 7-0), the
    next round, a new game: Options of the decision the macro draws; the challenge carries its rule
    and what is at stake; a watcher is told whose turn it is and answers nothing."""
    scenario = {"rules": {"preset": "official", "seven_zero": True}, "hands": [["R7", "W", "G1"], ["B2", "B3"], ["Y1"]],
                "discard": ["R5"]}
    with app.test_request_context("/en/"):
        view = build(scenario, viewer=0)
        state, names = view.game.round.copy(), view.names
        wild = table_decision(state, 0, names, 0, Asked(chosen="W", uno=True, back="/en/play/g"), None)
        seven = table_decision(state, 0, names, 0, Asked(chosen="R7"), None)
        watched = table_decision(state, None, names, None, NOTHING_ASKED, None)
        state.pending = Pending(PendingKind.CHALLENGE, 0, card("WD4"), 4, 1)
        challenge = table_decision(state, 0, names, 0, Asked(wd4_color="green"), None)
        state.pending, state.winner = None, 1
        round_over = table_decision(state, 0, names, 0, NOTHING_ASKED, None)
        game_over = table_decision(state, 0, names, 0, Asked(again="/en/play"), "Bot 1 wins the game.")
        watched_over = table_decision(state, None, names, None, NOTHING_ASKED, "Bot 1 wins the game.")
    assert (wild.kind, wild.card, wild.prompt) == ("choose", "W", "Name the colour for Wild:")
    assert [option.move for option in wild.options if option.color] == [
        {"action": "play", "card": "W", "uno": "1", "color": color.value} for color in Color]
    assert (wild.options[-1].label, wild.options[-1].url) == ("Choose another card", "/en/play/g")
    assert [(option.label, option.move) for option in seven.options if "target" in option.move] == [
        (names[1], {"action": "play", "card": "R7", "target": 1}), (names[2], {"action": "play", "card": "R7", "target": 2})]
    assert watched.kind == "wait" and watched.options == () and names[0] in watched.prompt
    assert challenge.rule == "wild-draw-four.challenge" and "(green)" in challenge.detail
    assert [option.move for option in challenge.options] == [{"action": "challenge"}, {"action": "accept"}]
    assert (round_over.kind, round_over.prompt) == ("over", f"{names[1]} wins the round.")
    assert [(option.move, option.primary) for option in round_over.options] == [({"action": "next-round"}, True)]
    assert (game_over.kind, game_over.prompt) == ("game-over", "Bot 1 wins the game.")
    assert [(option.label, option.url) for option in game_over.options] == [("Play a new game", "/en/play")]
    assert watched_over.options == ()


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
