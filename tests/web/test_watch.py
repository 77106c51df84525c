"""Watch links (issue 17, item 3): a game followed read-only, its hidden cards hidden (open hands
aside), the link turned off, and the watcher's page asking for what is new."""
import html
import json
import random
import re

import pytest
from flask_babel import force_locale

from app import wording
from app.engine import visibility
from app.engine.cards import FACES
from app.engine.rules import Rule
from app.practice.game import HUMAN, LEARNER

from .practice_support import (CSRF, RULES, assert_html_hides, card_names, csrf, learner_holds, log, new_api_game,
                               random_move, rewrite, stored, strings)

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

LATEST = re.compile(r'<li class="log-step latest"[^>]*data-step=\'([^\']*)\'')


def share(client, game_id, lang="en", open_hands=False):
    """The owner makes a watch link on the share page; returns its path."""
    token = csrf(client, lang)
    fields = {"csrf_token": token, "action": "share", **({"open_hands": "on"} if open_hands else {})}
    made = client.post(f"/{lang}/play/{game_id}/watch", data=fields)
    assert made.status_code == 303 and made.headers["Location"] == f"/{lang}/play/{game_id}/watch"
    page = client.get(made.headers["Location"]).text
    url = re.search(r'id="watch-url" value="([^"]+)"', page).group(1)
    return url.replace("http://localhost", "")


def stop(client, game_id, lang="en"):
    answer = client.post(f"/{lang}/play/{game_id}/watch", data={"csrf_token": csrf(client, lang), "action": "stop"})
    assert answer.status_code == 303


def watcher_secrets(app, game_id, open_hands=False) -> set[str]:
    """The faces a watcher may not see: every hand's (open hands: none) and the draw pile's, less
    those on the discard pile or in the log as the watcher reads it."""
    _, practice = stored(app, game_id)
    state = practice.round
    if state.round_over:
        return set()
    hands = {c.notation for hand in state.hands for c in hand}
    hidden = {c.notation for c in state.draw_pile} | (set() if open_hands else hands)
    seen = [as_watched(s, open_hands) for s in log(app, game_id)]
    public = {c.notation for c in state.discard} | (hands if open_hands else set())
    public |= set(re.findall(r"\b(?:WD4|W|[RYGB](?:D2|S|R|\d))\b", repr(seen)))
    return hidden - public


def as_watched(stored, open_hands):
    """A step of the owner's log as a watcher sees it."""
    return visibility.narrow(stored, LEARNER, visibility.watcher(open_hands))


def message(app, lang, code):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        return wording.error_message(code)


# --- read-only ---------------------------------------------------------------------------------

def test_the_watch_page_has_nothing_to_move_with(app, client):
    game_id = new_api_game(client, seed=8)["id"]
    url = share(client, game_id)
    watcher = app.test_client()
    page = watcher.get(url)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "private, no-store"
    text = page.text
    assert "<form" not in text and "csrf_token" not in text and 'name="action"' not in text
    assert game_id not in text  # nothing leads to the owner's game, nor to its share page
    assert 'id="players"' in text and 'id="pile"' in text and 'id="log"' in text and 'id="hand"' in text
    assert watcher.get_cookie("uno_owner") is None  # watching makes nobody an owner


def test_every_move_endpoint_refuses_a_watcher(app, client):
    game_id = new_api_game(client, seed=8)["id"]
    url = share(client, game_id)
    watcher = app.test_client()
    assert watcher.get(url).status_code == 200
    version, before = stored(app, game_id)
    token = csrf(watcher)
    assert watcher.post(f"/en/play/{game_id}", data={"csrf_token": token, "version": version,
                                                    "action": "draw"}).status_code == 403
    assert watcher.post(f"/api/v1/games/{game_id}/moves", json={"version": version,
                                                               "move": {"action": "draw"}}).status_code == 403
    assert watcher.get(f"/en/play/{game_id}/watch").status_code == 403  # nor share it, nor stop it
    assert watcher.post(f"/en/play/{game_id}/watch", data={"csrf_token": token, "action": "stop"}).status_code == 403
    assert watcher.delete(f"/api/v1/games/{game_id}/watch").status_code == 403
    assert watcher.post(url, data={"csrf_token": token, "action": "draw"}).status_code == 405
    assert stored(app, game_id) == (version, before)
    assert watcher.get(url).status_code == 200


