"""The Arabic style sheet (docs/arabic.md), where a machine can check it.

Read in every Arabic text the site shows: the catalogue, every /ar/ page as rendered (text and
aria-labels), and the practice table through whole games. An editor checks the rest.
"""
from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale

from app import create_app, wording
from app.engine.cards import FACES
from app.engine.rules import Rule
from app.engine.verdict import Event
from app.i18n import TRANSLATIONS
from app.pages import PAGES
from app.quiz.item import ITEMS, MYTHS, POSITIONS
from app.quiz.progress import LENGTH

from .arabic_terms import plain, replaced_words
from .practice_support import form_fields, new_form_game, random_move, stored

with (TRANSLATIONS / "ar" / "LC_MESSAGES" / "messages.po").open("rb") as _po:
    CATALOG = read_po(_po, locale="ar")
ENTRIES = [(m.id if isinstance(m.id, str) else m.id[0], text)
           for m in CATALOG if m.id for text in (m.string if m.pluralizable else (m.string,))]
PLURALS = [m for m in CATALOG if m.id and m.pluralizable]
COLOURS = ("حمراء", "صفراء", "خضراء", "زرقاء")
ACTION_NAMES = ("اسحب 2", "تخطي الدور", "عكس الاتجاه", "تغيير اللون")
BARE_ACTION = re.compile(rf"(?<![\u0621-\u064a])(?:{'|'.join(ACTION_NAMES)})")
NEGATION = re.compile(r"(?<![\u0621-\u064a])[وف]?(?:لا|لم|ليس|ليست|بلا|دون|أي)(?![\u0621-\u064a])")
SEAT_KEYS = "|".join(sorted(wording.SEAT_KEYS | {"name", "actor"}))
TWO_NAMES = re.compile(rf"%\((?:{SEAT_KEYS})\)s %\((?:{SEAT_KEYS})\)s")
NAME_THEN_COUNT = re.compile(rf"%\((?:{SEAT_KEYS})\)s %\(num\)d|(?:الروبوت|اللاعب) \d+ \d")
DIGIT_FIRST_CARD = re.compile(rf"(?<![\w.])\d+ (?:{'|'.join(COLOURS)})(?![\u0621-\u064a])")


