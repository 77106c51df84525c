"""The handouts (/<lang>/print/): they answer in both languages and on both papers, the card
reference's numbers are the engine's, the quiz sheet's answers are what the check API says about
its positions, and a seed always prints the same sheet."""
from __future__ import annotations

import html
import json
import re

import pytest
from flask_babel import force_locale

from app.engine.cards import COPIES, Kind
from app.engine.rules import Rule
from app.i18n import LANGUAGES
from app import wording
from app.handouts.quiz_sheet import SHEET_LENGTH
from app.links import qr_svg
from app.quiz.item import ITEMS
from app.quiz.progress import items_for
from app.wording import VERDICTS

from .arabic_terms import replaced_words as arabic_replaced
from .english_terms import replaced_words as english_replaced
from .test_arabic_style import DIGIT_FIRST_CARD, NAME_THEN_COUNT, page_text
from .test_quiz import _actor, engine_answer

SHEETS = ("summary", "large", "bilingual", "cards", "quiz?seed=class7")
SUMMARIES = ("summary", "large", "bilingual")  # the rules' summary, on its three sheets


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


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sheet", SUMMARIES)
def test_a_summary_ends_with_the_rules_whole_address_and_its_qr_code(app, client, lang, sheet):
    """#35: the sheets ended with a bare "/en/rules/", which no one can type off paper. Now the whole
    address of the host the sheet was asked of (scheme included), and the QR code of that address."""
    page = client.get(f"/{lang}/print/{sheet}", base_url="https://uno.example.org").text
    shown = re.findall(r'<code dir="ltr">([^<]*/rules/)</code>', page)
    codes = ("ar", "en") if sheet == "bilingual" else (lang,)
    assert sorted(shown) == [f"https://uno.example.org/{code}/rules/" for code in codes]
    for address in shown:
        with app.test_request_context(f"/{lang}/"), force_locale(lang):
            drawn = qr_svg(address, "QR")
        assert drawn.split("</title>")[1] in page  # segno's modules of that very address


def test_the_site_address_when_set_is_the_one_printed(app, client):
    app.config["SITE_URL"] = "https://uno.example"
    page = client.get("/ar/print/summary", base_url="http://10.0.0.7:8000").text
    assert '<code dir="ltr">https://uno.example/ar/rules/</code>' in page and "10.0.0.7" not in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bilingual_sheet_holds_the_summary_in_each_language_side_by_side(client, lang):
    """A column per language, each marked with its language and direction, the page's own first
    (so English prints on the left, Arabic on the right), each the same summary as its own sheet."""
    page = client.get(f"/{lang}/print/bilingual").text
    columns = re.findall(r'<div class="bilingual-column" lang="(\w+)" dir="(\w+)">(.*?)</footer>', page, re.S)
    assert [(code, direction) for code, direction, _ in columns] == sorted([("ar", "rtl"), ("en", "ltr")],
                                                                          key=lambda column: column[0] != lang)
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids))  # each language's sections have ids of their own
    for code, _, column in columns:
        alone = client.get(f"/{code}/print/summary").text
        summary = re.search(r'<p class="sheet-lead">.*?</footer>', alone, re.S).group(0)
        assert _without_ids(summary) in _without_ids(column + "</footer>")
        with client.application.test_request_context(f"/{code}/"):
            assert str(VERDICTS[Rule.UNO_CALL, False, None]) in html.unescape(column)
    heading = re.search(r'<h1 id="sheet-title" class="bilingual-title">(.*?)</h1>', page, re.S).group(1)
    assert 'lang="ar" dir="rtl">القواعد في صفحة واحدة<' in heading and 'lang="en" dir="ltr">The rules on one page<' in heading


def _without_ids(markup: str) -> str:
    return re.sub(r' (id|aria-labelledby)="[^"]*"', "", markup)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_index_links_the_large_print_and_the_bilingual_sheets(client, lang):
    page = client.get(f"/{lang}/print/").text
    for sheet in ("large", "bilingual"):
        for paper in ("a4", "letter"):
            assert f'href="/{lang}/print/{sheet}?paper={paper}"' in page


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


