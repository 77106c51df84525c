"""Limits on tables (app.limits). Opening one makes a game: the limits on making games
(app.practice.limits.creates). Joining one writes a seat: JOINS per address, counted only when a
seat was given, which lets a whole class behind one school address in at once (40 students
within a minute, a second class beside them), as a class's joins do (app.classroom.limits), and
refuses a script filling tables' seats. A table's id is 128 random bits: it is not guessed, so
its look-ups count no failures.
"""
from __future__ import annotations

from ..limits import client, limiter, refusal

JOINS = "80 per minute; 1000 per day"
JOIN_SCOPE = refusal("table-joins", "too-many-table-joins")


def _seated(response) -> bool:
    """A seat given: the JSON join's 200, or the page's join form sent on to the table (303)."""
    return response.status_code in (200, 303)


joins = limiter.shared_limit(JOINS, scope=JOIN_SCOPE, key_func=client, deduct_when=_seated)
