"""Issue 36, item 4: the log packed (app.store.packing), on both databases. Nothing lost: every
game of a database upgraded from the last release reads back as it did, on the table, the watch
pages and the teacher's view; and the cleanup deletes a game whole, then its log in short
transactions of its own (item 3)."""
import hashlib
import random
import re
import time
import zlib

import pytest
from backports import zstd

from app import create_app
from app.fast_json import dumps
from app.practice import access
from app.store import FINISHED_TTL, base as store_base, new_token, packing, schema

from .practice_support import csrf, form_fields, new_api_game, random_move, stored
from .test_classes import join, make_class, student
from .test_pass_and_play import likely_move, new_together

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases
CSRF_VALUE = re.compile(r'(name="csrf_token" value=")[^"]+"')


def as_the_last_release(store) -> None:
    """The database as the last release (schema version 1) left it: each row of the log as the
    JSON text it wrote (``encode(list(steps))``), in ``steps``; no packed log; none of migration
    3's columns and tables (a class's teacher link, its end, its other teachers and removed
    students), nor of migrations 4 to 6 (live sessions, their answers, a live quiz's timer), 7 (a
    class's count of changes), 8 (tables' seats) and 9 (a class's tables), which the upgrade then adds."""
    rows = store._all("SELECT game, n, steps FROM log")
    with store._write() as db:
        for statement in store._statements(schema.MIGRATIONS[0]):  # makes ``steps`` again (IF NOT EXISTS)
            db.execute(statement)
        db.executemany("INSERT INTO steps (game, n, step) VALUES (?, ?, ?)",
                       [(game, n, dumps(packing.unpack(packed))) for game, n, packed in rows])
        db.execute("DROP TABLE log")
        db.execute("DROP TABLE gone_logs")
        for table in ("class_table_refusals", "class_tables", "table_seats", "live_answers", "live_sessions", "removed_students", "class_teachers"):
            db.execute(f"DROP TABLE {table}")
        for column in ("teacher_link", "ended", "changes"):
            db.execute(f"ALTER TABLE classes DROP COLUMN {column}")
        db.execute("UPDATE schema_version SET version = 1")


# --- packing -------------------------------------------------------------------------------------

def test_the_dictionary_is_the_one_rows_were_packed_with():
    """Rows packed with format 1 read only with these very bytes: never edit the file (a better
    dictionary is a new format)."""
    assert hashlib.sha256(packing.DICTIONARY_1).hexdigest() == (
        "833fbeaebc43add57957a00fdb241a1da754b48ad4de4eb32c8cba499caa84e7")


def test_a_game_of_thirty_moves_packs_to_a_fifth_of_its_json_and_reads_back_exactly(app, client):
    game = new_api_game(client, rules={"preset": "official", "target": 500}, seed="packed")
    rng, version = random.Random(4), game["version"]
    for _ in range(30):
        version, practice = stored(app, game["id"])
        answer = client.post(f"/api/v1/games/{game['id']}/moves",
                             json={"version": version, "move": random_move(practice, rng)})
        assert answer.status_code == 200, answer.get_json()
    with app.app_context():
        rows = access.store()._all("SELECT n, steps FROM log WHERE game = ? ORDER BY n", (game["id"],))
        log = access.store().steps(game["id"], 0)
    assert len(rows) == 31 and [step for _, packed in rows for step in packing.unpack(packed)] == log
    assert sum(len(packed) for _, packed in rows) * 5 < len(dumps(log))


