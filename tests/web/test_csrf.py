"""CSRF (issue 31, item 5): a POST to no page is a 404, not "the form had expired"; and the form's
token is masked afresh in every answer, so a compressed page that echoes ``?seed=`` beside it
gives an attacker who sees only sizes nothing to guess (BREACH)."""
import re

import pytest

from app.security import CSRF_FIELD

from .practice_support import CSRF

FORM = {"preset": "official", "target": "100", "bots": "3", "level": "easy", "hints": "on", "seed": "7"}
EXPIRED = {"en": "The form had expired", "ar": "انتهت صلاحية النموذج"}


def token_of(page) -> str:
    return CSRF.search(page.get_data(as_text=True)).group(1)


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE", "GET"])
@pytest.mark.parametrize("path", ["/en/no-such-page", "/ar/no-such-page", "/no-such-page", "/en/play/a/b/c",
                                  "/en/sandbox/x"])
def test_any_request_to_no_page_is_a_404_page(client, path, method):
    response = client.open(path, method=method, data={"a": "1"})
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "expired" not in response.text


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE", "GET"])
def test_any_request_to_no_api_path_is_a_json_404(client, method):
    response = client.open("/api/v1/no-such-thing?lang=ar", method=method, json={})
    assert response.status_code == 404
    assert response.get_json()["error"] == "not-found"


def test_a_post_to_a_page_that_takes_none_is_a_405_not_an_expired_form(client):
    response = client.post("/en/about", data={"a": "1"})
    assert response.status_code == 405
    assert "expired" not in response.text


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_real_form_still_needs_its_token(client, lang):
    client.get(f"/{lang}/play")  # a session with a token
    for sent in ({}, {CSRF_FIELD: "forged"}):
        response = client.post(f"/{lang}/play", data={**FORM, **sent})
        assert response.status_code == 400
        assert EXPIRED[lang] in response.text


def test_two_renders_of_one_page_carry_different_tokens_and_both_are_taken(client):
    first, second = (token_of(client.get("/en/play?seed=abc")) for _ in range(2))
    assert first != second
    with client.session_transaction() as session:
        secret = session[CSRF_FIELD]
    assert secret not in first and secret not in second  # the session's token is never in a page
    for token in (first, second, first):  # either, and more than once: the session keeps one secret
        assert client.post("/en/play", data={**FORM, CSRF_FIELD: token}).status_code == 303


def test_a_forged_or_unmasked_token_is_refused(client):
    good = token_of(client.get("/en/play"))
    with client.session_transaction() as session:
        secret = session[CSRF_FIELD]
    flipped = good[:10] + ("A" if good[10] != "A" else "B") + good[11:]
    other = token_of(client.application.test_client().get("/en/play"))  # another session's, masked
    for forged in (flipped, secret, other, good[:-4], good + "AAAA", "é" * len(good), "=" * 8):
        response = client.post("/en/play", data={**FORM, CSRF_FIELD: forged})
        assert response.status_code == 400, forged
        assert EXPIRED["en"] in response.text


def test_the_echoed_seed_sits_beside_a_different_token_in_every_answer(client):
    pages = [client.get("/en/play?seed=" + "A" * 20).get_data(as_text=True) for _ in range(3)]
    assert all("A" * 20 in page for page in pages)
    assert len({re.search(CSRF, page).group(1) for page in pages}) == 3
