"""The game store on PostgreSQL, for several app hosts on one database: chosen when DATABASE_URL
is a ``postgresql://`` (or ``postgres://``) URL (app.store.open_store).

psycopg 3 and its pool rather than SQLAlchemy Core: the store's SQL is written once for both
databases already (app.store.base and its tables' modules), so a query builder would translate what needs no
translating, at a layer and a dependency more on every move; what does differ is the connections,
and psycopg_pool keeps those (sizes, a check of each connection handed out, so a restarted
server costs no request an error, and reconnecting in the background while it is away).

A round trip to the server costs a move more than its statement does: the pool's connections are
in autocommit, so a lone statement is its own transaction without BEGIN and COMMIT
(``_write_one``; a save is one, app.store.games), and the check of a connection handed out asks
the server nothing (``_unheard``).

Each connection prepares a statement the first time it runs it (``prepare_threshold=0``; psycopg's
default is the fifth time). A burst (a class's phones opening their live streams at once) grows
the pool to ``max_size``, which then hands its connections out in turn: with psycopg's default a
move's statements ran unprepared on most of them (24 of 30 in bench/live.py), planned again on
every move, and moves were slower after the burst. The app runs a small fixed set of statements,
so preparing each at once costs nothing later (psycopg keeps up to 100 a connection).

A commit waits for no disk, as on SQLite (app.store.sqlite: WAL, ``synchronous = NORMAL``): the
app's sessions ask for ``synchronous_commit = off`` (``SESSION``, in the connection's startup, so
no round trip). The server then writes and flushes the commit's WAL itself within
three ``wal_writer_delay`` (0.6 s by default). Neither database can be corrupted by a crash; an
app process's crash loses nothing (the commit is the server's); only a crash of the database
server or its machine can undo the moves of its last moment, in order, never a part of one. A
database URL's own ``options`` come after it, so ``options=-csynchronous_commit=on`` there makes
every commit wait for the disk again. Where it waited, a move took 2–3 ms more on this machine's
disk: longer than all else it does.

Transactions are READ COMMITTED. A save's ``UPDATE ... WHERE version = ?`` that meets another
on the same row waits for it, then reads the row again: its version has moved, so it updates
nothing, and exactly one of the two applies, whichever hosts made them. The checks that read
before they write: a join holds its class's row (``SELECT ... FOR UPDATE``), so one class's joins
take turns and each sees the last number (UNIQUE (class, number) stays behind it); the live-games
cap and a rate limit's count take a transaction-scoped advisory lock on the owner's or the key's
hash (``pg_advisory_xact_lock``), as there is no row to lock before the first game or hit, and
SERIALIZABLE would make the loser retry where waiting a moment is enough. Only requests of one
owner, key or class wait for each other; two keys of the same hash take turns, never miscount.
The cleanup's transactions are short (app.store.base): a move waits for one only if it touches
its rows.

The schema is not changed by a host starting: ``flask --app app db-upgrade`` applies the
migrations (under an advisory lock, so hosts running it at once apply each once). Until it has,
every request is answered 503 (SchemaBehind) and the log names the command; it is checked again
on each request, so the hosts recover without a restart.
"""
from __future__ import annotations

import atexit
import logging
import os
import select
import threading
import weakref
from collections.abc import Callable
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import psycopg
from psycopg import pq
from psycopg_pool import ConnectionPool

from ..fast_json import dumps, loads
from . import schema
from .base import CLEANUP_EVERY, Store
from .records import SchemaBehind


# The channel of the live sessions' announcements (app.store.live), and how long the listening
# connection waits for one before it looks whether the store was closed.
CHANNEL, LISTEN_WAKE, RECONNECT_AFTER = "uno_live", 1.0, 1.0

# The app's settings for each of its sessions (see the module's doc): before the URL's ``options``.
SESSION = "-c synchronous_commit=off"


def _options(url: str) -> str:
    """The ``options`` of the app's connections: SESSION, then the URL's own, which win where
    both set a thing (the server applies them in order)."""
    own = psycopg.conninfo.conninfo_to_dict(url).get("options")
    return f"{SESSION} {own}" if own else SESSION


@lru_cache(maxsize=256)
def _placeholders(sql: str) -> str:
    """base's ``?`` as psycopg's ``%s`` (base's SQL has no other ``?`` nor any ``%``)."""
    return sql.replace("?", "%s")


