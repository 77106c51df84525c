"""Sentences that were wrong or contradicted each other (#32), read as a learner reads them, in both
languages: the bluff told one way everywhere, and the Arabic sentences that said something else
than the rule. Translation and wording tests: they read the rendered sentence."""
from __future__ import annotations

import html
import re

import pytest

from app import wording
from app.i18n import LANGUAGES

from .test_arabic_style import page_text

BLUFF_MOVE = {"scenario": {"hands": [["R2", "WD4"], ["G1"]], "discard": ["R5"]},
              "moves": [{"seat": 0, "action": "play", "card": "WD4", "color": "blue"}]}


def _text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return " ".join(page_text(response.text).split())


def _bluff(app, lang: str) -> str:
    with app.test_request_context(f"/{lang}/"):
        return wording.bluff_rule()


# --- item 5: one wording for the bluff -----------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bluff_is_told_in_one_sentence_wherever_it_is_explained(app, client, lang):
    """Legal to play, against the restriction, punished only if challenged: the same message on the
    rules and card pages, in the sandbox's hint, in a lesson's hint and in the check API's verdict."""
    bluff = _bluff(app, lang)
    parts = {"en": ("it is allowed", "breaks the restriction", "punished only if the next player challenges it"),
             "ar": ("يجوز لك لعبها", "مخالفة للقيد", "ولا تُعاقَب عليها إلا إذا تحدّاك اللاعب التالي")}[lang]
    assert all(words in bluff for words in parts), bluff
    for path in ("rules/wild-cards", "rules/challenge", "cards/wild-draw-four", "sandbox",
                 "learn/challenge?step=3"):
        assert bluff in _text(client, f"/{lang}/{path}"), path
    reply = client.post(f"/api/v1/check?lang={lang}", json=BLUFF_MOVE).get_json()["results"][0]
    assert reply["verdict"] == "bluff" and reply["message"].endswith(bluff)


# Sentences that state the restriction as a prohibition ("you may play it only when…"), which the
# bluff, allowed, contradicts; the restriction is said as what the card is for instead.
FORBIDDEN = {
    "en": re.compile(r"may (?:only )?(?:play|be played)[^.]{0,30}only|may only be played|may play it only"),
    "ar": re.compile(r"لا يجوز (?:لك )?(?:أن )?(?:تلعب|يلعب|لعب)(?:ها)? ?(?:بطاقة «تغيير اللون \+ اسحب 4»)?[^.]{0,10}إلا"),
}
BLUFF_PAGES = ("rules/wild-cards", "rules/challenge", "cards/wild-draw-four", "learn/draw-cards?step=2",
               "learn/challenge?step=3", "present/wild-draw-four/1", "print/summary", "print/large",
               "print/bilingual")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_forbids_the_wild_draw_four_that_the_bluff_allows(client, lang):
    said = {path: FORBIDDEN[lang].findall(_text(client, f"/{lang}/{path}")) for path in BLUFF_PAGES}
    assert not {path: found for path, found in said.items() if found}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_challenge_that_fails_says_the_card_was_no_bluff_not_that_it_was_allowed(app, lang):
    """A bluff is allowed too, so "the Wild Draw Four was allowed" told nothing; the Arabic of the
    successful challenge said the player had no right to play it."""
    from app.engine.rules import Rule
    from app.engine.verdict import Event
    with app.test_request_context(f"/{lang}/"):
        right, wrong = (wording.event_message(Event(("challenge", Rule.WILD_DRAW_FOUR_CHALLENGE,
                                                    {"seat": 1, "offender": 0, "guilty": guilty})))
                        for guilty in (True, False))
    words = {"en": ("was a bluff", "was no bluff"), "ar": ("خدعة", "لم تكن")}[lang]
    assert words[0] in right and words[1] in wrong
    assert "من حق" not in right and "allowed" not in wrong and "مسموح" not in wrong


# --- item 6: the Arabic said something else ------------------------------------------------------

def test_the_arabic_uno_demo_says_the_one_caught_draws(client):
    """/ar/present/uno/5: «فيسحب عندئذ» after «يضبطه» read as if the catcher drew; the player caught
    is named as the one who draws."""
    said = _text(client, "/ar/present/uno/5")
    assert "يجوز لأي لاعب أن يضبط اللاعب 2 قبل أن يتصرف اللاعب التالي، فيسحب اللاعب 2 عندئذ بطاقتين" in said
    assert "Anyone may catch Player 2 before the next player acts: then Player 2 draws 2 cards" in \
        _text(client, "/en/present/uno/5")


def test_the_arabic_challenge_demo_shows_the_hand_only_on_a_challenge(client):
    """/ar/present/wild-draw-four/6: «لك أن تقبلها أو أن تتحدّاها، وعندئذ يجب أن يُريك…» read as if
    accepting too made the player show his hand."""
    said = _text(client, "/ar/present/wild-draw-four/6")
    assert "لك أن تقبلها، ولك أن تتحدّاها، فإن تحدّيتها وجب على اللاعب 3 أن يُريك يده" in said
    assert "وعندئذ يجب" not in said


def test_the_arabic_class_page_hides_each_hand_from_the_teacher_and_the_other_students(client):
    said = _text(client, "/ar/class/new")
    assert "فلا تراها أنت، ولا يرى أحد منهم بطاقات غيره" in said and "وعن بعضهم" not in said


@pytest.mark.parametrize(("lang", "asked"), [("en", "How many points is Player 2 charged this round?"),
                                             ("ar", "كم نقطة تُحسب على اللاعب 2 في هذه الجولة؟")])
def test_lowest_total_scoring_asks_what_a_player_is_charged(client, lang, asked):
    """/present/scoring/11: under lowest-total scoring the points count against the player, so the
    question is what they are charged (as the quiz asks), not what they "get"."""
    said = _text(client, f"/{lang}/present/scoring/11")
    assert asked in said
    assert "يحصل عليها" not in said and "give Player 2" not in said


def test_the_arabic_course_is_called_a_series_of_lessons(client):
    """/ar/learn/: thirteen lessons are not «درس قصير» (a short lesson)."""
    said = _text(client, "/ar/learn/")
    assert "سلسلة من الدروس القصيرة" in said and "درس قصير" not in said


@pytest.mark.parametrize(("lang", "label"), [
    ("en", "while holding a card of the colour that was in play before it (a bluff)"),
    ("ar", "وفي يده بطاقة من اللون الذي كان مطلوبًا قبلها (خدعة)")])
def test_the_sandboxs_bluff_is_the_colour_that_was_required(client, lang, label):
    """/sandbox: the box follows the colour just named, so "the colour in play" would be that new one;
    a bluff holds the colour that was in play before the Wild Draw Four (docs/arabic.md)."""
    said = html.unescape(client.get(f"/{lang}/sandbox").text)
    assert label in said