# --- hidden information --------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_watcher_never_sees_a_card_in_a_hand_nor_the_draw_pile(app, client, lang):
    """A whole game of random moves by the owner; after each, the watcher's page and JSON name no
    card of any hand (the owner's own included) nor of the draw pile."""
    rng = random.Random(f"watch-{lang}")
    created = new_api_game(client, seed=31, bots=2)
    game_id, version = created["id"], created["version"]
    path = share(client, game_id, lang)
    token = path.rsplit("/", 1)[1]
    watcher = app.test_client()
    seen_draws = rounds_ended = 0
    for _ in range(1000):
        _, practice = stored(app, game_id)
        if practice.finished:
            break
        answer = client.post(f"/api/v1/games/{game_id}/moves",
                             json={"version": version, "move": random_move(practice, rng)}).get_json()
        version = answer["version"]
        secrets = watcher_secrets(app, game_id)
        page = watcher.get(path)
        assert page.status_code == 200
        assert_html_hides(app, lang, page.text, game_id, secrets)
        shown = watcher.get(f"/api/v1/watch/{token}?since=0&lang={lang}").get_json()
        assert all(isinstance(n, int) for n in shown["view"]["hands"]) and shown["view"]["seat"] is None
        assert "draw_pile" not in shown["view"] and "card" not in (shown["view"]["pending"] or {})
        assert not secrets & set(strings(shown)), secrets & set(strings(shown))
        for step in shown["steps"]:
            for event in step["events"]:
                assert "cards" not in event["params"] or event["kind"] not in ("draw", "challenge")
                assert "held" not in event["params"] and event["params"].get("case") != "bluff"
            seen_draws += any(e["kind"] == "draw" and e["params"]["seat"] == HUMAN for e in step["events"])
        rounds_ended += shown["view"]["round_over"]
    assert seen_draws and rounds_ended  # the owner drew, and a round was scored (every hand shown then)


def test_the_owners_drawn_card_and_a_challenges_reveal_stay_the_owners(app, client):
    """Step by step: the owner draws (the log shows the owner the card), then challenges a bot's
    Wild Draw Four (the log shows the owner the bot's hand): the watcher sees neither."""
    game_id = new_api_game(client, seed=12, bots=1)["id"]
    rewrite(app, game_id, learner_holds(["R1", "B2"], top="G7", draw="Y3"))  # Y3 can't go on Green 7
    version, _ = stored(app, game_id)
    drawn = client.post(f"/api/v1/games/{game_id}/moves", json={"version": version, "move": {"action": "draw"}})
    assert any(e["params"].get("cards") == ["Y3"] for s in drawn.get_json()["results"] for e in s["events"])
    watched = as_watched(next(s for s in log(app, game_id) if s["move"] and s["move"]["action"] == "draw"),
                            open_hands=False)
    assert all("cards" not in e["params"] for e in watched["events"])
    challenge = {"seat": HUMAN, "move": {"seat": HUMAN, "action": "challenge"}, "rule": "wild-draw-four.challenge",
                 "events": [{"kind": "challenge", "rule": "wild-draw-four.challenge",
                             "params": {"seat": 0, "offender": 1, "guilty": True, "cards": ["G5", "R2"]}}]}
    assert "cards" not in as_watched(challenge, False)["events"][0]["params"]
    assert as_watched(challenge, True) == challenge  # open hands: shown as the owner sees it
    bluff = {"seat": HUMAN, "move": {"seat": HUMAN, "action": "play", "card": "WD4", "color": "red"},
             "rule": Rule.WILD_DRAW_FOUR_CHALLENGE.value, "events": []}
    assert as_watched(bluff, False)["rule"] == Rule.WILD_DRAW_FOUR_RESTRICTION.value  # a bluff reads as any


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_open_hands_show_every_hand_but_never_the_draw_pile(app, client, lang):
    game_id = new_api_game(client, seed=44, bots=3)["id"]
    path = share(client, game_id, lang, open_hands=True)
    watcher = app.test_client()
    page = html.unescape(watcher.get(path).text)
    _, practice = stored(app, game_id)
    names = card_names(app, lang, set(FACES))
    for hand in practice.round.hands:
        for face in hand:
            assert f'aria-label="{names[face.notation]}"' in page
    assert_html_hides(app, lang, watcher.get(path).text, game_id, watcher_secrets(app, game_id, open_hands=True))
    shown = watcher.get(f"/api/v1/watch/{path.rsplit('/', 1)[1]}").get_json()
    assert shown["open_hands"] is True
    assert shown["view"]["hands"] == [[c.notation for c in hand] for hand in practice.round.hands]
    assert not watcher_secrets(app, game_id, open_hands=True) & set(strings(shown))


