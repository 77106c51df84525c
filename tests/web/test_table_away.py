"""People who leave a table and come back (issue 38, item 4), on both databases: a seat whose
holder is not seen for the app's TABLE_AWAY_AFTER is away, its turns played by a bot until they
are seen again (reading the table, its stream, or moving); the view and the teacher's listing say
so; a return that races a bot's move has one of them applied, never both, never neither; and a
stream keeps its seat seen and has the bots play an away seat, reading once per heartbeat what
all the process's streams share.

Time is the test's (``clock``: the store's and the seating's ``time``), never slept on; every
wait on a stream is bounded by a timeout that only a failure reaches."""
import random
import threading
import time

import pytest

from app.practice import access
from app.store import seats as stored_seats
from app.tables import bots, seating

from .practice_support import random_move
from .test_class_tables import class_tables, make_class, students
from .test_class_tables_page import part
from .test_tables import a_table, join, move, people, server_side, stream, turns

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

AWAY_AFTER = 90  # the app's default


class Clock:
    """The time the store notes a seat seen at and the seating judges it by (``time.time``)."""

    def __init__(self):
        self.now = time.time()

    def time(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    found = Clock()
    monkeypatch.setattr(stored_seats, "time", found)
    monkeypatch.setattr(seating, "time", found)
    return found


def a_pair(app):
    """A table of two people, its version, its game, who is to move and who waits."""
    table, browsers = people(app, lambda maker: a_table(maker, 2), 2)
    version, practice = server_side(app, table)
    mover = practice.waiting_for()
    return table, browsers, version, practice, mover, 1 - mover


def read(browser, table):
    answer = browser.get(f"/api/v1/tables/{table}")
    assert answer.status_code == 200
    return answer.get_json()


def new_steps(app, table, practice):
    """The log's steps since ``practice``'s version (its ``logged``)."""
    with app.app_context():
        return access.store().steps(table, practice.logged)


def test_the_view_says_who_is_away_and_after_how_long(app, clock):
    table, browsers, *_ = a_pair(app)
    for browser in browsers:
        view = read(browser, table)["view"]
        assert view["away"] == [] and view["away_after"] == AWAY_AFTER and view["people"] == [0, 1]
    clock.now += AWAY_AFTER - 1
    assert read(browsers[1], table)["view"]["away"] == []  # not yet
    clock.now += 2  # seat 0 last seen AWAY_AFTER + 1 ago; seat 1 a second ago
    view = read(browsers[1], table)["view"]
    assert view["away"] == [0] and view["people"] == [0, 1]  # still held: a person's, played by a bot
    assert read(browsers[0], table)["view"]["away"] == []  # back: seen as it reads, never away to itself
    assert read(browsers[1], table)["view"]["away"] == []


def test_the_time_is_the_apps_setting(app, clock):
    app.config["TABLE_AWAY_AFTER"] = 12
    table, browsers, *_ = a_pair(app)
    assert read(browsers[0], table)["view"]["away_after"] == 12
    clock.now += 13
    assert read(browsers[0], table)["view"]["away"] == [1]


def test_the_setting_comes_from_the_environment(monkeypatch, tmp_path):
    from app import create_app

    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("UNO_TUTOR_TABLE_AWAY_AFTER", "45")
    assert create_app({"TESTING": True}).config["TABLE_AWAY_AFTER"] == 45


def test_the_bots_play_an_away_seats_turns_only_when_someone_there_reads(app, clock):
    table, browsers, version, practice, mover, other = a_pair(app)
    clock.now += AWAY_AFTER + 1
    shown = read(browsers[other], table)  # the one waiting is there; the one to move is not
    after, played = server_side(app, table)
    assert after > version and shown["version"] == after and shown["view"]["away"] == [mover]
    assert played.round.round_over or played.waiting_for() == other  # the bot stopped at a person there
    assert {step["seat"] for step in new_steps(app, table, practice)} <= {mover, None}
    assert read(browsers[other], table)["version"] == after  # nothing more to play: nothing changes


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_table_page_without_javascript_has_the_bots_play_an_away_seats_turns(app, clock, lang):
    table, browsers, version, practice, mover, other = a_pair(app)
    clock.now += AWAY_AFTER + 1
    page = browsers[other].get(f"/{lang}/tables/{table}")  # a reload, as a page without JavaScript does
    after, played = server_side(app, table)
    assert page.status_code == 200 and after > version and f'data-version="{after}"' in page.text
    assert played.round.round_over or played.waiting_for() == other
    assert {step["seat"] for step in new_steps(app, table, practice)} <= {mover, None}


def test_reading_plays_nothing_while_a_person_there_is_to_move(app, clock):
    table, browsers, version, _practice, mover, other = a_pair(app)
    clock.now += AWAY_AFTER + 1
    assert read(browsers[mover], table)["view"]["away"] == [other]
    assert server_side(app, table)[0] == version  # the one to move is there: nobody plays for them


def test_the_seat_comes_back_and_plays_its_own_turns(app, clock):
    table, browsers, _version, practice, mover, other = a_pair(app)
    clock.now += AWAY_AFTER + 1
    read(browsers[other], table)  # the bot plays the away seat's turn
    back = read(browsers[mover], table)  # a phone that slept: its cookie, its seat, its hand
    _version, played = server_side(app, table)
    assert back["view"]["away"] == [] and back["view"]["seat"] == mover
    assert back["view"]["hands"][mover] == [card.notation for card in played.round.hands[mover]]
    movers = set()
    for _version, practice, seat, answer in turns(app, table, browsers, random.Random(8), 6):
        assert answer["view"]["away"] == []
        assert {step["seat"] for step in new_steps(app, table, practice)} <= {seat, None}  # no bot replied
        movers.add(seat)
    assert mover in movers or server_side(app, table)[1].round.round_over


def test_a_return_that_races_the_bots_stale_move_is_refused_and_nothing_is_lost(app, clock):
    """The bot moves first (a reader at the table): the returning person's move on the same
    version is stale, told the current version; the bot's move stands, once."""
    table, browsers, version, practice, mover, other = a_pair(app)
    chosen = random_move(practice, random.Random(11), mover)
    clock.now += AWAY_AFTER + 1
    read(browsers[other], table)
    after, _played = server_side(app, table)
    stale = move(browsers[mover], table, version, chosen)
    assert stale.status_code == 409 and stale.get_json()["error"] == "stale-version"
    assert stale.get_json()["version"] == after
    assert server_side(app, table)[0] == after
    steps = new_steps(app, table, practice)
    assert steps and {step["seat"] for step in steps} <= {mover, None}  # the bot's, once


def test_a_bots_move_that_races_a_return_is_dropped_and_nothing_is_applied_twice(app, clock, monkeypatch):
    """The person moves first (back at their seat): a bot's move made for them on the same version,
    by a stream that read the seats while they were away, is not saved, and the person's stands."""
    table, browsers, version, practice, mover, other = a_pair(app)
    clock.now += AWAY_AFTER + 1
    with app.app_context():
        seats = access.store().table_seats(table)  # the stream's read: the mover away
        beaten = access.load(table, owned=False)  # ... and the game at ``version``
        assert seating.away(seats, seats[other]) == {mover}
    answer = move(browsers[mover], table, version, random_move(practice, random.Random(12), mover))
    assert answer.status_code == 200
    after, moved = server_side(app, table)
    monkeypatch.setattr(access, "load", lambda *args, **kwargs: (beaten[0], beaten[1].copy()))
    with app.app_context():
        assert bots.play_for(table, seats, seats[other]) is False
    monkeypatch.undo()
    assert server_side(app, table)[0] == after  # the person's move, once; the bot's none
    assert moved.logged == server_side(app, table)[1].logged


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_bots_move_for_an_away_seat_is_told_with_its_holders_name_in_the_readers_language(app, clock, lang):
    """The narration names the seat as the table does (its holder's name, never "Bot n"): it is
    their seat, their hand and their turn; ``away`` tells the page that a bot plays it."""
    table, browsers = people(app, lambda maker: a_table(maker, 3), 3)  # "Player 1", "P1", "P2"
    version, practice = server_side(app, table)
    mover = practice.waiting_for()
    after = practice.round.next_seat(mover)
    there = 3 - mover - after
    clock.now += AWAY_AFTER + 1
    assert read(browsers[mover], table)["view"]["away"] == [after, there]
    read(browsers[there], table)  # here too: only ``after`` is away
    answer = move(browsers[mover], table, version, {"action": "draw"}, lang).get_json()  # the seed's deal: it passes
    assert answer["view"]["away"] == [after]
    played = [step for step in answer["results"] if step["seat"] == after]
    assert played, answer["results"]  # the bot moved for the away seat within the mover's answer
    words = " ".join(event["message"] for step in played for event in step["events"])
    name = f"P{after}" if after else ("Player 1" if lang == "en" else "اللاعب 1")
    assert name in words and "Bot" not in words and "الروبوت" not in words


def test_the_teachers_listing_says_who_is_away(app, client, clock):
    code = make_class(client)["code"]
    table = class_tables(client, code, tables=1, seats=2)[0]
    first, second = students(app, code, 2)
    join(first, table, "Sara")
    join(second, table)
    (listed,) = client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"]
    assert listed["away"] == [] and listed["people"] == [0, 1]
    clock.now += AWAY_AFTER + 1
    read(second, table)
    (listed,) = client.get(f"/api/v1/classes/{code}/tables").get_json()["tables"]
    assert listed["away"] == [0]


@pytest.mark.parametrize("lang, away", [("en", "away — played by a bot"), ("ar", "خارج الطاولة — يلعب في المقعد روبوت")])
def test_the_teachers_pages_say_who_is_away_and_who_is_back(app, client, clock, lang, away):
    """The class page and its tables page are drawn once per what they show (app.drawn_pages):
    a student away, or back, is that too, though nothing was written when they left."""
    code = make_class(client)["code"]
    table = class_tables(client, code, tables=1, seats=2)[0]
    first, second = students(app, code, 2)
    join(first, table, "Sara")
    join(second, table)
    pages = (f"/{lang}/class/{code}", f"/{lang}/class/{code}/tables")
    for page in pages:
        assert away not in part(client.get(page).text)  # drawn, and kept
    clock.now += AWAY_AFTER + 1
    read(second, table)
    for page in pages:
        assert part(client.get(page).text).count(away) == 1
    read(first, table)  # Sara is back
    for page in pages:
        assert away not in part(client.get(page).text)


# --- the stream ---------------------------------------------------------------------------------

@pytest.fixture
def quick(app):
    app.config["LIVE_HEARTBEAT"] = 0.05
    return app


BEATS = 400  # heartbeats of 0.05 s: 20 s, which only a failure reaches


def beat_until(events, found):
    """Read the stream's blocks until ``found()`` holds (asked after each), at most BEATS: a beat
    already read may have begun before the test's clock moved."""
    for _ in range(BEATS):
        if found():
            return
        assert events.next() is not None
    raise AssertionError("the stream's heartbeats never made it so")


def seen(app, table):
    with app.app_context():
        return {seat.seat: seat.seen for seat in access.store().table_seats(table)}


def gone(app, streams):
    with app.app_context():
        access.store().cleanup(now=time.time() + 10**9)
    for events in streams:
        assert events.next_event()["event"] == "gone"


def test_an_open_stream_keeps_its_seat_seen(quick, clock):
    app = quick
    table, browsers, *_ = a_pair(app)
    events = stream(browsers[0], table)
    assert events.next_event()["event"] == "version"
    before = seen(app, table)
    clock.now += 10  # seen a moment ago: no write
    for _ in range(5):
        assert events.next() is not None
    assert seen(app, table) == before
    clock.now += stored_seats.SEEN_EVERY  # past the time between two writes
    beat_until(events, lambda: seen(app, table)[0] == clock.now)
    assert seen(app, table)[1] == before[1]  # the other seat's holder, neither reading nor streaming
    clock.now += AWAY_AFTER - stored_seats.SEEN_EVERY + 1  # seat 1 gone, seat 0 streaming
    beat_until(events, lambda: seen(app, table)[0] == clock.now)
    with app.app_context():
        assert seating.away(access.store().table_seats(table)) == {1}  # the streaming seat never is
    gone(app, [events])


def test_a_stream_has_the_bots_play_an_away_seat_and_tells_of_it(quick, clock):
    app = quick
    table, browsers, version, practice, mover, other = a_pair(app)
    events = stream(browsers[other], table)
    assert events.next_event()["data"] == {"version": version}
    clock.now += AWAY_AFTER + 1  # nobody reads: the waiting seat's stream beats
    announced = events.next_event()
    after, played = server_side(app, table)
    assert announced["data"] == {"version": after} and after > version
    assert played.round.round_over or played.waiting_for() == other
    assert {step["seat"] for step in new_steps(app, table, practice)} <= {mover, None}
    beat_until(events, lambda: seen(app, table)[other] == clock.now)  # the stream notes its seat seen
    assert seen(app, table)[mover] < clock.now - AWAY_AFTER  # still away: nobody took it for there
    gone(app, [events])


def test_one_read_of_every_followed_tables_version_serves_every_stream(app, client, monkeypatch):
    tables = [a_table(client, 2), a_table(client, 2)]
    with app.app_context():
        store = access.store()
        reads, real, here = [], store.table_versions, threading.get_ident()

        def counted(found):  # this thread's reads (the process's listener reads them too)
            if threading.get_ident() == here:
                reads.append(sorted(found))
            return real(found)

        monkeypatch.setattr(store, "table_versions", counted)
        with store.follow_table(tables[0]), store.follow_table(tables[1]), store.follow_table(tables[1]):
            since = time.monotonic()
            assert store.followed_versions(since) == {tables[0]: 1, tables[1]: 1}
            assert store.followed_versions(since) == {tables[0]: 1, tables[1]: 1}  # a beat within: no read
            assert reads == [sorted(tables)]  # one query for both tables, their three streams
            assert store.followed_versions(time.monotonic() + 1) and len(reads) == 2  # a later beat reads again
