"""POST /api/v1/check: a verdict per move, the events, the state; JSON errors in both languages."""
import json
import re
from pathlib import Path

import pytest
from flask import abort
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import create_app
from app.engine.cards import DECK, FACES

URL = "/api/v1/check"
README = Path(__file__).resolve().parents[2] / "README.md"
ARABIC = re.compile("[\u0600-\u06ff]")
LATIN = re.compile("[A-Za-z]")


def mid(hands, discard, **extra):
    """A mid-round scenario in the official rules unless ``extra`` says otherwise."""
    return {"rules": "official", "hands": hands, "discard": discard, **extra}


def fresh(first, rules="official", players=4, dealer=0, after=("B5",)):
    """A fresh deal whose first turned card is ``first`` (then ``after``), the rest in deck order."""
    deck = [c.notation for c in DECK]
    turned = [first, *after]
    for notation in turned:
        deck.remove(notation)
    at = players * 7
    deck[at:at] = turned
    return {"rules": rules, "players": players, "dealer": dealer, "deck": deck}


def post(client, scenario, moves=(), query=""):
    response = client.post(URL + query, json={"scenario": scenario, "moves": list(moves)})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def play(seat, notation, **extra):
    return {"seat": seat, "action": "play", "card": notation, **extra}


def act(seat, action, **extra):
    return {"seat": seat, "action": action, **extra}


def rules_of(answer):
    return [(r["legal"], r["rule"]) for r in answer["results"]]


def event_kinds(result):
    return [(e["kind"], e["rule"]) for e in result["events"]]


# --- one move, one verdict ----------------------------------------------------------------

@pytest.mark.parametrize(
    ("scenario", "move", "legal", "rule", "case"),
    [
        # match.color: red on red
        (mid([["R7", "B5"], ["G1"]], ["R5"]), play(0, "R7"), True, "match.color", None),
        # match.number: a blue 5 on a red 5
        (mid([["R7", "B5"], ["G1"]], ["R5"]), play(0, "B5"), True, "match.number", None),
        # match.symbol: a red Skip on a green Skip
        (mid([["RS", "B1"], ["G1"]], ["GS"]), play(0, "RS"), True, "match.symbol", None),
        # match.none: neither colour nor number nor symbol
        (mid([["B3", "B4"], ["G1"]], ["R5"]), play(0, "B3"), False, "match.none", None),
        # move.not-in-hand
        (mid([["B3", "B4"], ["G1"]], ["R5"]), play(0, "R9"), False, "move.not-in-hand", None),
        # wild.any-time: a Wild needs its colour named...
        (mid([["W", "R1"], ["G1"]], ["R5"]), play(0, "W"), False, "wild.any-time", "color-needed"),
        # ...and then may be played even when other cards would match
        (mid([["W", "R1"], ["G1"]], ["R5"]), play(0, "W", color="green"), True, "wild.any-time", None),
        # the active colour of a wild on top is the one named
        (mid([["G2", "R1"], ["G1"]], ["R5", "W"], color="green"), play(0, "G2"), True, "match.color", None),
        # wild-draw-four.restriction: no card of the active colour held
        (mid([["WD4", "B1"], ["G1"]], ["R5"]), play(0, "WD4", color="blue"), True,
         "wild-draw-four.restriction", None),
        # wild-draw-four.challenge: holding red, the Wild Draw Four is a bluff that may be challenged
        (mid([["WD4", "R1"], ["G1"]], ["R5"]), play(0, "WD4", color="blue"), True,
         "wild-draw-four.challenge", "bluff"),
        # wild-draw-four.restriction: without the challenge the bluff is simply illegal
        (mid([["WD4", "R1"], ["G1"]], ["R5"], rules={"preset": "official", "challenge": False}),
         play(0, "WD4", color="blue"), False, "wild-draw-four.restriction", None),
        # turn.order: seat 1 plays on seat 0's turn
        (mid([["R1"], ["R2", "G1"]], ["R5"]), play(1, "R2"), False, "turn.order", None),
        # draw.one: nothing to keep before drawing
        (mid([["R1"], ["G1"]], ["R5"]), act(0, "pass"), False, "draw.one", "nothing-pending"),
        # uno.catch: nobody to catch
        (mid([["R1", "R2"], ["G1", "G2"]], ["R5"]), act(1, "catch", target=0), False, "uno.catch",
         "not-one-card"),
    ],
)
def test_verdict(client, scenario, move, legal, rule, case):
    answer = post(client, scenario, [move])
    (result,) = answer["results"]
    assert (result["legal"], result["rule"], result["params"].get("case")) == (legal, rule, case)
    assert result["message"]
    if not legal:
        assert result["events"] == []


