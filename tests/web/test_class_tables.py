"""A class's tables of people over JSON (issue 38, item 1), on both databases: the teacher opens
them (a student or a stranger cannot), the same deal at every table when asked, a table that
waits takes no move and plays no bot until the teacher starts it (then bots take the empty seats)
or every seat is taken, only the class's students sit at it, and the teacher's listing follows
each table without one card."""
import random
from pathlib import Path

import pytest

from .practice_support import random_move, strings
from .test_classes import make_class, message, student
from .test_classes import join as join_class
from .test_tables import join, move, server_side

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

RULES = {"preset": "official", "target": 1}
README = Path(__file__).resolve().parents[2] / "README.md"


def open_tables(client, code, lang="en", **body):
    return client.post(f"/api/v1/classes/{code}/tables?lang={lang}",
                       json={"tables": 2, "seats": 3, "rules": RULES, "level": "easy", **body})


def class_tables(client, code, **body):
    answer = open_tables(client, code, **body)
    assert answer.status_code == 201, answer.get_json()
    return [table["id"] for table in answer.get_json()["tables"]]


def students(app, code, count):
    """``count`` browsers of their own, each one of the class's students."""
    browsers = [student(app) for _ in range(count)]
    for browser in browsers:
        assert join_class(browser, code).status_code == 201
    return browsers