def _questions(page: str) -> list[tuple[str, dict, list, str, str]]:
    """(item id, scenario, moves, the key's answer, the key's rule ids) for each question of a sheet."""
    asked = re.findall(r'<li class="sheet-question" [^>]*data-item="([\w-]+)" data-kind="[\w-]+" '
                       r'data-scenario=\'([^\']*)\' data-moves=\'([^\']*)\'>', page)
    keyed = re.findall(r'<li data-item="([\w-]+)" data-answer="([^"]*)" data-rules="([^"]*)">', page)
    assert len(asked) == len(keyed) == SHEET_LENGTH
    assert [item for item, *_ in asked] == [item for item, *_ in keyed]
    return [(item, json.loads(html.unescape(scenario)), json.loads(html.unescape(moves)), answer, rules)
            for (item, scenario, moves), (_, answer, rules) in zip(asked, keyed)]


@pytest.mark.parametrize("seed", ["1", "class7", "42", "ما-بعد"])
def test_the_quiz_sheet_asks_the_quizs_items_and_its_answers_are_the_engines(app, client, seed):
    """#32: the sheet draws from the quiz's items (as the online quiz picks them for a seed), each
    shown with its own position and moves, and the key's answer is what the check API gives."""
    questions = _questions(client.get("/en/print/quiz", query_string={"seed": seed}).text)
    assert [item for item, *_ in questions] == [i.id for i in items_for(seed, length=SHEET_LENGTH, myths=0)]
    assert len({ITEMS[item].topic for item, *_ in questions}) == SHEET_LENGTH  # one per rules page first
    for item_id, scenario, moves, answer, _ in questions:
        item = ITEMS[item_id]
        assert (scenario, moves) == (item.scenario, list(item.moves))
        with app.test_request_context("/en/"):
            assert set(answer.split()) == engine_answer(client, item), item_id


def _play(seat: int, card: str) -> dict:
    return {"seat": seat, "action": "play", "card": card, **({"color": "red"} if card.startswith("W") else {})}


def _check(client, scenario: dict, moves: list[dict]) -> dict:
    response = client.post("/api/v1/check", json={"scenario": scenario, "moves": moves})
    assert response.status_code == 200, response.json
    return response.json


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_keys_reason_for_a_card_is_the_rule_the_engine_names_for_it(client, lang):
    """#32: the key named "match.color" as the reason for every playable card, a Wild and a number
    matched by number included. Now each right card's reason is the rule of the check API's verdict
    on playing it, and the key shows that rule by name."""
    seen = set()
    for seed in map(str, range(12)):
        page = client.get(f"/{lang}/print/quiz?seed={seed}").text
        for item_id, scenario, moves, answer, rules in _questions(page):
            item = ITEMS[item_id]
            if item.ask.name != "playable":
                continue
            seat = _actor(_check(client, scenario, moves)["state"])
            judged = [_check(client, scenario, [*moves, _play(seat, card)])["results"][-1] for card in answer.split()]
            assert all(result["verdict"] == "legal" for result in judged)
            assert rules.split() == list(dict.fromkeys(result["rule"] for result in judged)), (seed, item_id)
            shown = re.search(rf'<li data-item="{item_id}" data-answer[^>]*>\s*<p>.*?<span class="key-rule">(.*?)</span>',
                              page, re.S).group(1)
            with client.application.test_request_context(f"/{lang}/"):
                assert all(wording.rule_title(Rule(rule)) in html.unescape(shown) for rule in rules.split()), shown
                assert all(rule not in shown for rule in rules.split())  # by name, never by id
            seen |= set(rules.split())
    assert {"match.color", "match.number"} <= seen  # a card matched by number is not "matching the colour"


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
