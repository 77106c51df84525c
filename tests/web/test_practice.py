"""The practice table through its HTML forms: whole games in both languages, bad input, replays,
races, restarts and hidden information (issue 4)."""
import html
import io
import json
import random
import re
import threading

import pytest
from flask_babel import force_locale

from app import create_app, wording
from app.engine import bots, visibility
from app.engine.cards import card, cards
from app.engine.rules import Rule, ruleset
from app.practice import access, narration, owners
from app.engine.round import Pending
from app.engine.scenario import from_scenario
from app.engine.cards import Color
from app.engine.moves import Action, Move
from app.engine.verdict import Event, Verdict
from app.practice.game import HUMAN, LEARNER, Practice, play, start, step

from .practice_support import (CSRF, VERSION, assert_html_hides, csrf, form_fields, log, new_form_game, random_move,
                               rewrite, stored)

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases


def message(app, lang, code):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        return wording.error_message(code)


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_whole_game_through_the_forms(app, client, lang):
    """A learner making random legal moves plays a multi-round game to its end (score.*, round.end)."""
    rng = random.Random(lang)
    game_id = new_form_game(client, lang, bots="2", seed="11", target="300")
    token = csrf(client, lang)
    url = f"/{lang}/play/{game_id}"
    rounds = set()
    for _ in range(3000):
        page = client.get(url)
        assert page.status_code == 200
        assert f'<html lang="{lang}"' in page.text
        version, practice = stored(app, game_id)
        assert VERSION.search(page.text).group(1) == str(version)
        assert_html_hides(app, lang, page.text, game_id)
        rounds.add(practice.game.number)
        if practice.finished:
            break
        move = random_move(practice, rng)
        if move["action"] == "play" and card(move["card"]).is_wild and rng.random() < 0.5:
            # Without a colour the table asks for one first; nothing is played yet.
            asked = client.post(url, data=form_fields({**move, "color": ""}, version, token))
            assert asked.status_code == 303 and "choose=" in asked.headers["Location"]
            choose = client.get(asked.headers["Location"])
            assert f'name="card" value="{move["card"]}"' in choose.text
            assert stored(app, game_id)[0] == version
        response = client.post(url, data=form_fields(move, version, token))
        assert response.status_code == 303, (move, response.text)
    assert practice.finished
    assert len(rounds) > 1
    assert max(practice.game.scores) >= 100


def test_new_game_form_in_both_languages(client):
    for lang in ("ar", "en"):
        page = client.get(f"/{lang}/play")
        assert page.status_code == 200
        assert 'name="csrf_token"' in page.text and 'name="seed"' in page.text


def test_presets_are_marked_as_the_engine_says(client):
    """Each preset is marked official, with house rules (it switches one on), or not official."""
    page = client.get("/en/play").text
    marks = dict(re.findall(r'id="preset-([\w-]+)".*?<span class="badge (badge-\w+)"', page, re.S))
    assert marks == {"official": "badge-official", "guide-long": "badge-house", "guide-short": "badge-variant"}


@pytest.mark.parametrize("field, value", [("bots", "0"), ("bots", "10"), ("bots", "x"), ("bots", "²"),
                                          ("bots", "9" * 5000), ("level", "hard"), ("preset", "nope"),
                                          ("target", "7"), ("scoring", "most")])
def test_new_game_bad_options_are_refused(client, field, value):
    data = {"csrf_token": csrf(client), "preset": "official", "target": "100", "bots": "3", "level": "easy",
            field: value}
    response = client.post("/en/play", data=data)
    assert response.status_code == 400
    assert 'role="alert"' in response.text


def test_a_refused_form_focuses_the_field_at_fault(client):
    """After a refusal the keyboard lands on the field at fault: the chosen preset for the rules."""
    data = {"csrf_token": csrf(client), "preset": "guide-long", "target": "7", "bots": "3", "level": "easy"}
    page = client.post("/en/play", data=data).text
    assert re.findall(r'id="([\w-]+)"[^>]*\bautofocus\b', page) == ["preset-guide-long"]
    page = client.post("/en/play", data={**data, "target": "100", "bots": "42"}).text
    assert re.findall(r'id="([\w-]+)"[^>]*\bautofocus\b', page) == ["bots"]


def test_form_options_reach_the_rules(client, app):
    game_id = new_form_game(client, preset="guide-short", scoring="winner-collects", stacking="on",
                            seven_zero="on", bots="5", target="200", level="normal")
    practice = stored(app, game_id)[1]
    rules = practice.game.rules
    assert (rules.players, rules.target, rules.scoring, rules.stacking, rules.seven_zero, rules.challenge) == (
        6, 200, "winner-collects", True, True, False)
    assert practice.level == "normal" and practice.hints


