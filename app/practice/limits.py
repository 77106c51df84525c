"""Limits on making games (app.limits), at the table's form and POST /api/v1/games: one script
made 5,000 games in 17 seconds, 6 KB each.

- Per address (an IPv6 client by its /64): PER_ADDRESS, generous, because a school puts a whole
  class behind one address: 40 students starting at once, and their second and third games.
- Per client (its owner cookie): PER_OWNER, what one learner clicking "New game" never reaches.
  A request without the cookie (a first visit) is counted by its address alone.
- Live games per owner: access.MAX_LIVE_GAMES unfinished at once (``access.create``), a
  ``Refused`` 429 whose Retry-After says when the first of them expires; a game never played
  expires after two hours (app.practice.store.UNPLAYED_TTL), so a script's games go soon.
"""
from __future__ import annotations

import hashlib

from ..limits import client, limiter, refusal
from . import access

PER_ADDRESS = "120 per minute"
PER_OWNER = "10 per minute"


def _owner() -> str:
    """The owner cookie's token, hashed (the store keeps no token), as a limit's key."""
    return "owner:" + hashlib.sha256((access.owner_token() or "").encode()).hexdigest()[:32]


per_address = limiter.shared_limit(PER_ADDRESS, scope=refusal("game-creates-address", "too-many-creates-here"),
                                   key_func=client)
per_owner = limiter.shared_limit(PER_OWNER, scope=refusal("game-creates-owner", "too-many-creates"),
                                 key_func=_owner, exempt_when=lambda: access.owner_token() is None)


def creates(view):
    """A view that makes a game: both rate limits."""
    return per_address(per_owner(view))
