"""The shared position view (app/learn/position.py, macros/position.html): every card's verdict is
the engine's, a move tried changes nothing, lead-in moves reach pending decisions, and the macro
renders the table's markup (data-card, data-verdict, a toolbar of submit buttons)."""
import html
import json
import re

import pytest
from flask import render_template_string
from flask_babel import force_locale

from app.engine.cards import card
from app.engine.moves import Action
from app.engine.scenario import from_scenario
from app.learn.position import PositionError, build, move_from_form

MACRO = '{% from "macros/position.html" import position %}{{ position(view, "/x", outcome=outcome) }}'

POSITIONS = [
    # match.* and a bluff: the hand holds red, so the Wild Draw Four would be a bluff
    {"hands": [["R1", "B7", "WD4", "W", "B5"], ["G2", "Y5"]], "discard": ["G9", "R5"]},
    # wild-draw-four.restriction: no card of the colour in play, so the Wild Draw Four is simply legal
    {"hands": [["B1", "WD4", "GS"], ["G2"], ["Y3", "Y4"]], "discard": ["W"], "color": "red", "turn": 0},
    # the guide without a challenge: a Wild Draw Four while holding the colour is refused outright
    {"rules": "guide-short", "hands": [["R1", "WD4"], ["G2", "G3"]], "discard": ["R5"]},
    # turn.order: not the viewer's turn, every card is refused by whose turn it is
    {"hands": [["R1", "R2"], ["G2", "G3"], ["B4"]], "discard": ["R5"], "turn": 2},
    # seven-zero: a 7 is judged with a player to swap with
    {"rules": {"preset": "official", "seven_zero": True}, "hands": [["R7", "G1"], ["B2", "B3"]], "discard": ["R5"]},
]


def engine_verdict(scenario, seat, notation):
    """What the engine says of playing ``notation`` from ``seat`` (a wild naming a colour, a 7
    under 7-0 given the next seat) — read from legal_moves, not from the hint code."""
    state, _ = from_scenario(scenario)
    face = card(notation)
    legal = [m for m in state.legal_moves(seat) if m.action is Action.PLAY and m.card is face]
    if not legal:
        return "illegal"
    verdict = state.check(legal[0])
    return "bluff" if verdict.params.get("case") == "bluff" else "legal"


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("scenario", POSITIONS)
def test_each_card_verdict_is_the_engines(app, lang, scenario):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        view = build(scenario, viewer=0)
        page = render_template_string(MACRO, view=view, outcome=None)
    for notation in scenario["hands"][0]:
        assert view.board.hints[notation]["verdict"] == engine_verdict(scenario, 0, notation), notation
        shown = re.search(rf'data-card="{notation}"[^>]*data-verdict="(\w+)"', page)
        assert shown and shown.group(1) == view.board.hints[notation]["verdict"]
    assert 'role="toolbar"' in page and 'class="position"' in page
    assert json.loads(html.unescape(re.search(r"data-position='([^']*)'", page).group(1))) == scenario


def test_a_move_tried_changes_nothing_and_says_what_happens(app):
    scenario = POSITIONS[0]
    with app.test_request_context("/en/"), force_locale("en"):
        view = build(scenario)
        before = view.state.to_dict()
        refused = view.play({"action": "play", "card": "B7"})
        bluff = view.play({"action": "play", "card": "WD4", "color": "blue"})
        asks = view.play({"action": "play", "card": "W"})
    assert view.state.to_dict() == before
    assert (refused.legal, refused.verdict, refused.rule, refused.events) == (False, "illegal", "match.none", ())
    assert refused.url == "/en/rules/turn#match.none" and refused.after is None
    assert (bluff.legal, bluff.verdict, bluff.rule) == (True, "bluff", "wild-draw-four.challenge")
    assert [(e["kind"], e["rule"]) for e in bluff.events] == [
        ("play", "wild-draw-four.effect"), ("color", "wild.any-time"), ("pending", "wild-draw-four.challenge")]
    assert bluff.after.pending["kind"] == "challenge" and bluff.after.board.top == "WD4" and bluff.after.board.color == "blue"
    assert "guilty" not in bluff.after.pending  # whether it was a bluff stays hidden
    assert (asks.verdict, asks.choose, asks.events) == ("legal", "color", ())