def test_a_form_sent_in_chunks_is_held_to_the_same_limit(app, client):
    game_id = new_form_game(client, seed="5")
    version, before = stored(app, game_id)
    body = f"csrf_token={csrf(client)}&version={version}&action=draw&padding=".encode() + b"x" * 70_000
    response = client.post(f"/en/play/{game_id}", input_stream=io.BytesIO(body),
                           content_type="application/x-www-form-urlencoded", headers={"Transfer-Encoding": "chunked"},
                           environ_overrides={"wsgi.input_terminated": True, "CONTENT_LENGTH": ""})
    assert response.status_code == 413
    assert stored(app, game_id) == (version, before)


def test_same_seed_deals_the_same_game(client, app):
    first = stored(app, new_form_game(client, seed="class-7b"))[1]
    second = stored(app, new_form_game(client, seed="class-7b"))[1]
    assert first.round.to_dict() == second.round.to_dict()
    third = stored(app, new_form_game(client, seed="class-7c"))[1]
    assert third.round.to_dict() != first.round.to_dict()


# --- bad input: a clear page in the learner's language, never a 500, the game unchanged -------

def _bad_inputs(game_id, version, token, hand_card, missing_card):
    good = {"csrf_token": token, "version": str(version), "action": "play", "card": hand_card}
    return {
        "unknown game": ("/play/nosuchgame", good, 404, "game-not-found"),
        "card not in hand": (f"/play/{game_id}", {**good, "card": missing_card}, 422, None),
        "not a card": (f"/play/{game_id}", {**good, "card": "X9"}, 400, "bad-form"),
        "unknown action": (f"/play/{game_id}", {**good, "action": "fly"}, 400, "bad-form"),
        "no version": (f"/play/{game_id}", {k: v for k, v in good.items() if k != "version"}, 400, "bad-form"),
        "bad target": (f"/play/{game_id}", {**good, "action": "catch", "target": "me"}, 400, "bad-form"),
        "stale version": (f"/play/{game_id}", {**good, "version": str(version - 1)}, 409, "stale-version"),
        "missing csrf": (f"/play/{game_id}", {k: v for k, v in good.items() if k != "csrf_token"}, 400, "csrf"),
        "wrong csrf": (f"/play/{game_id}", {**good, "csrf_token": "forged"}, 400, "csrf"),
        "too large": (f"/play/{game_id}", {**good, "padding": "x" * 70_000}, 413, "too-large"),
    }


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("case", list(_bad_inputs("g", 2, "t", "R1", "R2")))
def test_bad_input_is_refused_and_changes_nothing(app, client, lang, case):
    game_id = new_form_game(client, lang, seed="5")
    rewrite(app, game_id, lambda p: None)  # version 2, so that version - 1 is a real old version
    version, before = stored(app, game_id)
    hand = {c.notation for c in before.round.hands[HUMAN]}
    missing = next(c for c in ("R1", "Y2", "G3", "B4", "R5", "Y6", "G7", "B8") if c not in hand)
    path, data, status, code = _bad_inputs(game_id, version, csrf(client, lang), sorted(hand)[0], missing)[case]
    response = client.post(f"/{lang}{path}", data=data)
    assert response.status_code == status
    assert f'<html lang="{lang}"' in response.text
    if code:
        assert message(app, lang, code) in response.text.replace("&#39;", "'").replace("&#34;", '"')
    assert stored(app, game_id) == (version, before)


def test_an_expired_form_brings_the_table_back(app, client):
    """A move from a page whose session ended is refused and changes nothing, but the answer is
    the table itself with a fresh token, so the learner's next try goes through."""
    game_id = new_form_game(client, seed="5")
    rewrite(app, game_id, _draw_position)
    version, before = stored(app, game_id)
    client.delete_cookie("session")  # the browser session ended; the owner cookie lasts
    expired = client.post(f"/en/play/{game_id}", data={"csrf_token": "old", "version": version, "action": "draw"})
    assert expired.status_code == 400 and 'id="notice"' in expired.text and 'class="practice' in expired.text
    assert stored(app, game_id) == (version, before)
    token = CSRF.search(expired.text).group(1)
    again = client.post(f"/en/play/{game_id}", data={"csrf_token": token, "version": version, "action": "draw"})
    assert again.status_code == 303 and stored(app, game_id)[0] == version + 1


def test_out_of_turn_is_explained_with_its_rule(app, client):
    game_id = new_form_game(client, seed="5")

    def bots_turn(practice):
        practice.round.turn, practice.round.pending = 1, None

    rewrite(app, game_id, bots_turn)
    version, before = stored(app, game_id)
    played = before.round.hands[HUMAN][0].notation
    response = client.post(f"/en/play/{game_id}", data={"csrf_token": csrf(client), "version": version,
                                                       "action": "play", "card": played})
    assert response.status_code == 422
    assert f'href="/en/rules/turn#{Rule.TURN_ORDER.value}"' in response.text
    assert stored(app, game_id) == (version, before)


