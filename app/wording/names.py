"""The names of the engine's things: cards, colours, kinds of card, seats, directions, the parts
of a scenario or a move, and rules' titles.

Sentences put these names in for the engine's parameters (app.wording.render); templates and the
other pages call them too, so a card is called the same everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..engine.cards import Card, Color, InvalidCardError, Kind, card as parse_card
from ..engine.rules import Rule
from ..i18n import current_language
from .lists import word_list
from .messages import Message, _l, _lc, text


# TRANSLATORS: card names, as on the card's accessible label and in sentences.
NUMBER_CARDS = {
    Color.RED: _l("Red %(number)s"), Color.YELLOW: _l("Yellow %(number)s"),
    Color.GREEN: _l("Green %(number)s"), Color.BLUE: _l("Blue %(number)s"),
}
ACTION_CARDS = {
    (Color.RED, Kind.SKIP): _l("Red Skip"), (Color.YELLOW, Kind.SKIP): _l("Yellow Skip"),
    (Color.GREEN, Kind.SKIP): _l("Green Skip"), (Color.BLUE, Kind.SKIP): _l("Blue Skip"),
    (Color.RED, Kind.REVERSE): _l("Red Reverse"), (Color.YELLOW, Kind.REVERSE): _l("Yellow Reverse"),
    (Color.GREEN, Kind.REVERSE): _l("Green Reverse"), (Color.BLUE, Kind.REVERSE): _l("Blue Reverse"),
    (Color.RED, Kind.DRAW_TWO): _l("Red Draw Two"), (Color.YELLOW, Kind.DRAW_TWO): _l("Yellow Draw Two"),
    (Color.GREEN, Kind.DRAW_TWO): _l("Green Draw Two"), (Color.BLUE, Kind.DRAW_TWO): _l("Blue Draw Two"),
    (None, Kind.WILD): _lc("card name", "Wild"), (None, Kind.WILD_DRAW_FOUR): _lc("card name", "Wild Draw Four"),
}
# TRANSLATORS: a colour on its own (a button, a label).
COLOR_NAMES = {Color.RED: _l("Red"), Color.YELLOW: _l("Yellow"), Color.GREEN: _l("Green"),
               Color.BLUE: _l("Blue")}
# TRANSLATORS: a colour inside a sentence, e.g. after "the colour".
COLOR_WORDS = {Color.RED: _l("red"), Color.YELLOW: _l("yellow"), Color.GREEN: _l("green"),
               Color.BLUE: _l("blue")}
KIND_NAMES = {
    Kind.NUMBER: _l("Number cards"), Kind.SKIP: _l("Skip"), Kind.REVERSE: _l("Reverse"),
    Kind.DRAW_TWO: _l("Draw Two"), Kind.WILD: _l("Wild"), Kind.WILD_DRAW_FOUR: _l("Wild Draw Four"),
}
DIRECTIONS = {1: _l("clockwise"), -1: _l("anticlockwise")}
FIELDS = {
    "scenario": _l("the scenario"), "hands": _l("the hands"), "discard": _l("the discard pile"),
    "draw_pile": _l("the draw pile"), "deck": _l("the deck"), "seed": _l("the seed"),
    "dealer": _l("the dealer"), "turn": _l("the turn"),
    # The parts of a move (the check API's and the practice API's "bad-move").
    "move": _l("the move"), "seat": _l("the seat"), "action": _l("the action"), "card": _l("the card"),
    "color": _l("the colour"), "target": _l("the target player"), "uno": _l("the UNO call"),
}
PLAYER = _l("Player %(number)s")
# TRANSLATORS: what a card must share with the top card, in "it matches the number (5)".
FACE_NUMBER = _l("the number (%(number)s)")
# TRANSLATORS: as above for action cards and wilds: "it matches the symbol (Skip)".
FACE_SYMBOL = _l("the symbol (%(kind)s)")
# TRANSLATORS: one entry of a list such as "Player 1: Red 5" or "Player 2: 35".
PAIR = _l("%(name)s: %(value)s")
NO_COLOR = _l("no colour")

# --- rule titles ---------------------------------------------------------------------------

RULE_TITLES: dict[Rule, Message] = {
    Rule.DECK_COMPOSITION: _l("The 108-card deck"),
    Rule.DECK_BLANK: _l("Blank cards"),
    Rule.SETUP_DEALER: _l("Choosing the dealer"),
    Rule.SETUP_DEAL: _l("The deal"),
    Rule.SETUP_FIRST_PLAYER: _l("Who starts"),
    Rule.SETUP_PLAYERS: _l("Number of players"),
    Rule.FIRST_NUMBER: _l("First card: a number"),
    Rule.FIRST_SKIP: _l("First card: Skip"),
    Rule.FIRST_REVERSE: _l("First card: Reverse"),
    Rule.FIRST_DRAW_TWO: _l("First card: Draw Two"),
    Rule.FIRST_WILD: _l("First card: Wild"),
    Rule.FIRST_WILD_DRAW_FOUR: _l("First card: Wild Draw Four"),
    Rule.TURN_ORDER: _l("Taking turns"),
    Rule.MATCH_COLOR: _l("Matching the colour"),
    Rule.MATCH_NUMBER: _l("Matching the number"),
    Rule.MATCH_SYMBOL: _l("Matching the symbol"),
    Rule.MATCH_NONE: _l("No match"),
    Rule.WILD_ANY_TIME: _l("Wild: any time"),
    Rule.DRAW_ONE: _l("Drawing a card"),
    Rule.DRAW_UNTIL_PLAYABLE: _l("Drawing until you can play"),
    Rule.DRAW_RESHUFFLE: _l("Reshuffling the discard pile"),
    Rule.SKIP_EFFECT: _lc("rule title", "Skip"),
    Rule.REVERSE_EFFECT: _lc("rule title", "Reverse"),
    Rule.REVERSE_TWO_PLAYERS: _l("Reverse with two players"),
    Rule.DRAW_TWO_EFFECT: _lc("rule title", "Draw Two"),
    Rule.WILD_DRAW_FOUR_EFFECT: _lc("rule title", "Wild Draw Four"),
    Rule.WILD_DRAW_FOUR_RESTRICTION: _l("When Wild Draw Four may be played"),
    Rule.WILD_DRAW_FOUR_CHALLENGE: _l("Challenging a Wild Draw Four"),
    Rule.STACKING: _l("Stacking (house rule)"),
    Rule.SEVEN_ZERO: _l("Seven-zero (house rule)"),
    Rule.UNO_CALL: _l("Calling UNO"),
    Rule.UNO_CATCH: _l("Catching a missed UNO"),
    Rule.ROUND_END: _l("End of the round"),
    Rule.SCORE_VALUES: _l("Card values"),
    Rule.SCORE_WINNER_COLLECTS: _l("Scoring: the winner collects"),
    Rule.SCORE_TALLY_LOWEST: _l("Scoring: lowest total wins"),
    Rule.MOVE_NOT_IN_HAND: _l("Only cards in your hand"),
}


def card_name(notation: str) -> str:
    """The card's name in the current language ("Red 5", "حمراء رقم 5", said after "بطاقة"); unknown notation is returned as is."""
    return card_name_in(current_language(), notation) if isinstance(notation, str) else str(notation)


