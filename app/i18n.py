"""Languages: which one a request gets, its text direction, and catalogues compiled on demand.

Locale precedence (as SecureDrop documents it): an explicit ?lang=, then the language in the URL
(/<lang>/...), then the saved `lang` cookie, then Accept-Language, then Arabic.
The JSON API (/api/...) serves tools, not readers: ?lang=, then Accept-Language, then English.

Words once per request: Flask-Babel finds the request's language and catalogue anew for every
message it translates (three lookups of its per-request namespace in ``g``, and the locale written
out as the key of its catalogues), and a page translates hundreds. Here they are asked of
Flask-Babel once (``get_locale``, ``get_translations``, its public API) and kept on ``g`` as the
request's ``Spoken``; ``gettext``/``ngettext`` below and the templates' ``_``/``gettext``/``ngettext``
read the catalogue from it, and ``current_language``, the key of every memo of words, its code.
Another language within a request is spoken through ``in_language`` (Flask-Babel's ``force_locale``,
with the kept ``Spoken`` put aside meanwhile), never ``force_locale`` alone.
"""
import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations
from flask import current_app, g, request
from flask_babel import Babel, force_locale, get_locale, get_translations
from werkzeug.routing import BaseConverter

from .proxied import the_request

LANGUAGES = ("ar", "en")
DEFAULT_LANGUAGE = "ar"
API_PREFIX = "/api/"
API_DEFAULT_LANGUAGE = "en"
# Absolute: Flask-Babel would join a relative path to the package folder, not the project root.
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
# Gettext names beyond Babel's defaults (_, gettext, ngettext, ...), in pybabel's -k syntax.
# scripts/update_catalogues.py and the catalogue tests both extract with these.
# _ln: app.wording's plural messages kept in tables (formatted with ngettext at call time); _lc
# and _lnc with a context; about_name: a sentence about a seat's name, in a typed name's frame
# when a person typed it (app.wording.people: the frames are _lc/_lnc entries, context "typed name").
EXTRACT_KEYWORDS = ("_l", "_lc:1c,2", "lazy_gettext", "lazy_ngettext:1,2", "_ln:1,2", "_lnc:1c,2,3", "about_name:2")

# The WSGI environ key under which select_locale leaves the request headers it read to choose.
LANGUAGE_HEADERS = "uno_tutor.language_headers"
SPOKEN = "uno_tutor_spoken"  # the attribute of ``g`` that keeps the request's Spoken

babel = Babel()


def is_api(path: str) -> bool:
    """Whether ``path`` is the JSON API's: its answers, errors too, are JSON for tools, not pages."""
    return path.startswith(API_PREFIX)


class LanguageConverter(BaseConverter):
    """``<lang:lang>`` in a route: one of LANGUAGES, so /xx/... is a 404 before any view runs, and
    building a URL in another language is refused (a ValueError, as werkzeug's ``any`` does).
    Registered once as ``lang`` by ``create_app``, for every blueprint's routes."""

    regex = f"(?:{'|'.join(map(re.escape, LANGUAGES))})"

    def to_url(self, value) -> str:
        if value not in LANGUAGES:
            raise ValueError(f"{value!r} is not one of the site's languages {LANGUAGES}")
        return value


def init_app(app):
    """Wire Flask-Babel with our locale selector, have templates translate with the request's
    kept catalogue (``spoken``) in place of Flask-Babel's per-message lookups, and give them
    `lang` and `dir`."""
    compile_catalogues(Path(app.config["BABEL_TRANSLATION_DIRECTORIES"]))
    babel.init_app(app, locale_selector=select_locale)
    app.jinja_env.install_gettext_callables(  # as Flask-Babel installs them, its catalogue read from ``spoken``
        gettext=lambda string: spoken().translations.ugettext(string),
        ngettext=lambda singular, plural, n: spoken().translations.ungettext(singular, plural, n),
        pgettext=lambda context, string: spoken().translations.upgettext(context, string),
        npgettext=lambda context, singular, plural, n: spoken().translations.unpgettext(context, singular, plural, n),
        newstyle=True)
    app.context_processor(_locale_context)


@dataclass(frozen=True)
class Spoken:
    """The language a request is answered in, as Flask-Babel chose it, and its catalogue."""

    code: str  # "ar", "en"
    translations: NullTranslations


def spoken() -> Spoken:
    """The request's language and catalogue, asked of Flask-Babel at the request's first word and
    kept on ``g`` for the rest of it. Outside an app's context, Flask-Babel's answer as it is
    (no language, no translation)."""
    try:
        found = g.get(SPOKEN)
    except RuntimeError:  # no app context: no g to keep it on
        return Spoken(str(get_locale()), get_translations())
    if found is None:
        found = Spoken(str(get_locale()), get_translations())
        setattr(g, SPOKEN, found)
    return found