def test_illegal_card_names_the_rule_and_links_it(app, client):
    game_id = new_form_game(client, seed="5", hints="")

    def position(practice):
        state = practice.round
        state.turn, state.pending, state.color = HUMAN, None, state.top.color or state.color
        state.hands[HUMAN] = [card("R1"), card("B2")]
        state.discard.append(card("G7"))
        state.color = card("G7").color

    rewrite(app, game_id, position)
    version, before = stored(app, game_id)
    response = client.post(f"/en/play/{game_id}", data={"csrf_token": csrf(client), "version": version,
                                                       "action": "play", "card": "R1"})
    assert response.status_code == 422
    assert f'href="/en/rules/turn#{Rule.MATCH_NONE.value}"' in response.text
    assert 'class="hint-text"' not in response.text  # hints off: no marks, but the refusal is explained
    assert stored(app, game_id) == (version, before)


def test_another_browser_is_refused(app, client):
    game_id = new_form_game(client)
    version, before = stored(app, game_id)
    other = app.test_client()
    assert other.get(f"/ar/play/{game_id}").status_code == 403
    token = csrf(other, "ar")
    response = other.post(f"/ar/play/{game_id}", data={"csrf_token": token, "version": version, "action": "draw"})
    assert response.status_code == 403
    assert message(app, "ar", "forbidden") in response.text
    assert stored(app, game_id) == (version, before)


def test_unknown_game_page_is_404(client):
    assert client.get("/en/play/nosuchgame").status_code == 404


# --- replay, race, restart --------------------------------------------------------------------

def _draw_position(practice):
    practice.round.turn, practice.round.pending, practice.round.exposed = HUMAN, None, None


def test_double_submit_applies_once(app, client):
    game_id = new_form_game(client, seed="3")
    rewrite(app, game_id, _draw_position)
    version, _ = stored(app, game_id)
    data = {"csrf_token": csrf(client), "version": version, "action": "draw"}
    assert client.post(f"/en/play/{game_id}", data=data).status_code == 303
    after = stored(app, game_id)
    assert after[0] == version + 1
    replay = client.post(f"/en/play/{game_id}", data=data)
    assert replay.status_code == 409
    assert stored(app, game_id) == after


def test_racing_requests_apply_exactly_once(app, client, monkeypatch):
    """Both requests read the same version before either saves: the compare-and-set lets one in."""
    game_id = new_form_game(client, seed="3")
    rewrite(app, game_id, _draw_position)
    version, _ = stored(app, game_id)
    token = csrf(client)
    barrier = threading.Barrier(2, timeout=10)
    real_save = access.save

    def save_after_both_read(*args):
        barrier.wait()
        return real_save(*args)

    monkeypatch.setattr(access, "save", save_after_both_read)
    cookies = {c.key: c.value for c in client._cookies.values()}
    statuses = []

    def post():
        racer = app.test_client()
        for key, value in cookies.items():
            racer.set_cookie(key, value)
        statuses.append(racer.post(f"/en/play/{game_id}", data={"csrf_token": token, "version": version,
                                                                 "action": "draw"}).status_code)

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [303, 409]
    assert stored(app, game_id)[0] == version + 1


def test_game_survives_a_restart(app, client, tmp_path):
    game_id = new_form_game(client, seed="9")
    version, before = stored(app, game_id)
    owner = client.get_cookie(owners.OWNER_COOKIE).value
    restarted = create_app({"TESTING": True})  # same instance folder (UNO_TUTOR_INSTANCE_PATH)
    browser = restarted.test_client()
    browser.set_cookie(owners.OWNER_COOKIE, owner)
    page = browser.get(f"/en/play/{game_id}")
    assert page.status_code == 200
    assert f'name="version" value="{version}"' in page.text
    assert stored(restarted, game_id) == (version, before)


# --- hidden information -------------------------------------------------------------------------

def test_a_bots_stacked_wild_draw_four_keeps_the_stacking_rule():
    """stacking: inside a stack there is no bluff to hide, so a bot's stacked Wild Draw Four is
    explained by the stacking rule, as the learner's own is."""
    params = {"card": "WD4", "top": "WD4", "count": 8, "named": "blue"}
    stacked = Event(("play", Rule.STACKING, {**params, "seat": 2}))
    assert visibility.event_dict(stacked, LEARNER, 2)["rule"] == Rule.STACKING.value
    state, _ = from_scenario({"hands": [["R1"], ["G2"], ["B3"]], "discard": ["WD4"], "color": "blue"})
    shown = step(Move(2, Action.PLAY, card("WD4"), color=Color.BLUE), Verdict(True, Rule.STACKING, params), [stacked],
                 state)
    assert shown["rule"] == shown["events"][0]["rule"] == Rule.STACKING.value


