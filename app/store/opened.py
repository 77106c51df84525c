"""The app's game store, opened once, on first use, from the app's configuration: the one
``store()`` every view, the rate limits' storage (app.limits_storage) and the CLI commands use.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..proxied import the_app
from . import open_store
from .base import CLEANUP_EVERY, Store


def store() -> Store:
    """The app's game store, opened on first use: PostgreSQL if DATABASE_URL (config, else the
    environment) is its URL, with a pool of DATABASE_POOL_MIN to DATABASE_POOL_MAX connections
    that a request waits DATABASE_POOL_TIMEOUT seconds for; else instance/practice.sqlite3 unless
    PRACTICE_DATABASE says. Its cleaner thread runs every PRACTICE_CLEANUP_EVERY seconds (config,
    else UNO_TUTOR_CLEANUP_EVERY).

    One store per app, whichever threads ask first at once: each opened its own before, and the
    stores dropped took their PostgreSQL pools with them, whose last reference, let go in one of
    the pool's own threads, printed "cannot join current thread"."""
    app = the_app()  # one context lookup, not one per attribute
    found = app.extensions.get("practice_store")
    if found is None:
        with _OPENING:
            found = app.extensions.get("practice_store")
            if found is None:
                found = app.extensions["practice_store"] = _open(app)
    return found


_OPENING = threading.Lock()  # the first requests' threads open one store (``store``)


def _open(app) -> Store:
    config = app.config
    path = config.get("PRACTICE_DATABASE") or Path(app.instance_path) / "practice.sqlite3"
    every = config.get("PRACTICE_CLEANUP_EVERY", float(os.environ.get("UNO_TUTOR_CLEANUP_EVERY") or CLEANUP_EVERY))
    pool = (int(_setting(config, "DATABASE_POOL_MIN", 1)), int(_setting(config, "DATABASE_POOL_MAX", 10)),
            float(_setting(config, "DATABASE_POOL_TIMEOUT", 5.0)))
    # PRACTICE_CLEANUP_EVERY 0: no cleaner thread, cron runs flask cleanup
    return open_store(database_url(app), Path(path), every or None, pool)


def _setting(config: Mapping[str, Any], name: str, default: float) -> Any:
    """A setting from the app's config, else the environment, else ``default``."""
    return config.get(name) or os.environ.get(name) or default


def database_url(app) -> str:
    """DATABASE_URL, from the app's config, else the environment ("": the SQLite file)."""
    return app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL") or ""
