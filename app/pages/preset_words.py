"""The words of the rule-set tables (sources, about): preset, option and value labels.

Lazy strings, so one table serves both languages and the catalogues hold the translations.
"""

from typing import TypedDict

from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString


class PresetWords(TypedDict):
    option: LazyString  # the options column's heading
    presets: dict[str, LazyString]  # per preset's name
    options: dict[str, LazyString]  # per RuleSet option
    values: dict[str, LazyString]  # per option value that is a word
    yes: LazyString
    no: LazyString


PRESET_WORDS: PresetWords = {
    "option": _l("Rule"),
    "presets": {"official": _l("Official"), "guide-long": _l("Long Arabic guide"), "guide-short": _l("Short Arabic guide")},
    "options": {
        "dealer": _l("Choosing the dealer"), "first_wild": _l("A Wild as first card"),
        "draw": _l("No card to play"), "uno_penalty": _l("Cards for a missed UNO"),
        "challenge": _l("Wild Draw Four challenge"), "scoring": _l("Scoring"),
        "target": _l("Points that end the game"), "stacking": _l("Stacking (house rule)"),
        "seven_zero": _l("Seven-zero (house rule)"),
    },
    "values": {
        "highest": _l("highest card deals"), "random": _l("dealer at random"),
        "first-player-names": _l("first player names the colour"), "redraw": _l("put back, turn another"),
        "one": _l("draw one card"), "until-playable": _l("draw until you can play"),
        "winner-collects": _l("winner collects"), "tally-lowest": _l("lowest total wins"),
    },
    "yes": _l("yes"), "no": _l("no"),
}
