"""CSRF (issue 31, item 5): a POST to no page is a 404, not "the form had expired"."""
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
