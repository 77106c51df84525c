"""A database that can't be reached for a moment (PostgreSQL restarting or away, SQLite's file
locked past the busy timeout, a full disk, a schema not yet upgraded) is answered 503 with
Retry-After and a message in the reader's language (app.errors answers ``refusal``'s error).
Nothing was written, and nothing needs restarting: the next request tries the database again
(the pool reconnects by itself). Any other database error is a bug, left to the 500.
"""
from __future__ import annotations

import logging

from .errors import UserError
from .store import unavailable

RETRY_AFTER = 10  # seconds: a server restart or a failover takes about this long
CODE = "database-unavailable"


def refusal(error: Exception) -> UserError | None:
    """The 503 for a database away just now; None for a mistake in a statement (a bug)."""
    if not unavailable(error):
        return None
    logging.getLogger(__name__).warning("database unavailable, answered 503: %s", error)
    return UserError(CODE, 503, retry_after=RETRY_AFTER)
