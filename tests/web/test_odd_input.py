"""Odd JSON in every JSON API and the sandbox's links (issue 19, defects 4 and 5): a value nested a
thousand or a hundred thousand deep, a lone surrogate, a card of ten thousand characters. Each is a
400 in the request's language that repeats at most a few dozen characters of what was sent."""
import re

import pytest

from app import fast_json
from app.fast_json import MAX_DEPTH, read_input
from app.wording import MAX_ECHO

# One client sends many bodies, some to the create endpoints: the limits on making games would
# answer 429 before a body is read. tests/web/test_limits.py tests the limits.
APP_CONFIG = {"RATELIMIT_ENABLED": False}

ARABIC = re.compile("[\u0621-\u064a]")


def nested(depth: int, leaf: str = '"R5"', kind: str = "list") -> str:
    opening, closing = ("[", "]") if kind == "list" else ('{"a":', "}")
    return opening * depth + leaf + closing * depth


@pytest.mark.parametrize("kind", ["list", "dict"])
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1_000, 100_000])
def test_read_input_refuses_json_nested_past_the_bound(depth, kind):
    with pytest.raises(ValueError):
        read_input(nested(depth, kind=kind).encode())


def test_read_input_reads_json_nested_to_the_bound_as_loads_does():
    text = nested(MAX_DEPTH - 1, '{"x": 1}')  # MAX_DEPTH levels with the innermost object
    assert read_input(text) == fast_json.loads(text)


@pytest.mark.parametrize("body", [b'{"x": "\\ud800"}', b'["R\\udfff"]', b'{"\\udc00": 1}',
                                  '{"x": "\\ud800"}'.encode("utf-16"), '["\ud800"]'])
def test_read_input_refuses_a_lone_surrogate(body):
    with pytest.raises(ValueError):
        read_input(body)


def test_read_input_keeps_a_pair_of_surrogates_and_long_integers():
    assert read_input(b'{"a": "\\ud83c\\udfb4", "seed": 123456789012345678901234567890}') == {
        "a": "\N{FLOWER PLAYING CARDS}", "seed": 123456789012345678901234567890}


@pytest.fixture(scope="module")
def endpoints(module_client):
    """Every JSON API that reads a body, each with the body's places a client's value goes."""
    game = module_client.post("/api/v1/games", json={}).get_json()
    code = module_client.post("/api/v1/classes", json={}).get_json()["code"]
    moves, version = f"/api/v1/games/{game['id']}/moves", game["version"]
    return [
        ("/api/v1/check", '{"scenario": {"hands": [["R5", %s], ["B2"]], "discard": ["R4"]}}'),
        ("/api/v1/check", '{"scenario": {"hands": [["R5"], ["B2"]], "discard": ["W"], "color": %s}}'),
        ("/api/v1/check", '{"scenario": {"rules": {"stacking": %s}, "hands": [["R5"], ["B2"]], "discard": ["R4"]}}'),
        ("/api/v1/check", '{"scenario": {"hands": [["R5"], ["B2"]], "discard": ["R4"], "seed": %s}}'),
        ("/api/v1/check", '{"scenario": {"hands": [["R5"], ["B2"]], "discard": ["R4"]}, '
                          '"moves": [{"seat": 0, "action": "play", "card": %s}]}'),
        ("/api/v1/games", '{"rules": {"stacking": %s}}'),
        ("/api/v1/games", '{"seed": %s}'),
        (moves, '{"version": %d, "move": {"action": "play", "card": %%s}}' % version),
        (moves, '{"version": %d, "move": {"action": "play", "card": "W", "color": %%s}}' % version),
        (f"/api/v1/games/{game['id']}/watch", '{"open_hands": %s}'),
        ("/api/v1/classes", '{"seed": %s}'),
        (f"/api/v1/classes/{code}/games", '{"nickname": %s}'),
    ]


def post(client, url, body, lang="en"):
    return client.post(f"{url}?lang={lang}", data=body, content_type="application/json")


def assert_refused(response, lang, status=400):
    assert response.status_code == status, response.data[:300]
    answer = response.get_json()
    assert answer["message"]
    assert bool(ARABIC.search(answer["message"])) is (lang == "ar")
    return answer


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_value_nested_a_thousand_deep_is_a_400_in_every_json_api(module_client, endpoints, lang):
    for url, template in endpoints:
        for kind in ("list", "dict"):
            answer = assert_refused(post(module_client, url, template % nested(1_000, kind=kind), lang), lang)
            assert answer["error"] == "malformed-json", (url, template)


def test_a_value_nested_a_hundred_thousand_deep_is_a_400_even_within_the_body_limit(module_client, endpoints):
    app = module_client.application
    limit = app.config["MAX_CONTENT_LENGTH"]
    app.config["MAX_CONTENT_LENGTH"] = 10 * 1024 * 1024
    try:
        for url, template in endpoints:
            assert post(module_client, url, template % nested(100_000)).get_json()["error"] == "malformed-json"
    finally:
        app.config["MAX_CONTENT_LENGTH"] = limit
    assert_refused(post(module_client, "/api/v1/check", endpoints[0][1] % nested(100_000)), "en", 413)


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("surrogate", ['"\\ud800"', '"R\\udfff"', '"\\udc00\\ud800"'])
def test_a_lone_surrogate_is_a_400_in_every_json_api(module_client, endpoints, lang, surrogate):
    for url, template in endpoints:
        answer = assert_refused(post(module_client, url, template % surrogate, lang), lang)
        assert answer["error"] == "malformed-json", (url, template)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_an_error_repeats_a_few_dozen_characters_of_a_long_value(module_client, endpoints, lang):
    long = '"' + "x" * 10_000 + '"'
    for url, template in endpoints:
        response = post(module_client, url, template % long, lang)
        assert response.status_code < 500
        assert len(response.data) < 1_000, (url, template)
        assert "x" * MAX_ECHO not in response.get_data(as_text=True)
    answer = assert_refused(post(module_client, "/api/v1/check", endpoints[0][1] % long, lang), lang)
    assert answer["error"] == "unknown-card" and "x" * (MAX_ECHO - 1) + "…" in answer["message"]


@pytest.mark.parametrize("link", [nested(1_000), nested(1_300, kind="dict"), '{"hands": "\\ud800"}'])
def test_a_sandbox_link_nested_too_deep_or_with_a_lone_surrogate_is_refused_in_words(module_client, link):
    for lang in ("en", "ar"):
        response = module_client.get(f"/{lang}/sandbox", query_string={"scenario": link})
        assert response.status_code == 400
        page = response.get_data(as_text=True)
        assert "not valid JSON" in page if lang == "en" else "JSON" in page and ARABIC.search(page)


@pytest.mark.parametrize("sent", ["\x80", "أونو", "x" * 43])
def test_a_forms_csrf_token_of_any_characters_is_refused_in_words(module_client, sent):
    """compare_digest refuses a str with non-ASCII characters: that was a 500 (found by the fuzz test)."""
    module_client.get("/en/play")  # the session's own token, which the one sent is compared with
    for lang in ("en", "ar"):
        response = module_client.post(f"/{lang}/play", data={"csrf_token": sent, "preset": "official"})
        assert response.status_code == 400
        assert f'<html lang="{lang}"' in response.get_data(as_text=True)