def _unheard(conn: psycopg.Connection[Any]) -> None:
    """The pool's check of a connection it hands out: fine if the server has sent nothing since
    its last answer on it. An idle connection hears only its end: a server stopping or restarting,
    or ending it, says so and closes it (and a server that died leaves it closed), all of which
    make its socket readable. Else it is closed, so that the pool drops it and hands out another.
    Without a round trip, where psycopg_pool's own check (an empty query) was one more on every
    request."""
    waiting = select.poll()
    waiting.register(conn.pgconn.socket, select.POLLIN)
    if waiting.poll(0):
        conn.close()
        raise psycopg.OperationalError("the server ended this connection while it was in the pool")


def _value(conn: psycopg.Connection[Any], sql: str) -> Any:
    """The value of a query that always answers one row (an aggregate, ``to_regclass``)."""
    row = conn.execute(sql).fetchone()
    assert row is not None  # one row, whatever the tables hold
    return row[0]


class _Statements:
    """A connection inside a transaction, taking base's SQL as SQLite's connections do."""

    __slots__ = ("conn",)

    def __init__(self, conn: psycopg.Connection):
        self.conn = conn

    def execute(self, sql: str, params: tuple = ()) -> psycopg.Cursor:
        return self.conn.execute(_placeholders(sql), params)

    def executemany(self, sql: str, rows) -> psycopg.Cursor:
        cursor = self.conn.cursor()
        cursor.executemany(_placeholders(sql), rows)
        return cursor


class _Connection(psycopg.Connection[Any]):
    """A connection of the pool that keeps one cursor for the store's lone statements (``run``),
    and runs its lone writes (``write``), a move's save among them, with libpq's own calls.

    psycopg's own ``Connection.execute`` makes a new cursor for each statement, and a new cursor
    sets up its adapters afresh (how each parameter is sent): about 40% of psycopg's own work for
    a statement (callgrind: 106,000 → 66,000 instructions a statement with the kept cursor). A
    lone statement's rows are read before the connection goes back to the pool (``_one``,
    ``_all``, ``_write_one``), so one cursor serves them in turn; a transaction's statements
    (``_Statements``) each have a cursor of their own, as a caller may still read one's rows while
    it runs the next."""

    __slots__ = ("_kept", "_writes")

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._kept: psycopg.Cursor[Any] | None = None  # made on first use: connect() sets up the connection after this
        self._writes: dict[tuple[str, tuple[type, ...]], bytes] = {}  # each write's prepared statement: its name

    def run(self, sql: str, params: tuple = ()) -> psycopg.Cursor[Any]:
        """``sql`` (psycopg's placeholders) run on this connection's kept cursor."""
        if self._kept is None:
            self._kept = self.cursor()
        return self._kept.execute(sql, params)

    def write(self, sql: str, params: tuple = ()) -> int:
        """The rows changed by ``sql`` (base's ``?`` placeholders), a lone statement that returns
        no rows: prepared on this connection the first time it runs with parameters of these
        types, then run by name with libpq's PQexecPrepared (psycopg's ``pq``), each parameter sent
        as the text the server reads (``_WRITTEN``; bytes as they are). A move's save is such a
        statement, and psycopg's cursor spent more of this process on it than libpq's whole round
        trip (its adapters, its cache of prepared statements, its result's set-up: 84 → 32 µs a
        save statement, timed in-process). Parameters of other types go through the kept cursor.
        psycopg has the server forget every prepared statement on a rollback (``DEALLOCATE ALL``):
        a write the server no longer knows is prepared again."""
        types = tuple(map(type, params))
        if not all(kind in _WRITTEN for kind in types):
            return self.run(_placeholders(sql), params).rowcount
        name = self._writes.get((sql, types))
        if name is None:
            name = f"uno_write_{len(self._writes)}".encode()
            _checked(self.pgconn.prepare(name, _numbered(sql).encode(), [_WRITTEN[kind][0] for kind in types]))
            self._writes[sql, types] = name
        values: list[bytes] = [_WRITTEN[kind][1](value) for kind, value in zip(types, params)]
        result = self.pgconn.exec_prepared(name, values, [BINARY if kind is bytes else TEXT for kind in types])
        if result.error_field(pq.DiagnosticField.SQLSTATE) == _FORGOTTEN:
            del self._writes[sql, types]
            return self.write(sql, params)
        return int(_checked(result).command_tuples or 0)