def test_each_step_says_what_the_table_shows_after_it():
    """``after``: the public table once a step is over, hidden cards left out (counts only)."""
    state, _ = from_scenario({"hands": [["R1", "G7"], ["G2"], ["B3", "Y4"]], "discard": ["G9", "WD4"],
                              "color": "blue", "turn": 2, "direction": -1})
    shown = step(None, None, [], state)
    assert shown["after"] == {"top": "WD4", "color": "blue", "direction": -1, "hands": [2, 1, 2],
                              "draw_pile_size": len(state.draw_pile), "uno": [False, True, False], "actor": 2}


# --- the decisions the rules create --------------------------------------------------------------

def _post(client, app, game_id, **fields):
    version, _ = stored(app, game_id)
    return client.post(f"/en/play/{game_id}", data={"csrf_token": csrf(client), "version": version, **fields})


def test_catch_a_bot_that_forgot_uno(app, client):
    """uno.catch: play pauses while the window is open; the learner's catch makes the bot draw 2."""
    game_id = new_form_game(client, seed="12")

    def forgot(practice):
        state = practice.round
        state.hands[1] = [card("R9")]
        state.uno_said[1], state.exposed, state.turn, state.pending = False, 1, 2, None

    rewrite(app, game_id, forgot)
    page = client.get(f"/en/play/{game_id}").text
    assert 'name="action" value="catch"' in page and 'name="target" value="1"' in page
    assert 'value="continue"' in page  # paused: nothing moves until the learner decides
    assert _post(client, app, game_id, action="catch", target="1").status_code == 303
    steps = log(app, game_id)
    caught = [s for s in steps if s["move"] and s["move"]["action"] == "catch"]
    assert caught and caught[-1]["seat"] == HUMAN and caught[-1]["rule"] == Rule.UNO_CATCH.value


def test_a_caught_easy_bot_calls_uno_for_the_rest_of_the_round(monkeypatch):
    """uno.call, uno.catch: an easy bot caught forgetting UNO calls it from then on in that round (a
    tester saw one bot forget, be caught, come back down to two cards and forget again, 13 times in a
    round); the next round it may forget again, and a stored game keeps who was caught."""
    monkeypatch.setitem(bots.FORGET_UNO, "easy", 1.0)  # this easy bot forgets whenever it may

    def bot_1_down_to_two(practice):  # the learner plays R3 on R5, then bot 1 plays with two reds
        state = practice.round
        state.hands[HUMAN], state.hands[1] = cards("R3 G7 B8"), cards("R1 R2")
        state.discard.append(card("R5"))
        state.color, state.turn, state.direction, state.pending, state.exposed = Color.RED, HUMAN, 1, None, None

    practice, _ = start(ruleset("official"), 3, "easy", 12)
    bot_1_down_to_two(practice)
    play(practice, {"action": "play", "card": "R3"})
    assert practice.round.exposed == 1 and practice.caught == []  # it forgot, and nobody caught it yet
    play(practice, {"action": "catch", "target": 1})
    assert practice.caught == [1]
    assert Practice.from_dict(practice.to_dict()).caught == [1]
    bot_1_down_to_two(practice)
    steps = play(practice, {"action": "play", "card": "R3"})
    assert [s["move"].get("uno") for s in steps if s["seat"] == 1][:1] == [True] and practice.round.exposed != 1

    practice, _ = start(ruleset("official"), 3, "easy", 12)  # a round that ends with bot 1 caught
    practice.caught = [1]
    bot_1_down_to_two(practice)
    practice.round.hands[HUMAN] = cards("R3")
    play(practice, {"action": "play", "card": "R3"})  # the learner goes out
    play(practice, {"action": "next-round"})
    assert practice.caught == []
    saved = practice.to_dict()
    del saved["caught"]  # a game saved before bots remembered their catches
    assert Practice.from_dict(saved).caught == []


def test_continue_lets_play_go_on(app, client):
    game_id = new_form_game(client, seed="12", level="normal")

    def forgot(practice):
        state = practice.round
        state.hands[1] = [card("R9")]
        state.uno_said[1], state.exposed, state.turn, state.pending = False, 1, 2, None

    rewrite(app, game_id, forgot)
    assert _post(client, app, game_id, action="continue").status_code == 303
    _, practice = stored(app, game_id)
    assert practice.round.exposed is None and (practice.round.actor() in (HUMAN, None))
    # A normal bot never misses a catch (uno.catch): bot 2 or 3 caught bot 1.
    assert any(s["move"] and s["move"]["action"] == "catch" for s in log(app, game_id))