def test_an_illegal_move_changes_nothing_for_the_next_one(client):
    # turn.order: seat 1 out of turn is refused, and seat 0 then plays from the same position
    scenario = mid([["R1", "B2"], ["R2", "G1"]], ["R5"], draw_pile=["G9", "Y9"])
    both = post(client, scenario, [play(1, "R2"), play(0, "R1")])
    alone = post(client, scenario, [play(0, "R1")])
    assert rules_of(both) == [(False, "turn.order"), (True, "match.color")]
    assert both["results"][1] == alone["results"][0]
    assert both["state"] == alone["state"]
    assert both["state"]["turn"] == 1 and both["state"]["hands"] == [["B2"], ["R2", "G1"]]


def test_state_of_an_untouched_scenario(client):
    answer = post(client, mid([["R1", "B2"], ["G1"]], ["G5", "W"], color="blue", turn=1, direction=-1))
    assert answer["results"] == []
    state = answer["state"]
    assert {k: state[k] for k in ("turn", "direction", "color", "top", "hands", "discard_size", "pending",
                                   "round_over", "winner", "round_points")} == {
        "turn": 1, "direction": -1, "color": "blue", "top": "W", "hands": [["R1", "B2"], ["G1"]],
        "discard_size": 2, "pending": None, "round_over": False, "winner": None, "round_points": None}
    assert state["draw_pile_size"] == 108 - 5
    assert "setup" not in answer  # only a fresh deal has one


# --- sequences ----------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("hand", "played", "guilty", "hands_after", "turn_after"),
    [
        # guilty: the offender held red (a bluff), draws 4 instead; the challenger then plays
        (["WD4", "R1", "G7"], "wild-draw-four.challenge", True, [6, 2], 1),
        # innocent: the challenger draws 6 and loses the turn
        (["WD4", "B1", "G7"], "wild-draw-four.restriction", False, [2, 8], 0),
    ],
)
def test_wild_draw_four_challenge(client, hand, played, guilty, hands_after, turn_after):
    scenario = mid([hand, ["G1", "G2"]], ["R5"])
    answer = post(client, scenario, [play(0, "WD4", color="blue"), act(1, "challenge")])
    assert rules_of(answer) == [(True, played), (True, "wild-draw-four.challenge")]
    assert ("pending", "wild-draw-four.challenge") in event_kinds(answer["results"][0])
    challenge = answer["results"][1]["events"][0]
    assert challenge["kind"] == "challenge" and challenge["params"]["guilty"] is guilty
    # full information: the challenger's view of the offender's hand is in the event, for everyone
    assert challenge["params"]["cards"] == hand[1:]
    state = answer["state"]
    assert [len(h) for h in state["hands"]] == hands_after
    assert (state["turn"], state["color"], state["pending"]) == (turn_after, "blue", None)