@contextmanager
def in_language(code: str) -> Iterator[None]:
    """Speak ``code`` for a while within a request (a bilingual handout, a 404 in its address's
    language): Flask-Babel's ``force_locale``, with the request's kept ``Spoken`` put aside, so
    the words inside are ``code``'s and those after are the request's again."""
    kept = g.pop(SPOKEN, None)
    try:
        with force_locale(code):
            yield
    finally:
        g.pop(SPOKEN, None)
        if kept is not None:
            setattr(g, SPOKEN, kept)


def gettext(string: str, **variables: Any) -> str:
    """Flask-Babel's ``gettext``, from the request's kept catalogue (``spoken``)."""
    text = spoken().translations.ugettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Flask-Babel's ``ngettext``, from the request's kept catalogue: ``num`` picks the plural form
    and is ``%(num)d`` in it."""
    variables.setdefault("num", num)
    return spoken().translations.ungettext(singular, plural, num) % variables


def select_locale() -> Locale:
    """The request's language, by the precedence in the module docstring.

    Flask-Babel asks once per request, when a message is first translated, so API views need
    no ``force_locale``. Each source is read only if the ones before it said nothing (the WSGI
    environ says which are there: every ``request.`` is a context lookup).
    """
    environ = the_request().environ  # a context lookup costs more than the rest
    api = is_api(environ.get("PATH_INFO", ""))
    asked = environ[LANGUAGE_HEADERS] = []  # for the answer's Vary (app.security)
    for header, choice in _choices(api, environ):
        if header:
            asked.append(header)
        if choice in LANGUAGES:
            return locale_of(choice)
    return locale_of(API_DEFAULT_LANGUAGE if api else current_app.config["BABEL_DEFAULT_LOCALE"])


def _choices(api: bool, environ):
    """(the request header a choice comes from, or None for the URL; the choice), best first.
    Every header asked belongs in Vary, even when absent: its absence chose too."""
    if environ.get("QUERY_STRING"):
        yield None, request.args.get("lang")
    if not api:  # an API client is a tool: no cookie, and it says what it wants or gets English
        yield None, (request.view_args or {}).get("lang")
        yield "Cookie", request.cookies.get("lang")
    yield "Accept-Language", environ.get("HTTP_ACCEPT_LANGUAGE") and browser_language(LANGUAGES)


def current_language() -> str:
    """The language Flask-Babel chose for this request ("ar", "en"): the key of every memo of words."""
    return spoken().code


def request_language() -> str:
    """The request's language code, chosen as for Flask-Babel (``select_locale``) without setting
    it up: a JSON answer whose sentences are all remembered needs no translation at all."""
    return select_locale().language


@lru_cache(maxsize=16)
def locale_of(code: str) -> Locale:
    """The Babel locale for a language code, made once (parsing one costs more than choosing it)."""
    return Locale.parse(code)


def browser_language(languages):
    """The best Accept-Language entry whose primary language we have.

    Not werkzeug's best_match: for "ar-EG,en;q=0.5" it prefers the exact "en" to the Arabic
    the reader put first.
    """
    for value, quality in request.accept_languages:  # best first
        primary = value.replace("_", "-").split("-")[0].lower()
        if quality > 0 and primary in languages:
            return primary
    return None


def text_direction(locale) -> str:
    """'rtl' or 'ltr' for a locale or its code, from CLDR data.

    >>> text_direction("ar"), text_direction("en")
    ('rtl', 'ltr')
    """
    return Locale.parse(locale).text_direction


def _locale_context():
    # Flask-Babel 4 puts no get_locale into Jinja; the base template needs <html lang dir>.
    locale = get_locale() or Locale.parse(current_app.config["BABEL_DEFAULT_LOCALE"])
    return {"lang": str(locale), "dir": text_direction(locale)}


def compile_catalogues(directory: Path) -> None:
    """Compile each <lang>/LC_MESSAGES/*.po whose .mo is missing or older, so a fresh clone runs.

    The .mo is written to a temp file beside it and renamed into place, so several processes
    starting at once never read a half-written catalogue.
    """
    for po in directory.glob("*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        fd, tmp = tempfile.mkstemp(dir=po.parent, prefix=".tmp-", suffix=".mo")
        try:
            with os.fdopen(fd, "wb") as f:
                write_mo(f, catalog)
            os.chmod(tmp, 0o644)  # mkstemp's 0600 would hide it from a server running as another user
            os.replace(tmp, mo)
        except BaseException:
            os.unlink(tmp)
            raise