def test_a_paused_table_agrees_on_who_moves(app, client):
    """turn.order: paused on Bot 2's turn, the direction line names Bot 2 first, then the one after it
    (it used to call the one after "next", beside a panel calling Bot 2 next)."""
    game_id = new_form_game(client, seed="12")

    def forgot(practice):
        state = practice.round
        state.hands[1] = [card("R9")]
        state.uno_said[1], state.exposed, state.turn, state.pending, state.direction = False, 1, 2, None, 1

    rewrite(app, game_id, forgot)
    page = client.get(f"/en/play/{game_id}").text
    direction = re.search(r'<span class="direction-text">(.*?)</span>', page, re.S).group(1)
    assert direction.index("Bot 2") < direction.index("Bot 3")


def test_late_uno_saves_the_learner(app, client):
    """uno.call: a late UNO before anyone catches you is safe."""
    game_id = new_form_game(client, seed="12")

    def forgot(practice):
        state = practice.round
        state.hands[HUMAN] = [card("B4")]
        state.uno_said[HUMAN], state.exposed, state.turn, state.pending = False, HUMAN, 1, None

    rewrite(app, game_id, forgot)
    assert 'name="action" value="uno"' in client.get(f"/en/play/{game_id}").text
    assert _post(client, app, game_id, action="uno").status_code == 303
    said = [s for s in log(app, game_id) if s["move"] and s["move"]["action"] == "uno"]
    assert said and said[-1]["rule"] == Rule.UNO_CALL.value


def test_challenge_reveals_the_offenders_hand(app, client):
    """wild-draw-four.challenge: the challenger sees the offender's hand, and the page explains it."""
    game_id = new_form_game(client, seed="12")

    def wild_draw_four(practice):
        state = practice.round
        state.hands[1] = [card("G2"), card("Y7")]
        state.discard += [card("R5"), card("WD4")]
        state.color = card("B1").color
        state.pending = Pending("challenge", HUMAN, card("WD4"), 4, 1, False)
        state.turn = HUMAN

    rewrite(app, game_id, wild_draw_four)
    page = client.get(f"/en/play/{game_id}").text
    assert 'value="challenge"' in page and 'value="accept"' in page
    assert _post(client, app, game_id, action="challenge").status_code == 303
    challenge = next(e for s in log(app, game_id) for e in s["events"] if e["kind"] == "challenge")
    assert challenge["params"]["cards"] == ["G2", "Y7"] and challenge["params"]["guilty"] is False
    page = client.get(f"/en/play/{game_id}").text
    assert 'aria-label="Green 2"' in page  # the revealed hand, drawn as cards


def test_wild_asks_for_a_colour_first(app, client):
    game_id = new_form_game(client, seed="12")

    def wild(practice):
        state = practice.round
        state.hands[HUMAN] = [card("W"), card("R1"), card("B2")]
        state.turn, state.pending, state.exposed = HUMAN, None, None

    rewrite(app, game_id, wild)
    asked = _post(client, app, game_id, action="play", card="W")
    assert asked.status_code == 303 and "choose=W" in asked.headers["Location"]
    page = client.get(asked.headers["Location"]).text
    assert page.count('name="color"') == 4
    assert _post(client, app, game_id, action="play", card="W", color="blue").status_code == 303
    assert log(app, game_id)[stored(app, game_id)[1].latest]["move"] == {
        "seat": HUMAN, "action": "play", "card": "W", "color": "blue"}


def test_a_drawn_wild_leaves_uno_to_the_learner(app, client):
    """uno.call: playing a drawn Wild as the next-to-last card, the learner chooses to say UNO."""
    game_id = new_form_game(client, seed="12")

    def drawn_wild(practice):
        state = practice.round
        state.hands[HUMAN] = [card("B2"), card("W")]
        state.turn, state.pending, state.exposed = HUMAN, Pending("drawn", HUMAN, card("W")), None

    rewrite(app, game_id, drawn_wild)
    page = client.get(f"/en/play/{game_id}").text
    assert 'type="checkbox" name="uno"' in page and 'type="hidden" name="uno"' not in page
    assert _post(client, app, game_id, action="play", card="W", color="blue").status_code == 303
    mine = log(app, game_id)[stored(app, game_id)[1].latest]
    assert mine["move"]["card"] == "W" and "uno" not in [e["kind"] for e in mine["events"]]


