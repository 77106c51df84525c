"""The .po catalogues are complete, correct and in step with the source (TESTING.md).

If one of these fails after you add or change a message: run scripts/update_catalogues.py,
then translate the new or fuzzy entries in translations/ar/LC_MESSAGES/messages.po.
"""
import gettext
import re

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.pofile import read_po

from app.i18n import EXTRACT_KEYWORDS, LANGUAGES, TRANSLATIONS

ROOT = TRANSLATIONS.parent
NPLURALS = {"ar": 6, "en": 2}
ARABIC_PLURAL = (
    "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)"
)


@pytest.fixture(scope="module")
def source_messages():
    """Every message in the source, extracted as pybabel does: {(key, context): msgid or (singular,
    plural)}; a message with a context is its own entry (a title quoted in a list has no other)."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(EXTRACT_KEYWORDS)}
    found = extract_from_dir(ROOT, method_map, options_map, keywords=keywords)
    return {(_key(msgid), context): msgid for _file, _line, msgid, _comments, context in found}


def _key(msgid):
    return msgid[0] if isinstance(msgid, tuple) else msgid


def _catalog(lang):
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def _strings(message):
    return message.string if message.pluralizable else (message.string,)


def test_source_has_messages(source_messages):
    assert ("Uno Tutor", None) in source_messages  # the extraction itself works


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_fuzzy_or_empty_entry(lang):
    catalog = _catalog(lang)
    assert not catalog.fuzzy
    bad = [m.id for m in catalog if m.id and (m.fuzzy or not all(_strings(m)))]
    assert bad == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_every_form(lang):
    catalog = _catalog(lang)
    assert catalog.num_plurals == NPLURALS[lang]
    wrong = [m.id for m in catalog if m.pluralizable and len(m.string) != NPLURALS[lang]]
    assert wrong == []


def test_arabic_plural_rule_is_the_standard_one():
    chosen, standard = gettext.c2py(_catalog("ar").plural_expr), gettext.c2py(ARABIC_PLURAL)
    assert [chosen(n) for n in range(1000)] == [standard(n) for n in range(1000)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match(lang):
    assert [(m.id, errors) for m, errors in _catalog(lang).check()] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_form_names_only_placeholders_of_its_msgid(lang):
    """Babel's check compares a plural entry's first two forms only; Arabic has six. (app.wording
    relies on this: the source message tells which parameters a sentence reads.)"""
    named = re.compile(r"%\((\w+)\)")
    wrong = [(m.id, form) for m in _catalog(lang) if m.id for form in _strings(m)
             if not set(named.findall(form)) <= set(named.findall(" ".join(_ids(m))))]
    assert wrong == []


def _ids(message):
    return message.id if message.pluralizable else (message.id,)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_source_message_is_in_the_catalogue(lang, source_messages):
    catalog = _catalog(lang)
    missing = [msgid for (key, context), msgid in source_messages.items()
               if catalog.get(key, context=context) is None or catalog.get(key, context=context).id != msgid]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_leftover_entries(lang, source_messages):
    leftover = [m.id for m in _catalog(lang) if m.id and (_key(m.id), m.context) not in source_messages]
    assert leftover == []
