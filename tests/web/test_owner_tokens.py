"""Owner tokens are the server's (issue 19, defect 6): the cookie holds a token signed with the
app's secret key; a token a client made up (one character, or of the right form but not signed
here) owns nothing, and a new one is issued when a token is needed. A token alone, unsigned, owns
nothing either (issue 31, item 5): it was the form of cookies from before signing, and the legacy
path that took it also took the bare half of any signed cookie."""
import re

import pytest
from itsdangerous import Signer

from app.practice import access, owners
from app.practice.game import start
from app.practice.options import read_options
from app.store import new_token

from .practice_support import new_form_game

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

SIGNED = re.compile(r"[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}")


def owner_cookie(response) -> str | None:
    for header in response.headers.getlist("Set-Cookie"):
        if header.startswith((f"{owners.OWNER_COOKIE}=", f"{owners.SECURE_OWNER_COOKIE}=")):
            return header.split(";")[0].split("=", 1)[1]
    return None


def game_made_with(app, token: str) -> str:
    """A game stored for ``token`` as the server before signing stored it (any token it was sent)."""
    with app.test_request_context():
        options = read_options(None, None, None, 7)
        practice, steps = start(**options)
        return access.store().create(token, practice.to_dict(), practice.finished, steps).id


def as_cookie(client, value: str):
    client.set_cookie(owners.OWNER_COOKIE, value)
    return client


def test_a_new_game_sets_a_signed_token_that_owns_it(client):
    made = client.post("/api/v1/games", json={})
    token = owner_cookie(made)
    assert SIGNED.fullmatch(token)
    assert client.get(f"/api/v1/games/{made.get_json()['id']}").status_code == 200
    assert owner_cookie(client.get(f"/api/v1/games/{made.get_json()['id']}")) is None  # issued once


@pytest.mark.parametrize("forged", ["a", "x" * 42, "x" * 44, "x" * 43 + "." + "y" * 43])
def test_a_forged_token_owns_nothing_and_a_new_one_is_issued(app, client, forged):
    old = game_made_with(app, forged)
    as_cookie(client, forged)
    assert client.get(f"/api/v1/games/{old}").status_code == 403
    made = client.post("/api/v1/games", json={})
    assert made.status_code == 201
    issued = owner_cookie(made)
    assert SIGNED.fullmatch(issued) and not issued.startswith(forged + ".")
    assert client.get(f"/api/v1/games/{made.get_json()['id']}").status_code == 200
    assert client.get(f"/api/v1/games/{old}").status_code == 403  # the new token owns only its own


def test_a_token_signed_with_another_key_is_refused(app, client):
    token = new_token()
    old = game_made_with(app, token)
    elsewhere = Signer("another key", salt="uno-owner-token", key_derivation="hmac", digest_method="sha256")
    as_cookie(client, elsewhere.sign(token).decode())
    assert client.get(f"/api/v1/games/{old}").status_code == 403
    assert owner_cookie(client.post("/api/v1/games", json={})) != elsewhere.sign(token).decode()


def test_an_issued_token_still_owns_its_game_in_a_new_browser(client, app):
    first = client.post("/api/v1/games", json={})
    other = as_cookie(app.test_client(), owner_cookie(first))
    assert other.get(f"/api/v1/games/{first.get_json()['id']}").status_code == 200


def test_the_bare_half_of_a_signed_cookie_owns_nothing(app, client):
    made = client.post("/api/v1/games", json={})
    game, bare = made.get_json()["id"], owner_cookie(made).split(".")[0]
    other = as_cookie(app.test_client(), bare)
    assert other.get(f"/api/v1/games/{game}").status_code == 403
    issued = owner_cookie(other.post("/api/v1/games", json={}))
    assert SIGNED.fullmatch(issued) and not issued.startswith(bare)  # not adopted, nor given back signed
    assert client.get(f"/api/v1/games/{game}").status_code == 200  # the signed cookie still owns it


def test_a_token_from_before_signing_owns_nothing(app, client):
    legacy = new_token()  # the cookie's form before signing: the random token alone
    old = game_made_with(app, legacy)
    as_cookie(client, legacy)
    shown = client.get(f"/api/v1/games/{old}")
    assert shown.status_code == 403 and owner_cookie(shown) is None


