"""The UNO rules engine: pure Python, no web framework, no language.

Its surface is six functions of a round's state (a ``RoundState``, also offered as its methods):

- ``check(state, move)``: is the move legal now, and by which rule? A ``Verdict`` (legal or not, a
  rule id, the facts); nothing changes.
- ``apply(state, move)``: check it, then carry it out: the ``Event`` values that say what changed,
  each with its rule id (a list, ``Events``, that makes them when first read); IllegalMoveError,
  the state untouched, if the check says no.
- ``attempt(state, move)``: both at once: the verdict, and the events of a legal move (none else).
- ``legal_moves(state, seat=None)``: exactly the moves ``check`` accepts, for one seat or all.
- ``actor(state)``: the seat whose decision play waits for (None once the round is over).
- ``view(state, viewer)``: the state as one viewer may see it (app.engine.visibility decides).

Verdicts and events are immutable values whose vocabulary (event kinds, pending decisions,
cases) is in app.engine.vocabulary; the web layer words them in the reader's language. ``Game``
strings rounds together up to the target score.
"""

from .applying import apply, attempt
from .cards import COPIES, DECK, FACES, Card, Color, InvalidCardError, Kind, card, cards
from .checking import check
from .choices import legal_moves
from .game import Game
from .moves import Action, Move
from .round import Pending, RoundState
from .rules import HOUSE_RULES, OPTIONS, PRESETS, Rule, RuleSet, RuleSetError, ruleset
from .state import BaseRound
from .verdict import Event, IllegalMoveError, InvalidMoveError, Verdict
from .visibility import view
from .vocabulary import Case, EventKind, PendingKind

actor = BaseRound.actor

__all__ = [
    "COPIES", "DECK", "FACES", "HOUSE_RULES", "OPTIONS", "PRESETS", "Action", "Card", "Case", "Color", "Event",
    "EventKind", "Game", "IllegalMoveError", "InvalidCardError", "InvalidMoveError", "Kind", "Move", "Pending",
    "PendingKind", "RoundState", "Rule", "RuleSet", "RuleSetError", "Verdict", "actor", "apply", "attempt",
    "card", "cards", "check", "legal_moves", "ruleset", "view",
]