def test_a_card_that_cannot_be_played_is_refused_before_its_colour(app, client):
    """wild-draw-four.challenge: while a Wild Draw Four waits for an answer, the learner's own wild is
    refused at once, and the challenge stays on the table (no colour buttons that cannot work)."""
    game_id = new_form_game(client, seed="12")

    def wild_draw_four(practice):
        state = practice.round
        state.hands[HUMAN] = [card("WD4"), card("R1")]
        state.discard += [card("WD4")]
        state.pending, state.turn = Pending("challenge", HUMAN, card("WD4"), 4, 1, False), HUMAN

    rewrite(app, game_id, wild_draw_four)
    version, before = stored(app, game_id)
    refused = _post(client, app, game_id, action="play", card="WD4")
    assert refused.status_code == 422 and 'value="challenge"' in refused.text and 'name="color"' not in refused.text
    assert stored(app, game_id) == (version, before)
    assert 'name="color"' not in client.get(f"/en/play/{game_id}?choose=WD4").text


def test_next_round_and_scoring_table(app, client):
    """round.end, score.winner-collects: a scoring table, then the next round on request."""
    game_id = new_form_game(client, seed="12", target="500")

    def last_card(practice):
        state = practice.round
        state.hands[HUMAN] = [card(state.top.notation)] if not state.top.is_wild else [card("W")]
        state.turn, state.pending, state.exposed = HUMAN, None, None

    rewrite(app, game_id, last_card)
    _, practice = stored(app, game_id)
    last = practice.round.hands[HUMAN][0].notation
    assert _post(client, app, game_id, action="play", card=last, color="red").status_code == 303
    _, practice = stored(app, game_id)
    assert practice.round.round_over and practice.round.winner == HUMAN
    page = client.get(f"/en/play/{game_id}").text
    assert f'href="/en/rules/scoring#{Rule.SCORE_WINNER_COLLECTS.value}"' in page
    assert 'value="next-round"' in page
    assert _post(client, app, game_id, action="next-round").status_code == 303
    assert stored(app, game_id)[1].game.number == 2


def test_a_bot_bug_does_not_stop_the_game(app, client, monkeypatch):
    """If the engine's bot ever chose an illegal move, the table plays a legal one instead."""
    from app.engine import bots
    from app.engine.moves import Action, Move

    def drew(practice):  # the learner drew and keeps the card: the bots play next
        state = practice.round
        state.turn, state.exposed, state.pending = HUMAN, None, Pending("drawn", HUMAN, state.hands[HUMAN][-1])

    monkeypatch.setattr(bots, "decide", lambda state, seat, level, rng, caught=False: Move(seat, Action.CHALLENGE))
    game_id = new_form_game(client, seed="12")
    rewrite(app, game_id, drew)
    assert _post(client, app, game_id, action="pass").status_code == 303
    _, practice = stored(app, game_id)
    assert practice.round.actor() in (HUMAN, None)
    assert any(step["seat"] == 1 for step in log(app, game_id)[practice.latest:])  # bot 1 played on, legally