def test_without_open_hands_the_owners_hand_is_only_its_count(app, client):
    game_id = new_api_game(client, seed=44)["id"]
    page = app.test_client().get(share(client, game_id)).text
    _, practice = stored(app, game_id)
    count = len(practice.round.hands[HUMAN])
    assert f"{count} cards, hidden from watchers" in page
    assert 'class="hand-cards"' not in page and "card-button" not in page


def test_a_watcher_reads_every_move_in_the_third_person(app, client):
    game_id = new_api_game(client, seed=8)["id"]
    page = app.test_client().get(share(client, game_id)).text
    lines = [html.unescape(line) for line in re.findall(r'<p class="log-line">([^<]+)</p>', page)]
    assert lines and not [line for line in lines if re.search(r"\b(?:You|your)\b", line)]
    assert "Watching Player: round 1" in page and "<span class=\"player-name\">Player</span>" in page


# --- turning a link off ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_link_turned_off_is_gone_for_its_watchers(app, client, lang):
    game_id = new_api_game(client, seed=8)["id"]
    path = share(client, game_id, lang)
    token = path.rsplit("/", 1)[1]
    watcher = app.test_client()
    assert watcher.get(path).status_code == 200
    stop(client, game_id, lang)
    gone = watcher.get(path)
    assert gone.status_code == 410 and f'<html lang="{lang}"' in gone.text
    assert message(app, lang, "watch-revoked") in html.unescape(gone.text)
    api = watcher.get(f"/api/v1/watch/{token}?lang={lang}")
    assert api.status_code == 410
    assert api.get_json() == {"error": "watch-revoked", "message": message(app, lang, "watch-revoked")}
    again = share(client, game_id, lang)  # a new link works; the old one stays off
    assert again != path and watcher.get(again).status_code == 200 and watcher.get(path).status_code == 410
    assert client.get(f"/{lang}/play/{game_id}/watch").status_code == 200


def test_a_new_link_turns_the_last_one_off(app, client):
    game_id = new_api_game(client, seed=8)["id"]
    first = share(client, game_id)
    second = share(client, game_id, open_hands=True)
    watcher = app.test_client()
    assert watcher.get(first).status_code == 410 and watcher.get(second).status_code == 200


def test_no_such_link_is_404(app, client):
    assert client.get("/en/watch/nosuchlink").status_code == 404
    assert client.get("/ar/watch/" + "x" * 200).status_code == 404
    answer = client.get("/api/v1/watch/nosuchlink?lang=ar")
    assert answer.status_code == 404 and answer.get_json() == {"error": "watch-not-found",
                                                               "message": message(app, "ar", "watch-not-found")}


