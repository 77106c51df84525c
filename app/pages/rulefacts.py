"""Numbers the rules pages state, read from the engine so a page never retypes one, and their examples.

>>> RULE_FACTS["hand"], RULE_FACTS["draw_two"], RULE_FACTS["draw_four"], RULE_FACTS["challenge_failed"]
(7, 2, 4, 6)
>>> RULE_FACTS["players"], RULE_FACTS["uno_penalty"], RULE_FACTS["target"]
((2, 10), 2, 500)
>>> [(option, value) for option, value in preset_changes("guide-long")]
[('draw', 'until-playable'), ('uno_penalty', 4), ('scoring', 'tally-lowest')]
"""
from app.engine.cards import Kind
from app.engine.deck import HAND_SIZE
from app.engine.rules import CHALLENGE_FAILED_DRAW, PENALTY
from app.engine.rules import OPTIONS, PRESETS, RuleSet
from app.engine.scenario import MAX_PLAYERS, MIN_PLAYERS
from app.scenes.rule_examples import EXAMPLES

OFFICIAL = PRESETS["official"]

RULE_FACTS = {
    "players": (MIN_PLAYERS, MAX_PLAYERS),
    "hand": HAND_SIZE,
    "draw_two": PENALTY[Kind.DRAW_TWO],
    "draw_four": PENALTY[Kind.WILD_DRAW_FOUR],
    "challenge_failed": CHALLENGE_FAILED_DRAW,
    "uno_penalty": OFFICIAL.uno_penalty,
    "target": OFFICIAL.target,
    "presets": PRESETS,
    "examples": EXAMPLES,  # worked examples by rule id (app.scenes.rule_examples)
}

# The options a preset table shows: "players" is only the default table size, not a rule.
SHOWN_OPTIONS = tuple(option for option in OPTIONS if option != "players")
RULE_FACTS["options"] = SHOWN_OPTIONS


def preset_changes(name: str) -> list[tuple[str, object]]:
    """The options where preset ``name`` departs from the official rules, in option order."""
    return rule_changes(PRESETS[name])


def rule_changes(rules: RuleSet) -> list[tuple[str, object]]:
    """The options where a rule set departs from the official rules, in option order (a quiz
    position says which rules it is played with)."""
    return [(option, getattr(rules, option)) for option in SHOWN_OPTIONS
            if getattr(rules, option) != getattr(OFFICIAL, option)]
