"""Card facts for the pages, computed from the engine so no count or value is ever retyped.

>>> card_face("YD2")["label"], card_face("W")["color"]
('+2', None)
>>> [(k.kind, k.count, k.points) for k in kinds()][-2:]
[('wild', 4, 50), ('wild-draw-four', 4, 50)]
>>> sum(k.count for k in kinds())
108
"""
from dataclasses import dataclass

from app.engine.cards import COPIES, Color, Kind, card
from app.engine.rules import Rule
from app.wording import card_name

LABELS = {Kind.DRAW_TWO: "+2", Kind.WILD_DRAW_FOUR: "+4"}


def card_face(notation: str) -> dict:
    """What the card macro draws: colour, kind, the label printed on it, its accessible name."""
    face = card(notation)
    label = str(face.number) if face.kind is Kind.NUMBER else LABELS.get(face.kind, "")
    return {"notation": face.notation, "color": face.color and face.color.value,
            "kind": face.kind.value, "label": label, "name": card_name(face.notation)}


SHOWN = {Kind.NUMBER: ("R0", "Y3", "G7", "B9")}  # number cards: a few faces stand for all 76


@dataclass(frozen=True)
class KindFacts:
    """One kind of card in the 108-card deck: how many, per colour, what it scores."""

    kind: str
    count: int  # copies in the deck, all colours
    per_color: int | None  # copies in each colour (None for wilds)
    points: int | None  # value in a hand at the end of a round; None: the number printed on it
    faces: tuple[str, ...]  # the faces to draw

    @property
    def page(self) -> str:
        return f"cards/{self.kind}"


def kinds() -> list[KindFacts]:
    """Every kind, in Kind order, with the engine's counts and points."""
    return [kind_facts(kind) for kind in Kind]


def kind_facts(kind: str) -> KindFacts:
    kind = Kind(kind)
    faces = [face for face in COPIES if face.kind is kind]
    count = sum(COPIES[face] for face in faces)
    colored = faces[0].color is not None
    return KindFacts(kind.value, count, count // len(Color) if colored else None,
                     None if kind is Kind.NUMBER else faces[0].points,
                     SHOWN.get(kind, tuple(face.notation for face in faces)))


def copies(notation: str) -> int:
    """How many copies of one face the deck holds (1 for a 0, 2 for other coloured cards, 4 for wilds)."""
    return COPIES[card(notation)]


# The rules each card page links to (their anchors live on the rules pages).
RELATED: dict[str, tuple[Rule, ...]] = {
    "number": (Rule.MATCH_COLOR, Rule.MATCH_NUMBER, Rule.MATCH_NONE, Rule.FIRST_NUMBER, Rule.SEVEN_ZERO),
    "skip": (Rule.SKIP_EFFECT, Rule.MATCH_SYMBOL, Rule.FIRST_SKIP),
    "reverse": (Rule.REVERSE_EFFECT, Rule.REVERSE_TWO_PLAYERS, Rule.FIRST_REVERSE),
    "draw-two": (Rule.DRAW_TWO_EFFECT, Rule.FIRST_DRAW_TWO, Rule.ROUND_END, Rule.STACKING),
    "wild": (Rule.WILD_ANY_TIME, Rule.FIRST_WILD),
    "wild-draw-four": (Rule.WILD_DRAW_FOUR_EFFECT, Rule.WILD_DRAW_FOUR_RESTRICTION,
                       Rule.WILD_DRAW_FOUR_CHALLENGE, Rule.FIRST_WILD_DRAW_FOUR, Rule.STACKING),
}