def test_pending_challenge_is_in_the_state(client):
    answer = post(client, mid([["WD4", "B1"], ["G1", "G2"]], ["R5"]), [play(0, "WD4", color="blue")])
    assert answer["state"]["pending"] == {"kind": "challenge", "seat": 1}
    # accept: take the pending draw
    answer = post(client, mid([["WD4", "B1"], ["G1", "G2"]], ["R5"]),
                  [play(0, "WD4", color="blue"), act(1, "accept")])
    assert rules_of(answer)[1] == (True, "wild-draw-four.effect")
    assert [len(h) for h in answer["state"]["hands"]] == [1, 6]


def test_draw_one_then_keep_the_card(client):
    # draw.one: a playable card drawn may be played at once, or kept with "pass"
    scenario = mid([["B3", "B4"], ["G1", "G2"]], ["R5"], draw_pile=["R9", "Y1"])
    answer = post(client, scenario, [act(0, "draw")])
    assert rules_of(answer) == [(True, "draw.one")]
    (draw,) = answer["results"][0]["events"]
    assert draw["kind"] == "draw" and draw["params"]["cards"] == ["R9"]
    assert "private_to" not in draw["params"]
    assert answer["state"]["pending"] == {"kind": "drawn", "seat": 0}

    answer = post(client, scenario, [act(0, "draw"), play(0, "B3"), act(0, "pass")])
    assert rules_of(answer) == [(True, "draw.one"), (False, "draw.one"), (True, "draw.one")]
    assert answer["results"][1]["params"]["case"] == "only-drawn"
    assert answer["results"][2]["params"]["case"] == "keep"
    assert answer["state"]["hands"][0] == ["B3", "B4", "R9"]
    assert (answer["state"]["turn"], answer["state"]["pending"]) == (1, None)


def test_draw_one_unplayable_passes_the_turn(client):
    answer = post(client, mid([["B3"], ["G1"]], ["R5"], draw_pile=["Y1"]), [act(0, "draw")])
    assert event_kinds(answer["results"][0]) == [("draw", "draw.one"), ("pass", "draw.one")]
    assert answer["state"]["turn"] == 1 and answer["state"]["draw_pile_size"] == 0


@pytest.mark.parametrize(
    ("moves", "verdicts", "hand_sizes"),
    [
        # uno.catch: seat 0 forgot UNO and is caught before seat 1 acts: 2 cards
        ([play(0, "R1"), act(1, "catch", target=0)], [(True, "match.color"), (True, "uno.catch")], [3, 3]),
        # uno.call: said with the card, nothing to catch
        ([play(0, "R1", uno=True), act(1, "catch", target=0)], [(True, "match.color"), (False, "uno.catch")],
         [1, 3]),
        # uno.call late, before being caught: safe
        ([play(0, "R1"), act(0, "uno"), act(1, "catch", target=0)],
         [(True, "match.color"), (True, "uno.call"), (False, "uno.catch")], [1, 3]),
        # too late: the next player has acted
        ([play(0, "R1"), act(1, "draw"), act(1, "catch", target=0)],
         [(True, "match.color"), (True, "draw.one"), (False, "uno.catch")], [1, 4]),
    ],
)
def test_uno(client, moves, verdicts, hand_sizes):
    scenario = mid([["R1", "R2"], ["G1", "G2", "G3"]], ["R5"], draw_pile=["B9", "B8", "Y7"])
    answer = post(client, scenario, moves)
    assert rules_of(answer) == verdicts
    assert [len(h) for h in answer["state"]["hands"]] == hand_sizes


@pytest.mark.parametrize(
    ("scoring", "rule", "points"),
    [
        ("winner-collects", "score.winner-collects", [71, 0]),  # G1 + WD4 + RS = 1 + 50 + 20
        ("tally-lowest", "score.tally-lowest", [0, 71]),
    ],
)
def test_round_end_and_scoring(client, scoring, rule, points):
    scenario = mid([["R1"], ["G1", "WD4", "RS"]], ["R5"], rules={"preset": "official", "scoring": scoring})
    answer = post(client, scenario, [play(0, "R1"), play(1, "RS")])
    assert rules_of(answer) == [(True, "match.color"), (False, "round.end")]
    assert ("round-end", "round.end") in event_kinds(answer["results"][0])
    points_event = answer["results"][0]["events"][-1]
    assert (points_event["kind"], points_event["rule"], points_event["params"]["points"]) == ("points", rule, points)
    state = answer["state"]
    assert (state["round_over"], state["winner"], state["round_points"]) == (True, 0, points)


