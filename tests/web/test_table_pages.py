"""The pages of a table of people (issue 38, items 2-5), without JavaScript, on both databases:
open a table from the practice page, share its page, join it by a form, move by forms, a refusal
shown to its mover alone, another seat's page never holding the mover's hand, a full table, a bad
name, a class's tables for its students; in Arabic and in English."""
import html
import re

import pytest

from app.engine.cards import card
from app.practice.game import hint
from app.tables import play

from .practice_support import CSRF, VERSION, assert_html_hides, csrf, rewrite
from .test_class_tables import class_tables, students
from .test_classes import make_class, message, student
from .test_tables import a_table, server_side

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

HAND = re.compile(r'data-card="([^"]+)" class="card-button')


def token(page: str) -> str:
    return CSRF.search(page).group(1)


def open_by_form(client, lang="en", **fields):
    """The practice page's "Play with friends" form, sent."""
    data = {"csrf_token": csrf(client, lang), "seats": "2", "preset": "official", "level": "easy", "name": "Sara",
            **fields}
    return client.post(f"/{lang}/tables", data=data)


def join_by_form(client, table, name="Omar", lang="en"):
    page = client.get(f"/{lang}/tables/{table}")
    return client.post(f"/{lang}/tables/{table}/join", data={"csrf_token": token(page.text), "name": name})


def move_by_form(client, table, fields, lang="en"):
    """A move sent by the seat's own page's form (its version and token)."""
    page = client.get(f"/{lang}/tables/{table}").text
    data = {"csrf_token": token(page), "version": VERSION.search(page).group(1), **fields}
    return client.post(f"/{lang}/tables/{table}", data=data)


def two_at_a_table(app, seats=2):
    """A table opened by the API (a known deal) and two browsers seated there, by the pages."""
    maker, friend = student(app), student(app)
    table = a_table(maker, seats, name="Sara")
    assert join_by_form(friend, table).status_code == 303
    return table, maker, friend


def hand_on_page(page: str) -> list[str]:
    return HAND.findall(page)


