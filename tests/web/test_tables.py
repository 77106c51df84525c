"""Tables of people over JSON (issue 38): opening a table, joining it (races decided by the store),
each seat's view (its own hand only), moves answered as the games API answers them, the bots on
the seats nobody holds, and the event stream that tells every seat of each new version, on both
databases. Random whole games through the API check what every seat reads after every move.

Every wait below is bounded by a timeout that only a failure reaches: nothing here is timed."""
import os
import random
import threading
import time
from pathlib import Path

import pytest

from app.engine import bots
from app.practice import access
from app.practice.game import Practice
from app.store import UNPLAYED_TTL
from app.tables import seating

from .practice_support import new_api_game, random_move, secret_cards, strings
from .test_classes import SCHOOL, message, student
from .test_live_events import Events

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

RULES = {"preset": "official", "target": 1}  # a whole game is a round or two
README = Path(__file__).resolve().parents[2] / "README.md"
DECK = 108


def open_table(client, seats=3, lang="en", **body):
    return client.post(f"/api/v1/tables?lang={lang}",
                       json={"seats": seats, "rules": RULES, "level": "easy", "seed": 7, **body})


def a_table(client, seats=3, **body):
    answer = open_table(client, seats, **body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"]


def join(client, table, name=None, lang="en"):
    return client.post(f"/api/v1/tables/{table}/join?lang={lang}", json={} if name is None else {"name": name})


def move(client, table, version, body, lang="en"):
    return client.post(f"/api/v1/tables/{table}/moves?lang={lang}", json={"version": version, "move": body})


def people(app, table, count):
    """``count`` browsers of their own at the table: the maker's, then each joiner's, by seat."""
    maker = student(app)
    table = table(maker)
    seated = [maker]
    for n in range(1, count):
        joiner = student(app)
        assert join(joiner, table, f"P{n}").get_json() == {"seat": n}
        seated.append(joiner)
    return table, seated


def turns(app, table, browsers, rng, most):
    """Up to ``most`` random moves, each by whoever is to move (until none is), each applied: the
    version and the game it was made on, its seat and its answer."""
    for _ in range(most):
        version, practice = server_side(app, table)
        seat = practice.waiting_for()
        if seat is None:
            return
        answer = move(browsers[seat], table, version, random_move(practice, rng, seat))
        assert answer.status_code == 200
        yield version, practice, seat, answer.get_json()


def server_side(app, table, present=None):
    """The stored game (the test's god view) and its version, the seats people hold given to it."""
    with app.app_context():
        record = access.store().load(table)
        practice = Practice.from_dict(record.state)
        practice.present = frozenset(present if present is not None
                                     else (seat.seat for seat in access.store().table_seats(table)))
        return record.version, practice


def assert_seat_sees_only_its_hand(answer, practice, log, seat):
    """What a seat reads: the games API's view as its player sees it, 108 cards in all, its own hand
    as stored and the others' as counts, and not one card only the others hold, anywhere in it."""
    view = answer["view"]
    assert view["seat"] == seat
    counts = [len(hand) if isinstance(hand, list) else hand for hand in view["hands"]]
    assert sum(counts) + view["draw_pile_size"] + view["discard_size"] == DECK
    assert view["hands"][seat] == [card.notation for card in practice.round.hands[seat]]
    if not view["round_over"]:
        assert all(isinstance(hand, int) for other, hand in enumerate(view["hands"]) if other != seat)
    assert not {"draw_pile", "deck", "guilty"} & set(view)
    pending = view["pending"] or {}
    assert "card" not in pending or pending["seat"] == seat
    for step in answer.get("results", []):  # written for the table: nobody's drawn cards
        for event in step["events"]:
            assert "private_to" not in event["params"]
            assert event["kind"] not in ("draw", "challenge") or "cards" not in event["params"]
    assert not secret_cards(practice, log, seat) & set(strings(answer))


# --- opening, joining, reading -----------------------------------------------------------------

def test_a_table_is_opened_joined_and_each_seat_reads_its_own_view(app, client):
    answer = open_table(client, 3)
    assert answer.status_code == 201
    made = answer.get_json()
    assert set(made) == {"id", "invite", "seat"} and made["seat"] == 0 and made["id"] in made["invite"]
    table = made["id"]
    friends = [student(app), student(app)]
    assert [join(friend, table, name).get_json() for friend, name in zip(friends, ("Sara", "Omar"))] == [
        {"seat": 1}, {"seat": 2}]
    games_view = new_api_game(student(app))["view"]
    for seat, browser in enumerate([client, *friends]):
        shown = browser.get(f"/api/v1/tables/{table}").get_json()
        assert set(shown) == {"version", "view", "waiting"} and shown["version"] == 1 and shown["waiting"] is False
        view = shown["view"]
        assert set(games_view) <= set(view)  # the games API's view, and the table's names and people
        assert view["seat"] == seat and view["names"] == ["Player 1", "Sara", "Omar"] and view["people"] == [0, 1, 2]
        version, practice = server_side(app, table)
        assert_seat_sees_only_its_hand(shown, practice, [], seat)


def test_the_names_are_in_each_readers_language(app, client):
    table = a_table(client, 2)
    assert client.get(f"/api/v1/tables/{table}?lang=ar").get_json()["view"]["names"] == ["اللاعب 1", "اللاعب 2"]
    assert client.get(f"/api/v1/tables/{table}?lang=en").get_json()["view"]["names"] == ["Player 1", "Player 2"]


def test_a_browser_that_joins_again_goes_back_to_its_seat(app, client):
    table = a_table(client, 3)
    friend = student(app)
    assert join(friend, table, "Sara").get_json() == {"seat": 1}
    assert join(friend, table, "Another name").get_json() == {"seat": 1}
    assert join(client, table).get_json() == {"seat": 0}  # the maker too
    assert client.get(f"/api/v1/tables/{table}").get_json()["view"]["names"][1] == "Sara"


def test_the_tables_game_is_nobodys_outside_its_seats(app, client):
    """The maker's browser reaches the table's game only through its seat: not as a practice game
    (whose table page would show every hand of a game of several people), nor as a watch link."""
    table = a_table(client, 2)
    assert client.get(f"/api/v1/games/{table}").status_code == 403
    assert client.get(f"/en/play/{table}").status_code == 403


def test_a_practice_game_is_no_table(app, client):
    game = new_api_game(client)["id"]
    assert join(student(app), game, "Sara").status_code == 404
    assert client.get(f"/api/v1/tables/{game}").status_code == 404


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("body, field", [
    ({"seats": 1}, "seats"), ({"seats": 5}, "seats"), ({"seats": "3"}, "seats"), ({"seats": None}, "seats"),
    ({"seats": 3, "rules": "no-such-preset"}, "rules"), ({"seats": 3, "level": "hard"}, "level"),
])
def test_bad_table_options_name_their_field(app, client, lang, body, field):
    answer = client.post(f"/api/v1/tables?lang={lang}", json={"rules": RULES, **body})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "bad-options" and answer.get_json()["field"] == field
    assert answer.get_json()["message"]


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_joining_is_refused_in_the_readers_language_and_changes_nothing(app, client, lang):
    table = a_table(client, 2)
    assert join(student(app), table, "Sara").get_json() == {"seat": 1}
    cases = [
        (join(student(app), table, "Omar", lang), 409, "table-full", {}),
        (join(student(app), "no-such-table", "Omar", lang), 404, "table-not-found", {}),
        (join(student(app), "x" * 65, "Omar", lang), 404, "table-not-found", {}),
    ]
    other = a_table(client, 3)
    assert join(student(app), other, "Sara").status_code == 200
    cases += [
        (join(student(app), other, "SARA", lang), 409, "table-name-taken", {"name": "Sara"}),
        (join(student(app), other, "x" * 21, lang), 400, "bad-table-name", {"max": seating.MAX_NAME}),
        (join(student(app), other, "line\nbreak", lang), 400, "bad-table-name", {"max": seating.MAX_NAME}),
        (join(student(app), other, 42, lang), 400, "bad-table-name", {"max": seating.MAX_NAME}),
    ]
    for answer, status, code, params in cases:
        assert answer.status_code == status, (code, answer.get_json())
        assert answer.get_json()["error"] == code
        assert answer.get_json()["message"] == message(app, lang, code, **params)
    with app.app_context():
        assert [seat.seat for seat in access.store().table_seats(table)] == [0, 1]
        assert [seat.seat for seat in access.store().table_seats(other)] == [0, 1]


@pytest.mark.parametrize("lang, player", [("ar", "اللاعب %d"), ("en", "Player %d")])
def test_a_name_that_reads_as_a_seats_player_n_or_has_no_letter_is_refused(app, client, lang, player):
    """Nobody may look like a seat nobody named (in either language, any case, width, spacing or
    digits), nor type a name that shows as nothing: said in the reader's language, nothing changed."""
    table = a_table(client, 3)  # its maker typed no name: "Player 1"
    for typed, seat in [("Player 1", 1), ("player  1", 1), ("ＰＬＡＹＥＲ 1", 1), ("اللاعب 1", 1), ("اللاعب ١", 1),
                        ("Player ۲", 2), (" اللاعب 3 ", 3)]:
        answer = join(student(app), table, typed, lang)
        assert answer.status_code == 409, typed
        assert answer.get_json()["error"] == "table-name-taken" and answer.get_json()["field"] == "name"
        assert answer.get_json()["message"] == message(app, lang, "table-name-taken", name=player % seat)
    for typed in ("\u0301" * 3, "-_-", "…"):
        answer = join(student(app), table, typed, lang)
        assert answer.status_code == 400 and answer.get_json()["error"] == "bad-table-name", typed
        assert answer.get_json()["message"] == message(app, lang, "bad-table-name", max=seating.MAX_NAME)
    refused = open_table(student(app), 2, lang, name="Player 2")  # the maker's name too
    assert refused.status_code == 409 and refused.get_json()["error"] == "table-name-taken"
    with app.app_context():
        assert [seat.seat for seat in access.store().table_seats(table)] == [0]
    sara = student(app)
    assert join(sara, table, "Sara 1", lang).status_code == 200  # a name of one's own, with a digit
    for typed in ("SARA ١", "ｓａｒａ  1", " sara ۱"):  # reads as hers: the store refuses it too
        answer = join(student(app), table, typed, lang)
        assert answer.status_code == 409 and answer.get_json()["error"] == "table-name-taken", typed
        assert answer.get_json()["message"] == message(app, lang, "table-name-taken", name="Sara 1")
    assert join(student(app), table, "Player 4", lang).status_code == 200  # no seat's at a table of three
    names = sara.get(f"/api/v1/tables/{table}?lang={lang}").get_json()["view"]["names"]
    assert names == [player % 1, "Sara 1", "Player 4"]


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_only_a_seats_holder_reads_moves_or_follows(app, client, lang):
    table = a_table(client, 2)
    stranger = student(app)
    for answer, status, code in [
        (stranger.get(f"/api/v1/tables/{table}?lang={lang}"), 403, "not-seated"),
        (move(stranger, table, 1, {"action": "draw"}, lang), 403, "not-seated"),
        (stranger.get(f"/api/v1/tables/{table}/events?lang={lang}"), 403, "not-seated"),
        (client.get(f"/api/v1/tables/no-such-table?lang={lang}"), 404, "table-not-found"),
        (move(client, "no-such-table", 1, {"action": "draw"}, lang), 404, "table-not-found"),
        (client.get(f"/api/v1/tables/no-such-table/events?lang={lang}"), 404, "table-not-found"),
    ]:
        assert answer.status_code == status and answer.get_json()["error"] == code
        assert answer.get_json()["message"] == message(app, lang, code)
    assert server_side(app, table)[0] == 1


# --- joins at once --------------------------------------------------------------------------------

def test_joins_at_once_fill_each_seat_once(app, client):
    """Twelve browsers joining a four-seat table at the same moment: three get a seat each, the
    others are told the table is full."""
    table = a_table(client, 4)
    browsers = [student(app) for _ in range(12)]
    answers = [None] * len(browsers)
    start = threading.Barrier(len(browsers))

    def joining(n):
        start.wait()
        answers[n] = join(browsers[n], table, f"P{n}")

    threads = [threading.Thread(target=joining, args=(n,)) for n in range(len(browsers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seats = sorted(answer.get_json()["seat"] for answer in answers if answer.status_code == 200)
    assert seats == [1, 2, 3]
    assert sorted(answer.status_code for answer in answers) == [200] * 3 + [409] * 9
    with app.app_context():
        held = access.store().table_seats(table)
    assert [seat.seat for seat in held] == [0, 1, 2, 3] and len({seat.holder for seat in held}) == 4


def test_a_class_of_forty_behind_one_address_gets_in(app, client):
    """Ten tables of four, opened and filled from one school address within a minute."""
    for _ in range(10):
        maker = student(app, SCHOOL)
        table = a_table(maker, 4)
        for n in range(1, 4):
            assert join(student(app, SCHOOL), table, f"P{n}").get_json() == {"seat": n}


# --- moves ----------------------------------------------------------------------------------------

def test_bots_play_the_seats_nobody_holds(app, client):
    """A table of four with its maker alone: the bots play seats 1-3 until the maker must act."""
    table = a_table(client, 4)
    version, practice = server_side(app, table)
    assert practice.waiting_for() == 0
    shown = client.get(f"/api/v1/tables/{table}").get_json()["view"]
    assert shown["people"] == [0] and shown["players"] == 4
    rng, bots_moved = random.Random(1), set()
    while not bots_moved and not practice.round.round_over:
        answer = move(client, table, version, random_move(practice, rng, 0)).get_json()
        assert answer["version"] == version + 1
        version, practice = server_side(app, table)
        assert practice.round.round_over or practice.waiting_for() == 0
        bots_moved = {step["seat"] for step in answer["results"]} - {0, None}  # the bots' replies come with a move
    assert bots_moved <= {1, 2, 3}


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_refused_move_is_explained_to_its_mover_only_and_changes_nothing(app, lang):
    table, (first, second) = people(app, lambda maker: a_table(maker, 2), 2)
    version, practice = server_side(app, table)
    waiting = practice.waiting_for()
    idle = (first, second)[1 - waiting]
    before = [browser.get(f"/api/v1/tables/{table}").get_json() for browser in (first, second)]
    answer = move(idle, table, version, {"action": "draw"}, lang)
    assert answer.status_code == 422
    refusal = answer.get_json()
    assert refusal["error"] == "illegal-move" and refusal["rule"] == "turn.order" and refusal["version"] == version
    assert refusal["message"] == refusal["text"] and refusal["url"]
    assert [browser.get(f"/api/v1/tables/{table}").get_json() for browser in (first, second)] == before


def test_a_move_on_an_old_version_is_stale(app, client):
    table, browsers = people(app, lambda maker: a_table(maker, 2), 2)
    version, practice = server_side(app, table)
    mover = browsers[practice.waiting_for()]
    chosen = random_move(practice, random.Random(3), practice.waiting_for())
    assert move(mover, table, version, chosen).status_code == 200
    stale = move(mover, table, version, chosen)
    assert stale.status_code == 409 and stale.get_json() == {
        "error": "stale-version", "message": stale.get_json()["message"], "version": version + 1}


def test_a_bad_move_names_its_field(app, client):
    table = a_table(client, 2)
    answer = move(client, table, 1, {"action": "play", "card": "XX"})
    assert answer.status_code == 400 and answer.get_json()["error"] == "bad-move"
    assert answer.get_json()["field"] == "card"


# --- the stream -----------------------------------------------------------------------------------

def stream(browser, table, last_id=None):
    return Events(browser, None, last_id, url=f"/api/v1/tables/{table}/events")


@pytest.fixture
def quick(app):
    app.config["LIVE_HEARTBEAT"] = 0.05  # a stream finds its table gone at once (``ended``)
    return app


def ended(app, streams):
    """Delete every table (the cleanup, a day after the last): each stream says so and closes,
    giving its slot back to the process (a test's streams never hold the next test's)."""
    with app.app_context():
        access.store().cleanup(now=time.time() + 10**9)
    for events in streams:
        assert events.next_event()["event"] == "gone"
        assert events.next() is None


def test_every_seats_stream_announces_each_move_with_its_version_only(quick):
    app = quick
    table, browsers = people(app, lambda maker: a_table(maker, 3), 3)
    streams = [stream(browser, table) for browser in browsers]
    for events in streams:
        assert events.response.mimetype == "text/event-stream"
        assert events.response.headers["Cache-Control"] == "private, no-store"
        first = events.next_event()
        assert first["event"] == "version" and first["data"] == {"version": 1} and first["id"] == "1"
    for version, _practice, _seat, _answer in turns(app, table, browsers, random.Random(5), 4):
        for events in streams:
            announced = events.next_event()
            assert announced == {"id": str(version + 1), "event": "version", "data": {"version": version + 1}}
    ended(app, streams)


def test_a_stream_resumes_after_the_version_it_has(quick, client):
    app = quick
    table = a_table(client, 2)
    events = stream(client, table, last_id=1)
    assert events.next() == {"retry": "1000"}
    version, practice = server_side(app, table)
    assert move(client, table, version, random_move(practice, random.Random(2), 0)).status_code == 200
    assert events.next_event()["data"] == {"version": 2}  # not version 1, which it had
    ended(app, [events])


def test_a_stream_reaches_another_hosts_seats(quick, client):
    """A move through one app (host) reaches a stream held by another on the same database."""
    from app import create_app

    app = quick
    other_host = create_app({"TESTING": True})  # the same instance folder: the same secret key, the same database
    other_host.config["LIVE_HEARTBEAT"] = 0.05
    table = a_table(client, 2)
    friend = other_host.test_client()
    assert join(friend, table, "Sara").get_json() == {"seat": 1}
    events = stream(friend, table)
    assert events.next_event()["data"] == {"version": 1}
    version, practice = server_side(app, table)
    seat = practice.waiting_for()
    mover = client if seat == 0 else friend
    assert move(mover, table, version, random_move(practice, random.Random(4), seat)).status_code == 200
    assert events.next_event()["data"] == {"version": version + 1}
    ended(app, [events])


# --- the store ------------------------------------------------------------------------------------

def test_a_table_never_played_goes_with_its_seats(app, client):
    table = a_table(client, 2)
    assert join(student(app), table, "Sara").status_code == 200
    with app.app_context():
        store = access.store()
        store.cleanup(now=time.time() + UNPLAYED_TTL + 1)
        assert store.load(table) is None and store.table_seats(table) == []
    assert client.get(f"/api/v1/tables/{table}").status_code == 404


# --- random whole games ---------------------------------------------------------------------------

# The run is over a hundred games on each database: TABLE_GAMES=100 (65-85 s a database on
# the shared machine, README "Tables API"); the fast suite plays the first six, the same seeds.
GAMES = int(os.environ.get("TABLE_GAMES", "6"))


def a_players_move(practice, rng, seat):
    """What a person at the table does: mostly what a normal bot would (a game then ends in some
    fifty moves, where uniform random moves drew and kept cards for thousands), else any legal move,
    so that catches, challenges and late UNO calls come up too."""
    chosen = random_move(practice, rng, seat)
    if chosen["action"] in ("next-round", "continue") or practice.waiting_for() != seat or rng.random() < 0.2:
        return chosen
    decided = bots.decide(practice.round, seat, "normal", rng).to_dict()
    decided.pop("seat")
    return decided


def test_random_whole_games_through_the_api(quick):
    """GAMES seeded games of 2-4 seats, 2-4 of them people's and the rest bots', played to the end
    by whoever is waited for. After every move each seat reads its view: 108 cards in all, its own
    hand and no card only the others hold, in the mover's answer too; every version is one more
    than the last. The first games' streams carry every version to every seat, and nothing else."""
    app = quick
    rng = random.Random("tables")
    for game in range(GAMES):
        # Browsers of their own at each table, from an address of the table's: the limits on making
        # tables and joining them count per browser and per address (test_a_class_of_forty...).
        browsers = [student(app, f"10.0.{game}.{n}") for n in range(4)]
        seats = rng.randint(2, 4)
        count = rng.randint(2, seats)
        table = open_table(browsers[0], seats, seed=game).get_json()["id"]
        for n in range(1, count):
            assert join(browsers[n], table, f"P{n}").get_json() == {"seat": n}
        streams = [stream(browser, table) for browser in browsers[:count]] if game < 3 else []
        for events in streams:
            assert events.next_event()["data"] == {"version": 1}
        version, practice = server_side(app, table)
        with app.app_context():
            log = access.store().steps(table, 0)
        while not practice.finished:
            seat = practice.waiting_for()
            if seat is None:  # a bot forgot UNO, or the round is over: anyone may go on
                seat = rng.randrange(count)
            answer = move(browsers[seat], table, version, a_players_move(practice, rng, seat))
            assert answer.status_code == 200, answer.get_json()
            assert answer.get_json()["version"] == version + 1
            version, practice = server_side(app, table, range(count))
            with app.app_context():
                log += access.store().steps(table, len(log))
            assert_seat_sees_only_its_hand(answer.get_json(), practice, log, seat)
            for reader in range(count):
                shown = browsers[reader].get(f"/api/v1/tables/{table}").get_json()
                assert shown["version"] == version
                assert_seat_sees_only_its_hand(shown, practice, log, reader)
            for events in streams:
                assert events.next_event() == {"id": str(version), "event": "version", "data": {"version": version}}
            assert version < 1000
        assert practice.game.winner is not None
        ended(app, streams)


def test_readme_documents_the_tables_api():
    section = README.read_text().split("## Tables API", 1)[1].split("\n## ", 1)[0]
    for name in ("POST /api/v1/tables", "POST /api/v1/tables/<id>/join", "GET /api/v1/tables/<id>",
                 "POST /api/v1/tables/<id>/moves", "GET /api/v1/tables/<id>/events", '"invite"', '"seat"',
                 "table-full", "table-name-taken", "not-seated", "table_seats", "`away`", "`away_after`",
                 "UNO_TUTOR_TABLE_AWAY_AFTER"):
        assert name in section, name
