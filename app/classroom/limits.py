"""Rate limits on classes and class codes (app.limits): a code is a capability, not a secret worth
guessing, and a class must not be a way around the limits on making games.

An address is the client's (an IPv6 one by its /64, which one household or phone holds); a
browser is its owner cookie (app.practice.limits.browser), and a request without one is counted
by its address alone.

- ``creates``: making a class. CLASSES_PER_BROWSER an hour (a teacher making a class for each
  lesson of the day, and redoing one), CLASSES_PER_ADDRESS an hour from one address (a staffroom
  of teachers), where a script made 330 in 5.5 seconds.
- ``joins``: joining a class makes a game, so only a game made counts (a wrong code is a failure,
  below). JOINS allows a whole class behind one school address at once (40 students within a
  minute, a second class beside them) and, in a day, eight classes of 40 with three games each;
  beyond the day's bound a script filling the store is refused. A joined game counts towards its
  browser's live games (app.practice.access.MAX_LIVE_GAMES), goes after two hours if it is never
  played (app.store.UNPLAYED_TTL), and a class holds at most MAX_STUDENTS games
  (app.classroom.classes). One address makes at most 7,000 class games a week (the day's bound,
  seven times), where 80 a minute, each kept a week, made 800,000.
- ``lookups``: every look-up of a code (joining, the join page a QR code opens, the class page
  and its JSON) counts its failures: a code that no class has (404), or a class page asked for
  by someone not its teacher (403, which would say that the code exists). A look-alike or a
  short code is no failure: it can't be a code. Failures are counted twice, separately:
  GUESSES_PER_BROWSER in BROWSER_WINDOW from one browser refuse that browser alone, so one
  pupil or one script keeping its cookies locks out nobody else; GUESSES_PER_ADDRESS in
  ADDRESS_WINDOW from one address, whatever its cookies, refuse the address, as a guesser need
  only drop its cookies. Past either, every look-up is refused (429), the right code too: a
  right code let through would answer the guesser as a 404 does. The address's budget is far
  beyond what a school meets by mistake: 60 wrong codes in a second, then 40 students each
  mistyping once, still leave a hundred failures to spare. A browser that knows the code (the
  class's teacher, or a student with a game in it: ``classes.known_here``) is neither refused
  nor counted on it: the device cookie OWASP recommends against lock-outs, so a class already
  in keeps its way in, its QR link too.

- ``link_lookups``: opening a teacher link (a code and a secret) counts its failures in the same
  two budgets as ``lookups``: a wrong or old secret, as a code no class has. Only a browser that
  already teaches the class is exempt (a student of it guesses as anyone else would). The secret
  is 256 random bits: the limits keep a script from trying, they are not what makes it safe.

Guessing: from one address, GUESSES_PER_ADDRESS every half hour is 9,600 tries a day against 20⁶ =
64 million codes: with ten classes live, one found about every 670 days (1.8 years); a guesser
with many addresses multiplies that by their number (an IPv6 one needs a /64 for each).

The counts are the app's limiter's (app.limits: in the game store, shared by every worker).
Failures and made games are counted after the answer, in Flask-Limiter's hooks: app.classroom
runs them for its blueprints alone.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from flask import g, request

from ..limits import client, limiter, refusal
from ..practice.limits import browser, first_visit
from ..practice.owners import owner_token
from .classes import ClassError, find, known_here, teaches

CLASSES_PER_BROWSER = "10 per hour"
CLASSES_PER_ADDRESS = "30 per hour"
JOINS = "80 per minute; 1000 per day"
GUESSES_PER_BROWSER, BROWSER_WINDOW = 10, 10 * 60
GUESSES_PER_ADDRESS, ADDRESS_WINDOW = 200, 30 * 60


def _minutes(wait: int) -> dict[str, int]:
    return {"minutes": math.ceil(wait / 60)}


LOOKUP_SCOPE = refusal("class-code-lookups", "too-many-codes", _minutes)
BROWSER_LOOKUP_SCOPE = refusal("class-code-lookups-browser", "too-many-wrong-codes", _minutes)
JOIN_SCOPE = refusal("class-joins", "too-many-joins")


def _failed(response) -> bool:
    return response.status_code in (403, 404)


def _made(response) -> bool:
    return response.status_code in (201, 303)  # the JSON's new game, the form's redirect to it


def lookups(view):
    """A view that looks up a class code: failures count towards both guessing limits, unless the
    browser knows the code (its class's teacher, or a student of it: ``classes.known_here``)."""
    return _guesses(view, known_here)


def link_lookups(view):
    """A view that opens a teacher link: failures count towards both guessing limits, unless the
    browser already teaches the class."""
    return _guesses(view, _teaches_here)


def _teaches_here() -> bool:
    """Whether this browser teaches the class of the address's code; asked once a request."""
    taught = g.get("class_taught_here")
    if taught is None:
        try:
            taught = teaches(find((request.view_args or {}).get("code")), owner_token())
        except ClassError:
            taught = False
        g.class_taught_here = taught
    return taught


def _guesses(view, knows: Callable[[], bool]):
    """``view`` under both guessing limits, which ``knows`` exempts."""
    per_address = limiter.shared_limit(f"{GUESSES_PER_ADDRESS} per {ADDRESS_WINDOW} seconds", scope=LOOKUP_SCOPE,
                                       key_func=client, deduct_when=_failed, exempt_when=knows)
    per_browser = limiter.shared_limit(f"{GUESSES_PER_BROWSER} per {BROWSER_WINDOW} seconds",
                                       scope=BROWSER_LOOKUP_SCOPE, key_func=browser, deduct_when=_failed,
                                       exempt_when=lambda: first_visit() or knows())
    return per_address(per_browser(view))


joins = limiter.shared_limit(JOINS, scope=JOIN_SCOPE, key_func=client, deduct_when=_made)  # makes a student's game


_classes_per_address = limiter.shared_limit(CLASSES_PER_ADDRESS, key_func=client,
                                           scope=refusal("class-creates-address", "too-many-classes-here"))
_classes_per_browser = limiter.shared_limit(CLASSES_PER_BROWSER, key_func=browser, exempt_when=first_visit,
                                           scope=refusal("class-creates-browser", "too-many-classes"))


def creates(view):
    """A view that makes a class: per address, and per browser (a first visit by its address alone)."""
    return _classes_per_address(_classes_per_browser(view))
