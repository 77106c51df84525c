"""The practice JSON API (README "Practice API"): whole games, errors as JSON in the reader's
language, replays and hidden information."""
import io
import json
import random
import re
from pathlib import Path

import pytest

from app import wording
from app.engine.cards import card
from app.practice.game import HUMAN

from .practice_support import RULES, assert_json_hides, new_api_game, random_move, rewrite, stored

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

ARABIC = re.compile("[\u0600-\u06ff]")
README = Path(__file__).resolve().parents[2] / "README.md"


def move(client, game_id, version, body, lang="en"):
    return client.post(f"/api/v1/games/{game_id}/moves?lang={lang}", json={"version": version, "move": body})


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_whole_game_through_the_api(app, client, lang):
    """Random legal moves to the end of a multi-round game; every answer hides the bots' cards."""
    rng = random.Random(f"api-{lang}")
    created = client.post(f"/api/v1/games?lang={lang}",
                          json={"rules": {"preset": "official", "target": 300}, "bots": 2, "level": "easy",
                                "seed": 4}).get_json()
    game_id, version = created["id"], created["version"]
    assert set(created) >= {"id", "version", "view"}
    assert created["view"]["seat"] == HUMAN and created["view"]["players"] == 3
    rounds = set()
    for _ in range(3000):
        _, practice = stored(app, game_id)
        if practice.finished:
            break
        rounds.add(practice.game.number)
        chosen = random_move(practice, rng)
        response = move(client, game_id, version, chosen, lang)
        assert response.status_code == 200, response.get_json()
        answer = response.get_json()
        assert answer["version"] == version + 1
        version = answer["version"]
        if chosen["action"] not in ("continue", "next-round"):  # the table's actions are not moves of seat 0
            assert answer["results"][0]["seat"] == HUMAN
        messages = [e["message"] for step in answer["results"] for e in step["events"]]
        assert all(messages)
        if lang == "ar":
            assert all(ARABIC.search(m) for m in messages)
        assert_json_hides(app, answer, game_id)
        shown = client.get(f"/api/v1/games/{game_id}").get_json()
        assert shown == {"version": version, "view": answer["view"]}
    assert answer["view"]["game_over"] and answer["view"]["game_winner"] is not None
    assert len(rounds) > 1


def test_bot_replies_come_with_the_move(app, client):
    game_id = new_api_game(client, seed=21)["id"]

    def position(practice):  # the learner draws Y3, which can't go on Green 7: the bots play on
        state = practice.round
        state.turn, state.pending, state.exposed = HUMAN, None, None
        state.hands[HUMAN] = [card("R1"), card("B2")]
        state.discard.append(card("G7"))
        state.color = card("G7").color
        state.draw_pile.append(card("Y3"))

    rewrite(app, game_id, position)
    version, _ = stored(app, game_id)
    answer = move(client, game_id, version, {"action": "draw"}).get_json()
    seats = [step["seat"] for step in answer["results"]]
    assert seats[0] == HUMAN and set(seats[1:]) <= {1, 2, 3} and len(seats) > 1
    assert all(step["rule"] for step in answer["results"])


def test_same_seed_same_deal(client):
    first = new_api_game(client, seed="lesson-1")["view"]
    assert new_api_game(client, seed="lesson-1")["view"] == first


def test_a_seed_beyond_64_bits_is_stored_and_played(app, client):
    """JSON has no limit on integers; the store's fast encoder has (app.fast_json falls back)."""
    big = 10**30
    created = new_api_game(client, seed=big)
    assert new_api_game(client, seed=str(big))["view"] == created["view"]
    assert stored(app, created["id"])[1].game.seed == big
    answer = move(client, created["id"], created["version"], {"action": "draw"})
    assert answer.status_code in (200, 422), answer.get_json()


def _game(app, client):
    created = new_api_game(client, seed=8)
    rewrite(app, created["id"], lambda p: setattr(p.round, "turn", HUMAN) or setattr(p.round, "pending", None))
    return created["id"], stored(app, created["id"])


