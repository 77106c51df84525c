"""Any request, never a 5xx (issue 19, "Also"): hypothesis sends the JSON APIs (check, games, moves,
watch, classes, quiz, lessons) and the HTML forms (play, move, sandbox, quiz, lessons, join) bodies of
any shape: JSON values of every kind, nested deep, with lone surrogates, random bytes, the wrong
Content-Type, junk Accept-Language. Every error JSON has a message in the request's language.

FUZZ_EXAMPLES sets the examples per target (100 by default: some 90 s for all nineteen); under CI (1, true or yes) the conftest's "ci"
profile draws the same examples every run.
"""
import json
import os
import re
from urllib.parse import quote_from_bytes

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from app.learn.lessons import LESSONS

from .practice_support import CSRF, new_form_game

FIRST_LESSON = next(iter(LESSONS))

# One client sends many bodies, some to the create endpoints: the limits on making games would
# answer 429 before a body is read. tests/web/test_limits.py tests the limits.
APP_CONFIG = {"RATELIMIT_ENABLED": False}

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))
fuzz = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ARABIC = re.compile("[\u0621-\u064a]")

CARDS = ["R5", "G0", "BS", "YR", "RD2", "W", "WD4", "r9", " B2 ", "X9", "R10"]
WORDS = ["play", "draw", "pass", "uno", "challenge", "accept", "keep", "official", "guide-long", "red",
         "wild", "easy", "normal", "on", "true", "0", "-1", "1e9", "٤٢"]
# Text of every kind, lone surrogates included (hypothesis leaves them out unless asked).
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-2**70, max_value=2**70)
           | st.floats(allow_nan=False) | st.sampled_from(CARDS + WORDS) | ANY_TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5)
                      | st.dictionaries(st.sampled_from(["card", "color", "rules", "seat", "a"]) | ANY_TEXT, inner,
                                        max_size=5), max_leaves=20)


def some(*keys, values=VALUES):
    """An object with any of ``keys``, each any value."""
    return st.fixed_dictionaries({}, optional={key: values for key in keys})


MOVE = some("seat", "action", "card", "color", "uno", "target") | VALUES
SCENARIO = (some("hands", "discard", "color", "turn", "direction", "draw_pile", "rules", "seed", "players",
                 "dealer", "deck", values=VALUES | st.lists(st.sampled_from(CARDS), max_size=8)
                 | st.lists(st.lists(st.sampled_from(CARDS), max_size=4), max_size=4))
            | VALUES)
BODIES = {  # each JSON API's body: its own fields with any values
    "check": st.fixed_dictionaries({}, optional={"scenario": SCENARIO, "moves": st.lists(MOVE, max_size=4) | VALUES}),
    "games": some("rules", "bots", "level", "seed", "hints"),
    "moves": st.fixed_dictionaries({}, optional={"version": st.integers(0, 4) | VALUES, "move": MOVE}),
    "watch": some("open_hands"),
    "classes": some("rules", "bots", "level", "seed"),
    "join": some("nickname"),
}


def nested(depth: int, leaf: str) -> str:
    return "[" * depth + leaf + "]" * depth


def as_json(value) -> bytes:
    """JSON text for ``value``; a lone surrogate written as the \\ud800 escape a client would send."""
    return json.dumps(value, ensure_ascii=True).encode()


def body_of(fields):
    """A body built from the API's own fields, or any other: a deep nest, random bytes, no JSON."""
    return (fields.map(as_json)
            | st.builds(lambda depth, leaf: nested(depth, as_json(leaf).decode()).encode(),
                        st.integers(1, 3_000), SCALARS)
            | st.builds(lambda field, depth: b'{"%s": %s}' % (field.encode(), nested(depth, '"R5"').encode()),
                        st.sampled_from(["scenario", "move", "rules", "seed", "nickname", "moves"]), st.integers(20, 1500))
            | VALUES.map(as_json) | st.binary(max_size=200))