@pytest.mark.parametrize("path", ["/ar/play/x", "/api/v1/games/x"])
def test_an_unexpected_error_is_a_clear_500(path, monkeypatch, tmp_path):
    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"TESTING": False})

    def broken(game_id):
        raise RuntimeError("bug")

    monkeypatch.setattr(access, "load", broken)
    response = app.test_client().get(path)
    assert response.status_code == 500
    assert "Traceback" not in response.text and "RuntimeError" not in response.text
    if path.startswith("/api/"):
        assert response.get_json()["error"] == "server-error"
    else:
        assert message(app, "ar", "server-error") in response.text


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_remembered_sentences_are_the_sentences(app, lang):
    """narration.message keys its memo on what a sentence is worded from: over whole games, each
    remembered sentence is the one wording makes for that very event, and a play's top card and
    colour (which no sentence reads) are not part of the key."""
    from app.engine.rules import ruleset
    from app.practice import narration
    from app.practice.game import play, start

    rng = random.Random(lang)
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        seats = narration.names(4)
        kinds = set()
        for seed in range(3):
            practice, steps = start(ruleset({"preset": "official", "seven_zero": seed == 2, "stacking": seed == 1}),
                                    3, "easy", seed)
            for _ in range(400):
                for step in steps:
                    for event in step["events"]:
                        expected = wording.event_message(Event((event["kind"], Rule(event["rule"]), event["params"])),
                                                         seats, viewer=HUMAN)
                        assert narration.message(event, seats, lang) == expected, event
                        kinds.add(event["kind"])
                if practice.finished:
                    break
                steps = play(practice, random_move(practice, rng))
        assert {"play", "draw", "skip", "round-end", "points"} <= kinds
        play_event = {"kind": "play", "rule": "match.color", "params": {"card": "R5", "top": "R1", "color": "red",
                                                                          "seat": 1}}
        narration.message(play_event, seats, lang)
        remembered = len(narration._memo(lang, seats))
        other_top = {**play_event, "params": {**play_event["params"], "top": "R9"}}
        assert narration.message(other_top, seats, lang) == narration.message(play_event, seats, lang)
        assert len(narration._memo(lang, seats)) == remembered


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("before, winners", [([4, 0, 100, 9], [0, 1]), ([9, 0, 100, 0], [1, 3])])
def test_a_tied_game_is_shared(app, client, lang, before, winners):
    """score.tally-lowest: the official rules break no tie, so the table and the view name every winner."""
    game_id = new_form_game(client, lang, preset="guide-long", target="100")

    def last_card(practice):
        state = practice.round
        state.hands = [[card("R1")], [card("G4")], [card("B9")], [card("Y4")]]
        state.discard.append(card("R5"))
        state.turn, state.pending, state.exposed, state.color = HUMAN, None, None, Color.RED
        practice.game.scores = list(before)

    rewrite(app, game_id, last_card)
    version, _ = stored(app, game_id)
    response = client.post(f"/{lang}/play/{game_id}", data={"csrf_token": csrf(client, lang), "version": version,
                                                           "action": "play", "card": "R1"})
    assert response.status_code == 303
    view = client.get(f"/api/v1/games/{game_id}").get_json()["view"]
    assert (view["game_over"], view["game_winners"], view["game_winner"]) == (True, winners, winners[0])
    page = client.get(f"/{lang}/play/{game_id}").text
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        seats = narration.names(4)
        banner = narration.game_result(winners, seats)
        single = narration.game_result(winners[:1], seats)
    assert f'<p class="result">{html.escape(banner)}</p>' in page and banner != single
    assert all(seats[seat] in banner for seat in winners if seat != HUMAN)


def test_the_log_is_numbered_by_the_game_not_by_the_page(app, client):
    """The page shows the latest steps only; each keeps its number in the game's log."""
    game_id = new_form_game(client, seed="5")
    url, token, rng = f"/en/play/{game_id}", csrf(client), random.Random(5)
    while len(log(app, game_id)) <= 40:
        version, practice = stored(app, game_id)
        assert client.post(url, data=form_fields(random_move(practice, rng), version, token)).status_code == 303
    numbers = [int(n) for n in re.findall(r'<li class="log-step[^"]*" value="(\d+)"', client.get(url).text)]
    total = len(log(app, game_id))
    assert numbers == list(range(total - len(numbers) + 1, total + 1)) and numbers[0] > 1


# --- hints switched during a game, and the last move followed one step at a time without JS ---

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_hints_can_be_switched_off_and_on_at_the_table(app, client, lang):
    game_id = new_form_game(client, lang, seed="3")
    rewrite(app, game_id, _draw_position)
    url = f"/{lang}/play/{game_id}"
    hints = re.findall(r'<span class="hint-text"[^>]*>(.*?)</span>', client.get(url).text)
    # A hint is its sentence, which says the verdict: no label before it says it again (#34).
    assert hints and not [hint for hint in hints if "<" in hint]
    for wanted, shown in (("off", False), ("on", True)):
        version, before = stored(app, game_id)
        answer = client.post(url, data={"csrf_token": csrf(client, lang), "version": version, "action": "hints",
                                        "hints": wanted})
        assert answer.status_code == 303 and answer.headers["Location"].endswith(game_id)
        after_version, after = stored(app, game_id)
        assert after_version == version + 1 and after.hints is shown
        assert after.round.to_dict() == before.round.to_dict() and len(log(app, game_id)) == before.logged
        page = client.get(url).text
        assert ('class="hint-text"' in page) is shown
        assert f'name="hints" value="{"off" if shown else "on"}"' in page


def test_a_hint_is_named_by_its_card_so_a_card_played_leaves_the_others_as_they_were(app, client):
    """Each hint's id is its card's (a second copy's with its number), never its place: playing a
    card renumbers no other, so the patch (swap.js) changes nothing else in the hand (#36 item 6)."""
    game_id = new_form_game(client, seed="3")
    rewrite(app, game_id, lambda p: (_draw_position(p), p.round.hands[HUMAN].extend([card("R5"), card("G2"), card("R5")])))
    url = f"/en/play/{game_id}"

    def hints(page):
        return dict(re.findall(r'value="(\w+)" data-card="\w+" class="card-button"[^>]*aria-describedby="([^"]+)"', page))

    before = client.get(url).text
    ids = re.findall(r'<span class="hint-text" id="([^"]+)"', before)
    assert len(ids) == len(set(ids)) and {"hint-R5", "hint-R5-1", "hint-G2"} <= set(ids)
    assert hints(before)["G2"] == "hint-G2"
    version, practice = stored(app, game_id)
    played = next(c.notation for c in practice.round.hands[HUMAN] if c.notation not in ("R5", "G2") and not c.is_wild
                  and f'value="{c.notation}" data-card="{c.notation}" class="card-button" data-verdict="legal"' in before)
    assert client.post(url, data=form_fields({"action": "play", "card": played}, version, csrf(client))).status_code == 303
    after = client.get(url).text
    assert re.findall(r'<span class="hint-text" id="(hint-R5(?:-1)?|hint-G2)"', after) == ["hint-R5", "hint-G2", "hint-R5-1"]