def test_a_token_of_the_old_form_that_owns_nothing_is_refused(app, client):
    old = game_made_with(app, new_token())
    stranger = new_token()
    as_cookie(client, stranger)
    assert client.get(f"/api/v1/games/{old}").status_code == 403
    issued = owner_cookie(client.post("/api/v1/games", json={}))
    assert SIGNED.fullmatch(issued) and not issued.startswith(stranger)


def test_a_class_is_its_teachers_by_the_issued_token_alone(app, client):
    made = client.post("/api/v1/classes", json={})
    code, teacher = made.get_json()["code"], owner_cookie(made)
    assert SIGNED.fullmatch(teacher)
    assert client.get(f"/api/v1/classes/{code}").status_code == 200
    random_part = teacher.split(".")[0]
    for forged in (random_part + "." + "A" * 43, random_part, "t", new_token()):
        assert as_cookie(app.test_client(), forged).get(f"/api/v1/classes/{code}").status_code == 403


def test_the_tables_form_issues_a_new_token_for_a_forged_one(client):
    as_cookie(client, "a")
    game = new_form_game(client)
    made = client.get(f"/en/play/{game}")
    assert made.status_code == 200 and SIGNED.fullmatch(client.get_cookie(owners.OWNER_COOKIE).value)


HTTPS = "https://localhost"


def test_over_https_the_owner_cookie_is_one_only_this_host_can_set(app):
    """A __Host- cookie: Secure, Path=/, no Domain, so browsers take it from this host over HTTPS only."""
    browser = app.test_client()
    made = browser.post("/api/v1/games", json={"bots": 2}, base_url=HTTPS)
    assert made.status_code == 201
    (line,) = [line for line in made.headers.getlist("Set-Cookie") if "uno_owner" in line]
    assert line.startswith(f"{owners.SECURE_OWNER_COOKIE}=")
    attributes = {part.strip().split("=")[0].lower() for part in line.split(";")[1:]}
    assert {"secure", "path", "httponly"} <= attributes and "domain" not in attributes
    assert "Path=/" in line
    assert browser.get(f"/api/v1/games/{made.get_json()['id']}", base_url=HTTPS).status_code == 200


def test_over_https_a_planted_plain_cookie_owns_nothing(app):
    """A whole, server-signed token planted under the plain name (a sibling subdomain or a plain-HTTP
    answer can set that one) is not adopted over HTTPS: its game stays its maker's."""
    maker = app.test_client()
    made = maker.post("/api/v1/games", json={"bots": 2}, base_url=HTTPS)
    game = made.get_json()["id"]
    signed = owner_cookie(made)
    victim = app.test_client()
    victim.set_cookie(owners.OWNER_COOKIE, signed)
    assert victim.get(f"/api/v1/games/{game}", base_url=HTTPS).status_code == 403
    fresh = victim.post("/api/v1/games", json={"bots": 2}, base_url=HTTPS)  # and a new token is issued
    assert fresh.status_code == 201 and owner_cookie(fresh) not in (None, signed)


def test_a_cookie_checked_once_is_remembered_and_a_forged_one_never(app, client):
    """A browser's cookie is checked once (owners.VERIFIED_COOKIES), not on every move: only a
    cookie whose signature passed is remembered, and a forged one is checked (and refused) each time."""
    made = client.post("/api/v1/games", json={})
    cookie = owner_cookie(made)
    game = made.get_json()["id"]
    assert client.get(f"/api/v1/games/{game}").status_code == 200
    remembered = app.extensions["owner_cookies"]
    assert remembered.keys() == [cookie]
    elsewhere = Signer("another key", salt="uno-owner-token", key_derivation="hmac", digest_method="sha256")
    forged = elsewhere.sign(cookie.split(".")[0]).decode()  # the same token, signed with another key
    assert as_cookie(app.test_client(), forged).get(f"/api/v1/games/{game}").status_code == 403
    assert remembered.keys() == [cookie]  # the forged cookie was not kept
    assert as_cookie(app.test_client(), cookie).get(f"/api/v1/games/{game}").status_code == 200
