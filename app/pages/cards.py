"""Card facts for the pages, computed from the engine so no count or value is ever retyped.

>>> card_face("YD2")["label"], card_face("W")["color"]
('+2', None)
>>> [(k.kind, k.count, k.points) for k in kinds()][-2:]
[('wild', 4, 50), ('wild-draw-four', 4, 50)]
>>> sum(k.count for k in kinds())
108
"""
from dataclasses import dataclass

from app.engine.cards import COPIES, Card, Color, Kind, card
from app.wording import card_name

LABELS = {Kind.DRAW_TWO: "+2", Kind.WILD_DRAW_FOUR: "+4"}


def card_face(notation: str) -> dict:
    """What the card macro draws: colour, kind, the label printed on it, its accessible name."""
    face = card(notation)
    label = str(face.number) if face.kind is Kind.NUMBER else LABELS.get(face.kind, "")
    return {"notation": face.notation, "color": face.color and face.color.value,
            "kind": face.kind.value, "label": label, "name": card_name(face.notation)}


@dataclass(frozen=True)
class KindFacts:
    """One kind of card in the 108-card deck: how many, per colour, what they score."""

    kind: str
    count: int  # copies in the deck, all colours
    per_color: int | None  # copies in each colour (None for wilds)
    points: str  # "0–9" for number cards, else the value
    faces: tuple[str, ...]  # one face per colour (or the wild), to draw


def kinds() -> list[KindFacts]:
    """Every kind, in Kind order, with the engine's counts and points."""
    facts = []
    for kind in Kind:
        faces = [face for face in COPIES if face.kind is kind]
        count = sum(COPIES[face] for face in faces)
        values = sorted({face.points for face in faces})
        points = f"{values[0]}–{values[-1]}" if len(values) > 1 else str(values[0])
        colored = faces[0].color is not None
        shown = [f for f in faces if f.number in (None, 5)] if kind is Kind.NUMBER else faces
        facts.append(KindFacts(kind.value, count, count // len(Color) if colored else None,
                               points, tuple(f.notation for f in shown)))
    return facts


def copies(notation: str) -> int:
    """How many copies of one face the deck holds (1 for a 0, 2 for other coloured cards, 4 for wilds)."""
    return COPIES[card(notation)]


def faces_of(kind: str) -> list[Card]:
    return [face for face in COPIES if face.kind is Kind(kind)]
