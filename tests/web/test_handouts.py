"""The handouts (/<lang>/print/): they answer in both languages and on both papers, the card
reference's numbers are the engine's, the quiz sheet's answers are what the check API says about
its positions, and a seed always prints the same sheet."""
from __future__ import annotations

import html
import json
import re
from collections import Counter

import pytest

from app.engine.cards import COPIES, Kind
from app.engine.rules import Rule
from app.i18n import LANGUAGES
from app.wording import VERDICTS

from .arabic_terms import replaced_words as arabic_replaced
from .english_terms import replaced_words as english_replaced
from .test_arabic_style import DIGIT_FIRST_CARD, NAME_THEN_COUNT, page_text

SHEETS = ("summary", "cards", "quiz?seed=class7")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sheet", ["", *SHEETS])
def test_every_handout_answers_in_both_languages(client, lang, sheet):
    response = client.get(f"/{lang}/print/{sheet}")
    assert response.status_code == 200
    direction = {"ar": "rtl", "en": "ltr"}[lang]
    assert f'<html lang="{lang}" dir="{direction}">' in response.text


@pytest.mark.parametrize("sheet", SHEETS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_sheet_prints_on_the_paper_asked_for(client, sheet, paper):
    """The paper picks the named page of handouts.css; the Print button is there for JavaScript to show."""
    joint = "&" if "?" in sheet else "?"
    page = client.get(f"/en/print/{sheet}{joint}paper={paper}").text
    assert f'class="handout paper-{paper}"' in page
    assert re.search(r'<button type="button" class="print-button" data-print hidden>', page)
    assert "Ctrl+P" in page  # how to print without the button


def test_the_default_paper_is_a4(client):
    assert 'class="handout paper-a4"' in client.get("/ar/print/summary").text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_unknown_paper_is_refused_in_the_readers_language(client, lang):
    response = client.get(f"/{lang}/print/cards?paper=<b>legal</b>")
    assert response.status_code == 400
    assert "&lt;b&gt;legal&lt;/b&gt;" in response.text and "<b>legal" not in response.text
    assert ("choose A4 or Letter" in response.text) == (lang == "en")
    assert (" أو " in response.text) == (lang == "ar")


@pytest.mark.parametrize("seed", ["x" * 41, "two words", "a/b"])
def test_a_seed_the_quiz_cannot_use_is_refused(client, seed):
    response = client.get("/en/print/quiz", query_string={"seed": seed})
    assert response.status_code == 400
    assert "seed must be a word of up to 40" in response.text


def test_without_a_seed_the_quiz_sheet_gets_one_in_its_address(client):
    response = client.get("/en/print/quiz?paper=letter")
    assert response.status_code == 302
    seed = re.search(r"seed=(\d{6})", response.location).group(1)
    assert "paper=letter" in response.location
    assert seed in client.get(response.location).text


def test_the_language_switch_keeps_the_seed_and_the_paper(client):
    page = client.get("/en/print/quiz?seed=class7&paper=letter").text
    switch = re.search(r'<a href="([^"]+)" hreflang="ar"', page).group(1)
    assert switch.startswith("/ar/print/quiz?") and "seed=class7" in switch and "paper=letter" in switch


# --- the card reference: the engine's numbers ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_reference_shows_every_face_with_the_engines_copies(client, lang):
    page = client.get(f"/{lang}/print/cards").text
    shown = dict(re.findall(r'<td data-card="(\w+)">.*?<span class="copies"><bdi dir="ltr">×(\d+)</bdi>', page, re.S))
    assert {face: int(n) for face, n in shown.items()} == {face.notation: n for face, n in COPIES.items()}
    assert sum(map(int, shown.values())) == 108


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_reference_counts_and_points_are_the_engines(client, lang):
    page = client.get(f"/{lang}/print/cards").text
    rows = dict(re.findall(r'<tr data-kind="([\w-]+)">(.*?)</tr>', page, re.S))
    assert list(rows) == [kind.value for kind in Kind]
    for kind in Kind:
        faces = [face for face in COPIES if face.kind is kind]
        count = int(re.search(r'<span class="count">(\d+)</span>', rows[kind]).group(1))
        points = re.search(r'<td class="num points">(.*?)</td>', rows[kind], re.S).group(1).strip()
        assert count == sum(COPIES[face] for face in faces)
        if kind is Kind.NUMBER:  # the number printed on it: 0 to 9
            assert sorted({face.points for face in faces}) == list(range(10))
            assert "0" in points and "9" in points
        else:
            assert points == str(faces[0].points)


def test_the_summary_uses_the_catalogues_rule_sentences(client):
    """The summary words a rule as the table does: the verdict sentences of app.wording."""
    for lang in LANGUAGES:
        page = html.unescape(client.get(f"/{lang}/print/summary").text)
        with client.application.test_request_context(f"/{lang}/"):
            for key in ((Rule.SKIP_EFFECT, True, None), (Rule.UNO_CALL, False, None),
                        (Rule.SCORE_WINNER_COLLECTS, True, None), (Rule.FIRST_WILD_DRAW_FOUR, True, None)):
                assert str(VERDICTS[key]) in page, (lang, key)


def test_the_summary_links_each_section_to_its_rules_page(client):
    page = client.get("/en/print/summary").text
    sections = re.findall(r'<h2 id="section-\d+"><a href="(/en/rules/[\w-]+)">', page)
    assert len(sections) == 7
    assert all(client.get(url).status_code == 200 for url in sections)


def test_the_summarys_example_is_judged_by_the_engine(client):
    """Each card of the turn's example carries the verdict the check API gives it."""
    page = client.get("/en/print/summary").text
    judged = re.findall(r'<li data-verdict="(\w+)"><span class="card [^>]*aria-label="([^"]+)"', page)
    names = {"Red 9": "R9", "Blue 5": "B5", "Green Skip": "GS", "Wild": "W", "Green 2": "G2"}
    assert [name for _, name in judged] == list(names)
    for state, name in judged:
        result = _check(client, {"hands": [list(names.values()), ["Y1"]], "discard": ["R5"]},
                        [_play(0, names[name])])["results"][0]
        assert state == ("legal" if result["legal"] else "illegal")


# --- the quiz sheet: the engine's answers, the seed's sheet -------------------------------------------


def _play(seat: int, card: str) -> dict:
    return {"seat": seat, "action": "play", "card": card, **({"color": "red"} if card.startswith("W") else {})}


def _check(client, scenario: dict, moves: list[dict]) -> dict:
    response = client.post("/api/v1/check", json={"scenario": scenario, "moves": moves})
    assert response.status_code == 200, response.json
    return response.json


def _questions(page: str) -> list[tuple[str, dict, list, str]]:
    """(kind, scenario, moves, the key's answer) for each question of a sheet."""
    asked = re.findall(r'<li class="sheet-question" [^>]*data-kind="(\w+)" data-scenario=\'([^\']*)\' '
                       r'data-moves=\'([^\']*)\'>', page)
    answers = re.findall(r'<li data-answer="([^"]*)">', page)
    assert len(asked) == len(answers) == 8
    return [(kind, json.loads(html.unescape(scenario)), json.loads(html.unescape(moves)), answer)
            for (kind, scenario, moves), answer in zip(asked, answers)]


def _engine_answer(client, kind: str, scenario: dict, moves: list) -> str:
    """The answer worked out again from the check API's reply alone."""
    if kind == "playable":  # each card of the hand: legal, and not a bluff a challenge would catch
        hand = list(dict.fromkeys(scenario["hands"][0]))
        # one move per check: an allowed move would change the position for the next
        results = [_check(client, scenario, [_play(0, card)])["results"][0] for card in hand]
        return " ".join(card for card, r in zip(hand, results) if r["legal"] and r["params"].get("case") != "bluff")
    reply = _check(client, scenario, moves)
    assert all(result["legal"] for result in reply["results"])
    state = reply["state"]
    if kind == "next":
        return str(state["pending"]["seat"] if state["pending"] else state["turn"])
    if kind == "points":
        return str(state["round_points"][0])
    if kind == "challenge":
        (draw,) = [e["params"] for e in reply["results"][-1]["events"] if e["kind"] == "draw"]
        return f"{draw['seat']}-{draw['count']}"
    raise AssertionError(kind)


@pytest.mark.parametrize("seed", ["1", "class7", "42", "ما-بعد"])
def test_the_quiz_sheets_answers_are_the_engines(client, seed):
    questions = _questions(client.get("/en/print/quiz", query_string={"seed": seed}).text)
    assert Counter(kind for kind, *_ in questions) == {"playable": 2, "next": 2, "points": 2, "challenge": 2}
    for kind, scenario, moves, answer in questions:
        assert answer == _engine_answer(client, kind, scenario, moves), (kind, scenario, moves)


def test_a_playable_question_has_cards_that_may_and_may_not_be_played(client):
    for seed in map(str, range(10)):
        page = client.get(f"/en/print/quiz?seed={seed}").text
        for kind, scenario, _, answer in _questions(page):
            if kind == "playable":
                hand = set(scenario["hands"][0])
                assert answer and set(answer.split()) < hand


def test_a_challenge_is_sometimes_right_and_sometimes_wrong(client):
    outcomes = {answer for seed in map(str, range(12))
                for kind, _, _, answer in _questions(client.get(f"/en/print/quiz?seed={seed}").text)
                if kind == "challenge"}
    assert outcomes == {"0-4", "1-6"}


def _sheet(page: str) -> str:
    return re.search(r'<article class="sheet sheet-quiz".*</article>', page, re.S).group(0)


def test_a_seed_prints_the_same_sheet_every_time(client):
    first = _sheet(client.get("/ar/print/quiz?seed=class7").text)
    assert _sheet(client.get("/ar/print/quiz?seed=class7").text) == first
    assert _sheet(client.get("/ar/print/quiz?seed=class8").text) != first


def test_a_seed_gives_the_same_positions_in_both_languages(client):
    ar, en = (_questions(client.get(f"/{lang}/print/quiz?seed=class7").text) for lang in ("ar", "en"))
    assert ar == en


def test_the_answer_key_follows_every_question(client):
    page = client.get("/en/print/quiz?seed=class7").text
    assert page.index('class="answer-key"') > page.rindex('class="sheet-question"')


# --- words ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def handout_texts(module_client):
    return {(lang, sheet): page_text(module_client.get(f"/{lang}/print/{sheet}").text)
            for lang in LANGUAGES for sheet in ("", *SHEETS, "quiz?seed=1", "quiz?seed=2")}


def test_the_handouts_use_one_term_for_each_thing(handout_texts):
    replaced = {"ar": arabic_replaced, "en": english_replaced}
    found = {key: replaced[key[0]](text) for key, text in handout_texts.items()}
    assert not {key: words for key, words in found.items() if words}


def test_the_arabic_handouts_name_no_card_digit_first_and_never_put_two_numbers_together(handout_texts):
    arabic = {sheet: text for (lang, sheet), text in handout_texts.items() if lang == "ar"}
    assert not {sheet: DIGIT_FIRST_CARD.findall(text) + NAME_THEN_COUNT.findall(text)
                for sheet, text in arabic.items() if DIGIT_FIRST_CARD.findall(text) + NAME_THEN_COUNT.findall(text)}