# --- the game around the round: totals carried over, the deal passing on (scenario "scores", "dealer") ---

def test_a_round_with_no_game_given_is_a_games_first(client):
    """Without "scores" the totals before the round are 0 and the dealer is seat 0."""
    game = post(client, mid([["R1"], ["G1", "WD4"]], ["R5"]), [play(0, "R1")])["game"]
    assert game == {"scores": [51, 0], "target": 500, "dealer": 0, "game_over": False, "winners": [],
                    "next_dealer": 1}


def test_the_round_that_ends_adds_its_points_and_the_deal_passes_to_the_left(client):
    """score.winner-collects adds the round's points to the winner's total; setup.dealer: the deal passes
    to the left (the next seat clockwise), whatever the direction of play at the end of the round."""
    scenario = mid([["R1"], ["G1", "WD4"], ["B7"], ["Y2"]], ["R5"], direction=-1, dealer=2, scores=[300, 420, 80, 0])
    before = post(client, scenario)["game"]
    assert (before["scores"], before["dealer"], before["next_dealer"]) == ([300, 420, 80, 0], 2, None)
    answer = post(client, scenario, [play(0, "R1")])
    assert answer["state"]["round_points"] == [60, 0, 0, 0]
    assert answer["game"] == {"scores": [360, 420, 80, 0], "target": 500, "dealer": 2, "game_over": False,
                              "winners": [], "next_dealer": 3}
    assert "game-end" not in [kind for kind, _rule in event_kinds(answer["results"][0])]


@pytest.mark.parametrize(("scoring", "rule", "scores", "winners"), [
    ("winner-collects", "score.winner-collects", [502, 470, 0], [0]),  # 450 + 1 + 50 + 1: the first to 500 wins
    ("tally-lowest", "score.tally-lowest", [450, 521, 1], [2]),  # 470 + 51 reaches 500: the lowest total wins
])
def test_the_round_that_reaches_the_target_ends_the_game(client, scoring, rule, scores, winners):
    scenario = mid([["R1"], ["G1", "WD4"], ["Y1"]], ["R5"], dealer=1, scores=[450, 470, 0],
                   rules={"preset": "official", "scoring": scoring})
    answer = post(client, scenario, [play(0, "R1")])
    assert answer["game"] == {"scores": scores, "target": 500, "dealer": 1, "game_over": True, "winners": winners,
                              "next_dealer": None}
    end = answer["results"][0]["events"][-1]
    assert (end["kind"], end["rule"], end["params"]["winner"]) == ("game-end", rule, winners[0])


def test_a_fresh_deal_carries_the_game_too(client):
    game = post(client, {**fresh("B5", players=3, dealer=2), "scores": [10, 20, 30]})["game"]
    assert (game["scores"], game["dealer"], game["game_over"]) == ([10, 20, 30], 2, False)


# --- fresh deals and the first card --------------------------------------------------------

