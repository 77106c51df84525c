"""A new game's options: what the forms offer (presets, targets, house-rule switches, bots) and
the one check of them, shared by the practice form, pass-and-play, a class and the JSON API.

``read_options`` takes already-typed values (JSON's, or a form's as app.practice.forms reads it)
and returns the keyword arguments of ``game.start``, or raises OptionError naming the first bad
field, with the sentence the form shows beside it.
"""
from __future__ import annotations

import secrets
from typing import Any

from flask_babel import lazy_gettext as _l, lazy_ngettext

from ..engine.rules import PRESETS, RuleSet, RuleSetError, ruleset
from .access import GameError
from .game import DEFAULT_BOTS, LEVELS, MAX_BOTS, MIN_BOTS

MAX_SEED_LENGTH = 40
TARGETS = (100, 200, 300, 500)
# The presets that switch a house rule on (the others are official, or variants of it from a source).
HOUSE_PRESETS = frozenset(name for name in PRESETS if ruleset(name).house_rules())
# The forms that choose rules (a new game here, the sandbox's builder): each preset with what sets
# it apart, and the house-rule switches (form field, label).
RULE_CHOICES = (
    ("official", _l("Official rules"), _l("as printed by the maker of UNO")),
    ("guide-long", _l("Long Arabic guide"), _l("draw until you can play, a 4-card UNO penalty, lowest total wins")),
    ("guide-short", _l("Short Arabic guide"), _l("random dealer, no challenge of a Wild Draw Four, lowest total wins")),
)
HOUSE_RULE_SWITCHES = (
    ("stacking", _l("Stacking: answer a Draw Two with a Draw Two, a Wild Draw Four with a Wild Draw Four")),
    ("seven_zero", _l("Seven-zero: a 7 swaps hands with a player you choose, a 0 passes every hand on")),
    ("draw_until_playable", _l("Draw until you can play")),
)
# What practice/game_fields.html offers, for every form that has its fields (the class form too).
TABLE_SEATS = (2, 4)  # a table of people's seats, fewest and most (app.tables; its form on the practice page)
GAME_FIELDS = {"targets": TARGETS, "house_presets": HOUSE_PRESETS, "rule_choices": RULE_CHOICES,
               "house_rule_switches": HOUSE_RULE_SWITCHES, "bots_range": (MIN_BOTS, MAX_BOTS),
               "default_bots": DEFAULT_BOTS}
BOTS_RANGE = _l("Choose between %(min)d and %(max)d bots.")
LEVEL_CHOICE = _l("Choose the bots' level: easy or normal.")
SEED_FORMAT = lazy_ngettext("A seed is a number or a word of up to %(num)d character.",
                            "A seed is a number or a word of up to %(num)d characters.", MAX_SEED_LENGTH)
HINTS_CHOICE = _l("Hints are on or off: true or false.")
RULES_INVALID = _l("These rules can't be used: choose a preset and options from the list.")


class OptionError(GameError):
    """A new-game option out of range; ``field`` names it (the form shows the message beside it)."""

    def __init__(self, field: str, message: Any):
        super().__init__("bad-options", 400)
        self.field, self.message = field, message


def read_options(rules: Any, bots: Any, level: Any, seed: Any, hints: Any = True) -> dict[str, Any]:
    """Checked options for ``access.create``; OptionError names the first bad one."""
    try:
        chosen: RuleSet = ruleset(rules)
    except (RuleSetError, TypeError, ValueError):
        raise OptionError("rules", RULES_INVALID) from None
    if bots is None:
        bots = DEFAULT_BOTS
    if type(bots) is not int or not MIN_BOTS <= bots <= MAX_BOTS:
        raise OptionError("bots", BOTS_RANGE % {"min": MIN_BOTS, "max": MAX_BOTS})
    if level is None:
        level = LEVELS[0]
    if level not in LEVELS:
        raise OptionError("level", LEVEL_CHOICE)
    if seed is None or seed == "":
        seed = secrets.randbelow(10**18)  # ~60 bits: no client can find it from the cards it sees
    elif not (type(seed) is int or (isinstance(seed, str) and len(seed) <= MAX_SEED_LENGTH
                                    and seed.isprintable())):
        raise OptionError("seed", str(SEED_FORMAT))
    elif isinstance(seed, str) and seed.strip().isdecimal():  # "٤٢" too; not "²", which int() refuses
        seed = int(seed)  # "42" typed in the form and 42 sent as JSON deal the same game
    if hints is None:
        hints = True
    if type(hints) is not bool:
        raise OptionError("hints", HINTS_CHOICE)
    try:
        chosen = ruleset({**chosen.to_dict(), "preset": "official", "players": bots + 1})
    except RuleSetError:
        raise OptionError("bots", BOTS_RANGE % {"min": MIN_BOTS, "max": MAX_BOTS}) from None
    return {"rules": chosen, "bot_count": bots, "level": level, "seed": seed, "hints": hints}
