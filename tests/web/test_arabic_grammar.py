"""Arabic grammar the catalogue keeps where a machine can check it (docs/arabic.md §8, §9):
numbers beside the nouns they count, and bots, which are things, not people.
"""
from __future__ import annotations

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
