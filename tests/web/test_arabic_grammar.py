"""Arabic grammar the catalogue keeps where a machine can check it (docs/arabic.md §8, §9):
numbers beside the nouns they count, and bots, which are things, not people.
"""
from __future__ import annotations

import html
import re

import pytest
from babel.messages.pofile import read_po

from app.i18n import TRANSLATIONS

with (TRANSLATIONS / "ar" / "LC_MESSAGES" / "messages.po").open("rb") as _po:
    CATALOG = read_po(_po, locale="ar")

# A sentence about the bots and nobody else (the bots' level "Easy: they…" among them): a human
# plural in it (a -ون verb, a -هم pronoun) can only be the bots taken for people.
ABOUT_BOTS = [m for m in CATALOG if m.id and not m.pluralizable and re.search(r"\bbots\b|^Easy: they", m.id)
              and not re.search(r"\b(?:students?|people|players?|person)\b", m.id)]
HUMAN_PLURAL = re.compile(r"(?<![\u0621-\u064a])(?!يكون)[وف]?[يت][\u0621-\u064a]{2,}ون(?![\u0621-\u064a])"
                          r"|[\u0621-\u064a]هم(?![\u0621-\u064a])")


@pytest.mark.parametrize("message", ABOUT_BOTS, ids=lambda m: m.id[:50])
def test_the_bots_are_not_people(message):
    """«تنسى الروبوتات… فتستطيع ضبطها», «منك أو منها»: a plural of things agrees in the feminine singular."""
    assert not HUMAN_PLURAL.search(message.string), (message.id, message.string)


def test_the_bots_sentences_are_there():
    assert len(ABOUT_BOTS) >= 10


# --- numbers beside the nouns they count ------------------------------------------------------------
# A number a message is given, beside the noun it counts, goes through a plural entry (ngettext,
# _ln, wording.Counted), which picks the noun's form for each number: «108 بطاقات», «25 بطاقة».
# A range whose bounds are the app's own (from 2 to 10 players) is said as "the number of players
# is from 2 to 10" in Arabic, and its upper bound alone reads right in English.
ARABIC_NOUNS = re.compile(r"%\(\w+\)d (?:بطاق|نقط|نقاط|حرف|أحرف|لاعب|روبوت|جول)")
ENGLISH_NOUNS = re.compile(r"(?<!and )(?<!to )%\(\w+\)d (?:[a-z]+ )?(?:cards?|points?|characters?|letters?|players?|bots?|"
                           r"rounds?|Wilds?|Wild Draw Fours?)\b")
SINGLE = [m for m in CATALOG if m.id and not m.pluralizable]


@pytest.mark.parametrize("message", SINGLE, ids=lambda m: m.id[:50])
def test_a_counted_noun_takes_its_number_through_a_plural_entry(message):
    assert not ENGLISH_NOUNS.search(message.id), message.id
    assert not ARABIC_NOUNS.search(message.string), (message.id, message.string)


@pytest.mark.parametrize("path, said", [
    ("/ar/learn/deck", "في رزمة أونو 108 بطاقات: 25 بطاقة من كل لون من الألوان الأربعة، و8 بطاقات بلا لون."),
    ("/ar/learn/deck?step=6", "وتبقى 8 بطاقات بلا لون: 4 بطاقات «تغيير اللون» و4 بطاقات «تغيير اللون + اسحب 4»."),
    ("/en/learn/deck", "UNO has 108 cards: 25 cards in each of four colours, and 8 wild cards."),
])
def test_the_deck_is_counted_with_its_nouns(client, path, said):
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", client.get(path).text)).split())
    assert said in text, text[:2000]
