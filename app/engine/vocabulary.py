"""The engine's words for what happened and what is asked: event kinds, pending decisions and the
cases of a verdict.

Each is a ``StrEnum``, so a member is the very string the JSON, the stored games and the wording's
tables have always used (``EventKind.ROUND_END == "round-end"``, with the same hash): a reader that
compares or looks up the plain string still finds it, while the engine and the web layer name the
member and a typo is an AttributeError rather than a branch never taken. A leaf: it imports nothing.

On Python 3.11 reading a member off its class (``EventKind.PLAY``) goes through the hook that
``EnumType.__getattr__`` installs, some 0.2 µs where a string literal or a module's name costs
next to nothing; a turn reads several, a few per cent of it. So the modules that read members on
every move bind those they need once, as module names (3.12 drops the hook).

>>> EventKind("round-end") is EventKind.ROUND_END, {"drawn": 1}[PendingKind.DRAWN], str(Case.TOO_LATE)
(True, 1, 'too-late')
"""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    """What one event says changed (``Event.kind``)."""

    # Before the first move (setup.*, first.*)
    DEALER_DRAW = "dealer-draw"  # each player drew a card to choose the dealer
    DEALER = "dealer"
    DEAL = "deal"
    REDRAW = "redraw"  # a first card the rule set returns to the pile
    FIRST = "first"
    # Moves and their effects
    PLAY = "play"
    COLOR = "color"
    DRAW = "draw"
    PASS = "pass"
    SKIP = "skip"
    REVERSE = "reverse"
    PENDING = "pending"  # a decision handed to a seat (a challenge, a stack)
    CHALLENGE = "challenge"
    SWAP = "swap"  # 7-0: two hands swapped
    ROTATE = "rotate"  # 7-0: every hand passed on
    UNO = "uno"
    CATCH = "catch"
    RESHUFFLE = "reshuffle"
    # The end
    ROUND_END = "round-end"
    POINTS = "points"
    GAME_END = "game-end"


class PendingKind(StrEnum):
    """The decision the rules hand to one seat before play goes on (``Pending.kind``)."""

    CHALLENGE = "challenge"  # a Wild Draw Four was played on the seat: challenge or accept
    STACK = "stack"  # a draw penalty the seat may pass on (house rule) or accept
    DRAWN = "drawn"  # the seat drew a playable card: play it or keep it
    COLOR = "color"  # a Wild turned first: the seat names the colour


class Case(StrEnum):
    """Which way a rule applied, where one rule applies several ways (a verdict's ``params["case"]``)."""

    # A legal move's case
    BLUFF = "bluff"  # a Wild Draw Four played holding the colour, at the risk of a challenge
    KEEP = "keep"  # a drawn card kept
    LATE = "late"  # UNO called late, before anyone caught it
    # An illegal move's case
    OVER = "over"  # the round is over
    NOTHING_PENDING = "nothing-pending"
    TARGET_NEEDED = "target-needed"  # a 7 under 7-0 names no one to swap with
    WILD_TOP = "wild-top"  # nothing on a wild to match but the colour named
    COLOR_NEEDED = "color-needed"
    ONLY_DRAWN = "only-drawn"
    CHALLENGE_OR_ACCEPT = "challenge-or-accept"
    STACK_OR_ACCEPT = "stack-or-accept"
    NAME_COLOR = "name-color"
    TARGET = "target"  # a catch that names nobody, or the catcher
    NOT_ONE_CARD = "not-one-card"
    CALLED = "called"
    TOO_LATE = "too-late"
    NOTHING_TO_CALL = "nothing-to-call"
    # A next round refused
    NOT_OVER = "not-over"
    GAME_OVER = "game-over"
