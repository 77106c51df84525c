"""The deck in play order: shuffled by a seed, so that a seeded game deals and draws the same
cards every time it is replayed (``deck.composition``)."""

from __future__ import annotations

import random
from collections import Counter

from .cards import COPIES, DECK, Card, shuffle

HAND_SIZE = 7  # setup.deal: seven cards each


def shuffled_deck(seed: int | str) -> list[Card]:
    """The 108 cards in an order fixed by ``seed``, top first."""
    deck = list(DECK)
    shuffle(deck, random.Random(f"{seed}:deck"))
    return deck


def rest_of_deck(used: list[Card], seed: int | str) -> list[Card]:
    """The deck less the cards ``used``, shuffled by ``seed``, top first."""
    left = Counter(COPIES) - Counter(used)
    rest = [face for face, copies in left.items() for _ in range(copies)]
    shuffle(rest, random.Random(f"{seed}:rest"))
    return rest
