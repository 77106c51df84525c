"""A decision the rules hand to one seat before play goes on (a challenge, a stack, a drawn card,
the colour of a Wild turned first)."""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card, card
from .vocabulary import PendingKind


class Pending(NamedTuple):
    """A decision the rules hand to ``seat`` before play goes on; immutable, so a copied state
    shares it.

    ``challenge``: a Wild Draw Four was played on ``seat`` (challenge or accept); ``stack``: a
    draw penalty of ``amount`` that ``seat`` may pass on (house rule) or accept; ``drawn``: ``seat``
    drew ``card`` and may play it or keep it; ``color``: a Wild turned as first card, ``seat``
    names the colour. ``guilty`` is hidden: whether the Wild Draw Four was a bluff.
    """

    kind: PendingKind
    seat: int
    card: Card | None = None
    amount: int = 0
    offender: int | None = None
    guilty: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "seat": self.seat, "card": self.card and self.card.notation,
                "amount": self.amount, "offender": self.offender, "guilty": self.guilty}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Pending:
        return cls(PendingKind(data["kind"]), data["seat"], data["card"] and card(data["card"]), data["amount"],
                   data["offender"], data["guilty"])