CONTENT_TYPES = st.sampled_from(["application/json", "application/json; charset=utf-8", "application/problem+json",
                                 "text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""])
HEADER_TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=40)
LANGUAGES = st.sampled_from(["en", "ar"])
ACCEPT_LANGUAGE = st.sampled_from(["ar", "en-GB,en;q=0.9", "ar-EG;q=0.5,*", "*;q=x", ";;;", "zz"]) | HEADER_TEXT


@pytest.fixture(scope="module")
def site(module_client):
    """A game, a class and a watch link of this client's, for the targets that name one."""
    game = module_client.post("/api/v1/games", json={"seed": 7}).get_json()
    code = module_client.post("/api/v1/classes", json={}).get_json()["code"]
    watch = module_client.post(f"/api/v1/games/{game['id']}/watch", json={}).get_json()["token"]
    return {"game": game["id"], "class": code, "watch": watch, "form_game": new_form_game(module_client)}


def csrf(client) -> str:
    return CSRF.search(client.get("/en/play").text).group(1)


API_URLS = {"check": "/api/v1/check", "games": "/api/v1/games", "moves": "/api/v1/games/{game}/moves",
            "watch": "/api/v1/games/{game}/watch", "classes": "/api/v1/classes", "join": "/api/v1/classes/{class}/games"}


def assert_answered(response, lang: str | None) -> None:
    """Never a 5xx; an error JSON says why, in the request's language (Arabic for ?lang=ar)."""
    assert response.status_code < 500, response.data[:500]
    if response.status_code >= 400 and response.mimetype == "application/json":
        message = response.get_json()["message"]
        assert isinstance(message, str) and message.strip()
        if lang == "ar":
            assert ARABIC.search(message), message
        elif lang == "en":
            assert not ARABIC.search(message), message


@pytest.mark.parametrize("target", list(API_URLS))
def test_a_json_api_answers_any_body_and_headers_without_a_5xx(module_client, site, target):
    url = API_URLS[target].format(**site)

    @fuzz
    @given(body=body_of(BODIES[target]), content_type=CONTENT_TYPES, lang=LANGUAGES | st.none(),
           accept=ACCEPT_LANGUAGE)
    def run(body, content_type, lang, accept):
        query = f"?lang={lang}" if lang else ""
        response = module_client.post(url + query, data=body, headers={"Content-Type": content_type,
                                                                        "Accept-Language": accept})
        assert_answered(response, lang)
        if response.status_code >= 400:
            assert response.mimetype == "application/json"

    run()


def raw_query(pairs) -> str:
    """A query string of any bytes, percent-encoded, as a client may send it."""
    return "&".join(f"{quote_from_bytes(key)}={quote_from_bytes(value)}" for key, value in pairs)


QUERY_VALUES = (st.sampled_from(CARDS + WORDS).map(str.encode) | st.binary(max_size=30)
                | VALUES.map(as_json) | st.integers(1, 2_000).map(lambda depth: nested(depth, "1").encode()))


def query_of(*names):
    return st.lists(st.tuples(st.sampled_from([n.encode() for n in names]) | st.binary(max_size=8), QUERY_VALUES),
                    max_size=6).map(raw_query)


GET_TARGETS = {  # the GET forms and APIs, with the fields they read
    "quiz api": ("/api/v1/quiz", query_of("seed")),
    "watch api": ("/api/v1/watch/{watch}", query_of("since", "version")),
    "lessons api": ("/api/v1/lessons/" + FIRST_LESSON, query_of("lang", "step")),
    "sandbox": ("/{lang}/sandbox", query_of("scenario", "moves", "seat", "action", "card", "color", "uno", "target",
                                            "build", "pick", "remove", "hand", "put", "players", "direction",
                                            "named", "scoring", "preset", "stacking")),
    "quiz": ("/{lang}/quiz", query_of("seed", "item", "progress", "answer", "paper")),
    "quiz check": ("/{lang}/quiz/check", query_of("seed", "item", "progress", "answer", "choose", "points")),
    "lesson": ("/{lang}/learn/" + FIRST_LESSON, query_of("at", "step", "after", "action", "card", "color",
                                                          "seat", "uno", "choose", "answer")),
    "join page": ("/{lang}/join", query_of("code")),
}


@pytest.mark.parametrize("target", list(GET_TARGETS))
def test_a_get_form_or_api_answers_any_query_without_a_5xx(module_client, site, target):
    path, queries = GET_TARGETS[target]

    @fuzz
    @given(query=queries, lang=LANGUAGES, accept=ACCEPT_LANGUAGE)
    def run(query, lang, accept):
        url = path.format(lang=lang, **site)
        api = url.startswith("/api/")
        query = f"lang={lang}&{query}" if api else query  # the first ?lang= is the one read
        response = module_client.get(f"{url}?{query}", headers={"Accept-Language": accept})
        assert_answered(response, lang if api else None)

    run()


FORM_FIELDS = {  # the POST forms, with the fields they read
    "new game": ("/{lang}/play", ["preset", "target", "bots", "level", "hints", "seed", "stacking", "seven_zero",
                                  "draw_until_playable", "scoring"]),
    "move": ("/{lang}/play/{form_game}", ["version", "action", "card", "color", "uno", "target", "bluff", "choose"]),
    "new class": ("/{lang}/class/new", ["preset", "target", "bots", "level", "seed", "stacking"]),
    "join": ("/{lang}/join", ["code", "nickname"]),
    "share": ("/{lang}/play/{form_game}/watch", ["open_hands"]),
}
FORM_VALUES = st.sampled_from(CARDS + WORDS + ["0", "1", "3", "100", ""]) | ANY_TEXT.filter(
    lambda text: not any("\ud800" <= c <= "\udfff" for c in text))


@pytest.mark.parametrize("target", list(FORM_FIELDS))
def test_a_post_form_answers_any_fields_or_body_without_a_5xx(module_client, site, target):
    path, names = FORM_FIELDS[target]
    token = csrf(module_client)
    fields = st.dictionaries(st.sampled_from(names + ["csrf_token"]) | st.text(max_size=8), FORM_VALUES, max_size=8)

    @fuzz
    @given(fields=fields, with_token=st.booleans(), raw=st.none() | st.binary(max_size=200), content_type=CONTENT_TYPES,
           lang=LANGUAGES, accept=ACCEPT_LANGUAGE)
    def run(fields, with_token, raw, content_type, lang, accept):
        url = path.format(lang=lang, **site)
        headers = {"Accept-Language": accept}
        if raw is None:
            response = module_client.post(url, data={**fields, **({"csrf_token": token} if with_token else {})},
                                          headers=headers)
        else:
            response = module_client.post(url, data=raw, headers={**headers, "Content-Type": content_type})
        assert_answered(response, None)
        if response.status_code >= 400 and response.mimetype == "text/html" and lang == "ar":
            assert ARABIC.search(response.get_data(as_text=True))

    run()
