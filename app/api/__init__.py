"""The public JSON API under /api/v1: the rules check (check.py), practice games (games.py) and the
quiz's items (quiz.py).

Every answer is JSON in the request's language (``errors.language``), errors included.
"""
from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

# Imported for their side effects: they attach routes and error handlers to bp.
from . import check, errors, games, quiz  # noqa: E402,F401
