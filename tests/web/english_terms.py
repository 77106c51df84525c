"""The English words replaced by the term table's English column (docs/arabic.md §1), as patterns,
with the term used instead.

As in Arabic, only the glossary page lists them (its "Also said" column), and the sources page may
quote them from the guides it compares. Patterns are matched on whole words, outside placeholders
(``%(color)s``) and rule ids (``match.color``); a pattern that is case-sensitive says so with
(?-i:…) (a Skip is a card, to skip is not a term).
"""
from __future__ import annotations

import re

# pattern -> the term the site uses instead
REPLACED: dict[str, str] = {
    r"computers?(?: players?)?": "bots",
    r"(?:choos(?:e|es|ing)|chose|pick(?:s|ed|ing)?) (?:a|the|its|another) colou?r": "name a colour",
    r"the colou?r to play|colou?r to play:|current colou?r|colou?r that was current": "the colour in play",
    r"miss(?:es|ed|ing)? (?:a|the|their|your|this) turn|(?-i:skip(?:s|ped|ping)?)": "lose a turn",
    r"los(?:e|es|ing) the turn": "lose their turn",
    r"the pile": "the draw pile / the discard pile",
    r"stock|pack": "the draw pile / the deck",
    r"(?:say|says|said|saying) [\"“]?UNO": "call UNO",
    r"catch the bluff|caught (?:cheating|bluffing|playing)|there is a catch": "challenge",
    r"condition": "the restriction",
    r"7-0|0-7": "seven-zero",
    r"draw(?:ing)? to match|until a card fits": "draw until you can play",
    r"(?:long|short)(?:-| )guide|(?:long|short) Arabic rules article": "the long / short Arabic guide",
    r"counter-?clockwise": "anticlockwise",
    r"colors?": "colour",
}

PATTERNS = [(re.compile(rf"(?i)(?<![\w.-])(?:{pattern})(?![\w-])"), term) for pattern, term in REPLACED.items()]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def replaced_words(text: str) -> list[tuple[str, str]]:
    """Each replaced word in ``text`` with the term to use instead."""
    text = PLACEHOLDER.sub("", text)
    return [(match.group(), term) for pattern, term in PATTERNS for match in pattern.finditer(text)]
