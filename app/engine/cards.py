"""Cards, colours and the short card notation (``R5``, ``GS``, ``BR``, ``YD2``, ``W``, ``WD4``).

Cards are immutable values, interned: ``card("R5") is card("R5")``. A hand or a pile is a plain
list of them; the two copies of a card in the deck are equal and interchangeable.

>>> card("YD2")
Card('YD2')
>>> card("R5").color, card("R5").number
(<Color.RED: 'red'>, 5)
>>> len(DECK), DECK.count(card("G0")), DECK.count(card("WD4"))
(108, 1, 4)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum


class Color(StrEnum):
    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"


class Kind(StrEnum):
    NUMBER = "number"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW_TWO = "draw-two"
    WILD = "wild"
    WILD_DRAW_FOUR = "wild-draw-four"


class InvalidCardError(ValueError):
    """Notation that names no card (bad input, as opposed to an illegal move)."""


COLOR_LETTERS = {Color.RED: "R", Color.YELLOW: "Y", Color.GREEN: "G", Color.BLUE: "B"}
ACTION_SUFFIX = {Kind.SKIP: "S", Kind.REVERSE: "R", Kind.DRAW_TWO: "D2"}
WILD_NOTATION = {Kind.WILD: "W", Kind.WILD_DRAW_FOUR: "WD4"}
ACTION_POINTS = 20
WILD_POINTS = 50


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Card:
    """One card face. ``color`` and ``number`` are None where the face has none.

    Each face exists once: ``Card(...)`` (and copying, unpickling, ``replace``) hands back the
    one instance of that face, so equality and hashing can be identity, which hands, piles and
    the engine's checks compare all the time.
    """

    kind: Kind
    color: Color | None = None
    number: int | None = None
    # Derived once per face and stored with it: every move reads them.
    notation: str = field(init=False, repr=False, compare=False)
    is_wild: bool = field(init=False, repr=False, compare=False)
    points: int = field(init=False, repr=False, compare=False)  # value in a hand at the end of a round

    def __new__(cls, kind: Kind, color: Color | None = None, number: int | None = None) -> Card:
        kind, color = Kind(kind), None if color is None else Color(color)
        face = _FACES_BY_VALUE.get((kind, color, number))
        if face is None:
            face = _FACES_BY_VALUE[kind, color, number] = object.__new__(cls)
            for name, value in (("kind", kind), ("color", color), ("number", number),
                                ("notation", _notation(kind, color, number)), ("is_wild", color is None),
                                ("points", _points(kind, color, number))):
                object.__setattr__(face, name, value)
        return face

    def __reduce__(self) -> tuple[type[Card], tuple[Kind, Color | None, int | None]]:
        return Card, (self.kind, self.color, self.number)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Card({self.notation!r})"


_FACES_BY_VALUE: dict[tuple[Kind, Color | None, int | None], Card] = {}


def _points(kind: Kind, color: Color | None, number: int | None) -> int:
    """A face's value in a hand at the end of a round (``score.values``)."""
    if kind is Kind.NUMBER:
        return number or 0
    return WILD_POINTS if color is None else ACTION_POINTS


def _notation(kind: Kind, color: Color | None, number: int | None) -> str:
    if color is None:
        return WILD_NOTATION[kind]
    letter = COLOR_LETTERS[color]
    return f"{letter}{number}" if kind is Kind.NUMBER else letter + ACTION_SUFFIX[kind]


def _all_faces() -> list[tuple[Card, int]]:
    """Every distinct face with its number of copies in the 108-card deck (``deck.composition``)."""
    faces: list[tuple[Card, int]] = []
    for color in Color:
        faces.append((Card(Kind.NUMBER, color, 0), 1))
        faces += [(Card(Kind.NUMBER, color, n), 2) for n in range(1, 10)]
        faces += [(Card(kind, color), 2) for kind in ACTION_SUFFIX]
    faces += [(Card(Kind.WILD), 4), (Card(Kind.WILD_DRAW_FOUR), 4)]
    return faces


FACES: dict[str, Card] = {face.notation: face for face, _ in _all_faces()}
COPIES: dict[Card, int] = dict(_all_faces())
DECK: tuple[Card, ...] = tuple(face for face, copies in _all_faces() for _ in range(copies))


def shuffle(pile: list[Card], rng: random.Random) -> None:
    """Shuffle ``pile`` in place: the same order from the same generator, so a seeded game
    deals and reshuffles the same cards every time it is replayed."""
    rng.shuffle(pile)


def card(notation: str) -> Card:
    """The card a notation names; raises InvalidCardError for anything else."""
    try:
        return FACES[notation.strip().upper()]
    except (KeyError, AttributeError):
        raise InvalidCardError(notation) from None


def cards(notations: str | list[str]) -> list[Card]:
    """Several cards: ``cards("R5 GS W")`` or ``cards(["R5", "GS"])``."""
    if isinstance(notations, str):
        notations = notations.split()
    return [card(n) for n in notations]


# The colours by name, as notation, moves and stored games spell them.
COLORS: dict[str, Color] = {c.value: c for c in Color}


def color(name: str) -> Color:
    """A colour by name; InvalidCardError for anything else."""
    try:
        return COLORS[str(name).strip().lower()]
    except KeyError:
        raise InvalidCardError(name) from None


def hand_points(hand: list[Card]) -> int:
    return sum(c.points for c in hand)
