"""The teacher's side of a class's tables as pages (issue 38, item 1), on both databases: the class
page's "Tables" part and its forms without JavaScript (open, start: Post/Redirect/Get, with the
session's CSRF token), the listing (seats, who plays them, cards left, whose turn, refusals worded
by rule, finished) without a card, refusals said in the teacher's language, and the open-hands page
that only the class's teacher sees."""
import html
import random
import re

import pytest
from flask_babel import force_locale

from app.practice import narration
from app.wording.names import card_name_in

from .practice_support import CSRF, random_move
from .test_class_tables import class_tables, students
from .test_classes import make_class, message, student
from .test_tables import join, move, server_side

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

CARD = re.compile(r'data-card="')


def part(page: str) -> str:
    """The tables part of a class page (its <section id="tables">)."""
    found = re.search(r'<section id="tables".*?</section>', page, re.S)
    assert found, "no tables part"
    return found.group(0)


def post_form(client, path: str, **fields):
    """The form at ``path``, sent as a browser does: its CSRF token, then ``fields``."""
    asked = client.get(path)
    assert asked.status_code == 200
    return client.post(path, data={"csrf_token": CSRF.search(asked.text).group(1), **fields})


def asked_again(page: str, version: int) -> str:
    """What a watcher's page asks for to follow its table (watch.js): its refresh link, ``after``
    the version it shows."""
    refresh = html.unescape(re.search(r'class="watch-refresh" href="([^"]+)"', page).group(1))
    return f"{refresh}{'&' if '?' in refresh else '?'}after={version}"


