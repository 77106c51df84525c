"""A step's instruction in the reader's language, its placeholders filled from the engine's names.

An instruction's parameters name cards, seats, colours and numbers by key, as app.wording names
an event's: a key starting ``card`` or ``top`` holds a card's notation (its name in the page's
language), ``seat`` a seat (the table's name for it), ``color`` a colour (the word for it in a
sentence); any other key a number, as it is.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app import wording


def instruction(message: Any, params: Mapping[str, Any], names: Sequence[str]) -> str:
    values = {}
    for key, value in params.items():
        if key.startswith(("card", "top")):
            value = wording.card_name(value)
        elif key.startswith("seat"):
            value = names[value]
        elif key.startswith("color"):
            value = wording.color_word(value)
        values[key] = value
    return str(message) % values
