"""Which language a request gets, plural forms, and catalogues compiled on demand."""
import gettext
import os
import re
import shutil

import pytest
from flask_babel import get_locale, ngettext
from werkzeug.exceptions import NotFound

from app.i18n import LANGUAGES, TRANSLATIONS, compile_catalogues, text_direction


@pytest.mark.parametrize(
    ("url", "headers", "cookie", "expected"),
    [
        ("/", {}, None, "ar"),  # nothing said: Arabic
        ("/", {"Accept-Language": "en-GB,en;q=0.8"}, None, "en"),
        ("/", {"Accept-Language": "ar-EG,en;q=0.5"}, None, "ar"),
        ("/", {"Accept-Language": "fr"}, None, "ar"),  # unsupported: the default
        ("/", {"Accept-Language": "fr,en-US;q=0.9,ar;q=0.8"}, None, "en"),
        ("/", {"Accept-Language": "ar"}, "en", "en"),  # saved choice beats the browser
        ("/?lang=ar", {"Accept-Language": "en"}, "en", "ar"),  # explicit choice beats all
        ("/?lang=xx", {"Accept-Language": "en"}, None, "en"),  # unknown ?lang= is ignored
        ("/", {}, "xx", "ar"),  # unknown cookie is ignored
    ],
)
def test_locale_precedence(client, url, headers, cookie, expected):
    if cookie:
        client.set_cookie("lang", cookie)
    html = client.get(url, headers=headers, follow_redirects=True).text  # / redirects to /<lang>/
    assert f'<html lang="{expected}" dir="{text_direction(expected)}">' in html


def test_language_in_url_beats_cookie_and_browser(app):
    app.add_url_rule("/<lang>/probe", "probe", lambda lang: str(get_locale()))
    client = app.test_client()
    client.set_cookie("lang", "ar")
    assert client.get("/en/probe", headers={"Accept-Language": "ar"}).text == "en"
    assert client.get("/en/probe?lang=ar").text == "ar"


NEEDS_A_QUERY = {"quiz.check"}  # ?item=: a page of its own only for a question it names


def _path(rule, lang: str) -> str:
    """The rule's path in ``lang``, each other argument "1": enough to reach the rule, whether or
    not a game or class of that name exists."""
    return re.sub(r"<[^>]+>", "1", rule.rule.replace("<lang:lang>", lang))


def test_every_language_route_takes_only_the_sites_languages(app, client):
    """One converter (``<lang:lang>``, app.i18n.LanguageConverter) for every route with a language:
    /ar/… and /en/… reach the route (a page without other arguments answers), /xx/… is a 404
    before any view runs."""
    routes = [rule for rule in app.url_map.iter_rules() if "lang" in rule.arguments and "GET" in rule.methods]
    assert len(routes) > 20 and all(rule.rule.startswith("/<lang:lang>/") for rule in routes)
    adapter = app.url_map.bind("localhost")
    for rule in routes:
        unknown = _path(rule, "xx")
        with pytest.raises(NotFound):
            adapter.match(unknown, method="GET")
        assert client.get(unknown).status_code == 404, unknown
        for lang in LANGUAGES:
            path = _path(rule, lang)
            endpoint, values = adapter.match(path, method="GET")
            assert (endpoint, values["lang"]) == (rule.endpoint, lang), path
            if rule.arguments <= {"lang", *(rule.defaults or {})} and rule.endpoint not in NEEDS_A_QUERY:
                page = client.get(path, follow_redirects=True)
                assert page.status_code == 200 and f'<html lang="{lang}"' in page.text, path


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (0, "لا بطاقات في رزمة أونو."),
        (1, "تتكوّن رزمة أونو من بطاقة واحدة."),
        (2, "تتكوّن رزمة أونو من بطاقتين."),
        (3, "تتكوّن رزمة أونو من 3 بطاقات."),
        (11, "تتكوّن رزمة أونو من 11 بطاقة."),
        (100, "تتكوّن رزمة أونو من 100 بطاقة."),
        (108, "تتكوّن رزمة أونو من 108 بطاقات."),
    ],
)
def test_arabic_plural_forms(app, n, expected):
    with app.test_request_context("/?lang=ar"):
        assert ngettext("A UNO deck has %(num)d card.", "A UNO deck has %(num)d cards.", n) == expected


def test_catalogues_compile_when_missing_or_stale(tmp_path):
    translations = shutil.copytree(TRANSLATIONS, tmp_path / "translations",
                                   ignore=shutil.ignore_patterns("*.mo"))
    folder = translations / "ar" / "LC_MESSAGES"
    po, mo = folder / "messages.po", folder / "messages.mo"

    compile_catalogues(translations)  # missing: compiled
    with mo.open("rb") as f:
        assert gettext.GNUTranslations(f).gettext("Uno Tutor") == "معلّم أونو"

    po.write_text(po.read_text().replace("معلّم أونو", "مدرّب أونو"))
    os.utime(mo, (1, 1))
    compile_catalogues(translations)  # older than its .po: compiled again
    with mo.open("rb") as f:
        assert gettext.GNUTranslations(f).gettext("Uno Tutor") == "مدرّب أونو"

    before = mo.stat().st_mtime_ns
    compile_catalogues(translations)  # up to date: left alone
    assert mo.stat().st_mtime_ns == before
    assert sorted(p.name for p in folder.iterdir()) == ["messages.mo", "messages.po"]