def deflated(steps, window_bits: int) -> bytes:
    """A row of format 1 as the releases before wrote it: raw DEFLATE at level 9 with the
    dictionary preset, in zlib's default window (-15) or, later, an 8 KB one (-13)."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, window_bits, 6, zdict=packing.DICTIONARY_1)
    return bytes((packing.FORMAT_1,)) + deflate.compress(dumps(steps).encode()) + deflate.flush()


def test_rows_the_releases_before_wrote_read_back_in_either_window():
    """Rows of format 1 (DEFLATE) still read, in either window the releases before wrote them,
    a row longer than the 8 KB window too; and rows written now, of any length, read back."""
    steps = [{"seat": n % 4, "events": [{"kind": "draw", "rule": "draw.one", "params": {"seat": n % 4, "count": n}}]}
             for n in range(300)]
    assert len(dumps(steps)) > 2 ** 13
    for window_bits in (-15, -13):
        assert packing.unpack(deflated(steps, window_bits)) == steps
        assert packing.unpack(deflated(steps[:1], window_bits)) == steps[:1]
    assert packing.unpack(packing.pack(steps)) == steps and packing.pack(steps)[0] == packing.FORMAT_2


def test_each_row_is_the_frame_a_new_compressor_with_the_dictionary_writes():
    """Rows are packed by one compressor that serves every row (``packing._ZSTD``): row after row,
    each is the frame a compressor made for it alone writes, so no row depends on the rows
    packed before it in the process."""
    rows = [[{"seat": n % 4, "events": [{"kind": "draw", "rule": "draw.one", "params": {"seat": n % 4, "count": n}}]}] * n
            for n in (1, 7, 1, 30)]
    for steps in rows:
        alone = zstd.ZstdCompressor(level=packing.ZSTD_LEVEL, zstd_dict=zstd.ZstdDict(packing.DICTIONARY_1, is_raw=True))
        frame = bytes((packing.FORMAT_2,)) + alone.compress(dumps(steps).encode(), mode=zstd.ZstdCompressor.FLUSH_FRAME)
        assert packing.pack(steps) == frame and packing.unpack(frame) == steps


def test_a_row_cut_short_or_of_another_format_is_an_error_not_a_shorter_log():
    steps = [{"seat": 0, "events": []}] * 20
    for packed in (packing.pack(steps), deflated(steps, -13)):
        with pytest.raises(ValueError):
            packing.unpack(packed[:-3])
    with pytest.raises(ValueError):
        packing.unpack(b"\x03" + packing.pack(steps)[1:])


# --- the upgrade ---------------------------------------------------------------------------------

def pages(app, clients, games, watches, code) -> dict[str, str]:
    """What each game shows: its table to its owner (page and JSON, in both languages), its watch
    links (page and JSON, the whole log), and the teacher's view of the class. Forms' CSRF tokens
    are left out: a new one is made for every page."""
    owner, teacher = clients
    shown = {}
    for game, player in games.items():
        for lang in ("en", "ar"):
            shown[f"table {game} {lang}"] = player.get(f"/{lang}/play/{game}").text
        shown[f"json {game}"] = player.get(f"/api/v1/games/{game}").text
    for token in watches:
        shown[f"watch {token}"] = owner.get(f"/ar/watch/{token}?since=0").text
        shown[f"watch json {token}"] = owner.get(f"/api/v1/watch/{token}?since=0").text
    shown["teacher"] = teacher.get(f"/en/class/{code}").text
    shown["teacher json"] = teacher.get(f"/api/v1/classes/{code}").text
    return {name: CSRF_VALUE.sub(r'\1"', text) for name, text in shown.items()}


def play_for_a_while(app, client, game_id, rng, moves):
    for _ in range(moves):
        version, practice = stored(app, game_id)
        if practice.finished:
            return
        if practice.together:
            if practice.pass_to() is not None:
                client.post(f"/en/play/{game_id}", data={"csrf_token": csrf(client), "version": str(version),
                                                         "action": "show", "seat": str(practice.pass_to())})
                version, practice = stored(app, game_id)
            fields = {**form_fields(likely_move(practice, rng, practice.holder), version, csrf(client)),
                      "seat": str(practice.holder)}
            assert client.post(f"/en/play/{game_id}", data=fields).status_code == 303
        else:
            answer = client.post(f"/api/v1/games/{game_id}/moves",
                                 json={"version": version, "move": random_move(practice, rng)})
            assert answer.status_code == 200, answer.get_json()


def test_every_game_reads_the_same_after_the_upgrade_packs_its_log(app, client):
    """A learner's game with an open-hands watch link, a pass-and-play game, and a class's students
    (with the links the class made for its teacher), played a while; the database made as the last
    release left it; upgraded: every page and answer reads as before, by a new app (a new process:
    no memory of the games), and every game's log from every step is the same."""
    rng = random.Random(36)
    learner = new_api_game(client, rules={"preset": "official", "target": 500}, seed="upgrade")["id"]
    assert client.post(f"/api/v1/games/{learner}/watch", json={"open_hands": True}).status_code == 201
    together = new_together(client, bots="1")
    teacher = app.test_client()
    code = make_class(teacher)["code"]
    students = [student(app, f"198.51.100.{n}") for n in range(2)]
    games = {learner: client, together: client}
    for n, browser in enumerate(students):
        games[join(browser, code, f"S{n}").get_json()["id"]] = browser
    for game, browser in games.items():
        play_for_a_while(app, browser, game, rng, 25)
    with app.app_context():
        store = access.store()  # the app's database (on SQLite, its own file)
    watches = [token for (token,) in store._all("SELECT token FROM watches ORDER BY token")]
    assert len(watches) == 3  # the owner's, and one for each student
    before = pages(app, (client, teacher), games, watches, code)
    logs = {game: [store.steps(game, first) for first in range(60)] for game in games}

    as_the_last_release(store)
    assert store.schema_version() == 1 and store._one("SELECT COUNT(*) FROM steps")[0] > 50
    assert store.upgrade() == [2, 3, 4, 5, 6, 7, 8, 9]
    assert store.schema_version() == schema.LATEST
    with pytest.raises(store.errors):  # the old table is gone
        store._one("SELECT COUNT(*) FROM steps")
    assert {game: [store.steps(game, first) for first in range(60)] for game in games} == logs

    again = create_app({"TESTING": True})  # the same database and instance folder, a fresh memory
    clients = {browser: again.test_client() for browser in {client, teacher, *students}}
    for old, new in clients.items():
        for name in ("uno_owner", "__Host-uno_owner", "session"):
            cookie = old.get_cookie(name)
            if cookie is not None:
                new.set_cookie(name, cookie.value)
    after = pages(again, (clients[client], clients[teacher]), {game: clients[browser] for game, browser in games.items()},
                  watches, code)
    assert after == before