@pytest.mark.parametrize(
    ("first", "rules", "rule", "turn", "direction", "pending", "hand_sizes"),
    [
        ("R7", "official", "first.number", 1, 1, None, [7, 7, 7, 7]),
        ("GS", "official", "first.skip", 2, 1, None, [7, 7, 7, 7]),  # seat 1 is skipped
        ("BR", "official", "first.reverse", 0, -1, None, [7, 7, 7, 7]),  # the dealer starts
        ("YD2", "official", "first.draw-two", 2, 1, None, [7, 9, 7, 7]),  # seat 1 draws 2, skipped
        ("W", "official", "first.wild", 1, 1, {"kind": "color", "seat": 1}, [7, 7, 7, 7]),
    ],
)
def test_first_card(client, first, rules, rule, turn, direction, pending, hand_sizes):
    scenario = fresh(first, rules)
    answer = post(client, scenario)
    firsts = [e for e in answer["setup"] if e["kind"] == "first"]
    assert [(e["rule"], e["params"]["card"]) for e in firsts] == [(rule, first)]
    assert answer["setup"][0]["kind"] == "deal" and all(e["message"] for e in answer["setup"])
    state = answer["state"]
    assert (state["turn"], state["direction"], state["pending"], state["top"]) == (turn, direction, pending, first)
    assert [len(h) for h in state["hands"]] == hand_sizes
    # setup.deal: one card at a time from the seat after the dealer
    deck = scenario["deck"]
    assert state["hands"][1][0] == deck[0] and state["hands"][0][0] == deck[3]


def test_first_wild_first_player_names_the_colour(client):
    answer = post(client, fresh("W"), [play(1, "R1"), act(1, "color", color="green")])
    assert rules_of(answer) == [(False, "first.wild"), (True, "first.wild")]
    state = answer["state"]
    assert (state["color"], state["turn"], state["pending"]) == ("green", 1, None)


@pytest.mark.parametrize(
    ("first", "rules", "rule"),
    [
        ("W", {"preset": "official", "first_wild": "redraw"}, "first.wild"),
        ("WD4", "official", "first.wild-draw-four"),
    ],
)
def test_first_card_goes_back_and_another_is_turned(client, first, rules, rule):
    answer = post(client, fresh(first, rules))
    kinds = [(e["kind"], e["rule"]) for e in answer["setup"]]
    assert ("redraw", rule) in kinds
    assert kinds[-1][0] == "first" and kinds[-1][1] not in ("first.wild", "first.wild-draw-four")
    state = answer["state"]
    assert state["top"] not in ("W", "WD4") and state["pending"] is None
    assert sum(map(len, state["hands"])) + state["draw_pile_size"] + state["discard_size"] == 108


def test_setup_events_show_drawn_cards_without_private_marks(client):
    answer = post(client, fresh("YD2"))
    (draw,) = [e for e in answer["setup"] if e["kind"] == "draw"]
    assert draw["params"]["seat"] == 1 and len(draw["params"]["cards"]) == 2
    assert "private_to" not in json.dumps(answer)


# --- language -----------------------------------------------------------------------------

# Latin that Arabic text may hold: the name UNO, the format JSON, card notation, and input or API
# names quoted «...» or glossed in parentheses.
NOT_WORDS = re.compile(r"UNO|JSON|«[^»]*»|\([a-z]+\)|\b(?:[RYGB](?:\d|S|R|D2)|WD4|W)\b")


def only_arabic(text):
    """Arabic letters, and no Latin words."""
    return bool(ARABIC.search(text)) and not LATIN.search(NOT_WORDS.sub("", text))


def only_english(text):
    return bool(LATIN.search(text)) and not ARABIC.search(text)


@pytest.mark.parametrize(
    ("query", "headers", "language"),
    [
        ("", {}, "en"),  # nothing said: English for the API
        ("?lang=ar", {}, "ar"),
        ("", {"Accept-Language": "ar"}, "ar"),
        ("", {"Accept-Language": "ar-EG,en;q=0.5"}, "ar"),
        ("?lang=en", {"Accept-Language": "ar"}, "en"),  # the explicit choice wins
        ("?lang=xx", {"Accept-Language": "ar"}, "ar"),  # an unknown one is ignored
    ],
)
def test_messages_in_the_requested_language(client, query, headers, language):
    client.set_cookie("lang", "ar" if language == "en" else "en")  # the site's cookie plays no part
    scenario = mid([["R1", "R2"], ["G1", "G2", "G3"]], ["R5"], draw_pile=["B9", "B8", "Y7"])
    moves = [play(0, "R1"), play(0, "B9"), act(1, "catch", target=0), play(1, "G1")]
    response = client.post(URL + query, json={"scenario": scenario, "moves": moves}, headers=headers)
    answer = response.get_json()
    texts = [r["message"] for r in answer["results"]]
    texts += [e["message"] for r in answer["results"] for e in r["events"]]
    assert len(texts) > len(moves)
    expected = only_arabic if language == "ar" else only_english
    assert all(expected(text) for text in texts), texts