REFUSED_BY = {"card not in hand": "move.not-in-hand", "out of turn": "turn.order",
              "nothing to continue": "turn.order"}


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("case, status, code", [
    ("unknown game", 404, "game-not-found"),
    ("card not in hand", 422, "illegal-move"),
    ("out of turn", 422, "illegal-move"),
    ("bad move", 400, "bad-move"),
    ("move not an object", 400, "bad-move"),
    ("stale version", 409, "stale-version"),
    ("version missing", 409, "stale-version"),
    ("wrong content type", 400, "not-json"),
    ("malformed json", 400, "malformed-json"),
    ("too large", 413, "too-large"),
    ("too large, sent in chunks", 413, "too-large"),
    ("nothing to continue", 422, "illegal-move"),
    ("another owner", 403, "forbidden"),
])
def test_bad_requests_get_json_errors_and_change_nothing(app, client, lang, case, status, code):
    game_id, (version, before) = _game(app, client)
    hand = {c.notation for c in before.round.hands[HUMAN]}
    missing = next(c for c in ("R1", "Y2", "G3", "B4", "R5", "Y6") if c not in hand)
    url = f"/api/v1/games/{game_id}/moves?lang={lang}"
    good = {"version": version, "move": {"action": "draw"}}
    if case == "out of turn":
        rewrite(app, game_id, lambda p: setattr(p.round, "turn", 1))
        version, before = stored(app, game_id)
        good["version"] = version
    requests = {
        "unknown game": lambda c: c.post(f"/api/v1/games/nope/moves?lang={lang}", json=good),
        "card not in hand": lambda c: c.post(url, json={**good, "move": {"action": "play", "card": missing}}),
        "out of turn": lambda c: c.post(url, json=good),
        "bad move": lambda c: c.post(url, json={**good, "move": {"action": "play", "card": "Z9"}}),
        "move not an object": lambda c: c.post(url, json={**good, "move": "draw"}),
        "stale version": lambda c: c.post(url, json={**good, "version": version - 1}),
        "version missing": lambda c: c.post(url, json={"move": {"action": "draw"}}),
        "wrong content type": lambda c: c.post(url, data={"version": version, "action": "draw"}),
        "malformed json": lambda c: c.post(url, data="{nope", content_type="application/json"),
        "too large": lambda c: c.post(url, json={**good, "pad": "x" * 70_000}),
        # no length: its first 64 KB alone are a good move, which was once played
        "too large, sent in chunks": lambda c: c.post(
            url, input_stream=io.BytesIO(json.dumps(good).encode() + b" " * 70_000), content_type="application/json",
            headers={"Transfer-Encoding": "chunked"},
            environ_overrides={"wsgi.input_terminated": True, "CONTENT_LENGTH": ""}),
        "nothing to continue": lambda c: c.post(url, json={**good, "move": {"action": "continue"}}),
        "another owner": lambda c: app.test_client().post(url, json=good),
    }
    response = requests[case](client)
    assert response.status_code == status
    body = response.get_json()
    assert body["error"] == code and body["message"]
    assert bool(ARABIC.search(body["message"])) == (lang == "ar")
    if code == "illegal-move":
        assert body["rule"] == REFUSED_BY[case] and body["url"].startswith(f"/{lang}/")
        assert body["message"] == body["text"]  # the refusal's reason, not the generic error
        assert body["legal"] is False
    assert stored(app, game_id) == (version, before)


@pytest.mark.parametrize("move, field", [
    ({"action": "play", "card": "Z9"}, "card"),
    ({"action": "play", "card": "W", "color": "purple"}, "color"),
    ({"action": "catch", "target": "1"}, "target"),
    ({"action": "catch", "target": 9}, "target"),
    ({"action": "fly"}, "action"),
])
def test_a_bad_move_names_the_field_to_fix(app, client, move, field):
    game_id, (version, before) = _game(app, client)
    response = client.post(f"/api/v1/games/{game_id}/moves", json={"version": version, "move": move})
    assert response.status_code == 400
    assert response.get_json()["error"] == "bad-move" and response.get_json()["field"] == field
    with app.test_request_context("/api/v1/games"):  # the message names the same part
        assert response.get_json()["message"] == wording.error_message("bad-move", field=field)
        assert wording.error_message("bad-move", field=field) != wording.error_message("bad-move", field="move")
    assert stored(app, game_id) == (version, before)