def test_a_log_of_one_row_per_step_is_packed_under_its_numbers(backend):
    """Logs from before one row per request (each row one step's object) beside a newer one."""
    store = backend.store()
    old, newer = store.create(new_token(), {}).id, store.create(new_token(), {}).id
    as_the_last_release(store)
    with store._write() as db:
        db.executemany("INSERT INTO steps (game, n, step) VALUES (?, ?, ?)",
                       [(old, n, f'{{"step": {n}}}') for n in range(3)] + [(newer, 0, '[{"step": 0}, {"step": 1}]')])
    assert store.upgrade() == [2, 3, 4, 5, 6, 7, 8, 9]
    assert [store.steps(old, first) for first in range(4)] == [[{"step": n} for n in range(first, 3)] for first in range(4)]
    assert store.steps(newer, 1) == [{"step": 1}]
    store.save(store.load(old), {}, False, [{"step": 3}], first=3)
    assert store.steps(old, 2) == [{"step": 2}, {"step": 3}]


# --- the cleanup ---------------------------------------------------------------------------------

def test_a_deleted_games_log_goes_after_it_in_transactions_of_its_own(backend, monkeypatch):
    """The games go whole, CLEANUP_BATCH a transaction, and their ids wait in ``gone_logs``; then
    their log rows go, LOG_BATCH a transaction, however long each game's log; a live game's log
    stays."""
    monkeypatch.setattr(store_base, "LOG_BATCH", 7)
    monkeypatch.setattr(store_base, "CLEANUP_BATCH", 3)
    store = backend.store(clean_every=None)
    finished = []
    for n in range(5):
        record = store.create(new_token(), {}, finished=True, steps=[{"step": 0}])
        for first in range(1, 2 + 4 * n):  # logs of 2 to 18 rows
            record = store.save(record, {}, True, [{"step": first}], first=first)
        finished.append(record.id)
    live = store.save(store.create(new_token(), {}, steps=[{"step": 0}]), {}, False, [{"step": 1}], first=1)
    rows, counted = [], store._committed

    def commit():
        rows.append((store._one("SELECT COUNT(*) FROM games")[0], store._one("SELECT COUNT(*) FROM log")[0],
                     store._one("SELECT COUNT(*) FROM gone_logs")[0]))
        counted()

    monkeypatch.setattr(store, "_committed", commit)
    assert store.cleanup(time.time() + FINISHED_TTL + 10) == 5
    games, logs, gone = zip(*[(6, 2 + sum(2 + 4 * n for n in range(5)), 0)] + rows)
    assert games[-1] == 1 and logs[-1] == 2 and gone[-1] == 0  # the live game and its log alone
    assert max(before - after for before, after in zip(games, games[1:])) == 3
    assert max(before - after for before, after in zip(logs, logs[1:])) == 7
    last_game = max(i for i in range(1, len(games)) if games[i] < games[i - 1])
    assert all(logs[i] == logs[0] for i in range(last_game + 1))  # no log row went before its game
    assert store.steps(live.id, 0) == [{"step": 0}, {"step": 1}]
    assert all(store.steps(game, 0) == [] and store.load(game) is None for game in finished)


def test_the_cleaner_rests_after_each_transaction_as_long_as_it_held_the_turn(backend, monkeypatch):
    """So that a move waiting for the writers' turn gets it before the cleaner's next batch (the
    locks are not fair: the one letting go took them again first)."""
    store = backend.store(clean_every=None)
    for _ in range(7):
        store.create(new_token(), {}, finished=True, steps=[{"step": 0}])
    monkeypatch.setattr(store_base, "CLEANUP_BATCH", 2)
    held, rests, commits = [], [], store._committed
    began = []
    real_write = store._write

    def timed_write():
        began.append(time.monotonic())
        return real_write()

    def committed():
        held.append(time.monotonic() - began[-1])
        commits()

    real_rest = store._rest
    monkeypatch.setattr(store, "_write", timed_write)
    monkeypatch.setattr(store, "_committed", committed)
    monkeypatch.setattr(store, "_rest", lambda seconds: (rests.append(seconds), real_rest(seconds)))
    assert store.cleanup(time.time() + FINISHED_TTL + 10) == 7
    assert len(rests) == len(held) >= 4 + 1  # four batches of games, then the logs'
    assert all(rest >= took for rest, took in zip(rests, held))