# --- bad input ----------------------------------------------------------------------------

GOOD = mid([["R1"], ["G1"]], ["R5"])
DECK_NOTATION = [c.notation for c in DECK]

BAD_INPUT = [
    # (name, request kwargs, status, error code, move index)
    ("malformed-json", {"data": '{"scenario": ', "content_type": "application/json"}, 400, "malformed-json", None),
    ("too-deep", {"data": "[" * 20000 + "]" * 20000, "content_type": "application/json"}, 400,
     "malformed-json", None),
    ("not-json", {"data": "scenario=1", "content_type": "application/x-www-form-urlencoded"}, 400,
     "not-json", None),
    ("no-content-type", {"data": json.dumps({"scenario": GOOD})}, 400, "not-json", None),
    ("body-not-object", {"json": [GOOD]}, 400, "bad-request", None),
    ("moves-not-list", {"json": {"scenario": GOOD, "moves": {"seat": 0}}}, 400, "bad-moves", None),
    ("too-many-moves", {"json": {"scenario": GOOD, "moves": [act(0, "draw")] * 501}}, 400, "too-many-moves", None),
    ("too-large", {"json": {"scenario": GOOD, "pad": "x" * 70_000}}, 413, "too-large", None),
    ("no-scenario", {"json": {"moves": []}}, 400, "bad-scenario", None),
    ("hands-not-list", {"json": {"scenario": mid([["R1"], "G1"], ["R5"])}}, 400, "bad-scenario", None),
    ("unknown-card", {"json": {"scenario": mid([["R1"], ["X9"]], ["R5"])}}, 400, "unknown-card", None),
    ("too-many-copies", {"json": {"scenario": mid([["R0", "R0"], ["G1"]], ["R5"])}}, 400, "too-many-copies", None),
    ("no-discard", {"json": {"scenario": mid([["R1"], ["G1"]], [])}}, 400, "no-discard", None),
    ("turn-out-of-range", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], turn=2)}}, 400, "bad-seat", None),
    ("one-player", {"json": {"scenario": mid([["R1"]], ["R5"])}}, 400, "bad-players", None),
    ("bad-direction", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], direction=2)}}, 400,
     "bad-direction", None),
    ("wild-without-colour", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5", "W"])}}, 400, "color-needed", None),
    ("unknown-colour", {"json": {"scenario": mid([["R1"], ["G1"]], ["W"], color="pink")}}, 400,
     "unknown-color", None),
    ("colour-mismatch", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], color="blue")}}, 400,
     "color-mismatch", None),
    ("unknown-option", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], rules={"jump_in": True})}}, 400,
     "unknown-option", None),
    ("unknown-value", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], rules={"draw": "two"})}}, 400,
     "unknown-option", None),
    ("unknown-preset", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], rules="house")}}, 400,
     "unknown-option", None),
    ("short-deck", {"json": {"scenario": {"players": 4, "dealer": 0, "deck": DECK_NOTATION[1:]}}}, 400,
     "incomplete-deck", None),
    ("deck-extra-copy", {"json": {"scenario": {"players": 4, "dealer": 0, "deck": ["R0", *DECK_NOTATION[1:], "R0"]}}},
     400, "too-many-copies", None),
    ("dealer-out-of-range", {"json": {"scenario": {"players": 3, "dealer": 3, "deck": DECK_NOTATION}}}, 400,
     "bad-seat", None),
    ("mid-round-dealer-out-of-range", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], dealer=2)}}, 400,
     "bad-seat", None),
    ("scores-not-a-list", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], scores=120)}}, 400, "bad-scores", None),
    ("scores-one-short", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], scores=[120])}}, 400,
     "bad-scores", None),
    ("scores-negative", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], scores=[120, -5])}}, 400,
     "bad-scores", None),
    ("scores-not-whole", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], scores=[120, 1.5])}}, 400,
     "bad-scores", None),
    ("scores-true", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], scores=[120, True])}}, 400,
     "bad-scores", None),
    ("scores-at-target", {"json": {"scenario": mid([["R1"], ["G1"]], ["R5"], scores=[120, 500])}}, 400,
     "scores-at-target", None),
    ("deal-scores-past-its-target", {"json": {"scenario": {"players": 2, "dealer": 0, "deck": DECK_NOTATION,
                                                           "rules": {"target": 200}, "scores": [250, 0]}}}, 400,
     "scores-at-target", None),
    ("unknown-move-card", {"json": {"scenario": GOOD, "moves": [act(0, "draw"), play(0, "R10")]}}, 400,
     "bad-move", 1),
    ("unknown-action", {"json": {"scenario": GOOD, "moves": [act(0, "jump")]}}, 400, "bad-move", 0),
    ("move-not-object", {"json": {"scenario": GOOD, "moves": ["R1"]}}, 400, "bad-move", 0),
    ("move-seat-out-of-range", {"json": {"scenario": GOOD, "moves": [act(2, "draw")]}}, 400, "bad-move", 0),
    ("catch-target-out-of-range", {"json": {"scenario": GOOD, "moves": [act(1, "catch", target=-1)]}}, 400,
     "bad-move", 0),
]