def test_the_class_link_stays_when_the_student_turns_theirs_off(app, client):
    code = client.post("/api/v1/classes", json={"rules": RULES, "bots": 1, "seed": 2}).get_json()["code"]
    pupil = app.test_client()
    game_id = pupil.post(f"/api/v1/classes/{code}/games", json={"nickname": "Huda"}).get_json()["id"]
    teachers = client.get(f"/api/v1/classes/{code}").get_json()["students"][0]["watch"].replace("http://localhost", "")
    own = share(pupil, game_id)
    stop(pupil, game_id)
    assert client.get(own).status_code == 410 and client.get(teachers).status_code == 200
    assert "Watching \u2068Huda\u2069: round 1" in client.get(teachers).text  # a nickname keeps its direction
    assert "<form" not in client.get(teachers).text


# --- following the game -------------------------------------------------------------------------

def test_the_page_asks_for_what_is_new(app, client):
    game_id = new_api_game(client, seed=8)["id"]
    path = share(client, game_id)
    watcher = app.test_client()
    version, practice = stored(app, game_id)
    first = watcher.get(path).text
    assert f'data-version="{version}"' in first and f'data-logged="{practice.logged}"' in first
    unchanged = watcher.get(f"{path}?after={version}&since={practice.logged}")
    assert unchanged.status_code == 204 and unchanged.data == b""
    rewrite(app, game_id, learner_holds(["R1", "B2"], top="G7", draw="Y3"))  # a draw the bots answer
    version, practice = stored(app, game_id)
    seen = practice.logged
    client.post(f"/api/v1/games/{game_id}/moves", json={"version": version, "move": {"action": "draw"}})
    _, practice = stored(app, game_id)
    fresh = watcher.get(f"{path}?after={version}&since={seen}")
    assert fresh.status_code == 200
    steps = [json.loads(html.unescape(step)) for step in LATEST.findall(fresh.text)]
    assert len(steps) == practice.logged - seen > 1  # the owner's draw and the bots' replies
    assert f'data-logged="{practice.logged}"' in fresh.text
    # The card the owner drew: in the owner's log, not the watcher's — neither in the steps' data nor
    # in the page as a card (the page's random watch token may hold "Y3" as letters).
    drawn = [e["params"] for step in steps for e in step["events"]
             if e["kind"] == "draw" and e["params"]["seat"] == HUMAN]
    assert drawn == [{"count": 1, "seat": HUMAN}] and "Y3" not in set(strings(steps))
    assert_html_hides(app, "en", fresh.text, game_id, secrets={"Y3"})
    for since in (-5, 10**6, "x"):
        assert watcher.get(f"{path}?since={since}").status_code == 200


# --- the owner's JSON ---------------------------------------------------------------------------

def test_the_owner_shares_and_stops_through_the_api(app, client):
    game_id = new_api_game(client, seed=8)["id"]
    refused = client.post(f"/api/v1/games/{game_id}/watch", json={"open_hands": "yes"})
    assert refused.status_code == 400 and refused.get_json()["field"] == "open_hands"
    made = client.post(f"/api/v1/games/{game_id}/watch?lang=ar", json={"open_hands": True})
    assert made.status_code == 201
    body = made.get_json()
    assert body["open_hands"] is True and body["url"] == f"http://localhost/ar/watch/{body['token']}"
    assert len(body["token"]) >= 40  # secrets.token_urlsafe(32)
    assert app.test_client().get(f"/api/v1/watch/{body['token']}").get_json()["open_hands"] is True
    assert app.test_client().post(f"/api/v1/games/{game_id}/watch", json={}).status_code == 403
    assert client.delete(f"/api/v1/games/{game_id}/watch").status_code == 204
    assert app.test_client().get(f"/api/v1/watch/{body['token']}").status_code == 410


def test_the_table_offers_a_watch_link_in_both_languages(app, client):
    game_id = new_api_game(client)["id"]
    for lang, words in (("en", "Share a watch link"), ("ar", "مشاركة رابط للمتابعة")):
        table = client.get(f"/{lang}/play/{game_id}").text
        assert f'class="share-link" href="/{lang}/play/{game_id}/watch"' in table and words in table
        assert CSRF.search(client.get(f"/{lang}/play/{game_id}/watch").text)
