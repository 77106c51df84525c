"""Issue 36 item 5: what a move asks of the database, counted, not timed. On PostgreSQL a round
trip costs a move more than its statement: a move's save is one statement, sent alone (no BEGIN,
no COMMIT, no check of the connection on the way out of the pool), so one round trip; on SQLite,
which has no round trips, one transaction of the save and its log. And the check that asks the
server nothing still never hands out a connection the server has ended; and a commit waits for no
disk on either database, unless the operator's URL asks it to."""
import random
import secrets
import time
from contextlib import ExitStack

import psycopg
import pytest
from psycopg import pq

from app.practice import access
from app.store import new_token
from app.store.postgres import PostgresStore

from .practice_support import new_api_game, random_move, sqlite_only

pytestmark = pytest.mark.usefixtures("backend")
postgres_only = pytest.mark.parametrize("backend", ["postgres"], indirect=True)
MOVES = 20
# A connection prepares a statement the first time it runs it (app.store.postgres), in a round trip
# of its own, once: these moves come first, so that what is counted is every move after.
WARM_UP = 6
RULES = {"preset": "official", "target": 100_000}  # no game ends within MOVES moves


def moves(app, client, count: int):
    """Play ``count`` moves of a new game through the API, each a random legal one (chosen from
    the game this process keeps in memory, so choosing reads nothing from the database); yields
    before each, so the caller can look at what that move asks of the database."""
    game, rng = new_api_game(client, seed=7, rules=RULES), random.Random(7)
    version = game["version"]
    for _ in range(count):
        with app.app_context():
            move = random_move(access.kept_games().get(game["id"], version), rng)
        yield
        answer = client.post(f"/api/v1/games/{game['id']}/moves", json={"version": version, "move": move})
        assert answer.status_code == 200, answer.get_json()
        version = answer.get_json()["version"]


@postgres_only
def test_a_move_is_one_round_trip_to_postgresql(app, monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_POOL_MAX", "1")  # one connection: the one traced
    client = app.test_client()
    played = moves(app, client, WARM_UP + MOVES)
    for _ in range(WARM_UP + 1):  # the game made, WARM_UP moves played, the next one chosen
        next(played)
    with app.app_context():
        pool = access.store()._pool()
    with open(tmp_path / "trace", "w+") as trace:
        with pool.connection() as conn:  # libpq writes every message it sends or receives
            conn.pgconn.trace(trace.fileno())
            conn.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)
        for _ in played:
            pass
        with pool.connection() as conn:
            conn.pgconn.untrace()
        trace.seek(0)
        lines = trace.read().splitlines()
    answers = [line for line in lines if line.startswith("B") and "\tReadyForQuery\t" in line]
    assert len(answers) == MOVES, "\n".join(lines)  # one query and its answer a move
    assert not any("\tQuery\t" in line for line in lines)  # nothing sent but the save: no BEGIN, COMMIT, check


@postgres_only
def test_a_moves_statement_makes_no_cursor_and_a_failed_write_leaves_the_connection_ready(app, monkeypatch):
    """psycopg's ``Connection.execute`` made a cursor for every statement, setting up its adapters
    afresh; a move's save is a lone write, which each pooled connection runs with libpq's own
    calls (``_Connection.write``, app.store.postgres), so a move makes no cursor. A write that
    failed raises psycopg's error for it and leaves the connection ready for the next statement."""
    monkeypatch.setenv("DATABASE_POOL_MAX", "1")
    client = app.test_client()
    played = moves(app, client, WARM_UP + MOVES)
    for _ in range(WARM_UP + 1):
        next(played)
    with app.app_context():
        store = access.store()
        taken = store._one("SELECT id FROM games")  # the connection's kept cursor, for reads, made now
    made = []
    cursor = psycopg.Connection.cursor
    monkeypatch.setattr(psycopg.Connection, "cursor", lambda conn, *args, **kwargs: made.append(conn) or cursor(
        conn, *args, **kwargs))
    for _ in played:
        pass
    assert made == []
    with app.app_context():
        with pytest.raises(psycopg.errors.UniqueViolation):
            store._write_one("INSERT INTO games (id, owner, version, state, finished, updated) "
                             "SELECT id, owner, version, state, finished, updated FROM games WHERE id = ?", taken)
        assert store._one("SELECT id FROM games WHERE id = ?", taken) == taken
    assert made == []


