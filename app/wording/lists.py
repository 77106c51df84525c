"""Lists of words ("Bot 1, Bot 2 and Bot 3") as each language writes them.

Every list a sentence holds (seats, cards, scores) and every list of links a template joins takes
its joints from here, so Arabic's «و» before each item (docs/arabic.md) is written in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from babel.lists import format_list

from ..i18n import locale_of


def word_list(items: Sequence[str], language: str) -> str:
    """"A, B and C" in the language (see ``list_joints``)."""
    return "".join(joint + item for joint, item in zip(list_joints(len(items), language), items))


@lru_cache(maxsize=64)
def list_joints(count: int, language: str) -> tuple[str, ...]:
    """What goes before each of ``count`` list items ("" before the first), so a template can join
    links as ``word_list`` joins words. Arabic joins two items with «و» alone ("أ وب") and more with
    a comma and «و» before each after the first ("أ، وب، وج", docs/arabic.md), where CLDR's Arabic
    list drops the commas; other languages take CLDR's list, read between placeholders."""
    if count < 2:
        return ("",) * count
    if language == "ar":
        return ("", *(["، و" if count > 2 else " و"] * (count - 1)))
    marks = [f"\x00{i}\x00" for i in range(count)]
    listed = format_list(marks, locale=locale_of(language))
    return ("", *(listed.split(mark, 1)[0].split(marks[i - 1], 1)[1] for i, mark in enumerate(marks) if i))

