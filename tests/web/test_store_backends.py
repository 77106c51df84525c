"""Issue 20: one store, two databases. The promises that need several writers at once (one save a
version, the live-games cap, a rate limit's count, across hosts), the versioned schema and its
upgrade, two hosts' memories of recent games, and a database that is briefly away: a 503 in the
reader's language, then recovery without a restart."""
import html
import socket
import sqlite3
import threading
import time
from urllib.parse import urlsplit, urlunsplit

import pytest
from flask_babel import force_locale

from app import create_app, wording
from app.practice import access, owners
from app.store import SQLiteStore, TooManyGames, new_token, opened as opened_store, schema, sqlite as sqlite_store
from app.store.schema import Migration

from .practice_support import RULES, VERSION, new_api_game, old_sqlite_file, sqlite_only

pytestmark = pytest.mark.usefixtures("backend")
postgres_only = pytest.mark.parametrize("backend", ["postgres"], indirect=True)
EXTRA = Migration(schema.LATEST + 1, "a table more", sqlite=("CREATE TABLE extra (x INTEGER)",),
                  postgres=("CREATE TABLE extra (x INTEGER)",))


def at_once(count, work):
    """``work(n)`` on ``count`` threads let go together; their results, in no order."""
    barrier, results = threading.Barrier(count, timeout=30), []

    def run(n):
        barrier.wait()
        results.append(work(n))

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def message(app, lang, code):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        return wording.error_message(code)


# --- several writers at once ---------------------------------------------------------------------


def test_the_first_requests_at_once_open_one_store(app, monkeypatch):
    """Threads asking for the app's store at once get one. Each opened its own before, and the
    PostgreSQL pools of those dropped printed "cannot join current thread" tracebacks."""
    opened, second_inside = [], threading.Barrier(2, timeout=2)
    real = opened_store.open_store

    def opening(*args):
        opened.append(args)
        try:
            second_inside.wait()  # a second thread opening a store at the same time: two stores
        except threading.BrokenBarrierError:  # none came
            pass
        return real(*args)

    monkeypatch.setattr(opened_store, "open_store", opening)

    def ask(n):
        with app.app_context():
            return access.store()

    stores = at_once(8, ask)
    assert len(opened) == 1 and len({id(store) for store in stores}) == 1

def test_of_twenty_saves_on_one_version_from_two_hosts_exactly_one_applies(backend):
    hosts = [backend.store(), backend.store()]
    record = hosts[0].create(new_token(), {"n": 0})
    saved = at_once(20, lambda n: hosts[n % 2].save(record, {"n": n + 1}, False, [{"step": n}], first=1))
    applied = [s for s in saved if s is not None]
    assert len(applied) == 1 and applied[0].version == 2
    assert hosts[1].load(record.id).state == applied[0].state
    assert len(hosts[0].steps(record.id, 0)) == 1  # the winner's step alone, written with its save


def test_the_live_games_cap_holds_when_one_owner_creates_at_once(backend):
    hosts, owner = [backend.store(), backend.store()], new_token()

    def create(n):
        try:
            return hosts[n % 2].create(owner, {}, most_live=3)
        except TooManyGames:
            return None

    made = at_once(12, create)
    assert sum(game is not None for game in made) == 3


def test_a_rate_limits_count_holds_when_hits_come_at_once(backend):
    hosts = [backend.store(), backend.store()]
    assert sorted(at_once(12, lambda n: hosts[n % 2].hit("k", 4, 60))) == [False] * 8 + [True] * 4
    assert hosts[0].hits("k", 60)[1] == 4


# --- the schema ----------------------------------------------------------------------------------

@sqlite_only
def test_a_file_made_by_the_last_release_opens_and_upgrades(tmp_path):
    """The release before versions made the tables of migration 1 and no version table: its file
    opens at version 1, its games and logs as they were."""
    path = tmp_path / "practice.sqlite3"
    owner = old_sqlite_file(path, schema.MIGRATIONS[0].sqlite)
    store = SQLiteStore(path)
    record = store.load("g1")
    assert store.schema_version() == schema.LATEST
    assert record.version == 3 and record.owned_by(owner) and store.steps("g1", 0) == [{"step": 0}]
    assert store.save(record, {"n": 2}, False).version == 4


def test_an_upgrade_applies_what_is_missing_once_whoever_runs_it(backend, monkeypatch):
    """Eight hosts upgrading at once: the migration runs once, with its version (a second run
    would fail: its CREATE TABLE has no IF NOT EXISTS)."""
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, EXTRA))
    monkeypatch.setattr(schema, "LATEST", EXTRA.number)
    hosts = [backend.store() for _ in range(8)]
    applied = at_once(8, lambda n: hosts[n].upgrade())
    by_hand = [[EXTRA.number]] if backend.name == "postgres" else []  # SQLite's first use upgraded it already
    assert sorted(applied) == [[]] * (8 - len(by_hand)) + by_hand
    assert hosts[0].schema_version() == EXTRA.number and hosts[0]._all("SELECT x FROM extra") == []


@sqlite_only
def test_sqlite_upgrades_itself_on_first_use(app, monkeypatch):
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, EXTRA))
    monkeypatch.setattr(schema, "LATEST", EXTRA.number)
    assert app.test_client().post("/api/v1/games", json={"rules": RULES}).status_code == 201
    with app.app_context():
        assert access.store().schema_version() == EXTRA.number