@lru_cache(maxsize=1024)
def card_name_in(language: str, notation: str) -> str:
    """``card_name`` in ``language``, remembered: a game's sentences name the same cards again and again."""
    face = _parse(notation)
    if face is None:
        return str(notation)
    if face.kind is Kind.NUMBER and face.color is not None:  # a number card always has its colour
        return text(language, NUMBER_CARDS[face.color]) % {"number": face.number}
    return text(language, ACTION_CARDS[face.color, face.kind])


@lru_cache(maxsize=256)
def matched_face(language: str, notation: str) -> str:
    """The top card's number or symbol, which a played card may match (``match.number``/``symbol``)."""
    face = _parse(notation)
    if face is None:
        return str(notation)
    if face.kind is Kind.NUMBER:
        return text(language, FACE_NUMBER) % {"number": face.number}
    return text(language, FACE_SYMBOL) % {"kind": text(language, KIND_NAMES[face.kind])}


def _parse(notation: str) -> Card | None:
    try:
        return parse_card(notation)
    except InvalidCardError:
        return None


def color_name(color: str) -> str:
    """A colour on its own, for buttons and labels ("Red"); unknown names are returned as is."""
    return _lookup(COLOR_NAMES, Color, color)


def color_word(color: str | None) -> str:
    """A colour inside a sentence ("red", Arabic "الأحمر" after "اللون"); None: no colour named yet."""
    if color is None:
        return str(NO_COLOR)
    return color_word_in(current_language(), color) if isinstance(color, str) else str(color)


@lru_cache(maxsize=256)
def color_word_in(language: str, color: str) -> str:
    """``color_word`` in ``language``, remembered as the card names are."""
    return _lookup(COLOR_WORDS, Color, color)


def kind_name(kind: str) -> str:
    """A kind of card, for headings ("Number cards", "Skip")."""
    return _lookup(KIND_NAMES, Kind, kind)


def rule_title(rule: Rule | str) -> str:
    """A short title for a rule id (headings, "why?" links); unknown ids are returned as is."""
    return _lookup(RULE_TITLES, Rule, rule)


# TRANSLATORS: a rule's title in running text (a link in a sentence, a list of rules, after "Why:")
# when the title holds a colon of its own ("First card: a number"): quoted, so that its colon is
# not read as the sentence's and two such titles joined by "and" stay two.
LISTED_TITLE = _lc("listed rule title", "“%(title)s”")


def listed_title(rule: Rule | str) -> str:
    """A rule's title as a sentence or a list holds it: ``rule_title``, quoted when it holds a colon
    («القواعد: «البطاقة الأولى: رقم» ومطابقة اللون», docs/arabic.md §2). Headings, table cells and
    chips, where the title stands alone, say ``rule_title``."""
    title = rule_title(rule)
    return str(LISTED_TITLE) % {"title": title} if ":" in title else title


def _lookup(table: Mapping[Any, Message], enum: type, value: str) -> str:
    try:
        return str(table[enum(value)])
    except (ValueError, KeyError):
        return str(value)


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """``names[seat]`` when given (the practice table's "You", "Bot 1"…), else "Player {seat+1}"."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return str(PLAYER) % {"number": seat + 1}


def seat_list(seats: Sequence[int], names: Sequence[str] | None = None, language: str | None = None) -> str:
    """Several seats' names as a list: "Bot 1, Bot 2 and Bot 3"."""
    return word_list([seat_name(seat, names) for seat in seats], language or current_language())


def pair(name: str, value: Any, language: str) -> str:
    """One entry of a list of seats' cards or points: "Player 1: Red 5"."""
    return text(language, PAIR) % {"name": name, "value": value}