def words(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_practice_page_opens_a_table_and_lands_its_maker_at_seat_0(app, client, lang):
    page = client.get(f"/{lang}/play").text
    assert 'action="/{}/tables"'.format(lang) in page and 'name="seats"' in page
    answer = open_by_form(client, lang)
    assert answer.status_code == 303
    table = answer.headers["Location"].rsplit("/", 1)[1]
    assert answer.headers["Location"] == f"/{lang}/tables/{table}"
    seated = client.get(f"/{lang}/tables/{table}")
    assert seated.status_code == 200
    _version, practice = server_side(app, table)
    assert hand_on_page(seated.text) == [c.notation for c in practice.round.hands[0]]
    assert f'data-version="{VERSION.search(seated.text).group(1)}"' in seated.text
    # The share box: the page's whole address, and its QR code.
    assert f'value="http://localhost/{lang}/tables/{table}"' in seated.text and 'class="qr"' in seated.text
    assert "Sara" in words(seated.text)
    assert ("طاولة الأصدقاء" if lang == "ar" else "Table with friends") in seated.text


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("fields, field", [({"seats": "7"}, "seats"), ({"level": "hard"}, "level"),
                                           ({"name": "x" * 21}, "name")])
def test_a_refused_choice_comes_back_to_the_practice_page_and_opens_nothing(app, client, lang, fields, field):
    answer = open_by_form(client, lang, **fields)
    assert answer.status_code == 400
    assert 'id="friends-error"' in answer.text
    if field == "name":
        assert message(app, lang, "bad-table-name", max=20) in words(answer.text)
    assert client.get(f"/{lang}/play").status_code == 200 and "/tables/" not in answer.headers.get("Location", "")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_friend_joins_by_the_form_and_sees_only_their_own_hand(app, lang):
    maker, friend = student(app), student(app)
    table = a_table(maker, 2, name="Sara")
    door = friend.get(f"/{lang}/tables/{table}")
    assert door.status_code == 200 and 'name="name"' in door.text and "Sara" in door.text
    assert not hand_on_page(door.text)  # no seat: no hand, no table
    joined = join_by_form(friend, table, "Omar", lang)
    assert joined.status_code == 303 and joined.headers["Location"] == f"/{lang}/tables/{table}"
    _version, practice = server_side(app, table)
    for seat, browser in enumerate((maker, friend)):
        page = browser.get(f"/{lang}/tables/{table}").text
        assert hand_on_page(page) == [c.notation for c in practice.round.hands[seat]]
        assert_html_hides(app, lang, page, table, seat=seat)
        assert "Omar" in page and "Sara" in page
    # Joining again (a reload of the form, another tab) goes back to the same seat.
    assert join_by_form(friend, table, "", lang).status_code == 303


def test_moves_by_forms_are_seen_by_the_other_seat_without_the_movers_hand(app):
    table, maker, friend = two_at_a_table(app)
    browsers = {0: maker, 1: friend}
    for _ in range(6):
        version, practice = server_side(app, table)
        seat = practice.round.actor()
        if seat is None:
            break
        state = practice.round
        legal = [c for c in state.hands[seat] if hint(state, c, seat).legal and not c.is_wild
                 and not (state.rules.seven_zero and c.rank == 7)]
        fields = {"action": "play", "card": legal[0].notation} if legal and not state.pending else {"action": "draw"}
        if state.pending:
            fields = {"action": state.legal_moves(seat)[0].to_dict()["action"]}
        answer = move_by_form(browsers[seat], table, fields)
        assert answer.status_code == 303, words(answer.text)
        after, moved = server_side(app, table)
        assert after > version
        other = 1 - seat
        page = browsers[other].get(f"/en/tables/{table}").text
        assert f'data-version="{after}"' in page
        assert hand_on_page(page) == [c.notation for c in moved.round.hands[other]]
        assert_html_hides(app, "en", page, table, seat=other)


@pytest.mark.parametrize("mover_lang, other_lang", [("en", "ar"), ("ar", "en")])
def test_a_refused_move_is_explained_to_its_mover_alone_in_their_language(app, mover_lang, other_lang):
    table, maker, friend = two_at_a_table(app)
    version, practice = server_side(app, table)
    idle = 1 - practice.round.actor()  # the seat whose turn it is not
    mover, other = (maker, friend) if idle == 0 else (friend, maker)
    tried = practice.round.hands[idle][0].notation
    answer = move_by_form(mover, table, {"action": "play", "card": tried}, mover_lang)
    assert answer.status_code == 422
    refusal = re.search(r'<p class="refusal" id="refusal" role="alert">([^<]+)', answer.text).group(1).strip()
    assert ("دور" in refusal) if mover_lang == "ar" else ("turn" in refusal)
    assert server_side(app, table)[0] == version  # nothing changed
    seen = other.get(f"/{other_lang}/tables/{table}").text
    assert 'id="refusal"' not in seen and refusal not in html.unescape(seen)
    assert_html_hides(app, other_lang, seen, table, seat=1 - idle)


def test_a_move_on_an_old_page_is_refused_with_the_table_as_it_is(app):
    table, maker, friend = two_at_a_table(app)
    version, practice = server_side(app, table)
    seat = practice.round.actor()
    mover = maker if seat == 0 else friend
    page = mover.get(f"/en/tables/{table}").text
    data = {"csrf_token": token(page), "version": str(version - 1), "action": "draw"}
    answer = mover.post(f"/en/tables/{table}", data=data)
    assert answer.status_code == 409
    assert message(app, "en", "stale-version") in words(answer.text)
    assert f'data-version="{version}"' in answer.text and server_side(app, table)[0] == version


def test_an_unreadable_form_changes_nothing(app):
    table, maker, _friend = two_at_a_table(app)
    version, _practice = server_side(app, table)
    answer = move_by_form(maker, table, {"action": "fly"})
    assert answer.status_code == 400 and message(app, "en", "bad-form") in words(answer.text)
    assert server_side(app, table)[0] == version


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_full_table_says_so_and_seats_nobody(app, lang):
    table, _maker, _friend = two_at_a_table(app)
    late = student(app)
    door = late.get(f"/{lang}/tables/{table}")
    assert door.status_code == 200 and 'name="name"' not in door.text
    assert message(app, lang, "table-full") in words(door.text)
    form_token = csrf(late, lang)  # the full table's page holds no form: the practice page's token
    refused = late.post(f"/{lang}/tables/{table}/join", data={"csrf_token": form_token, "name": "Late"})
    assert refused.status_code == 409 and message(app, lang, "table-full") in words(refused.text)
    moved = late.post(f"/{lang}/tables/{table}", data={"csrf_token": form_token, "version": "1", "action": "draw"})
    assert moved.status_code == 403 and message(app, lang, "not-seated") in words(moved.text)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_bad_or_taken_name_is_said_at_the_field(app, lang):
    maker = student(app)
    table = a_table(maker, 3, name="Sara")
    friend = student(app)
    too_long = join_by_form(friend, table, "x" * 21, lang)
    assert too_long.status_code == 400 and 'id="name-error"' in too_long.text
    assert message(app, lang, "bad-table-name", max=20) in words(too_long.text)
    taken = join_by_form(friend, table, "sara", lang)
    assert taken.status_code == 409 and message(app, lang, "table-name-taken", name="Sara") in words(taken.text)
    assert friend.get(f"/{lang}/tables/{table}").text.count('name="name"') == 1  # still at the door


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_table_that_is_gone_says_so(app, client, lang):
    answer = client.get(f"/{lang}/tables/{'x' * 22}")
    assert answer.status_code == 404 and message(app, lang, "table-not-found") in words(answer.text)


def test_a_page_without_javascript_asks_again_only_while_another_seat_is_to_move(app):
    table, maker, friend = two_at_a_table(app)
    _version, practice = server_side(app, table)
    actor = practice.round.actor()
    for seat, browser in enumerate((maker, friend)):
        page = browser.get(f"/en/tables/{table}").text
        assert ('http-equiv="refresh"' in page) == (seat != actor)
        assert f'href="/en/tables/{table}" data-events="/api/v1/tables/{table}/events"' in page


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_class_lists_its_tables_to_its_students_with_a_join_link(app, client, lang):
    code = make_class(client)["code"]
    first, _second = class_tables(client, code)
    pupil, = students(app, code, 1)
    listed = pupil.get(f"/{lang}/class/{code}/tables/join")
    assert listed.status_code == 200
    assert listed.text.count(f'href="/{lang}/tables/{first}"') == 1
    assert join_by_form(pupil, first, "Lina", lang).status_code == 303
    again = pupil.get(f"/{lang}/class/{code}/tables/join").text
    assert ("العودة إلى مقعدك" if lang == "ar" else "Back to your seat") in again
    seated = pupil.get(f"/{lang}/tables/{first}").text
    assert ("تنتظر لاعبيها" if lang == "ar" else "waits for its players") in seated
    stranger = student(app, "203.0.113.9")
    refused = stranger.get(f"/{lang}/class/{code}/tables/join")
    assert refused.status_code == 403 and message(app, lang, "not-in-class") in words(refused.text)
    door = stranger.get(f"/{lang}/tables/{first}")
    taken = stranger.post(f"/{lang}/tables/{first}/join", data={"csrf_token": token(door.text), "name": "X"})
    assert taken.status_code == 403 and message(app, lang, "not-in-class") in words(taken.text)


def test_a_students_table_links_to_the_classs_tables(app, client):
    code = make_class(client)["code"]
    pupil = student(app)
    game = pupil.post(f"/api/v1/classes/{code}/games", json={}).get_json()["id"]
    assert f'href="/en/class/{code}/tables/join"' in pupil.get(f"/en/play/{game}").text


def test_a_wild_asks_its_colour_on_the_table_first_then_plays_it(app):
    table, maker, friend = two_at_a_table(app)
    _version, practice = server_side(app, table)
    seat = practice.round.actor()
    rewrite(app, table, lambda stored: stored.round.hands[seat].append(card("W")))
    mover = maker if seat == 0 else friend
    answer = move_by_form(mover, table, {"action": "play", "card": "W"})
    assert answer.status_code == 303 and answer.headers["Location"] == f"/en/tables/{table}?choose=W"
    choosing = mover.get(answer.headers["Location"]).text
    assert 'name="color"' in choosing and 'value="W"' in choosing
    version, _practice = server_side(app, table)
    played = move_by_form(mover, table, {"action": "play", "card": "W", "color": "blue"})
    assert played.status_code == 303 and server_side(app, table)[0] > version


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_seats_the_view_says_are_away_are_shown_played_by_a_bot(app, monkeypatch, lang):
    """When the seat's view carries "away" (seats left too long, played by a bot until their
    people return) the table says so for those seats; without the key, nothing of the kind."""
    table, maker, _friend = two_at_a_table(app)
    said = "مقعد يلعب فيه روبوت إلى حين العودة" if lang == "ar" else "played by a bot until they return"
    assert said not in maker.get(f"/{lang}/tables/{table}").text
    seat_view = play.seat_view
    monkeypatch.setattr(play, "seat_view", lambda *args: {**seat_view(*args), "away": [1], "away_after": 90})
    page = maker.get(f"/{lang}/tables/{table}").text
    people = re.search(r'<section class="table-people".*?</section>', page, re.S).group(0)
    assert people.count(said) == 1 and re.search(r"Omar</bdi> —\s*" + said, people)
