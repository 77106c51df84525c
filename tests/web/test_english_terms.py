"""One term for one thing in English too (docs/arabic.md §1, its English column): the words the
term table replaced appear only on the glossary, and on the sources page only inside a quotation.

Read in every English text the site shows: the catalogue's messages (English is their msgid),
every /en/ page as rendered, and the practice table through whole games.
"""
from __future__ import annotations

import random
import re

import pytest
from babel.messages.pofile import read_po

from app import create_app
from app.i18n import TRANSLATIONS
from app.pages import PAGES

from .english_terms import replaced_words
from .practice_support import form_fields, new_form_game, random_move, stored
from .test_arabic_style import page_text

with (TRANSLATIONS / "en" / "LC_MESSAGES" / "messages.po").open("rb") as _po:
    CATALOG = read_po(_po, locale="en")
MESSAGES = [text for m in CATALOG if m.id for text in (m.id if isinstance(m.id, tuple) else (m.id,))]


@pytest.fixture(scope="module")
def english_pages(tmp_path_factory):
    """Every /en/ page and the practice table through three games (official, the short guide, and
    every house rule), as text."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path_factory.mktemp("instance")))
        env.delenv("UNO_TUTOR_SECRET_KEY", raising=False)
        app = create_app({"TESTING": True})
        client = app.test_client()
        pages = {path: page_text(client.get(f"/en/{path}").text) for path in PAGES}
        pages["play"] = page_text(client.get("/en/play").text)
        rng = random.Random(7)
        table = []
        for fields in ({}, {"preset": "guide-short", "bots": "1"},
                       {"stacking": "on", "seven_zero": "on", "draw_until_playable": "on"}):
            game_id = new_form_game(client, "en", **fields)
            url = f"/en/play/{game_id}"
            token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/en/play").text).group(1)
            for _ in range(120):
                table.append(page_text(client.get(url).text))
                version, practice = stored(app, game_id)
                if practice.finished:
                    break
                client.post(url, data=form_fields(random_move(practice, rng), version, token))
        pages["table"] = "\n".join(dict.fromkeys("\n".join(table).splitlines()))
        return pages


@pytest.mark.parametrize("text", MESSAGES)
def test_the_messages_use_one_term_for_each_thing(text):
    assert not replaced_words(text), (text, replaced_words(text))


def test_the_pages_use_one_term_for_each_thing(english_pages):
    """The glossary lists the other words; the sources page may quote them from the guides."""
    found = {}
    for path, text in english_pages.items():
        if path == "glossary":
            continue
        if path == "sources":
            text = re.sub(r'"[^"]*"|“[^”]*”', "", text)
        for line in text.splitlines():
            if replaced_words(line):
                found.setdefault(path, []).append((line, replaced_words(line)))
    assert not found, found


def test_the_glossary_lists_the_replaced_words(english_pages):
    glossary = english_pages["glossary"]
    for word in ("computer players", "to choose a colour", "to miss a turn", "stock", "draw to match", "7-0",
                 "counterclockwise"):
        assert word in glossary, word
