"""The card reference: every face of the deck with its copies, and each kind with what it does and
what it scores, all read from the engine (app.engine.cards via app.pages.cards), never typed.

>>> [len(row.faces) for row in deck_rows()]
[13, 13, 13, 13, 2]
>>> sum(copies for row in deck_rows() for _, copies in row.faces)
108
"""
from __future__ import annotations

from dataclasses import dataclass

from app.engine.cards import COPIES, Color, Kind
from app.pages.cards import KindFacts, kind_facts

from .summary import EFFECTS, TURNED_FIRST, Line


@dataclass(frozen=True)
class DeckRow:
    color: str | None  # None: the wild cards
    faces: tuple[tuple[str, int], ...]  # (notation, copies in the deck), in the engine's order


def deck_rows() -> list[DeckRow]:
    """One row per colour, then the wild cards: each face once, with how many copies the deck holds."""
    rows = [DeckRow(color.value, tuple((face.notation, n) for face, n in COPIES.items() if face.color is color))
            for color in Color]
    return [*rows, DeckRow(None, tuple((face.notation, n) for face, n in COPIES.items() if face.is_wild))]


@dataclass(frozen=True)
class KindRow:
    facts: KindFacts  # count, per colour, points, faces
    does: tuple[Line, ...]
    turned_first: Line


def kind_rows() -> list[KindRow]:
    """Every kind, in the engine's order, with what it does when played and when turned first."""
    return [KindRow(kind_facts(kind), EFFECTS[kind], TURNED_FIRST[kind]) for kind in Kind]