def test_the_teacher_opens_tables_with_their_invites(app, client):
    code = make_class(client)["code"]
    answer = open_tables(client, code, tables=3)
    assert answer.status_code == 201
    tables = answer.get_json()["tables"]
    assert len({table["id"] for table in tables}) == 3
    assert all(table["invite"].endswith(f"/api/v1/tables/{table['id']}/join") for table in tables)
    listed = client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"]
    assert [table["id"] for table in listed] == [table["id"] for table in tables]
    assert [table["number"] for table in listed] == [1, 2, 3]
    assert all(not table["started"] and table["people"] == [] and table["seats"] == 3 for table in listed)


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_student_and_a_stranger_cannot_open_start_or_list_tables(app, client, lang):
    code = make_class(client)["code"]
    (table,) = class_tables(client, code, tables=1)
    (pupil,) = students(app, code, 1)
    for browser in (pupil, student(app, "198.51.100.9")):
        for answer in (open_tables(browser, code, lang), browser.get(f"/api/v1/classes/{code}/tables?lang={lang}"),
                       browser.post(f"/api/v1/classes/{code}/tables/start?lang={lang}")):
            assert answer.status_code == 403
            assert answer.get_json() == {"error": "class-forbidden", "message": message(app, lang, "class-forbidden")}
    assert client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"][0]["id"] == table
    assert len(client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"]) == 1


def test_the_same_deal_gives_every_table_the_same_first_hands_and_top_card(app, client):
    code = make_class(client)["code"]
    tables = class_tables(client, code, tables=3, same_deal=True)
    dealt = [server_side(app, table)[1].round for table in tables]
    first = dealt[0]
    for other in dealt[1:]:
        assert other.hands == first.hands and other.discard[-1] == first.discard[-1]
        assert other.draw_pile == first.draw_pile
    more = class_tables(client, code, tables=1, same_deal=True)  # the class's one seed, request after request
    assert server_side(app, more[0])[1].round.hands == first.hands


@pytest.mark.parametrize("seed", ["lesson-3", "x" * 40])
def test_the_same_deal_is_not_the_deal_of_the_classs_own_games(app, client, seed):
    code = make_class(client, bots=3, seed=seed)["code"]  # the students' own games: four players, as the table
    (table,) = class_tables(client, code, tables=1, seats=4, same_deal=True)
    pupil = student(app)
    own = join_class(pupil, code).get_json()["view"]["hands"][0]  # their own hand in their own game
    join(pupil, table)
    at_table = pupil.get(f"/api/v1/tables/{table}").get_json()["view"]["hands"][0]  # seat 0's, theirs
    assert at_table != own  # a student's own game tells nothing of the tables' deal


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_waiting_table_refuses_moves_and_plays_no_bot(app, client, lang):
    code = make_class(client)["code"]
    table = class_tables(client, code, seats=3)[0]
    pupils = students(app, code, 2)
    assert [join(pupil, table).get_json() for pupil in pupils] == [{"seat": 0}, {"seat": 1}]
    version, _practice = server_side(app, table)
    assert version == 1  # dealt, and no bot moved: every seat counted a person's while it waits
    shown = pupils[0].get(f"/api/v1/tables/{table}").get_json()
    assert shown["waiting"] is True and shown["version"] == 1
    for pupil in pupils:  # the seat to move too: a waiting table takes no move
        answer = move(pupil, table, version, {"action": "draw"}, lang)
        assert answer.status_code == 409
        assert answer.get_json() == {"error": "table-waiting", "message": message(app, lang, "table-waiting")}
    assert server_side(app, table)[0] == 1
    assert client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"][0]["refusals"] == {}


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_only_the_classs_students_sit_at_its_tables(app, client, lang):
    code = make_class(client)["code"]
    table = class_tables(client, code)[0]
    stranger = student(app, "198.51.100.9")
    answer = join(stranger, table, lang=lang)
    assert answer.status_code == 403
    assert answer.get_json() == {"error": "not-in-class", "message": message(app, lang, "not-in-class")}
    assert stranger.get(f"/api/v1/tables/{table}").get_json()["error"] == "not-seated"
    other_class = make_class(student(app, "198.51.100.10"))["code"]
    (elsewhere,) = students(app, other_class, 1)
    assert join(elsewhere, table).status_code == 403
    assert client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"][0]["people"] == []


def test_start_makes_bots_take_the_empty_seats(app, client):
    code = make_class(client)["code"]
    tables = class_tables(client, code, tables=4, seats=4, same_deal=True)
    pupils = students(app, code, 4)
    for table, pupil in zip(tables, pupils):
        assert join(pupil, table).get_json() == {"seat": 0}
    answer = client.post(f"/api/v1/classes/{code}/tables/start")
    assert answer.status_code == 200 and answer.get_json() == {"started": tables}
    assert client.post(f"/api/v1/classes/{code}/tables/start").get_json() == {"started": []}
    for table, pupil in zip(tables, pupils):
        version, practice = server_side(app, table)
        assert practice.round.round_over or practice.waiting_for() == 0  # the bots played to seat 0's turn
        shown = pupil.get(f"/api/v1/tables/{table}").get_json()
        assert shown["waiting"] is False and shown["version"] == version and shown["view"]["people"] == [0]
        if not practice.round.round_over:
            moved = move(pupil, table, version, random_move(practice, random.Random(1), 0))
            assert moved.status_code in (200, 422), moved.get_json()
    listed = client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"]
    assert all(table["started"] and table["people"] == [0] for table in listed)


def test_a_table_starts_when_its_last_seat_is_taken(app, client):
    code = make_class(client)["code"]
    table = class_tables(client, code, tables=1, seats=2)[0]
    first, second = students(app, code, 2)
    join(first, table)
    assert first.get(f"/api/v1/tables/{table}").get_json()["waiting"] is True
    join(second, table)
    version, practice = server_side(app, table)
    assert version == 1 and first.get(f"/api/v1/tables/{table}").get_json()["waiting"] is False
    mover = (first, second)[practice.waiting_for()]
    answer = move(mover, table, version, random_move(practice, random.Random(2), practice.waiting_for()))
    assert answer.status_code in (200, 422), answer.get_json()
    if answer.status_code == 200:
        assert answer.get_json()["version"] == 2


def test_the_listing_follows_each_table_and_hides_every_hand(app, client):
    code = make_class(client)["code"]
    table = class_tables(client, code, tables=1, seats=2)[0]
    first, second = students(app, code, 2)
    join(first, table, "Sara")
    join(second, table)
    version, practice = server_side(app, table)
    idle = 1 - practice.waiting_for()
    assert move((first, second)[idle], table, version, {"action": "draw"}).status_code == 422
    (listed,) = client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"]
    assert listed["names"] == ["Sara", "Player 2"] and listed["people"] == [0, 1]
    assert listed["round"] == 1 and listed["turn"] == practice.waiting_for() and listed["finished"] is False
    assert listed["cards"] == [len(hand) for hand in practice.round.hands]
    assert listed["refusals"] == {"turn.order": 1}
    cards = {card.notation for hand in practice.round.hands for card in hand} | {
        card.notation for card in practice.round.draw_pile}
    assert not cards & set(strings(listed))


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("body, field", [({"tables": 0}, "tables"), ({"tables": 21}, "tables"),
                                         ({"tables": "2"}, "tables"), ({"seats": 5}, "seats"),
                                         ({"same_deal": "yes"}, "same_deal")])
def test_bad_table_options_are_refused_in_the_readers_language(app, client, lang, body, field):
    code = make_class(client)["code"]
    answer = open_tables(client, code, lang, **body)
    assert answer.status_code == 400
    refusal = answer.get_json()
    assert refusal["error"] == "bad-options" and refusal["field"] == field and refusal["message"]
    assert client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"] == []


def test_an_ended_class_opens_no_table(app, client):
    code = make_class(client)["code"]
    client.post(f"/api/v1/classes/{code}/end")
    answer = open_tables(client, code)
    assert answer.status_code == 410 and answer.get_json()["error"] == "class-ended"


def test_a_class_has_at_most_its_tables(app, client, monkeypatch):
    from app.tables import classes

    monkeypatch.setattr(classes, "MAX_TABLES", 3)
    code = make_class(client)["code"]
    class_tables(client, code, tables=2)
    answer = open_tables(client, code, tables=2)
    assert answer.status_code == 409 and answer.get_json()["error"] == "too-many-tables"
    assert len(client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"]) == 2
    class_tables(client, code, tables=1)


def test_readme_documents_the_class_tables():
    section = README.read_text().split("## Tables API", 1)[1].split("\n## ", 1)[0]
    for name in ("POST /api/v1/classes/<code>/tables", "GET /api/v1/classes/<code>/tables",
                 "POST /api/v1/classes/<code>/tables/start", '"same_deal"', "table-waiting", "not-in-class",
                 "too-many-tables", "class_tables"):
        assert name in section, name


def test_a_table_started_empty_plays_its_bots_once_a_student_joins(app, client):
    code = make_class(client)["code"]
    (table,) = class_tables(client, code, tables=1, seats=4)
    assert client.post(f"/api/v1/classes/{code}/tables/start").get_json() == {"started": [table]}
    assert server_side(app, table)[0] == 1  # nobody there: no bot played
    (pupil,) = students(app, code, 1)
    assert join(pupil, table).get_json() == {"seat": 0}
    _version, practice = server_side(app, table)
    assert practice.round.round_over or practice.waiting_for() == 0


def test_a_table_takes_the_classs_rules_and_level_unless_given(app, client):
    made = make_class(client, level="normal")
    answer = client.post(f"/api/v1/classes/{made['code']}/tables", json={"seats": 2})
    assert answer.status_code == 201, answer.get_json()
    (table,) = [table["id"] for table in answer.get_json()["tables"]]
    _version, practice = server_side(app, table)
    assert practice.level == "normal" and practice.people == 2
    assert practice.game.rules.target == client.get(f"/api/v1/classes/{made['code']}").get_json()["rules"]["target"]


def test_a_classs_tables_stay_as_long_as_the_class_and_go_with_it(app, client, monkeypatch):
    """Waiting, played or finished, a class's table is kept while its class lives (its teacher
    follows it), and goes with the class: its row, its game, its seats and its refusals."""
    import time

    from app.classroom import classes
    from app.practice import access
    from app.store import FINISHED_TTL, UNPLAYED_TTL

    code = make_class(client)["code"]
    waiting, played = class_tables(client, code, tables=2, seats=2)
    first, second = students(app, code, 2)
    join(first, played, "Sara")
    join(second, played)  # the last seat: the table starts
    version, practice = server_side(app, played)
    idle = 1 - practice.waiting_for()
    assert move((first, second)[idle], played, version, {"action": "draw"}).status_code == 422  # one refusal
    with app.app_context():
        store = access.store()
        record = store.load(played)
        assert store.save(record, record.state, True)  # finished: a lone game would go after a day
        now = time.time()
        assert max(UNPLAYED_TTL, FINISHED_TTL) < classes.CLASS_TTL - 60
        store.cleanup(now + classes.CLASS_TTL - 60)  # a minute before the class's week is out
        assert [table.game for table in store.class_tables(code)] == [waiting, played]

        def left() -> list[int]:
            games = store._one("SELECT COUNT(*) FROM games WHERE id IN (?, ?)", (waiting, played))[0]
            return [games] + [store._one(f"SELECT COUNT(*) FROM {table}")[0]
                              for table in ("class_tables", "table_seats", "class_table_refusals")]

        assert left() == [2, 2, 2, 1]
        assert store.cleanup(now + classes.CLASS_TTL + 1) == 2  # the two tables (the students' never played went)
        assert left() == [0, 0, 0, 0]
    monkeypatch.setattr(time, "time", lambda: now + classes.CLASS_TTL + 1)
    assert first.get(f"/api/v1/tables/{played}").status_code == 404


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_removed_student_keeps_no_seat_at_the_classs_tables(app, client, lang):
    code = make_class(client)["code"]
    (table,) = class_tables(client, code, tables=1, seats=2)
    first, second = students(app, code, 2)
    join(first, table)
    join(second, table)
    version, _practice = server_side(app, table)
    assert client.delete(f"/api/v1/classes/{code}/students/1").status_code == 204
    refused = message(app, lang, "removed-from-class")
    for answer in (first.get(f"/api/v1/tables/{table}?lang={lang}"),
                   move(first, table, version, {"action": "draw"}, lang=lang)):
        assert answer.status_code == 403
        assert answer.get_json() == {"error": "removed-from-class", "message": refused}
    assert first.get(f"/{lang}/tables/{table}").status_code == 403
    assert server_side(app, table)[0] == version  # nothing changed
    assert second.get(f"/api/v1/tables/{table}").status_code == 200  # the others play on


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_an_ended_classs_tables_seat_nobody_and_start_no_more(app, client, lang):
    code = make_class(client)["code"]
    (table,) = class_tables(client, code, tables=1, seats=2)
    (pupil,) = students(app, code, 1)
    assert client.post(f"/api/v1/classes/{code}/end").status_code == 200
    ended = {"error": "class-ended", "message": message(app, lang, "class-ended")}
    for answer in (pupil.post(f"/api/v1/tables/{table}/join?lang={lang}", json={"name": "Sara"}),
                   client.post(f"/api/v1/classes/{code}/tables/start?lang={lang}")):
        assert answer.status_code == 410 and answer.get_json() == ended
    listed = client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"][0]
    assert listed["people"] == [] and not listed["started"]


def test_a_null_rules_or_level_is_the_classs_as_a_missing_one(app, client):
    made = make_class(client, level="normal")
    answer = client.post(f"/api/v1/classes/{made['code']}/tables", json={"seats": 2, "rules": None, "level": None})
    assert answer.status_code == 201, answer.get_json()
    (table,) = [table["id"] for table in answer.get_json()["tables"]]
    _version, practice = server_side(app, table)
    assert practice.level == "normal"
    assert practice.game.rules.target == client.get(f"/api/v1/classes/{made['code']}").get_json()["rules"]["target"]
