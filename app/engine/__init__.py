"""The UNO rules engine: pure Python, no web framework, no language.

Checks return verdict values (legal or not, a rule id, parameters); state changes return events
that carry their rule ids. The web layer words them in the reader's language.
"""

from .cards import COPIES, DECK, FACES, Card, Color, InvalidCardError, Kind, card, cards
from .game import Game
from .moves import Action, Move
from .round import Pending, RoundState
from .rules import HOUSE_RULES, OPTIONS, PRESETS, Rule, RuleSet, RuleSetError, ruleset
from .verdict import Event, IllegalMoveError, InvalidMoveError, Verdict

__all__ = [
    "COPIES", "DECK", "FACES", "HOUSE_RULES", "OPTIONS", "PRESETS", "Action", "Card", "Color", "Event",
    "Game", "IllegalMoveError", "InvalidCardError", "InvalidMoveError", "Kind", "Move", "Pending",
    "RoundState", "Rule", "RuleSet", "RuleSetError", "Verdict", "card", "cards", "ruleset",
]
