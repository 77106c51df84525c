"""Translation tests for the practice table's Arabic: the conventions the pages' Arabic set.

A card's name ("5 زرقاء", "اسحب 2 باللون الأحمر") is said after "بطاقة" inside a sentence, never
in quotes; a sentence has at most one colon; the 7-0 switch and rule sets use the pages' names.
"""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from app.i18n import TRANSLATIONS

PRACTICE = ("app/practice/", "app/templates/practice/")
CARD_WORDS = ("تغيير اللون", "اسحب 2", "عكس الاتجاه", "تخطي الدور")


def _practice_entries():
    with (TRANSLATIONS / "ar" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f, locale="ar")
    for message in catalog:
        if message.id and any(path.startswith(PRACTICE) for path, _line in message.locations):
            strings = message.string if message.pluralizable else (message.string,)
            for text in strings:
                yield message.id, text


ENTRIES = list(_practice_entries())


def test_the_table_has_entries():
    assert len(ENTRIES) > 50


@pytest.mark.parametrize("msgid, text", [e for e in ENTRIES if "%(card)s" in e[1]])
def test_a_card_in_a_sentence_follows_the_word_card(msgid, text):
    assert re.search(r"(?:^|\s)[بل]?بطاقة %\(card\)s", text), (msgid, text)


@pytest.mark.parametrize("msgid, text", ENTRIES)
def test_no_card_name_in_quotes(msgid, text):
    assert not any(f"«{word}" in text for word in CARD_WORDS), (msgid, text)


@pytest.mark.parametrize("msgid, text", ENTRIES)
def test_one_colon_at_most(msgid, text):
    assert text.count(":") <= 1, (msgid, text)


@pytest.mark.parametrize("msgid, expected", [
    ("The long Arabic guide", "الدليل الطويل"),
    ("The short Arabic guide", "الدليل القصير"),
    ("Seven-zero: a 7 swaps hands with a player you choose, a 0 passes every hand on", "قاعدة 7-0"),
])
def test_names_as_on_the_pages(msgid, expected):
    assert any(expected in text for m, text in ENTRIES if m == msgid), msgid