# The parameters' Python types that ``_Connection.write`` sends itself: each one's type for the
# server (its oid; 0: the server's guess from where it stands, text's for a text column) and the
# bytes it sends: text in UTF-8 (the pool's connections' client encoding), an integer as a 64-bit
# one (the store's are counts, versions, flags).
_WRITTEN: dict[type, tuple[int, Callable[[Any], bytes]]] = {
    str: (0, str.encode), int: (20, lambda n: b"%d" % n), float: (701, lambda x: repr(x).encode()),
    bytes: (17, bytes)}
TEXT, BINARY = pq.Format.TEXT, pq.Format.BINARY
_FORGOTTEN = b"26000"  # invalid_sql_statement_name: the server has no prepared statement of that name


def _checked(result: pq.abc.PGresult) -> pq.abc.PGresult:
    """``result``, or the psycopg error it reports, as psycopg raises it (the class its SQLSTATE
    names, with its diagnostics)."""
    if result.status in (pq.ExecStatus.COMMAND_OK, pq.ExecStatus.TUPLES_OK):
        return result
    sqlstate = (result.error_field(pq.DiagnosticField.SQLSTATE) or b"").decode()
    message = (result.error_message or b"").decode(errors="replace").strip()
    try:
        error = psycopg.errors.lookup(sqlstate) if sqlstate else psycopg.OperationalError
    except KeyError:  # a state psycopg has no class for
        error = psycopg.DatabaseError
    raise error(message, info=result)


@lru_cache(maxsize=256)
def _numbered(sql: str) -> str:
    """base's ``?`` as libpq's ``$1``, ``$2``... (base's SQL has no other ``?``)."""
    parts = sql.split("?")
    return "".join(f"{part}${n}" for n, part in enumerate(parts[:-1], 1)) + parts[-1]


class _Lent:
    """A connection of ``pool`` for a ``with`` block: taken (``getconn``) and given back
    (``putconn``, which also replaces one left broken or mid-statement), and no more. The pool's
    own ``connection()`` wraps the block in ``with conn`` too, whose commit has nothing to do on
    a connection in autocommit (a transaction is a ``conn.transaction()`` block of its own), and
    times it for statistics no one reads: each move went through both."""

    __slots__ = ("pool", "conn")

    def __init__(self, pool: ConnectionPool[_Connection]):
        self.pool = pool

    def __enter__(self) -> _Connection:
        self.conn = self.pool.getconn()
        return self.conn

    def __exit__(self, *raised: object) -> None:
        self.pool.putconn(self.conn)