@postgres_only
def test_postgres_behind_its_schema_answers_503_until_db_upgrade_runs(app, monkeypatch):
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, EXTRA))
    monkeypatch.setattr(schema, "LATEST", EXTRA.number)
    client = app.test_client()
    refused = client.post("/api/v1/games?lang=ar", json={"rules": RULES})
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "10"
    assert refused.get_json() == {"error": "database-unavailable",
                                  "message": message(app, "ar", "database-unavailable")}
    result = app.test_cli_runner().invoke(args=["db-upgrade"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"schema at version {EXTRA.number} (applied {EXTRA.number})"
    assert client.post("/api/v1/games", json={"rules": RULES}).status_code == 201  # no restart
    assert app.test_cli_runner().invoke(args=["db-upgrade"]).output.strip() == \
        f"schema at version {EXTRA.number} (already up to date)"


# --- two hosts, each with its memory of recent games ------------------------------------------

def test_a_move_on_a_version_another_host_replaced_is_stale(app):
    """Host A keeps the game it made (version 1) in its memory; host B, on the same database,
    moves; A's move on version 1 is refused as stale, and A then shows B's version."""
    first = app.test_client()
    game = new_api_game(first, seed=5, rules={"preset": "official", "target": 100_000})  # a draw is legal
    second = create_app({"TESTING": True}).test_client()  # the same database, the same secret key
    second.set_cookie(owners.OWNER_COOKIE, first.get_cookie(owners.OWNER_COOKIE).value)
    with app.app_context():
        assert (game["id"], game["version"]) in access.kept_games()
    url = f"/api/v1/games/{game['id']}"
    moved = second.post(f"{url}/moves", json={"version": game["version"], "move": {"action": "draw"}})
    assert moved.status_code == 200, moved.get_json()
    refused = first.post(f"{url}/moves", json={"version": game["version"], "move": {"action": "draw"}})
    assert refused.status_code == 409 and refused.get_json() == {
        "error": "stale-version", "message": message(app, "en", "stale-version"), "version": moved.get_json()["version"]}
    shown = first.get(url).get_json()
    assert shown == {"version": moved.get_json()["version"], "view": moved.get_json()["view"]}
    page = first.get(f"/en/play/{game['id']}")
    assert VERSION.search(page.text).group(1) == str(moved.get_json()["version"])


# --- a database that is away for a moment ----------------------------------------------------

class Cable:
    """A TCP relay between the app and the database that can be cut and mended: the database is
    unreachable while it is cut (every connection dropped, new ones refused)."""

    def __init__(self, host: str, port: int):
        self.target, self.pipes, self.listener = (host, port), [], None
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.mend()

    def mend(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port), reuse_port=False)
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def cut(self) -> None:
        self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accept (a close alone would not, on Linux)
        self.listener.close()
        for pipe in self.pipes:
            try:
                pipe.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            pipe.close()
        self.pipes.clear()

    def _accept(self, listener) -> None:
        while True:
            try:
                near, _ = listener.accept()
            except OSError:
                return
            far = socket.create_connection(self.target)
            self.pipes += [near, far]
            for source, sink in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source, sink) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass


@postgres_only
def test_an_unreachable_database_is_a_503_in_the_readers_language_then_recovers(backend, tmp_path, monkeypatch):
    database = urlsplit(backend.url)
    cable = Cable(database.hostname or "127.0.0.1", database.port or 5432)
    login = f"{database.username}:{database.password}@" if database.password else f"{database.username}@"
    monkeypatch.setenv("DATABASE_URL", urlunsplit(database._replace(netloc=f"{login}127.0.0.1:{cable.port}")))
    monkeypatch.setenv("DATABASE_POOL_TIMEOUT", "1")
    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"TESTING": True})
    client = app.test_client()
    game = new_api_game(client)
    url = f"/api/v1/games/{game['id']}"
    cable.cut()
    try:
        for lang in ("en", "ar"):
            answer = client.get(f"{url}?lang={lang}")
            assert answer.status_code == 503, (lang, answer.status_code)
            assert answer.headers["Retry-After"] == "10"
            assert answer.get_json() == {"error": "database-unavailable",
                                         "message": message(app, lang, "database-unavailable")}
        assert message(app, "ar", "database-unavailable") != message(app, "en", "database-unavailable")
        page = client.get(f"/ar/play/{game['id']}")
        assert page.status_code == 503 and 'lang="ar"' in page.text and "Retry-After" in page.headers
        assert message(app, "ar", "database-unavailable") in html.unescape(page.text)
        moved = client.post(f"{url}/moves", json={"version": game["version"], "move": {"action": "draw"}})
        assert moved.status_code == 503
    finally:
        cable.mend()
    deadline = time.monotonic() + 30
    while (answer := client.get(url)).status_code == 503 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert answer.status_code == 200 and answer.get_json()["version"] == game["version"]  # the move was not applied


@sqlite_only
def test_a_locked_sqlite_file_is_a_503_then_works_again(app, monkeypatch):
    monkeypatch.setattr(sqlite_store, "BUSY_TIMEOUT_MS", 100)
    client = app.test_client()
    game = new_api_game(client, seed=5)  # a deal where a draw is legal
    with app.app_context():
        path = access.store().path
    other = sqlite3.connect(path, isolation_level=None)  # another program holding the write lock
    other.execute("BEGIN IMMEDIATE")
    try:
        worker = app.test_client()  # a new thread's connection takes the short busy timeout
        answers = at_once(1, lambda n: worker.post("/api/v1/games?lang=ar", json={"rules": RULES}))
        assert answers[0].status_code == 503 and answers[0].get_json()["error"] == "database-unavailable"
        assert answers[0].headers["Retry-After"] == "10"
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert client.post(f"/api/v1/games/{game['id']}/moves",
                       json={"version": game["version"], "move": {"action": "draw"}}).status_code == 200