def test_switching_hints_keeps_the_colour_being_chosen(app, client):
    game_id = new_form_game(client, seed="3")
    rewrite(app, game_id, lambda p: (_draw_position(p), p.round.hands[HUMAN].append(card("W"))))
    url = f"/en/play/{game_id}"
    choosing = client.get(f"{url}?choose=W&uno=1").text
    assert 'name="choose" value="W"' in choosing
    version, _ = stored(app, game_id)
    answer = client.post(url, data={"csrf_token": csrf(client), "version": version, "action": "hints",
                                    "hints": "off", "choose": "W", "uno": "1"})
    location = answer.headers["Location"]
    assert answer.status_code == 303 and "choose=W" in location and "uno=1" in location and "#" not in location
    stale = client.post(url, data={"csrf_token": csrf(client), "version": version, "action": "hints",
                                   "hints": "on", "choose": "W", "uno": "1"})
    assert stale.status_code == 409 and 'name="choose" value="W"' in stale.text  # refused, still choosing


@pytest.mark.parametrize("case, status, code", [
    ("stale version", 409, "stale-hints"), ("no version", 400, "bad-hints"), ("bad value", 400, "bad-hints"),
    ("game over", 409, "hints-game-over"), ("missing csrf", 400, "csrf"),
])
def test_a_bad_hints_switch_changes_nothing(app, client, case, status, code):
    game_id = new_form_game(client, seed="3")
    rewrite(app, game_id, (lambda p: p.game.scores.__setitem__(1, p.game.rules.target)) if case == "game over"
            else _draw_position)
    version, before = stored(app, game_id)
    good = {"csrf_token": csrf(client), "version": str(version), "action": "hints", "hints": "off"}
    data = {"stale version": {**good, "version": str(version - 1)},
            "no version": {k: v for k, v in good.items() if k != "version"},
            "bad value": {**good, "hints": "maybe"}, "game over": good,
            "missing csrf": {k: v for k, v in good.items() if k != "csrf_token"}}[case]
    url = f"/en/play/{game_id}"
    answer = client.post(url, data=data)
    assert answer.status_code == status and 'class="practice' in answer.text
    assert message(app, "en", code) in html.unescape(answer.text)
    assert stored(app, game_id) == (version, before)
    other = app.test_client()  # another browser, with a form of its own: not its game
    assert other.post(url, data={**good, "csrf_token": csrf(other)}).status_code == 403
    assert stored(app, game_id) == (version, before)


STEP = re.compile(r'<li class="log-step([^"]*)" value="(\d+)"')
STEP_DATA = re.compile(r"data-step='([^']*)'")


def test_without_javascript_the_table_stays_with_the_last_moves_steps_beside_it(app, client):
    """The table is always shown; the last move's steps are listed (marked latest) in the log,
    each with the data the step player plays back: its events and the table after it."""
    game_id = new_form_game(client, seed="3")
    rewrite(app, game_id, _draw_position)
    answer = _post(client, app, game_id, action="draw")
    assert answer.status_code == 303 and "#" not in answer.headers["Location"]  # the page opens at the top
    _, practice = stored(app, game_id)
    fresh = practice.logged - practice.latest
    assert fresh >= 3  # the learner's draw and the bots' replies
    page = client.get(f"/en/play/{game_id}").text
    for hook in ('id="players"', 'id="pile"', 'id="decision"', 'id="hand"', 'id="log"'):
        assert hook in page
    latest = [number for classes, number in STEP.findall(page) if "latest" in classes]
    assert len(latest) == fresh and page.count('id="log-latest"') == 1
    played = [json.loads(html.unescape(data)) for data in STEP_DATA.findall(page)]
    assert played == log(app, game_id)[-fresh:]  # the stored steps, as stored
    assert played[0]["move"]["action"] == "draw" and played[-1]["after"]["actor"] == HUMAN
    assert played[-1]["after"]["hands"][1:] == [len(h) for h in practice.round.hands[1:]]