class _Text(HTMLParser):
    """A page's words as a reader meets them: its text, a line per block, and the names given
    to screen readers."""

    BLOCKS = frozenset("p li tr td th h1 h2 h3 h4 dt dd div section figcaption caption button option label br".split())

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        if tag in self.BLOCKS:
            self.parts.append("\n")
        self.parts.extend(f"\n{value}\n" for name, value in attrs if name in ("aria-label", "title", "alt") and value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def page_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    lines = (" ".join(line.split()) for line in "".join(parser.parts).splitlines())
    return "\n".join(line for line in lines if line)


@pytest.fixture(scope="module")
def arabic_pages(tmp_path_factory):
    """Every /ar/ page and the practice table through three games (official, the long guide, and
    every house rule), as text."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path_factory.mktemp("instance")))
        env.delenv("UNO_TUTOR_SECRET_KEY", raising=False)
        app = create_app({"TESTING": True})
        return _read_everything(app)


def _read_everything(app):
    client = app.test_client()
    pages = {path: page_text(client.get(f"/ar/{path}").text) for path in PAGES}
    pages["play"] = page_text(client.get("/ar/play").text)
    # The steps that list two first-card rules (#34).
    pages["lesson"] = page_text(client.get("/ar/learn/first-card?step=6").text)
    pages["present"] = page_text(client.get("/ar/present/first-card/12").text)
    pages["class"] = page_text(client.get("/ar/class/new").text)
    pages["join"] = page_text(client.get("/ar/join").text)
    pages["quiz"] = _quiz_text(client)
    rng = random.Random(18)
    games = ({}, {"preset": "guide-long"}, {"stacking": "on", "seven_zero": "on", "draw_until_playable": "on"})
    table = []
    for fields in games:
        game_id = new_form_game(client, "ar", **fields)
        url = f"/ar/play/{game_id}"
        token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/ar/play").text).group(1)
        for _ in range(120):
            page = client.get(url).text
            table.append(page_text(page))
            version, practice = stored(app, game_id)
            if practice.finished:
                break
            client.post(url, data=form_fields(random_move(practice, rng), version, token))
    pages["table"] = "\n".join(dict.fromkeys("\n".join(table).splitlines()))
    return pages


def _quiz_text(client):
    """Every quiz item answered every way: the position items on their "Check yourself" pages, the
    myths (their sources compared) through whole quizzes, seeds tried until each has been asked."""
    lines = []
    for item in POSITIONS:
        for choice in (c.id for c in item.solution.choices):
            lines.append(page_text(client.get("/ar/quiz/check", query_string={"item": item.id, "answer": choice}).text))
    unseen, seed = {m.id for m in MYTHS}, 0
    while unseen:
        url = f"/ar/quiz?seed={seed}"
        for _ in range(LENGTH):
            page = client.get(url).text
            lines.append(page_text(page))
            fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', page))
            unseen.discard(fields["item"])
            url = client.get("/ar/quiz", query_string={**fields, "answer": ITEMS[fields["item"]].solution.choices[0].id}).location
        lines.append(page_text(client.get(url).text))
        seed += 1
    return "\n".join(dict.fromkeys("\n".join(lines).splitlines()))


# --- 1. one term for one thing ---------------------------------------------------------------

@pytest.mark.parametrize("msgid, text", ENTRIES)
def test_the_catalogue_uses_one_term_for_each_thing(msgid, text):
    assert not replaced_words(text), (msgid, text, replaced_words(text))


def test_the_pages_use_one_term_for_each_thing(arabic_pages):
    """The glossary lists the other words; the sources page may quote them from the guides."""
    found = {}
    for path, text in arabic_pages.items():
        if path == "glossary":
            continue
        if path == "sources":
            text = re.sub(r"«[^»]*»", "", text)
        for line in text.splitlines():
            if replaced_words(line):
                found.setdefault(path, []).append((line, replaced_words(line)))
    assert not found, found


def test_the_glossary_lists_the_replaced_words(arabic_pages):
    glossary = plain(arabic_pages["glossary"])
    for word in ("الأرض", "النار", "الجوكر", "يرمي", "يسمي اللون", "الحاسوب", "قاعدة 7-0"):
        assert word in glossary, word
    assert "البرية" not in glossary


# --- 2. card names ---------------------------------------------------------------------------

def test_no_arabic_card_name_begins_with_a_digit_or_a_verb(app):
    with app.test_request_context("/ar/"), force_locale("ar"):
        names = {notation: wording.card_name(notation) for notation in FACES}
    for notation, name in names.items():
        assert not name[0].isdigit(), (notation, name)
        assert name.startswith(COLOURS) or name.startswith("«"), (notation, name)
        assert name.endswith("»") or re.search(r"رقم\u00a0\d$", name), (notation, name)
        assert not re.search(r" \d", name), ("a no-break space before a digit", notation, name)
    assert names["R7"] == "حمراء رقم\u00a07" and names["BD2"] == "زرقاء «اسحب\u00a02»"
    assert names["WD4"] == "«تغيير اللون + اسحب\u00a04»"  # a digit never starts a line of its own


@pytest.mark.parametrize("msgid, text", ENTRIES)
def test_the_catalogue_names_no_card_digit_first(msgid, text):
    assert not DIGIT_FIRST_CARD.search(text), (msgid, text)


def test_the_pages_name_no_card_digit_first(arabic_pages):
    found = {path: DIGIT_FIRST_CARD.findall(text) for path, text in arabic_pages.items()}
    assert not any(found.values()), {p: f for p, f in found.items() if f}


@pytest.mark.parametrize("msgid, text", [e for e in ENTRIES if re.search(r"[.!؟]$", e[1])])
def test_an_action_card_in_a_sentence_is_in_guillemets(msgid, text):
    """A sentence says «اسحب 2», never a bare verb that reads as an order."""
    bare = re.sub(r"«[^»]*»", "", text)
    assert not BARE_ACTION.search(bare), (msgid, text)


def test_a_rule_title_with_a_colon_is_quoted_in_running_text(app):
    """«القواعد: «البطاقة الأولى: رقم» ومطابقة اللون»: the title's own colon is not the sentence's."""
    for lang, quotes in (("ar", "«»"), ("en", "“”")):
        with app.test_request_context(f"/{lang}/"), force_locale(lang):
            for rule in Rule:
                title = wording.rule_title(rule)
                assert wording.listed_title(rule) == (quotes[0] + title + quotes[1] if ":" in title else title)


def test_the_pages_list_no_rule_title_unquoted(arabic_pages, app):
    """The lessons' and the presenter's «القواعد:», the game log's «السبب:», rule links in prose."""
    with app.test_request_context("/ar/"), force_locale("ar"):
        titles = [wording.rule_title(rule) for rule in Rule if ":" in wording.rule_title(rule)]
    unquoted = re.compile(rf"(?<!«)(?:{'|'.join(map(re.escape, titles))})")
    found = {path: [line for line in text.splitlines() if line.removesuffix(" #") not in titles and unquoted.search(line)]
             for path, text in arabic_pages.items() if path != "glossary"}
    assert not any(found.values()), {p: f for p, f in found.items() if f}
    assert "القواعد: «البطاقة الأولى: تغيير اللون + اسحب 4» و«البطاقة الأولى: رقم»" in arabic_pages["lesson"]


# --- 3. lists ----------------------------------------------------------------------------------

@pytest.mark.parametrize("items, expected", [
    (["أ"], "أ"),
    (["أ", "ب"], "أ وب"),
    (["أ", "ب", "ج"], "أ، وب، وج"),
    (["أ", "ب", "ج", "د"], "أ، وب، وج، ود"),
])
def test_arabic_lists(items, expected):
    assert wording.word_list(items, "ar") == expected


@pytest.mark.parametrize("cards, listed", [
    (["R0", "Y3"], "حمراء رقم\u00a00 وصفراء رقم\u00a03"),
    (["WD4", "R2", "G7"], "«تغيير اللون + اسحب\u00a04»، وحمراء رقم\u00a02، وخضراء رقم\u00a07"),
])
def test_the_cards_a_player_draws_are_an_arabic_list(app, cards, listed):
    event = Event(("draw", Rule.DRAW_ONE, {"seat": 0, "count": len(cards), "cards": cards, "private_to": 0}))
    with app.test_request_context("/ar/"), force_locale("ar"):
        text = wording.event_message(event, viewer=0)
    assert f": {listed}." in text, text


def test_seats_and_scores_are_arabic_lists(app):
    tie = Event(("game-end", Rule.SCORE_TALLY_LOWEST, {"winner": 0, "winners": [0, 1, 2], "scores": [7, 7, 7]}))
    with app.test_request_context("/ar/"), force_locale("ar"):
        text = wording.event_message(tie)
    assert "اللاعب 1، واللاعب 2، واللاعب 3" in text, text
    assert "اللاعب 1 (7)، واللاعب 2 (7)، واللاعب 3 (7)" in text, text


# --- 4. word order -----------------------------------------------------------------------------

@pytest.mark.parametrize("msgid, text", ENTRIES)
def test_two_digits_never_touch_and_two_names_start_the_sentence(msgid, text):
    assert not NAME_THEN_COUNT.search(text), (msgid, text)
    match = TWO_NAMES.search(text)
    assert not match or match.start() == 0, (msgid, text)


def test_the_table_never_puts_two_numbers_side_by_side(arabic_pages):
    assert not NAME_THEN_COUNT.findall(arabic_pages["table"])


# --- 5. digits, symbols and direction ----------------------------------------------------------

def test_a_sum_or_a_sign_in_an_arabic_page_is_isolated_left_to_right():
    """«(<bdi dir="ltr">4 + 2</bdi>)»: an isolate of digits and signs says its direction, so no
    renderer lays it out right to left (read as «2 + 4», #34)."""
    templates = TRANSLATIONS.parent / "app" / "templates"
    found = [(path.name, run) for path in templates.rglob("*.ar.html")
             for run in re.findall(r"<bdi>([^<]*[-+=×−][^<]*)</bdi>", path.read_text(encoding="utf-8"))]
    assert found == []


# --- 6. plural forms ---------------------------------------------------------------------------

@pytest.mark.parametrize("message", PLURALS, ids=lambda m: m.id[0][:40])
def test_every_plural_has_six_forms_in_one_pattern(message):
    forms = message.string
    assert len(forms) == 6 and all(forms), message.id
    counted = "%(num)d" in message.id[1]
    zero, one, two, *rest = forms
    assert "%(num)d" not in zero and NEGATION.search(zero), ("zero: a negation in words", zero)
    assert "%(num)d" not in one and "%(num)d" not in two, ("one and two in words", one, two)
    if counted:
        assert all("%(num)d" in form for form in rest), ("3 and more: the digit", rest)


# --- 7. tone -------------------------------------------------------------------------------------

# English-shaped constructions and what the sheet writes instead (#34).
CALQUES = {
    re.compile(r"(?<![\u0621-\u064a])فقط(?![\u0621-\u064a])"): "«لا … إلا» or «وحده» (not «فقط»)",
    re.compile(r"أحدًا(?: [\u0621-\u064a]+)? لا "): "«ولا يضبطه أحد», «إذ لا يرى يدك أحد غيرك»",
    re.compile(r"رفضت حركات"): "«القواعد التي خالفتها حركاتك»",
    re.compile(r"يلعب أونو من"): "«عدد اللاعبين في أونو من 2 إلى 10» (who would play «from 2 to 10»?)",
    re.compile(r"[“”]"): "Arabic quotes with «…», a sign too: «-» و«_»",
    re.compile(r"لا تبدأ بطاقة"): "«لا يجوز أن تبدأ كومة الرمي ببطاقة…»",
    re.compile(r": ل(?!يس)[تي][\u0621-\u064a]"): "a purpose clause follows its verb without a colon («وتحدَّه لترى…»)",
    # One spelling for a word written two ways (#34): the shadda where the word has one.
    re.compile(r"(?<![\u0621-\u064a])(?:محرك|حلاق)|(?<![\u0621-\u064a])[يت]ُ?رَ?د (?:على|ب)"):
        "«محرّك», «حلّاق», «يردّ» and «تردّ», with their shadda",
    # تحدّى in all its forms (يتحدّى، تحدّيت، التحدّي، المتحدّي، تحدٍّ); تحديث and تحديد are other words.
    re.compile("تحد[\u064b-\u0650\u0652]*(?:[ىاه]|ي(?![ثد]))|تحدٍ(?!\u0651)"):
        "«تحدّى», «يتحدّى», «التحدّي», «المتحدّي», «تحدٍّ»: the challenge's verb keeps its shadda",
    re.compile(r"(?<![\u0621-\u064a])([\u0621-\u064a]+)[\u064b-\u064d] \1(?![\u064b-\u0652])"):
        "a repeated noun carries its tanween twice: «خطوةً خطوةً»",
}


def _calques(text):
    return [(match.group(), instead) for pattern, instead in CALQUES.items() for match in pattern.finditer(text)]


@pytest.mark.parametrize("msgid, text", ENTRIES)
def test_the_catalogue_writes_no_calque(msgid, text):
    assert not _calques(text), (msgid, text, _calques(text))


def test_the_pages_write_no_calque(arabic_pages):
    found = {path: _calques(text) for path, text in arabic_pages.items()}
    assert not any(found.values()), {p: f for p, f in found.items() if f}
