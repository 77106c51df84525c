"""Speed the reader feels (issue 19): the site's pages rendered once and revalidated with a 304,
static files under hashed names kept a year, answers compressed."""
import re

import brotli
import pytest

from app import static_files
from app.pages import all_page_urls
from app.static_files import StaticNames

STATIC_LINK = re.compile(r'(?:href|src)="(/static/[^"]+)"')
HASHED = re.compile(r"^/static/.+\.[0-9a-f]{8}\.[a-z]+$")
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def test_a_page_is_rendered_once_then_served_from_memory(client, renders):
    first = client.get("/ar/rules/turn")
    assert first.status_code == 200 and renders
    renders.clear()
    again = app_again = client.get("/ar/rules/turn")
    assert renders == [] and again.data == first.data and app_again.headers["ETag"] == first.headers["ETag"]
    client.get("/en/rules/turn")
    assert renders  # another language is another page


def test_a_pages_etag_answers_a_304_and_differs_by_language(client):
    arabic, english = client.get("/ar/rules/turn"), client.get("/en/rules/turn")
    assert arabic.headers["ETag"] != english.headers["ETag"]
    assert arabic.headers["Cache-Control"] == "no-cache"  # kept, and asked about each time
    again = client.get("/ar/rules/turn", headers={"If-None-Match": arabic.headers["ETag"]})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == arabic.headers["ETag"]
    other = client.get("/ar/rules/turn", headers={"If-None-Match": english.headers["ETag"]})
    assert other.status_code == 200 and other.data == arabic.data


def test_a_compressed_pages_etag_answers_a_304(client, renders):
    first = client.get("/en/", headers=BROWSER)
    assert first.headers["Content-Encoding"] == "br" and first.headers["ETag"].endswith(':br"')
    assert b"<html" in brotli.decompress(first.data)
    renders.clear()
    again = client.get("/en/", headers={**BROWSER, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b"" and renders == []
    assert "Accept-Encoding" in again.vary
    plain = client.get("/en/", headers={"If-None-Match": first.headers["ETag"]})
    assert plain.status_code == 304  # the same bytes before encoding: what the browser has is current


def test_the_query_language_is_a_page_of_its_own(client):
    """?lang= outranks the address (app.i18n): the kept page is keyed by the language chosen too."""
    english = client.get("/ar/rules/turn?lang=en")
    assert 'lang="en"' in english.text and english.data != client.get("/ar/rules/turn").data


def test_no_kept_page_touches_the_session(app):
    """A page with a CSRF token (a form) would be one reader's: none of them may have one."""
    for lang in ("ar", "en"):
        browser = app.test_client()
        for url in all_page_urls(lang):
            answer = browser.get(url)
            assert answer.status_code == 200 and "csrf_token" not in answer.text, url
            assert not any(c.startswith("session=") for c in answer.headers.getlist("Set-Cookie")), url


def test_tiny_answers_are_not_compressed_json_is(client):
    assert "Content-Encoding" not in client.get("/healthz", headers=BROWSER).headers
    made = client.post("/api/v1/games", json={"bots": 3, "seed": "z"}, headers=BROWSER)
    assert made.headers["Content-Encoding"] == "br"
    assert brotli.decompress(made.data).startswith(b'{"id":')


def test_dynamic_pages_are_compressed_and_get_no_etag(client):
    table = client.get("/en/play", headers=BROWSER)
    assert table.headers["Content-Encoding"] == "br" and "ETag" not in table.headers


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_every_static_link_is_hashed_and_kept_a_year(client, lang):
    from .practice_support import new_api_game
    game = new_api_game(client, seed=4)["id"]
    urls = [*all_page_urls(lang), f"/{lang}/play", f"/{lang}/play/{game}", f"/{lang}/learn/", f"/{lang}/sandbox",
            f"/{lang}/quiz", f"/{lang}/present/", f"/{lang}/print/", f"/{lang}/class/new"]
    links = set()
    for url in urls:
        answer = client.get(url, follow_redirects=True)
        assert answer.status_code == 200, url
        found = STATIC_LINK.findall(answer.text)
        assert found, url
        links.update(found)
    assert all(HASHED.match(link) for link in links), sorted(links)
    for link in links:
        answer = client.get(link, headers=BROWSER)
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"


def test_the_plain_and_old_names_still_work_briefly(client):
    for name in ("/static/site.css", "/static/site.00000000.css"):
        answer = client.get(name)
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == "public, max-age=300"
    assert client.get("/static/nothing.12345678.css").status_code == 404


def test_a_changed_file_gets_a_new_name(tmp_path):
    (tmp_path / "a.css").write_text("a { color: red }")
    names = StaticNames(tmp_path)
    before = names.hashed("a.css")
    assert re.fullmatch(r"a\.[0-9a-f]{8}\.css", before) and names.plain(before) == ("a.css", True)
    (tmp_path / "a.css").write_text("a { color: blue; }")
    after = names.hashed("a.css")
    assert after != before and names.plain(after) == ("a.css", True) and names.plain(before) == ("a.css", False)
    assert names.hashed("new.css") == "new.css"  # not there at startup: kept as named


def test_static_names_never_read_outside_the_folder(tmp_path):
    (tmp_path / "static").mkdir()
    (tmp_path / "secret.txt").write_text("x")
    names = StaticNames(tmp_path / "static")
    assert names.plain("../secret.12345678.txt") == ("../secret.12345678.txt", False)
    assert static_files.HASHED_NAME.match("site.3f2a1b9c.css")
