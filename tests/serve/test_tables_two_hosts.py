"""A table of people across two app hosts on one database (issue 38): each host README's production
command, the table's four seats split between them (seats 0 and 2 on the first, 1 and 3 on the
second: each seat's join, reads, moves and stream on its own host). Every move, made on whichever
host its seat is on, reaches every seat's stream on both hosts (PostgreSQL's LISTEN/NOTIFY between
hosts; on one SQLite file, the other process's poll); after it every seat reads its own view from
its own host: one version more, the same table in every view, its own hand as stored and not one
card only the others hold, in any answer or event. Joins at once on both hosts give each seat once.

Nothing here is timed: every wait is bounded by bench/live.py's WAIT, which only a failure reaches
(bench/tables.py measures)."""
import threading
import urllib.error

import pytest

from app import create_app
from app.practice import access
from app.practice.game import Practice
from bench.http import next_move
from bench.live import Follower, Teacher
from bench.tables import leaks, stray_events
from tests.web.practice_support import secret_cards, strings

SEATS = 4
MOVES = 12
JOINERS = 8  # at once, half on each host, for the three free seats
RULES = {"preset": "official", "target": 100_000}
PUBLIC = ("turn", "direction", "color", "top", "draw_pile_size", "discard_size", "pending", "uno", "round_over",
          "scores", "round", "people")  # what every seat's view shows alike (names: in each reader's language)


def public(view, key):
    """What every seat sees of ``key``: a drawn card waiting is its drawer's alone."""
    if key == "pending" and view["pending"]:
        return {name: value for name, value in view["pending"].items() if name != "card"}
    return view[key]


@pytest.fixture
def stored(database, tmp_path, monkeypatch):
    """The test's god view of the hosts' store: a table's version, its game and its log."""
    monkeypatch.setenv("UNO_TUTOR_CLEANUP_EVERY", "0")
    for key, value in {"UNO_TUTOR_INSTANCE_PATH": str(tmp_path / "test"), **database}.items():
        monkeypatch.setenv(key, value)
    app = create_app({"TESTING": True})

    def read(table):
        with app.app_context():
            record = access.store().load(table)
            return record.version, Practice.from_dict(record.state), access.store().steps(table, 0)

    return read


def test_tables__a_table_split_across_two_hosts_plays_with_each_seat_seeing_only_its_hand(hosts, stored):
    maker = Teacher(hosts[0])
    table = maker.post("/api/v1/tables", {"seats": SEATS, "rules": RULES, "level": "easy", "seed": 3})["id"]
    people = [maker]
    for seat in range(1, SEATS):
        person = Teacher(hosts[seat % 2])
        assert person.post(f"/api/v1/tables/{table}/join", {"name": f"P{seat}"}) == {"seat": seat}
        people.append(person)
    path = f"/api/v1/tables/{table}"
    streams = [Follower(person.port, "", person.cookie(), f"{path}/events") for person in people]
    version, _practice, _log = stored(table)
    for stream in streams:
        stream.start()
        stream.arrival(version)  # the current version, at once
    movers = set()
    for _ in range(MOVES):
        version, practice, _log = stored(table)
        seat = practice.waiting_for()
        seat = 0 if seat is None else seat  # between rounds: anyone may deal the next
        mover = people[seat]
        move = next_move(mover.get(path)["view"])
        moved = mover.post(f"{path}/moves", {"version": version, "move": move})
        movers.add(mover.port)
        assert moved["version"] == version + 1, (move, moved["version"])
        version, practice, log = stored(table)
        assert version == moved["version"]
        for stream in streams:
            stream.arrival(version)  # bounded by WAIT: raises if a host's stream never hears of it
        answers = [moved] + [person.get(f"{path}?lang={'ar' if n % 2 else 'en'}") for n, person in enumerate(people)]
        for reader, answer in [(seat, moved), *enumerate(answers[1:])]:
            assert answer["version"] == version
            assert leaks(answer, reader) == [], (reader, answer)
            assert not secret_cards(practice, log, reader) & set(strings(answer)), reader
            assert answer["view"]["hands"][reader] == [card.notation for card in practice.round.hands[reader]]
        views = [answer["view"] for answer in answers[1:]]
        for key in PUBLIC:
            shown = {repr(public(view, key)) for view in views}
            assert len(shown) == 1, (key, shown)
        for reader, view in enumerate(views):
            for other in views:
                assert (len(view["hands"][reader]) if isinstance(other["hands"][reader], list)
                        else other["hands"][reader]) == len(view["hands"][reader])
    assert movers == set(hosts), "the moves came from one host only"
    for stream in streams:
        stream.conn.close()
        assert stray_events(stream) == [], stream.data  # the version alone, never a card
        assert sorted(stream.seen) == list(range(min(stream.seen), version + 1))  # each version, by one


def test_tables__joins_at_once_on_two_hosts_give_each_seat_once(hosts, stored):
    maker = Teacher(hosts[0])
    table = maker.post("/api/v1/tables", {"seats": SEATS, "rules": RULES, "level": "easy"})["id"]
    joiners = [Teacher(hosts[n % 2]) for n in range(JOINERS)]
    start, answers = threading.Barrier(JOINERS), [None] * JOINERS

    def join(n):
        start.wait()
        try:
            answers[n] = joiners[n].post(f"/api/v1/tables/{table}/join", {})
        except urllib.error.HTTPError as refused:
            answers[n] = refused.code, refused.read().decode()

    threads = [threading.Thread(target=join, args=(n,)) for n in range(JOINERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    given = sorted(answer["seat"] for answer in answers if isinstance(answer, dict))
    assert given == list(range(1, SEATS)), answers
    assert all(answer[0] == 409 and "table-full" in answer[1] for answer in answers if isinstance(answer, tuple))
    version, practice, log = stored(table)
    for joiner, answer in zip(joiners, answers):
        if isinstance(answer, dict):  # each reads its own seat's view from its own host
            shown = joiner.get(f"/api/v1/tables/{table}")
            assert shown["view"]["seat"] == answer["seat"] and shown["view"]["people"] == list(range(SEATS))
            assert not secret_cards(practice, log, answer["seat"]) & set(strings(shown))
