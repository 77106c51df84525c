"""A message made a sentence: the engine's parameters put in by what they name.

A parameter is localised by its name: cards (``card``, ``top``, ``held``, ``cards``) become card
names, colours (``color``, ``named``) colour words, seats (``seat``, ``turn``, ``target``,
``offender``, ``winner``, ``dealer``) seat names, a list of seats (``winners``) their names and
``others`` all but the first, and points and scores a list of "seat: value" pairs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.rules import Rule
from ..i18n import current_language
from .lists import word_list
from .messages import Message, Plural, Text, text
from .people import PersonName, for_name
from .names import (DIRECTIONS, FIELDS, card_name_in, color_word, color_word_in, matched_face, pair, rule_title,
                    seat_list, seat_name)

CARD_KEYS = frozenset({"card", "top", "held"})
COLOR_KEYS = frozenset({"color", "named"})
SEAT_KEYS = frozenset({"seat", "turn", "target", "offender", "winner", "dealer"})
FILLED_FROM = {"face": "top", "total": "points", "others": "winners"}  # placeholders filled from another parameter


def render(message: Message, params: Mapping[str, Any], names: Sequence[str] | None,
           fallback: Rule | Text, language: str | None = None) -> str:
    """Format ``message`` with localised ``params``; with a parameter missing or of the wrong kind
    the sentence is ``fallback`` instead: a rule's title, or an error's generic message. A seat
    whose name a person typed gets the sentence's frame for typed names (app.wording.people)."""
    language = language or current_language()
    message = for_name(message, _names_a_person(params, names))
    try:
        values = _localise(params, names, language)
        return message(values, language) if isinstance(message, Plural) else text(language, message) % values
    except (KeyError, TypeError, ValueError):
        return rule_title(fallback) if isinstance(fallback, Rule) else str(fallback)


def _names_a_person(params: Mapping[str, Any], names: Sequence[str] | None) -> bool:
    """Whether a seat the sentence names (by number, in ``names``) has a name a person typed.
    Most tables have none (a learner and bots): the names' types tell it, in C, before any of
    the sentence's seats is looked at (some 10 k instructions for every new sentence)."""
    if not names or PersonName not in map(type, names):  # no subclass of PersonName exists
        return False
    winners = params.get("winners")
    seats = [value for key, value in params.items() if key in SEAT_KEYS]
    seats += winners if isinstance(winners, list) else []
    return any(type(seat) is int and 0 <= seat < len(names) and isinstance(names[seat], PersonName) for seat in seats)


def _localise(params: Mapping[str, Any], names: Sequence[str] | None, language: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key, value in params.items():
        if key == "top" and isinstance(value, str):
            values["face"] = matched_face(language, value)
        if key in CARD_KEYS and isinstance(value, str):
            value = card_name_in(language, value)
        elif key in COLOR_KEYS:
            value = color_word_in(language, value) if isinstance(value, str) else color_word(value)
        elif key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            value = seat_name(value, names)
        elif key == "cards":
            value = _card_list(value, names, language)
        elif key == "winners" and isinstance(value, list):  # a tie: the first is also ``winner``
            values["others"] = seat_list(value[1:], names, language)
            value = seat_list(value, names, language)
        elif key == "direction":
            value = text(language, DIRECTIONS[value]) if value in DIRECTIONS else str(value)
        elif key == "field":
            value = text(language, FIELDS[value]) if value in FIELDS else str(value)
        elif key in ("points", "scores") and isinstance(value, list):
            if key == "points":  # the round's points: with winner-collects, all the winner's
                values["total"] = sum(value)
            value = word_list([pair(seat_name(s, names), v, language) for s, v in enumerate(value)], language)
        values[key] = value
    return values


def _card_list(cards: Any, names: Sequence[str] | None, language: str) -> str:
    """A list of card notations, or ``{seat: notation}`` (the dealer draw) as "Player 1: Red 5, …"."""
    if isinstance(cards, Mapping):
        return word_list([pair(seat_name(int(s), names), card_name_in(language, c), language)
                          for s, c in cards.items()], language)
    return word_list([card_name_in(language, c) for c in cards], language)
