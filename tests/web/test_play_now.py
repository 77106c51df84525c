"""The home page's "Play now" (issue #35 item 5): one click into a game against bots with the practice
page's quick start, from a page that is the same cached bytes for every reader, so its form holds
no per-reader CSRF token; the POST is taken only from this site's own pages (Sec-Fetch-Site, else
Origin, else Referer), and a cross-site one is refused in the reader's language with nothing made.
"""
import html
from dataclasses import replace

import pytest

from app.engine.rules import PRESETS
from app.i18n import LANGUAGES
from app.practice import access
from app.practice.game import DEFAULT_BOTS, LEVELS

from .practice_support import CSRF, stored

pytestmark = pytest.mark.usefixtures("backend")  # a game made on each database

HOST = "localhost"  # the test client's
# What a browser sends with the home page's form, by age: every current one, then older ones.
SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin"}
FROM_THIS_SITE = [SAME_ORIGIN, {"Sec-Fetch-Site": "none"}, {"Origin": f"http://{HOST}"},
                  {"Referer": f"http://{HOST}/ar/"}, {"Origin": f"https://{HOST}"}]
FROM_ELSEWHERE = [{"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                  {"Sec-Fetch-Site": "cross-site", "Origin": f"http://{HOST}"}, {"Origin": "http://evil.example"},
                  {"Origin": "null", "Referer": f"http://{HOST}/en/"}, {"Referer": "http://evil.example/en/"},
                  {"Origin": f"http://{HOST}.evil.example"}, {"Referer": "not a url ["}, {}]
REFUSED = {"en": "This button works only on this site's own pages, so no game was started.",
           "ar": "لا يعمل هذا الزر إلا في صفحات هذا الموقع، فلم تبدأ أي لعبة."}


def stored_games(app) -> int:
    with app.app_context():
        return access.store()._one("SELECT count(*) FROM games")[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_now_makes_a_quick_start_game_and_goes_to_its_table(app, client, lang):
    response = client.post(f"/{lang}/play/now", headers=SAME_ORIGIN)  # no field, no token, no session
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.startswith(f"/{lang}/play/")
    game_id = location.rsplit("/", 1)[1]
    _version, practice = stored(app, game_id)
    assert (practice.bots, practice.level, practice.hints, practice.together) == (DEFAULT_BOTS, LEVELS[0], True, False)
    assert practice.game.rules == replace(PRESETS["official"], players=DEFAULT_BOTS + 1)
    table = client.get(location)  # the browser that clicked owns it: its owner cookie was set
    assert table.status_code == 200 and f'action="/{lang}/play/{game_id}"' in table.text


@pytest.mark.parametrize("headers", FROM_THIS_SITE)
def test_a_post_from_this_sites_pages_needs_no_token(client, headers):
    assert client.post("/en/play/now", headers=headers).status_code == 303


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("headers", FROM_ELSEWHERE)
def test_a_cross_site_post_is_refused_in_the_readers_language_and_makes_nothing(app, client, lang, headers):
    response = client.post(f"/{lang}/play/now", headers=headers)
    assert response.status_code == 403 and response.mimetype == "text/html"
    assert REFUSED[lang] in html.unescape(response.text) and f'lang="{lang}"' in response.text
    assert f'href="/{lang}/play"' in response.text  # the way on: the practice page's own Play now
    assert "Set-Cookie" not in response.headers or "uno_owner" not in response.headers["Set-Cookie"]
    assert stored_games(app) == 0


def test_a_get_makes_nothing_and_leads_to_the_practice_page(app, client):
    response = client.get("/ar/play/now")
    assert response.status_code == 303 and response.headers["Location"] == "/ar/play"
    assert stored_games(app) == 0


def test_the_other_forms_still_need_their_token_from_this_site_too(client):
    client.get("/en/play")  # a session with a token
    form = {"preset": "official", "target": "100", "bots": "3", "level": "easy"}
    assert client.post("/en/play", data=form, headers=SAME_ORIGIN).status_code == 400


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cached_home_page_holds_play_now_and_no_token(app, client, lang):
    first = client.get(f"/{lang}/")
    page = first.text
    assert CSRF.search(page) is None and "csrf" not in page
    assert f'<form method="post" action="/{lang}/play/now" data-opening>' in page
    assert 'href="/{lang}/quiz"'.format(lang=lang) in page and f'href="/{lang}/learn/' in page
    other = app.test_client().get(f"/{lang}/")  # another reader: the same bytes, the same ETag
    assert other.data == first.data and other.headers["ETag"] == first.headers["ETag"]
    assert "Set-Cookie" not in first.headers or "session" not in first.headers["Set-Cookie"]
    again = client.get(f"/{lang}/", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_forty_students_behind_one_address_play_now_at_once(app):
    statuses = []
    for _ in range(40):
        pupil = app.test_client()
        pupil.environ_base["REMOTE_ADDR"] = "203.0.113.7"
        statuses.append(pupil.post("/ar/play/now", headers=SAME_ORIGIN).status_code)
    assert statuses == [303] * 40
