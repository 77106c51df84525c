"""Limits on making games (app.limits), at the table's form and POST /api/v1/games: one script
made 5,000 games in 17 seconds, 6 KB each.

- Per address (an IPv6 client by its /64): PER_ADDRESS, generous, because a school puts a whole
  class behind one address: 40 students starting at once, and their second and third games.
- Per client (its owner cookie): PER_OWNER, what one learner clicking "New game" never reaches.
  A request without the cookie (a first visit) is counted by its address alone.
- Live games per owner: access.MAX_LIVE_GAMES unfinished at once (``access.create``), a
  student's games in a class too, a ``LimitReached`` 429 whose Retry-After says when the first of
  them expires; a game never played expires after two hours (app.store.UNPLAYED_TTL),
  a class's too, so a script's games go soon.
"""
from __future__ import annotations

import hashlib

from ..limits import client, limiter, refusal
from .owners import owner_token

PER_ADDRESS = "120 per minute"
PER_OWNER = "10 per minute"


def browser() -> str:
    """The owner cookie's token, hashed (the store keeps no token), as a limit's key (class codes'
    and classes' limits count by it too: app.classroom.limits)."""
    return "owner:" + hashlib.sha256((owner_token() or "").encode()).hexdigest()[:32]


def first_visit() -> bool:
    """A request without the owner cookie: a per-browser limit leaves it to the address's."""
    return owner_token() is None


per_address = limiter.shared_limit(PER_ADDRESS, scope=refusal("game-creates-address", "too-many-creates-here"),
                                   key_func=client)
per_owner = limiter.shared_limit(PER_OWNER, scope=refusal("game-creates-owner", "too-many-creates"),
                                 key_func=browser, exempt_when=first_visit)


def creates(view):
    """A view that makes a game: both rate limits."""
    return per_address(per_owner(view))
