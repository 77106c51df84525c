"""Words once per request (app.i18n.spoken): the request's language and catalogue asked of
Flask-Babel once and kept, so every translation and every memo key is the request's language,
another language spoken inside ``in_language`` only, and the request's again after it."""
import re
from pathlib import Path

from flask import render_template_string
from flask_babel import get_locale
from flask_babel import gettext as babel_gettext
from flask_babel import ngettext as babel_ngettext

from app.i18n import current_language, gettext, in_language, ngettext, spoken

ROOT = Path(__file__).resolve().parents[2]


def test_the_request_asks_flask_babel_once_and_keeps_its_answer(app, monkeypatch):
    import app.i18n as i18n

    asked = []
    real = i18n.get_translations
    monkeypatch.setattr(i18n, "get_translations", lambda: asked.append(1) or real())
    with app.test_request_context("/ar/"):
        gettext("You")
        ngettext("%(num)d card", "%(num)d cards", 3)
        current_language()
        render_template_string("{{ _('You') }} {{ ngettext('%(num)d card', '%(num)d cards', 3) }}")
        assert len(asked) == 1 and spoken().code == "ar" == str(get_locale())


def test_its_words_are_flask_babels(app):
    for lang in ("ar", "en"):
        with app.test_request_context(f"/{lang}/"):
            assert gettext("You") == babel_gettext("You")
            assert gettext("Catch %(name)s!", name="Sara") == babel_gettext("Catch %(name)s!", name="Sara")
            for n in (0, 1, 2, 3, 11, 100):
                assert ngettext("%(num)d card", "%(num)d cards", n) == babel_ngettext("%(num)d card", "%(num)d cards", n)
            assert render_template_string("{{ _('You') }}|{{ ngettext('%(num)d card', '%(num)d cards', 11) }}") == (
                f"{babel_gettext('You')}|{babel_ngettext('%(num)d card', '%(num)d cards', 11)}")


def test_another_language_inside_in_language_and_the_requests_after(app):
    with app.test_request_context("/en/"):
        assert gettext("You") == "You" and current_language() == "en"
        with in_language("ar"):
            arabic = gettext("You")
            assert current_language() == "ar" and arabic != "You"
            assert render_template_string("{{ _('You') }}") == arabic
        assert gettext("You") == "You" and current_language() == "en"
        assert render_template_string("{{ _('You') }}") == "You"


def test_a_bilingual_handout_has_each_column_in_its_language(client):
    page = client.get("/en/print/bilingual").text
    assert 'lang="ar"' in page and 'lang="en"' in page


def test_a_404_of_another_language_is_in_its_addresss_language(client):
    """The 404 page speaks the address's language (in_language), whatever the reader's cookie."""
    client.set_cookie("lang", "en")
    assert 'lang="ar"' in client.get("/ar/no-such-page").text


def test_the_app_speaks_through_app_i18n_only():
    """flask_babel's gettext, ngettext and force_locale would skip the kept catalogue (or leave it
    behind): the app takes them from app.i18n; Flask-Babel's lazy strings are its own."""
    offenders = [str(path.relative_to(ROOT)) for path in (ROOT / "app").rglob("*.py")
                 if path.name != "i18n.py" and _skipping(path.read_text())]
    assert offenders == []


def _skipping(text: str) -> list[str]:
    """The names a module imports from flask_babel that bypass app.i18n."""
    names = [name.split(" as ")[0].strip() for line in re.findall(r"^from flask_babel import (.+)$", text, re.M)
             for name in line.split(",")]
    return [name for name in names if name in ("gettext", "ngettext", "force_locale")]
