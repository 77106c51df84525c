"""A step's instruction in the reader's language, its placeholders filled from the engine's names.

An instruction's parameters name cards, seats, colours and numbers by key, as app.wording names
an event's: a key starting ``card`` or ``top`` holds a card's notation (its name in the page's
language), ``seat`` a seat (the table's name for it), ``color`` a colour (the word for it in a
sentence); any other key a number, as it is.

``task`` splits an instruction into what leads up to the step's task and the task itself (its last
sentence, with the one before it when both are short: "Who plays first? Choose the player."):
a phone folds a long lead and always shows the task.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from app import wording

SENTENCE_END = re.compile(r"(?<=[.!?؟])\s+")  # after a full stop, a question mark (Latin or Arabic)
SHORT = 20  # characters: a last sentence this short ("Choose the player.") leans on a short one before it


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


def task(text: str) -> tuple[str, str]:
    """The instruction's lead (empty when it is one sentence) and its task, as ``text`` has them."""
    sentences = SENTENCE_END.split(text)
    count = 2 if len(sentences) > 2 and len(sentences[-1]) < SHORT and len(sentences[-2]) < 2 * SHORT else 1
    return " ".join(sentences[:-count]), " ".join(sentences[-count:])
