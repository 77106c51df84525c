"""The game store: games and their step logs, classes, students, refusals, watch links, tables'
seats and the rate limits' counts, behind one interface (``Store``, app.store.base, over .games,
.classes, .seats, .watches and .counts, named for what they store) with two implementations: SQLite, the
zero-setup default (.sqlite), and PostgreSQL for several hosts on one database (.postgres),
chosen by ``open_store`` from DATABASE_URL. The schema's migrations are in .schema, what the
store hands out in .records.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TypeGuard

from .base import CLEANUP_BATCH, CLEANUP_EVERY, Store  # noqa: F401
from .games import FINISHED_TTL, IDLE_TTL, TOUCH_EVERY, UNPLAYED_TTL  # noqa: F401
from .seats import SEEN_EVERY  # noqa: F401
from .records import (ClassEnded, ClassFull, ClassGone, ClassRecord, ClassTable, LiveAnswer, LiveSession,  # noqa: F401
                      LiveSessionOn, NameTaken, Record, RemovedFromClass, SchemaBehind, Seat, StoreUnavailable,
                      StudentGame, TableFull, TableGone, TooManyGames, TooManyTables, Watch, folded_name, new_token,
                      owner_hash)
from .sqlite import SQLiteStore, unavailable as sqlite_unavailable

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(url: str | None) -> TypeGuard[str]:
    return url is not None and url.startswith(POSTGRES_SCHEMES)


def check_url(url: str | None) -> None:
    """ValueError unless ``url`` is empty (the SQLite file) or a PostgreSQL URL: said when the app
    is made, not at its first request."""
    if url and not is_postgres(url):
        raise ValueError("DATABASE_URL must be a postgresql:// URL, or unset for the SQLite file "
                         "in the instance folder")


def open_store(url: str | None, sqlite_path: Path, clean_every: float | None = CLEANUP_EVERY,
               pool: tuple[int, int, float] = (1, 10, 5.0)) -> Store:
    """PostgreSQL if ``url`` is its URL (``pool``: the pool's least and most connections, and the
    seconds a request waits for one), else the SQLite file at ``sqlite_path``."""
    check_url(url)
    if is_postgres(url):
        from .postgres import PostgresStore  # psycopg is needed only then (the ``postgres`` extra)

        return PostgresStore(url, clean_every, *pool)
    return SQLiteStore(sqlite_path, clean_every)


def _psycopg_unavailable() -> tuple[type[Exception], ...]:
    """psycopg's "can't reach the server now" errors (its pool's timeout among them), if installed."""
    try:
        import psycopg
    except ImportError:
        return ()
    return (psycopg.OperationalError,)


def unavailable(error: Exception) -> bool:
    """Whether ``error`` says the database can't be used just now (a 503), not that a statement
    is wrong (a bug: a 500)."""
    if isinstance(error, sqlite3.OperationalError):
        return sqlite_unavailable(error)
    return isinstance(error, (StoreUnavailable, *_psycopg_unavailable()))


def error_types() -> tuple[type[Exception], ...]:
    """The errors ``unavailable`` may say yes to: app.unavailable turns these into a 503 (or a 500)."""
    return StoreUnavailable, sqlite3.OperationalError, *_psycopg_unavailable()
