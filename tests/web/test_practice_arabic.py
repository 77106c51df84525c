"""Translation tests for the practice table's Arabic: the conventions the pages' Arabic set.

A card's name ("زرقاء رقم 5", "حمراء «اسحب 2»") is said after "بطاقة" inside a sentence; a
sentence has at most one colon; the 7-0 switch and rule sets use the pages' names. The rest of the
style sheet (docs/arabic.md) is kept by test_arabic_style.py.
"""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from app.i18n import TRANSLATIONS

PRACTICE = ("app/practice/", "app/templates/practice/")


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
def test_one_colon_at_most(msgid, text):
    assert text.count(":") <= 1, (msgid, text)


@pytest.mark.parametrize("msgid, expected", [
    ("Long Arabic guide", "الدليل العربي المطوّل"),
    ("Short Arabic guide", "الدليل العربي المختصر"),
    ("Seven-zero: a 7 swaps hands with a player you choose, a 0 passes every hand on", "قاعدة السبعة والصفر"),
])
def test_names_as_on_the_pages(msgid, expected):
    assert any(expected in text for m, text in ENTRIES if m == msgid), msgid