def test_lead_in_moves_reach_a_challenge(app):
    """wild-draw-four.challenge: the seat before plays a Wild Draw Four; the viewer may challenge or accept."""
    scenario = {"hands": [["R1", "B7"], ["G2", "Y5", "WD4", "R3"]], "discard": ["R5"], "turn": 1}
    with app.test_request_context("/en/"), force_locale("en"):
        view = build(scenario, [{"seat": 1, "action": "play", "card": "WD4", "color": "green"}])
        result = view.play({"action": "challenge"})
    assert view.viewer == 0 and view.pending["kind"] == "challenge" and view.your_turn
    assert view.decision.kind == "challenge" and view.board.decision.seat == 0
    assert [option.move["action"] for option in view.decision.options] == ["challenge", "accept"]
    assert [line["kind"] for line in view.board.happened][:2] == ["play", "color"]
    challenge = result.events[0]
    assert challenge["kind"] == "challenge" and challenge["cards"] == ["G2", "Y5", "R3"]  # it held red: guilty


@pytest.mark.parametrize("scenario, moves, code", [
    ({"hands": [["R1"]], "discard": ["R5"]}, [], "bad-players"),
    ({"hands": [["R1"], ["ZZ"]], "discard": ["R5"]}, [], "unknown-card"),
    ({"hands": [["W"], ["R1"]], "discard": ["W"]}, [], "color-needed"),
    ({"hands": [["G0"], ["G0"]], "discard": ["R5"]}, [], "too-many-copies"),
    ({"hands": [["R1"], ["G2"]], "discard": ["R5"]}, [{"seat": 1, "action": "play", "card": "G2"}], "illegal-lead-in"),
    ({"hands": [["R1"], ["G2"]], "discard": ["R5"]}, [{"seat": 0, "action": "fly"}], "bad-move"),
    ({"hands": [["R1"], ["G2"]], "discard": ["R5"]}, "draw", "bad-moves"),
    ({"hands": [["R1"], ["G2"]], "discard": ["R5"], "scores": [10]}, [], "bad-scores"),
    ({"hands": [["R1"], ["G2"]], "discard": ["R5"], "scores": [10, 600]}, [], "scores-at-target"),
])
def test_impossible_positions_are_refused_in_words(app, scenario, moves, code):
    with app.test_request_context("/ar/"), force_locale("ar"):
        with pytest.raises(PositionError) as raised:
            build(scenario, moves)
        assert raised.value.code == code
        assert re.search("[\u0600-\u06ff]", raised.value.message())


def test_the_game_around_the_round_is_the_engines(app):
    """A scenario's game: the dealer marked, and once a move ends the round, the engine's totals and the
    next dealer (the deal passes to the left, whatever the direction)."""
    scenario = {"hands": [["R1"], ["G2", "W"], ["B3"]], "discard": ["R5"], "dealer": 1, "direction": -1,
                "scores": [100, 200, 300]}
    with app.test_request_context("/en/"):
        view = build(scenario)
        assert [(s.dealer, s.deals_next, s.total, s.total_after) for s in view.board.seats] == [
            (False, False, 100, None), (True, False, 200, None), (False, False, 300, None)]
        after = view.play({"action": "play", "card": "R1"}).after
        assert [(s.points, s.total_after, s.deals_next) for s in after.board.seats] == [
            (55, 155, False), (0, 200, False), (0, 300, True)]
        assert [s.total for s in build({"hands": [["R1"], ["G2"]], "discard": ["R5"]}).board.seats] == [None, None]


def test_move_from_form_reads_the_buttons_fields():
    assert move_from_form({"card": "R5"}) == {"action": "play", "card": "R5"}
    assert move_from_form({"action": "play", "card": "W", "color": "red", "uno": "1"}) == {
        "action": "play", "card": "W", "color": "red", "uno": True}
    assert move_from_form({"action": "play", "card": "R7", "target": "2"})["target"] == 2
    assert move_from_form({"action": "draw"}) == {"action": "draw"}
    assert move_from_form({}) is None


def test_uno_is_offered_with_two_cards_and_said_with_the_card(app):
    """uno.call: with two cards, the hand's form offers UNO; said with the play, it is an event."""
    scenario = {"hands": [["R1", "G2"], ["B3", "B4"]], "discard": ["R5"]}
    with app.test_request_context("/en/"), force_locale("en"):
        view = build(scenario)
        page = render_template_string(MACRO, view=view, outcome=None)
        said = view.play(move_from_form({"card": "R1", "uno": "1"}))
        forgot = view.play({"action": "play", "card": "R1"})
    assert 'name="uno" value="1"' in page
    assert [e["kind"] for e in said.events] == ["play", "uno"]
    assert [e["kind"] for e in forgot.events] == ["play"] and forgot.after.state.exposed == 0