@postgres_only
def test_a_write_the_server_forgot_is_prepared_again(app, monkeypatch):
    """psycopg has the server forget every prepared statement on a rollback (``DEALLOCATE ALL``),
    the store's writes too: each save after that prepares its statement again, and applies."""
    monkeypatch.setenv("DATABASE_POOL_MAX", "1")  # one connection: the one that forgets
    client = app.test_client()
    for n, _ in enumerate(moves(app, client, 4)):  # each move asserts that it applied
        if n:
            with app.app_context(), access.store()._connection() as conn:
                conn.execute("DEALLOCATE ALL")


@sqlite_only
def test_a_move_on_sqlite_is_one_transaction_of_the_save_and_its_log(app):
    client = app.test_client()
    statements: list[str] = []
    for _ in moves(app, client, MOVES):
        with app.app_context():  # the test client's requests run on this thread: this connection
            access.store()._db().set_trace_callback(statements.append)
        statements.clear()
    assert [statement.split(" ", 2)[:2] for statement in statements] == [
        ["BEGIN", "IMMEDIATE"], ["UPDATE", "games"], ["INSERT", "INTO"], ["COMMIT"]]


@postgres_only
def test_a_connection_the_server_ended_is_never_handed_out(app, backend, monkeypatch):
    """A server that restarts ends every connection, saying so: the pool's check, which sends
    nothing, hears it and hands out a new connection, so the next move is answered, not a 503."""
    monkeypatch.setenv("DATABASE_POOL_MAX", "1")
    client = app.test_client()
    played = moves(app, client, 2)
    next(played)
    with app.app_context():
        with access.store()._pool().connection() as conn:
            ended = conn.info.backend_pid
    with psycopg.connect(backend.url, autocommit=True) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", (ended,)).fetchone() == (True,)
        deadline = time.monotonic() + 10
        while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (ended,)).fetchone():
            assert time.monotonic() < deadline, "the server did not end the connection"
            time.sleep(0.05)
    next(played)  # the move: 200, on a new connection
    with app.app_context(), access.store()._pool().connection() as conn:
        assert conn.info.backend_pid != ended


@postgres_only
def test_after_a_burst_every_connection_runs_its_statements_prepared_from_the_first(backend):
    """A burst grows the pool (here four connections held at once), which then hands them out in
    turn: each prepares a statement the first time it runs it, so a move's statements are never
    planned again on a connection that has seen them only a few times (app.store.postgres's doc)."""
    store = backend.store(clean_every=None)
    pool = store._pool()
    with ExitStack() as burst:
        for _ in range(4):
            burst.enter_context(pool.connection())
    prepared = set()
    for n in range(8):
        with pool.connection() as conn:
            conn.execute("SELECT %s::int + 1", (n,)).fetchone()
            prepared.add(conn.execute("SELECT count(*) FROM pg_prepared_statements").fetchone()[0] > 0)
    grown = pool.get_stats()["pool_size"]
    store.close()
    assert grown == 4 and prepared == {True}


@postgres_only
def test_a_commit_waits_for_no_disk_unless_the_database_url_asks(backend):
    """As SQLite's WAL with synchronous NORMAL: the app's sessions commit without waiting for the
    WAL's flush (synchronous_commit off, set as they start: no round trip). The URL's own options
    come after, so an operator's ``-csynchronous_commit=on`` there wins, and its other options
    (here the test's search_path) still hold."""
    def settings(store):
        with store._pool().connection() as conn:
            found = conn.execute("SELECT current_setting('synchronous_commit'), current_schema()").fetchone()
        store.close()
        return found

    schema = psycopg.conninfo.conninfo_to_dict(backend.url)["options"].removeprefix("-csearch_path=")
    assert settings(backend.store(clean_every=None)) == ("off", schema)
    own = psycopg.conninfo.conninfo_to_dict(backend.url)["options"]
    strict = psycopg.conninfo.make_conninfo(backend.url, options=f"{own} -csynchronous_commit=on")
    assert settings(PostgresStore(strict, clean_every=None)) == ("on", schema)


@postgres_only
def test_a_save_reads_back_as_written_in_a_database_of_another_encoding(postgres_url):
    """A save's text goes to the server as UTF-8 (``_Connection.write``), and the pool's
    connections say so (their client encoding), so a database in another encoding stores the
    text itself, not its UTF-8 bytes read as that encoding."""
    from bench import postgres_server

    name = f"test_latin1_{secrets.token_hex(6)}"
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name} ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
    try:
        url = postgres_url.rsplit("/", 1)[0] + "/" + name
        postgres_server.upgrade(url)
        store = PostgresStore(url, clean_every=None)
        try:
            record = store.create(new_token(), {"name": "Zoé"})
            saved = store.save(record, {"name": "Zoé à Noël"}, False, [{"seat": 0, "events": []}], 1)
            assert saved is not None and store.load(record.id).state == {"name": "Zoé à Noël"}
        finally:
            store.close()
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
