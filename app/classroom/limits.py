"""Rate limits on class codes (app.limits): a code is a capability, not a secret worth guessing.

Two limits, per client address (an IPv6 client by its /64, which one household or phone holds):

- ``joins``: joining a class makes a game. JOINS allows a whole class behind one school address
  (40 students within a minute, and a second class beside it), not a script filling the store.
- ``lookups``: every look-up of a code (joining, the join page a QR code opens, the class page
  and its JSON) shares one budget of failures: a code that no class has (404), or a class page
  asked for by someone not its teacher (403, which would say that the code exists). GUESSES such
  failures from one address, and every look-up from it is refused (429) until the oldest failure
  is WINDOW old. A class of 40 behind one school address, every student mistyping the code once
  (a look-alike or a short code is no failure: it can't be a code), stays below it; its teacher
  is never refused their own class's page. A guesser gets 8,640 tries a day against 20⁶ = 64
  million codes: with ten classes live, one found about every two years.

The counts are the app's limiter's (app.limits: in the game store, shared by every worker).
Failures are counted after the answer, in Flask-Limiter's hooks: app.classroom runs them for its
blueprints alone.
"""
from __future__ import annotations

import math

from ..limits import limiter, refusal

JOINS = "80 per minute"
GUESSES, WINDOW = 60, 10 * 60
LOOKUP_SCOPE = refusal("class-code-lookups", "too-many-codes", lambda wait: {"minutes": math.ceil(wait / 60)})
JOIN_SCOPE = refusal("class-joins", "too-many-joins")


def _failed(response) -> bool:
    return response.status_code in (403, 404)


def lookups(exempt_when=None):
    """A view that looks up a class code: failures count towards GUESSES (``exempt_when``: a
    request never refused, its class's teacher's)."""
    return limiter.shared_limit(f"{GUESSES} per {WINDOW} seconds", scope=LOOKUP_SCOPE, deduct_when=_failed,
                                exempt_when=exempt_when)


joins = limiter.shared_limit(JOINS, scope=JOIN_SCOPE)  # a view that makes a student's game
