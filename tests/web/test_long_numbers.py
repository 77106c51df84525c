"""A number too long for Python's ``int`` (more than 4,300 digits) or too large for a float (1e400)
is refused with a clear 400 in the reader's language, never a 500 (issue 31, item 5). Every field
a page, a form or an API reads gets one, typed in ASCII and in Arabic-Indic digits, with and
without a sign: ``/en/sandbox?remove=<4,301 digits>`` was a 500, and the API said such a body
"is not valid JSON", which it is.
"""
import re

import pytest

from .practice_support import csrf, new_form_game
from .test_fuzz_inputs import ARABIC, FIRST_LESSON, FORM_FIELDS

APP_CONFIG = {"RATELIMIT_ENABLED": False}  # one client makes many games; test_limits.py tests the limits

DIGITS = 4301  # one past int()'s limit on the digits it reads from text
LONG = ["9" * DIGITS, "-" + "9" * DIGITS, "٩" * DIGITS, "+1" + "0" * 5000]
ALERT = re.compile(r'role="alert"[^>]*>(.*?)</div>', re.S)
# The pages that read their query, and every query field any of them reads.
PAGES = ["/{lang}/sandbox", "/{lang}/quiz", "/{lang}/quiz/check", f"/{{lang}}/learn/{FIRST_LESSON}", "/{lang}/play",
         "/{lang}/play/together", "/{lang}/play/{form_game}", "/{lang}/play/{form_game}/watch", "/{lang}/join",
         "/{lang}/class/{class}", "/{lang}/watch/{watch}", "/{lang}/print/quiz", "/{lang}/print/cards",
         "/{lang}/print/large", "/{lang}/print/bilingual",
         "/api/v1/quiz", "/api/v1/watch/{watch}", f"/api/v1/lessons/{FIRST_LESSON}", "/api/v1/games/{game}"]
QUERY = ["remove", "pick", "players", "count1", "count2", "turn", "direction", "build", "hand", "top", "scenario",
         "moves", "seat", "target", "action", "card", "color", "uno", "step", "at", "points", "answer", "item",
         "progress", "seed", "bots", "level", "rules", "after", "since", "version", "choose", "code", "paper",
         "name-1", "lang"]
API_FIELDS = {  # each JSON API, with the fields its body reads
    "/api/v1/check": ["scenario", "moves"],
    "/api/v1/games": ["rules", "bots", "level", "seed", "hints"],
    "/api/v1/games/{game}/moves": ["version", "move"],
    "/api/v1/games/{game}/watch": ["open_hands"],
    "/api/v1/classes": ["rules", "bots", "level", "seed"],
    "/api/v1/classes/{class}/games": ["nickname"],
}
JSON_NUMBERS = ["9" * DIGITS, "-" + "9" * DIGITS, "1e400", "-1e400", "1" + "0" * 5000 + ".5"]


@pytest.fixture(scope="module")
def site(module_client):
    game = module_client.post("/api/v1/games", json={"seed": 7}).get_json()["id"]
    code = module_client.post("/api/v1/classes", json={}).get_json()["code"]
    watch = module_client.post(f"/api/v1/games/{game}/watch", json={}).get_json()["token"]
    return {"game": game, "class": code, "watch": watch, "form_game": new_form_game(module_client)}


def said(response) -> str:
    """What a refusal says: an API's message, a page's alert, or the page's text."""
    if response.is_json:
        return response.get_json()["message"]
    text = response.get_data(as_text=True)
    found = ALERT.search(text)
    return re.sub(r"<[^>]+>", " ", found[1] if found else text)


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("page", PAGES)
def test_a_long_number_in_any_query_field_is_never_a_server_error(module_client, site, page, lang):
    url = page.format(lang=lang, **site)
    for index, name in enumerate(QUERY):
        response = module_client.get(url, query_string={name: LONG[index % len(LONG)]})
        assert response.status_code < 500, (url, name)


@pytest.mark.parametrize("value", LONG)
@pytest.mark.parametrize("lang, words", [("en", "This choice can't be used"), ("ar", "لا يمكن استعمال هذا الاختيار")])
def test_the_sandbox_refuses_a_remove_button_of_thousands_of_digits(module_client, value, lang, words):
    response = module_client.get(f"/{lang}/sandbox", query_string={"hand": "R5 G7", "remove": value})
    assert response.status_code == 400
    assert words in said(response).replace("&#39;", "'")
    kept = module_client.get(f"/{lang}/sandbox", query_string={"hand": "R5 G7", "remove": "1"})
    assert kept.status_code == 303 and "R5" in kept.headers["Location"] and "G7" not in kept.headers["Location"]


@pytest.mark.parametrize("value", ["7", "25", "x"])
def test_a_remove_button_past_the_hand_is_refused_as_the_other_fields_are(module_client, value):
    assert module_client.get("/en/sandbox", query_string={"hand": "R5 G7", "remove": value}).status_code == 400


@pytest.mark.parametrize("target", list(FORM_FIELDS))
def test_a_long_number_in_any_form_field_is_never_a_server_error(module_client, site, target):
    path, names = FORM_FIELDS[target]
    for lang in ("en", "ar"):
        token = csrf(module_client, lang)
        for index, name in enumerate(names):
            response = module_client.post(path.format(lang=lang, **site),
                                          data={name: LONG[index % len(LONG)], "csrf_token": token})
            assert response.status_code < 500, (target, name)


@pytest.mark.parametrize("path", list(API_FIELDS))
def test_a_json_number_too_large_to_read_is_a_clear_400_in_the_readers_language(module_client, site, path):
    url = path.format(**site)
    for index, name in enumerate(API_FIELDS[path]):
        number = JSON_NUMBERS[index % len(JSON_NUMBERS)]
        for lang in ("en", "ar"):
            response = module_client.post(f"{url}?lang={lang}", data=f'{{"{name}": [{number}]}}',
                                          content_type="application/json")
            assert response.status_code == 400, (url, name)
            assert response.get_json()["error"] == "number-too-large"
            assert bool(ARABIC.search(said(response))) is (lang == "ar")


@pytest.mark.parametrize("number", JSON_NUMBERS)
def test_the_check_api_names_a_long_number_deep_in_a_scenario(module_client, number):
    body = '{"scenario": {"hands": [["R1"], ["B2"]], "discard": ["G5"], "turn": %s}, "moves": []}' % number
    answer = module_client.post("/api/v1/check", data=body, content_type="application/json").get_json()
    assert answer == {"error": "number-too-large", "message": "A number in the request is too large to read."}


@pytest.mark.parametrize("lang, words", [("en", "The link's scenario holds a number too large to read."),
                                         ("ar", "في الجزء «scenario» من الرابط عدد أكبر من أن يُقرأ.")])
def test_a_sandbox_link_with_a_long_number_says_so(module_client, lang, words):
    response = module_client.get(f"/{lang}/sandbox", query_string={"scenario": '{"seed": %s}' % ("9" * DIGITS)})
    assert response.status_code == 400
    assert words in said(response).replace("&#39;", "'")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(module_client, constant):
    body = '{"scenario": {"hands": [["R1"], ["B2"]], "discard": ["G5"], "color": %s}}' % constant
    assert module_client.post("/api/v1/check", data=body, content_type="application/json").get_json()["error"] == \
        "malformed-json"


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_query_lang_beside_the_pages_own_is_no_server_error(module_client, lang):
    """The language links were made with both the path's and the query's ``lang`` (a TypeError)."""
    for page, query in (("sandbox", {}), ("quiz/check", {"item": "x"})):
        assert module_client.get(f"/{lang}/{page}", query_string={**query, "lang": "zz"}).status_code < 500
