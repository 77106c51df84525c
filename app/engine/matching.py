"""The matching rules as a table: which faces may go on a top card, and which rule lets them.

A card goes on the discard pile when it matches the colour to match, or the top card's number or
symbol (``match.*``); a Wild goes on anything (``wild.any-time``). The answer depends only on the
top card and the colour to match, so it is worked out once for every pair and then looked up:
judging a play, and listing a hand's playable cards, cost a lookup per card.

A Wild Draw Four also depends on the hand: it may be played only when the hand holds no card of
the colour to match (``wild-draw-four.restriction``), unless the rule set lets a bluff be
challenged. Its entry names the restriction, and the callers look at the hand.
"""

from __future__ import annotations

from .cards import FACES, Card, Color, Kind
from .rules import Rule

WILD_DRAW_FOUR = FACES["WD4"]


def matching_rule(face: Card, top: Card, color: Color | None) -> Rule | None:
    """The rule that lets ``face`` go on ``top`` with ``color`` to match (colour before number or
    symbol), None when nothing matches."""
    if face.kind is Kind.WILD:
        return Rule.WILD_ANY_TIME
    if face.kind is Kind.WILD_DRAW_FOUR:
        return Rule.WILD_DRAW_FOUR_RESTRICTION
    if face.color is color:
        return Rule.MATCH_COLOR
    if face.kind is Kind.NUMBER:
        return Rule.MATCH_NUMBER if face.number == top.number else None
    return Rule.MATCH_SYMBOL if face.kind is top.kind else None


class OnTop:
    """What may go on one top card with one colour to match: each face with the rule that lets it,
    and the faces playable with and without the Wild Draw Four; and the two as a play's verdict
    names them (``top``, ``color``)."""

    def __init__(self, top: Card, color: Color | None):
        self.top, self.color = top.notation, color and str(color)
        by_face = {face: matching_rule(face, top, color) for face in FACES.values()}
        self.rules: dict[Card, Rule] = {face: rule for face, rule in by_face.items() if rule is not None}
        self.playable = frozenset(self.rules)
        self.playable_without_wild_draw_four = self.playable - {WILD_DRAW_FOUR}


# ON_TOP[top card][colour to match], for every top card and colour (None: a Wild turned first,
# its colour not named yet)
ON_TOP: dict[Card, dict[Color | None, OnTop]] = {
    top: {color: OnTop(top, color) for color in (*Color, None)} for top in FACES.values()}


def holds_color(hand: list[Card], color: Color | None) -> Card | None:
    """The first card of ``color`` in ``hand``: what keeps a Wild Draw Four from being played."""
    return next((c for c in hand if c.color is color), None)