class PostgresStore(Store):
    """A pool of connections per process, of ``min_size`` to ``max_size``; a request waits up to
    ``timeout`` seconds for one, then is told the database is unavailable (a 503)."""

    ROW_ID = "id"
    FOR_UPDATE = " FOR UPDATE"
    WRITES_IN_WITH = True
    errors = (psycopg.Error,)
    duplicate = psycopg.errors.UniqueViolation

    def __init__(self, url: str, clean_every: float | None = CLEANUP_EVERY, min_size: int = 1,
                 max_size: int = 10, timeout: float = 5.0):
        super().__init__(clean_every)
        self.url, self._sizes, self._timeout = url, (min_size, max_size), timeout
        self._pool_of: tuple[int, ConnectionPool[_Connection]] | None = None  # (pid, its pool)
        self._inherited: list[ConnectionPool[_Connection]] = []  # a parent's pools, never closed here (see _pool)
        self._opening = threading.Lock()
        self._schema_ok = False

    def __repr__(self) -> str:
        return f"PostgresStore({psycopg.conninfo.conninfo_to_dict(self.url).get('dbname')!r})"

    def _pool(self) -> ConnectionPool[_Connection]:
        """This process's pool, opened on first use. A forked process opens its own and keeps its
        parent's untouched: closing that would end the parent's connections on the server."""
        found = self._pool_of
        if found is None or found[0] != os.getpid():
            with self._opening:
                found = self._pool_of
                if found is None or found[0] != os.getpid():
                    if found is not None:
                        self._inherited.append(found[1])
                    pool = ConnectionPool(self.url, connection_class=_Connection, min_size=self._sizes[0],
                                          max_size=self._sizes[1], timeout=self._timeout, check=_unheard,
                                          name="uno-tutor", open=True,
                                          kwargs={"autocommit": True, "prepare_threshold": 0,
                                                  "options": _options(self.url),
                                                  # _Connection.write sends text as UTF-8, whatever the server's
                                                  "client_encoding": "UTF8"})
                    found = self._pool_of = os.getpid(), pool
                    _OPEN.add(self)
        return found[1]

    def _connection(self) -> _Lent:
        """A connection of the pool for a ``with`` block, once the schema is known to be current."""
        if not self._schema_ok:
            self._check_schema()
        return _Lent(self._pool())

    def _check_schema(self) -> None:
        found = self.schema_version()
        if found < schema.LATEST:
            raise SchemaBehind(found, schema.LATEST)
        self._schema_ok = True  # a newer one too (README says which a release before it can't run on)

    @contextmanager
    def _write(self):
        with self._connection() as conn, conn.transaction():
            yield _Statements(conn)
        self._committed()

    def _write_one(self, sql: str, params: tuple = ()) -> int:
        """The pool's connections are in autocommit: a lone statement is its own transaction."""
        with self._connection() as conn:
            return conn.write(sql, params)

    @contextmanager
    def _upgrade_transaction(self):
        """A write transaction without the schema check: it is the upgrade's."""
        with self._pool().connection() as conn, conn.transaction():
            yield _Statements(conn)

    def _one(self, sql: str, params: tuple = ()) -> tuple | None:
        with self._connection() as conn:
            return conn.run(_placeholders(sql), params).fetchone()

    def _all(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self._connection() as conn:
            return conn.run(_placeholders(sql), params).fetchall()

    def _serialize(self, db: _Statements, kind: int, key: str) -> None:
        db.execute(f"SELECT pg_advisory_xact_lock({int(kind)}, hashtext(?))", (key,))

    def _statements(self, migration: schema.Migration) -> tuple[str, ...]:
        return migration.postgres

    def schema_version(self) -> int:
        with self._pool().connection() as conn:
            if _value(conn, "SELECT to_regclass('schema_version')") is None:
                return 0
            return _value(conn, "SELECT COALESCE(MAX(version), 0) FROM schema_version")

    def _announce_in(self, db: _Statements, event: dict[str, Any]) -> None:
        """NOTIFY in the change's transaction: every host's listener hears it when it commits."""
        db.execute("SELECT pg_notify(?, ?)", (CHANNEL, dumps(event)))

    def _announce_now(self, event: dict[str, Any]) -> None:
        """A NOTIFY of its own (the change has committed): every host's listener hears it."""
        with self._connection() as conn:
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, dumps(event)))

    def _listening(self) -> None:
        """One connection of the process's own, outside the pool, LISTENs to every host's
        announcements and hands them to this process's streams (app.store.following), however
        many they are. Lost, it is made again after RECONNECT_AFTER seconds, and the followed
        classes are read then, so a step made meanwhile still arrives."""
        while not self._closed.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, options=_options(self.url)) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._caught_up()
                    while not self._closed.is_set():
                        for heard in conn.notifies(timeout=LISTEN_WAKE):
                            self.followers.announce(loads(heard.payload))
            except (psycopg.Error, SchemaBehind):
                logging.getLogger(__name__).exception("listening to the live sessions failed; trying again")
                self._closed.wait(RECONNECT_AFTER)

    def _disconnect(self) -> None:
        """Close this process's pool (never a parent's: see ``_pool``)."""
        found = self._pool_of
        if found is not None and found[0] == os.getpid():
            found[1].close()
            self._pool_of = None
        _OPEN.discard(self)


# The stores whose pool this process may have open, closed when it exits (``_close_pools``).
_OPEN: weakref.WeakSet[PostgresStore] = weakref.WeakSet()


@atexit.register
def _close_pools() -> None:
    """Close every pool this process opened, as it exits (a gunicorn worker too: it leaves by
    sys.exit): its threads stopped and its connections ended on purpose, in the main thread, where
    left open it was only garbage-collected, in whichever thread let it go last (a pool's own
    thread then waits for itself: "cannot join current thread"). A forked process closes only
    its own (``_disconnect``)."""
    for store in list(_OPEN):
        store._disconnect()
