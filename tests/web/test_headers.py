"""Response headers (issue 19, defect 7): a game's answers and the pages that show one are never
cached; answers whose language came from a request header say so in Vary; over HTTPS, HSTS and
every cookie Secure."""
import pytest

from app import security

from .practice_support import csrf, new_api_game
from .test_classes import make_class
from .test_watch import share

HTTPS = "https://localhost"


def private(response) -> bool:
    return response.headers.get("Cache-Control") == "private, no-store" and "Cookie" in response.vary


def test_a_games_json_answers_are_private(client):
    made = client.post("/api/v1/games", json={"bots": 2, "seed": "h"})
    assert made.status_code == 201 and private(made)
    game = made.get_json()
    assert private(client.get(f"/api/v1/games/{game['id']}"))
    moved = client.post(f"/api/v1/games/{game['id']}/moves", json={"version": game["version"], "move": {"action": "draw"}})
    assert moved.status_code in (200, 422) and private(moved)
    refused = client.post(f"/api/v1/games/{game['id']}/moves", json={"version": 0, "move": {"action": "draw"}})
    assert refused.status_code == 409 and private(refused)  # an error about a game is the game's too
    assert private(client.get("/api/v1/games/nosuchgame"))


def test_the_table_watch_and_class_pages_and_their_json_are_private(app, client):
    game_id = new_api_game(client, seed=3)["id"]
    assert private(client.get("/en/play"))  # the new-game form carries this session's CSRF token
    assert private(client.get(f"/ar/play/{game_id}")) and private(client.get(f"/api/v1/games/{game_id}"))
    watch = share(client, game_id)
    assert private(client.get(f"/en/play/{game_id}/watch"))
    assert private(app.test_client().get(watch))
    token = watch.rsplit("/", 1)[1]
    assert private(app.test_client().get(f"/api/v1/watch/{token}"))
    code = make_class(client)["code"]
    assert private(client.get(f"/en/class/{code}")) and private(client.get(f"/api/v1/classes/{code}"))


def test_the_private_blueprints_named_are_the_apps(app):
    """A renamed blueprint would silently lose its header: every name listed must still route."""
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert {endpoint.rpartition(".")[0] for endpoint in endpoints} >= security.PRIVATE_BLUEPRINTS


def test_rule_pages_and_the_rules_check_are_not_private(client):
    assert "no-store" not in client.get("/en/rules/turn").headers.get("Cache-Control", "")
    checked = client.post("/api/v1/check", json={"top": "R5", "card": "R7"})
    assert "no-store" not in checked.headers.get("Cache-Control", "")


@pytest.mark.parametrize("path", ["/", "/nowhere"])
def test_an_answer_whose_language_the_cookie_or_browser_chose_varies_by_them(client, path):
    answer = client.get(path)
    assert {"Accept-Language", "Cookie"} <= set(answer.vary)


def test_a_page_whose_language_is_in_its_address_does_not_vary_by_language(client):
    answer = client.get("/en/rules/turn", headers={"Accept-Language": "ar"})
    assert "Accept-Language" not in answer.vary and "Cookie" not in answer.vary


def test_the_apis_language_comes_from_the_browser_never_the_cookie(client):
    answer = client.post("/api/v1/check", json={"top": "R5", "card": "R7"})
    assert "Accept-Language" in answer.vary and "Cookie" not in answer.vary
    chosen = client.post("/api/v1/check?lang=ar", json={"top": "R5", "card": "R7"})
    assert "Accept-Language" not in chosen.vary  # the address said it


def test_hsts_only_over_https(client):
    assert "Strict-Transport-Security" not in client.get("/en/").headers
    assert client.get("/en/", base_url=HTTPS).headers["Strict-Transport-Security"] == security.HSTS


def cookies(response) -> dict[str, str]:
    return {line.split("=", 1)[0]: line for line in response.headers.getlist("Set-Cookie")}


def test_every_cookie_is_secure_over_https(app):
    browser = app.test_client()
    page = browser.get("/en/play", base_url=HTTPS)  # the language cookie and the session (CSRF token)
    made = browser.post("/api/v1/games", json={"bots": 2}, base_url=HTTPS)  # the owner cookie
    sent = {**cookies(page), **cookies(made)}
    assert set(sent) == {"lang", "session", "__Host-uno_owner"}
    assert all("; Secure" in line for line in sent.values()), sent


def test_no_cookie_is_marked_secure_over_plain_http(client):
    csrf(client)
    made = client.post("/api/v1/games", json={"bots": 2})
    assert cookies(made) and not any("Secure" in line for line in cookies(made).values())
