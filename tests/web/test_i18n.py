"""Which language a request gets, plural forms, and catalogues compiled on demand."""
import gettext
import os
import shutil

import pytest
from flask_babel import get_locale, ngettext

from app.i18n import TRANSLATIONS, compile_catalogues, text_direction


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