@pytest.mark.parametrize("language", ["ar-query", "ar-header", "en"])
@pytest.mark.parametrize(("name", "kwargs", "status", "code", "move"), BAD_INPUT, ids=[c[0] for c in BAD_INPUT])
def test_bad_input(client, language, name, kwargs, status, code, move):
    query = "?lang=ar" if language == "ar-query" else ""
    headers = {"Accept-Language": "ar"} if language == "ar-header" else {}
    response = client.post(URL + query, headers=headers, **kwargs)
    assert response.status_code == status
    assert response.is_json
    answer = response.get_json()
    assert answer["error"] == code and answer.get("move") == move
    expected = only_english if language == "en" else only_arabic
    assert expected(answer["message"]), answer["message"]


def test_bad_move_changes_nothing_and_reports_no_results(client):
    answer = client.post(URL, json={"scenario": GOOD, "moves": [play(0, "R1"), act(5, "draw")]}).get_json()
    assert answer["error"] == "bad-move" and answer["move"] == 1 and "results" not in answer


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("get", URL, 405, "method-not-allowed"),
        ("post", "/api/v1/nothing-here", 404, "not-found"),
        ("get", "/api/v2/check", 404, "not-found"),
    ],
)
def test_http_errors_are_json(client, lang, method, path, status, code):
    response = getattr(client, method)(f"{path}?lang={lang}")
    assert response.status_code == status and response.is_json
    answer = response.get_json()
    assert answer["error"] == code
    assert (only_arabic if lang == "ar" else only_english)(answer["message"])


def test_unexpected_error_is_json_without_traceback(tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path))
    app = create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False})

    def boom():
        raise RuntimeError("secret detail")

    app.add_url_rule("/api/v1/boom", "boom", boom)
    app.add_url_rule("/api/v1/teapot", "teapot", lambda: abort(418))
    client = app.test_client()
    response = client.get("/api/v1/boom")
    assert response.status_code == 500 and response.get_json()["error"] == "server-error"
    assert "secret detail" not in response.text and "Traceback" not in response.text
    # any other HTTP error: JSON too, with a generic message
    response = client.get("/api/v1/teapot?lang=ar")
    assert response.status_code == 418 and response.get_json()["error"] == "request-error"
    assert only_arabic(response.get_json()["message"])