def test_unknown_game_get_and_other_owner(app, client):
    assert client.get("/api/v1/games/nope").status_code == 404
    game_id = new_api_game(client)["id"]
    assert app.test_client().get(f"/api/v1/games/{game_id}").status_code == 403


@pytest.mark.parametrize("body, field", [
    ({"rules": "nope"}, "rules"), ({"rules": {"stacking": "yes"}}, "rules"), ({"bots": 0}, "bots"),
    ({"bots": 10}, "bots"), ({"bots": "3"}, "bots"), ({"level": "hard"}, "level"), ({"seed": [1]}, "seed"),
    ({"seed": "x" * 41}, "seed"), ({"hints": "yes"}, "hints"), ({"hints": 1}, "hints"),
])
def test_bad_new_game_options(client, body, field):
    response = client.post("/api/v1/games", json={"rules": RULES, **body})
    assert response.status_code == 400
    assert response.get_json()["field"] == field


def test_null_options_take_their_defaults(app, client):
    created = new_api_game(client, bots=None, level=None, seed=None, hints=None)
    practice = stored(app, created["id"])[1]
    assert (practice.round.players, practice.level, practice.hints) == (4, "easy", True)
    assert new_api_game(client, seed="٤٢")["view"] == new_api_game(client, seed=42)["view"]  # Arabic-Indic digits
    assert new_api_game(client, seed="²")["view"] == new_api_game(client, seed="²")["view"]  # a word, not a number


def test_the_session_cookie_is_samesite_and_secure_over_https(app, client):
    client.get("/en/play")
    assert client.get_cookie("session").same_site == "Lax" and not client.get_cookie("session").secure
    https = app.test_client().get("/en/play", base_url="https://localhost").headers.get_all("Set-Cookie")
    assert any(c.startswith("session=") and "Secure" in c for c in https)


def test_new_game_needs_json(client):
    response = client.post("/api/v1/games", data={"bots": "3"})
    assert response.status_code == 400 and response.get_json()["error"] == "not-json"


def test_security_headers_on_api_and_pages(client):
    for path in ("/api/v1/games/nope", "/en/play"):
        headers = client.get(path).headers
        assert "script-src 'self'" in headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"]


def test_readme_documents_the_practice_api():
    text = README.read_text()
    section = text.split("## Practice API", 1)[1]
    for name in ("POST /api/v1/games", "GET /api/v1/games/<id>", "POST /api/v1/games/<id>/moves",
                 '"version"', '"results"', '"view"', "next-round", "continue"):
        assert name in section


def test_the_owner_cookie_is_found_among_others_and_a_forged_one_is_refused(app, client):
    created = new_api_game(client)
    token = client.get_cookie("uno_owner").value
    other = app.test_client(use_cookies=False)  # the header is sent as written

    def status(header):
        return other.get(f"/api/v1/games/{created['id']}", headers={"Cookie": header}).status_code

    assert status(f"lang=ar; uno_owner={token}; theme=dark") == 200
    assert status(f"lang=ar;uno_owner={token}") == 200
    assert status(f"x_uno_owner={token}") == 403
    assert status(f'uno_owner="{token}"') == 403
    assert status("uno_owner=" + token[:-1]) == 403


def test_a_body_without_a_declared_length_is_read_when_the_server_ends_it(client):
    """Chunked bodies have no Content-Length: werkzeug reads them when the server marks the input
    terminated (gunicorn does); the fast path only takes a declared length."""
    body = io.BytesIO(b'{"rules": {"preset": "official"}, "bots": 1, "level": "easy", "seed": 3}')
    response = client.post("/api/v1/games", input_stream=body, content_type="application/json",
                           environ_overrides={"wsgi.input_terminated": True})
    assert response.status_code == 201, response.get_json()
