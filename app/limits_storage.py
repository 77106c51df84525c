"""Flask-Limiter's counts kept in the app's own game store (``practice-store://``), so that every
worker process, and every host on the same database, counts the same hits.

Flask-Limiter's ``memory://`` counts in each process: with three gunicorn workers a client got
three times its limit, and a restart forgot it. Redis or Memcached would share the counts, but
are a server more to run for a site that needs none; the store is already shared by every
worker, and every host on one PostgreSQL database (app.store).
``RATELIMIT_STORAGE_URI`` may still name any storage of the ``limits`` package (``redis://...``).

A class of the ``limits`` package's storage interface, registered under its scheme by defining
it; the store it writes to is the current app's (``app.store.opened.store``), found when a
request counts, so one limiter serves every app (the tests make many).
"""
from __future__ import annotations

from limits.storage import MovingWindowSupport, Storage

from .store.opened import store as _store  # the game store of the request's app

SCHEME = "practice-store"


class PracticeStoreStorage(Storage, MovingWindowSupport):
    """Moving windows (the strategy app.limits uses) as rows of hits, fixed windows as counters;
    the store's cleanup deletes expired ones."""

    STORAGE_SCHEME = [SCHEME]

    @property
    def base_exceptions(self) -> tuple[type[Exception], ...]:
        return _store().errors

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        return _store().hit(key, limit, expiry, amount)

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        return _store().hits(key, expiry)

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        return _store().count(key, expiry, amount)

    def get(self, key: str) -> int:
        return _store().counter(key)[0]

    def get_expiry(self, key: str) -> float:
        return _store().counter(key)[1]

    def check(self) -> bool:
        store = _store()
        try:
            store.hits("", 0)
        except store.errors:
            return False
        return True

    def reset(self) -> int | None:
        return _store().forget()

    def clear(self, key: str) -> None:
        _store().forget(key)
