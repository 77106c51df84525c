"""The public JSON API under /api/v1, one blueprint whose children are registered here: the rules
check (check.py), practice games (games.py), the quiz's items (quiz.py), the lessons
(lessons.py), classes (classes.py), their live sessions (live.py), watch links (watch.py) and
tables of people (tables.py).

Every answer is JSON in the request's language (app.i18n.select_locale), errors included
(app.errors); a request's body is read by ``body.json_object``.
"""
from flask import Blueprint

from . import check, classes, games, lessons, live, quiz, tables, watch

bp = Blueprint("api", __name__, url_prefix="/api/v1")
for child in (check.bp, games.bp, quiz.bp, lessons.bp, classes.bp, live.bp, watch.bp, tables.bp):
    bp.register_blueprint(child)
