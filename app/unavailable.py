"""A database that can't be reached for a moment (PostgreSQL restarting or away, SQLite's file
locked past the busy timeout, a full disk, a schema not yet upgraded) is answered 503 with
Retry-After and a message in the reader's language: JSON under /api/, else a page. Nothing was
written, and nothing needs restarting: the next request tries the database again (the pool
reconnects by itself). Any other database error is a bug, left to the 500 handler.
"""
from __future__ import annotations

import logging

from flask import make_response, request

from .i18n import API_PREFIX
from .practice.store import error_types, unavailable

RETRY_AFTER = 10  # seconds: a server restart or a failover takes about this long
CODE = "database-unavailable"


def init_app(app) -> None:
    for kind in error_types():
        app.register_error_handler(kind, _unavailable)


def _unavailable(error: Exception):
    if not unavailable(error):
        raise error  # a mistake in a statement: the 500 handler's (app.security)
    logging.getLogger(__name__).warning("database unavailable, answered 503: %s", error)
    if request.path.startswith(API_PREFIX):
        from .api.errors import error_response
        response = error_response(CODE, 503)
    else:
        from .security import error_page
        response = make_response(error_page(CODE, 503))
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response