OPEN = {"tables": "2", "seats": "2", "preset": "official", "target": "500", "level": "easy"}


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_teacher_opens_and_starts_tables_with_the_pages_forms(app, client, lang):
    code = make_class(client)["code"]
    page = client.get(f"/{lang}/class/{code}")
    assert 'id="tables"' in page.text and f"/{lang}/class/{code}/tables/open" in page.text
    assert f"/{lang}/class/{code}/tables/start" not in page.text  # no table waits
    done = post_form(client, f"/{lang}/class/{code}/tables/open", **OPEN, same_deal="on")
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/{lang}/class/{code}#tables")
    listed = client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"]
    assert [(table["number"], table["seats"], table["started"]) for table in listed] == [(1, 2, False), (2, 2, False)]
    hands = [server_side(app, table["id"])[1].round.hands for table in listed]
    assert hands[0] == hands[1]  # the same first deal
    shown = part(client.get(f"/{lang}/class/{code}").text)
    assert shown.count('class="class-table"') == 2 and f"/{lang}/class/{code}/tables/start" in shown
    started = post_form(client, f"/{lang}/class/{code}/tables/start")
    assert started.status_code == 303 and started.headers["Location"].endswith("#tables")
    assert all(table["started"] for table in client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"])
    assert f"/{lang}/class/{code}/tables/start" not in client.get(f"/{lang}/class/{code}").text


def untouched(page: str) -> dict[str, str]:
    """What a form sends as it comes: its hidden and typed values, checked boxes and buttons, and
    each menu's selected option."""
    sent = {}
    for tag in re.findall(r"<input\b[^>]*>", page):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        kind = re.search(r'type="([^"]+)"', tag).group(1)
        if name and (kind not in ("radio", "checkbox") or re.search(r"\schecked\b", tag)):
            sent[name.group(1)] = value.group(1) if value else "on"
    for name, options in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        sent[name] = re.search(r'<option value="([^"]+)" selected>', options).group(1)
    return sent


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("rules, preset", [
    ({"preset": "guide-long", "stacking": True, "target": 200}, "guide-long"),  # a preset and a switch
    ({"preset": "guide-short", "scoring": "winner-collects"}, "guide-short"),  # the preset's scoring changed
    ({"preset": "official", "uno_penalty": 3, "target": 250}, "kept"),  # no preset nor form field makes these
])
def test_the_open_form_starts_from_the_classs_rules_and_level(app, client, lang, rules, preset):
    code = make_class(client, rules=rules, level="normal")["code"]
    page = client.get(f"/{lang}/class/{code}/tables/open").text
    sent = untouched(page)
    assert sent["preset"] == preset and sent["level"] == "normal"
    assert ('id="preset-kept"' in page) == (preset == "kept")
    if preset == "kept":  # said as the class page says the class's rules
        said = re.search(r'for="preset-kept">([^<]+) <span class="choice-note">\(([^)]+)\)', page)
        assert said and ("3" in said.group(2)) and said.group(1) != said.group(2)
        if lang == "ar":
            assert re.search("[\u0600-\u06ff]", said.group(1)) and re.search("[\u0600-\u06ff]", said.group(2))
    answer = client.post(f"/{lang}/class/{code}/tables/open", data=sent)
    assert answer.status_code == 303, answer.text
    (table,) = client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"]
    practice = server_side(app, table["id"])[1]
    kept = client.get(f"/api/v1/classes/{code}").get_json()["rules"]
    assert practice.game.rules.to_dict() == {**kept, "players": 4} and practice.level == "normal"
    if preset == "kept":  # the form's switches and target still change the class's rules
        changed = client.post(f"/{lang}/class/{code}/tables/open",
                              data={**sent, "seven_zero": "on", "target": "100"})
        assert changed.status_code == 303
        newest = client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"][-1]
        assert server_side(app, newest["id"])[1].game.rules.to_dict() == {**kept, "players": 4,
                                                                            "seven_zero": True, "target": 100}


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("fields, field", [({"tables": "0"}, "tables"), ({"tables": "21"}, "tables"),
                                           ({"tables": "two"}, "tables"), ({"seats": "5"}, "seats"),
                                           ({"level": "hard"}, "level"), ({"preset": "nonsense"}, "rules")])
def test_bad_choices_come_back_beside_their_field_and_open_nothing(app, client, lang, fields, field):
    code = make_class(client)["code"]
    answer = post_form(client, f"/{lang}/class/{code}/tables/open", **{**OPEN, **fields})
    assert answer.status_code == 400
    assert f'id="{field}-error"' in answer.text and 'role="alert"' in answer.text
    assert client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"] == []
    if lang == "ar":
        note = re.search(rf'id="{field}-error">([^<]+)<', answer.text).group(1)
        assert re.search("[\u0600-\u06ff]", note), note


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_too_many_tables_is_said_above_the_form(app, client, lang, monkeypatch):
    from app.tables import classes

    monkeypatch.setattr(classes, "MAX_TABLES", 3)
    code = make_class(client)["code"]
    class_tables(client, code, tables=2)
    answer = post_form(client, f"/{lang}/class/{code}/tables/open", **OPEN)
    assert answer.status_code == 409
    assert message(app, lang, "too-many-tables", max=3) in answer.text.replace("&#39;", "'")
    assert len(client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"]) == 2


@pytest.mark.parametrize("lang, words", [
    ("en", ["Sara", "student", "bot", "playing", "To play:", "Round 1", "Refused moves, by rule:"]),
    # words true of anyone beside a typed name (docs/arabic.md §9): never «طالب» beside Sara, nor «يلعب»
    ("ar", ["Sara", "من طلاب الصف", "روبوت", "جارية", "الدور الآن:", "الجولة 1", "الحركات المرفوضة حسب القاعدة:"]),
])
def test_the_listing_says_each_tables_seats_turn_and_refusals_without_a_card(app, client, lang, words):
    code = make_class(client)["code"]
    (table,) = class_tables(client, code, tables=1, seats=3)
    first, second = students(app, code, 2)
    join(first, table, "Sara")
    join(second, table, "Omar")
    assert client.post(f"/api/v1/classes/{code}/tables/start").status_code == 200
    version, practice = server_side(app, table)
    actor = practice.waiting_for()
    if actor in (0, 1):  # a person's turn: the other one tries to draw and is refused (turn.order)
        assert move((first, second)[1 - actor], table, version, {"action": "draw"}).status_code == 422
    shown = part(client.get(f"/{lang}/class/{code}").text)
    for word in words if actor in (0, 1) else words[:-1]:
        assert word in shown.replace("&#39;", "'"), word
    assert lang == "en" or not re.search(r'seat-who">(طالب|غائب)|يلعب الآن', shown)  # masculine beside Sara
    if actor in (0, 1):
        with app.test_request_context(f"/{lang}/"), force_locale(lang):
            title = narration.why("turn.order")["title"]
        assert f">{title}</a>: <bdi>1</bdi>" in shown.replace("&#39;", "'")
    assert "Omar" in shown and shown.count('class="class-table-seats"') == 1
    assert not CARD.search(shown)  # never a card
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        names = {card_name_in(lang, card.notation) for hand in practice.round.hands for card in hand}
    assert lang == "en" or not any("Red" in name or "Blue" in name for name in names)  # the names are the reader's
    assert not [name for name in names if name in shown]  # nor a card's name in words
    own = client.get(f"/{lang}/class/{code}/tables")  # the part alone, as class.js reads it
    assert own.status_code == 200 and part(own.text).count('class="class-table"') == 1


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_only_the_teacher_sees_the_part_its_pages_and_the_open_hands(app, client, lang):
    code = make_class(client)["code"]
    (table,) = class_tables(client, code, tables=1, seats=2)
    (pupil,) = students(app, code, 1)
    join(pupil, table, "Sara")
    client.post(f"/api/v1/classes/{code}/tables/start")
    watch = f"/{lang}/class/{code}/tables/{table}/watch"
    assert watch in client.get(f"/{lang}/class/{code}").text
    opened = client.get(watch)
    assert opened.status_code == 200
    _version, practice = server_side(app, table)
    hands = re.search(r'<section id="hand".*?</section>', opened.text, re.S).group(0)
    assert hands.count('role="img"') == sum(len(hand) for hand in practice.round.hands)  # every hand, open
    assert 'class="hidden-hand"' not in hands and "Sara" in hands
    version = server_side(app, table)[0]
    assert client.get(asked_again(opened.text, version)).status_code == 204  # nothing new: the page polls cheaply
    forbidden = message(app, lang, "class-forbidden").replace("'", "&#39;")
    for browser in (pupil, student(app, "198.51.100.9")):
        for path in (f"/{lang}/class/{code}", f"/{lang}/class/{code}/tables", f"/{lang}/class/{code}/tables/open",
                     f"/{lang}/class/{code}/tables/start", watch):
            answer = browser.get(path)
            assert answer.status_code == 403, path
            assert forbidden in answer.text and not CARD.search(answer.text)
    other = make_class(client)["code"]  # the teacher's other class: the table is not its
    missing = client.get(f"/{lang}/class/{other}/tables/{table}/watch")
    assert missing.status_code == 404 and message(app, lang, "table-not-found") in missing.text


def test_a_form_without_the_csrf_token_is_refused_and_opens_nothing(app, client):
    code = make_class(client)["code"]
    assert client.post(f"/en/class/{code}/tables/open", data=OPEN).status_code == 400
    assert client.post(f"/en/class/{code}/tables/start").status_code == 400
    assert client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"] == []


def test_the_class_page_follows_its_tables_without_drawing_an_old_one(app, client):
    """The class page is drawn once per version (app.drawn_pages): a move at a table, a seat taken
    or a refusal makes a new one, so a reload without JavaScript shows it."""
    code = make_class(client)["code"]
    (table,) = class_tables(client, code, tables=1, seats=2)
    assert "free seat" in part(client.get(f"/en/class/{code}").text)
    first, second = students(app, code, 2)
    join(first, table, "Sara")
    assert "Sara" in part(client.get(f"/en/class/{code}").text)
    join(second, table, "Omar")  # the last seat: the table starts
    shown = part(client.get(f"/en/class/{code}").text)
    assert "Omar" in shown and "playing" in shown
    version, practice = server_side(app, table)
    mover = practice.waiting_for()
    answer = move((first, second)[mover], table, version, random_move(practice, random.Random(3), mover))
    assert answer.status_code in (200, 422)
    if answer.status_code == 422:
        assert "Refused moves, by rule:" in part(client.get(f"/en/class/{code}").text)
    else:
        cards = server_side(app, table)[1].round.hands
        shown = part(client.get(f"/en/class/{code}").text)
        assert [int(n) for n in re.findall(r'class="seat-cards">(\d+) card', shown)] == [len(hand) for hand in cards]


@pytest.mark.parametrize("lang, away", [("en", "away — played by a bot"), ("ar", "خارج الطاولة — يلعب في المقعد روبوت")])
def test_a_seat_the_listing_calls_away_is_said_to_be_played_by_a_bot(app, client, monkeypatch, lang, away):
    """Where the listing names the seats whose student is away (``"away"``), the part says so."""
    from app.tables import classes

    listing = classes.listing
    monkeypatch.setattr(classes, "listing", lambda found: [{**table, "away": table["people"]}
                                                           for table in listing(found)])
    code = make_class(client)["code"]
    (table,) = class_tables(client, code, tables=1, seats=2)
    (pupil,) = students(app, code, 1)
    join(pupil, table, "Sara")
    shown = part(client.get(f"/{lang}/class/{code}").text)
    assert shown.count(away) == 1 and "Sara" in shown


def test_the_open_hands_page_names_a_student_who_sits_down(app, client):
    """A join writes no new version of the table's game: the page's refresh link carries who sits
    there, so that its ``?after=`` is "no change" only while nobody else has sat down."""
    code = make_class(client)["code"]
    (table,) = class_tables(client, code, tables=1, seats=3)
    watch = f"/en/class/{code}/tables/{table}/watch"
    before = client.get(watch).text
    version = server_side(app, table)[0]
    again = asked_again(before, version)
    assert client.get(again).status_code == 204  # nothing new: the page polls cheaply
    (pupil,) = students(app, code, 1)
    join(pupil, table, "Zainab")
    assert server_side(app, table)[0] == version  # no move: the same version
    fresh = client.get(again)
    assert fresh.status_code == 200 and "Zainab" in fresh.text
    assert "Zainab" in client.get(watch).text and "Zainab" not in before