def test_pages_outside_the_api_keep_html_errors(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404 and not response.is_json


MOVE_FIELDS = st.fixed_dictionaries(
    {"seat": st.one_of(st.integers(-2, 4), st.none(), st.text(max_size=2)),
     "action": st.sampled_from(["play", "draw", "pass", "challenge", "accept", "uno", "catch", "color", "x"])},
    optional={"card": st.one_of(st.sampled_from(sorted(FACES)), st.text(max_size=3), st.integers()),
              "color": st.sampled_from(["red", "yellow", "green", "blue", "pink", 3]),
              "uno": st.one_of(st.booleans(), st.integers()),
              "target": st.one_of(st.integers(-1, 4), st.text(max_size=1))},
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.lists(MOVE_FIELDS, max_size=12),
       scenario=st.sampled_from([mid([["R1", "WD4", "W", "GS"], ["G1", "R2"], ["BR", "YD2"]], ["R5"]),
                                 fresh("W"), fresh("YD2", players=3, dealer=2)]))
def test_any_moves_get_a_verdict_or_a_400(client, moves, scenario):
    response = client.post(URL, json={"scenario": scenario, "moves": moves})
    assert response.status_code in (200, 400)
    answer = response.get_json()
    if response.status_code == 200:
        assert len(answer["results"]) == len(moves)
        assert sum(map(len, answer["state"]["hands"])) + answer["state"]["draw_pile_size"] \
            + answer["state"]["discard_size"] == 108
    else:
        assert answer["error"] in ("bad-move",)


# --- the README's example ------------------------------------------------------------------

def readme_example():
    """The README's curl request body, and the parts of the answer it shows."""
    section = README.read_text(encoding="utf-8").split("## Check API", 1)[1].split("\n## ", 1)[0]
    body = re.search(r"-d '(\{.*?\})'", section, re.S).group(1)
    shown = section.split("```json", 1)[1]
    return json.loads(body), shown


def test_readme_example_runs_and_matches_what_it_shows(client):
    body, shown = readme_example()
    answers = {}
    for lang in ("en", "ar"):
        response = client.post(f"{URL}?lang={lang}", json=body)
        assert response.status_code == 200
        # The README shows the no-break space inside an Arabic card name ("رقم 7") as a space.
        answers[lang] = json.dumps(response.get_json(), ensure_ascii=False).replace("\u00a0", " ")
    values = re.findall(r'"(legal|rule|kind|turn|top|color|guilty)": ("[^"]*"|true|false|\d+)', shown)
    assert len(values) > 10, "the README shows part of the answer"
    for key, value in values:
        assert f'"{key}": {value}' in answers["en"], (key, value)
    messages = re.findall(r'"message": ("[^"]*")', shown)
    assert any(ARABIC.search(m) for m in messages) and len(messages) > 2
    for message in messages:
        assert message in answers["ar" if ARABIC.search(message) else "en"], message


@pytest.mark.parametrize("content_type", [
    "application/json", "Application/JSON; charset=utf-8", " application/json ;", "application/ld+json",
    "application/problem+json; x=1", "text/json", "application/jsonx", "application/x-www-form-urlencoded", "",
    "application/json\t; charset=latin-1", ";application/json", "multipart/form-data; boundary=x",
])
def test_json_bodies_are_told_as_werkzeug_tells_them(content_type):
    from werkzeug.test import EnvironBuilder
    from werkzeug.wrappers import Request

    from app.api.body import _is_json

    environ = EnvironBuilder(headers={"Content-Type": content_type}).get_environ()
    assert _is_json(environ.get("CONTENT_TYPE", "")) is Request(environ).is_json
