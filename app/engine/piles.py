"""The piles: drawing cards, and turning the discards into a new draw pile when it runs out."""

from __future__ import annotations

import random

from .cards import Card, shuffle
from .choices import playable_faces
from .rules import Rule
from .state import BaseRound
from .verdict import Events
from .vocabulary import EventKind

# Members read on every move, bound once: on Python 3.11 reading one off its enum class goes
# through EnumType.__getattr__'s hook (app/engine/vocabulary.py says what it costs).
_DRAW = EventKind.DRAW



def draw_cards(state: BaseRound, seat: int, count: int, rule: Rule, events: Events,
               stop_when_playable: bool = False) -> list[Card]:
    """``seat`` draws up to ``count`` cards, reshuffling the discards when the pile runs out; the
    event shows the cards to ``seat`` only."""
    drawn: list[Card] = []
    names: list[str] = []
    hand = state.hands[seat]
    while len(drawn) < count:
        if not state.draw_pile and not _reshuffle(state, events):
            break
        face = state.draw_pile.pop()
        drawn.append(face)
        names.append(face.notation)
        if stop_when_playable and face in playable_faces(state, seat):
            break
    hand.extend(drawn)
    if len(hand) != 1:
        state.uno_said[seat] = False
    if state.exposed == seat:
        state.exposed = None
    events.record((_DRAW, rule, {"seat": seat, "count": len(drawn), "cards": names, "private_to": seat}))
    return drawn


def _reshuffle(state: BaseRound, events: Events) -> bool:
    """``draw.reshuffle``: all discards but the top become the new draw pile."""
    if len(state.discard) < 2:
        return False
    pile = state.discard[:-1]
    del state.discard[:-1]
    shuffle(pile, random.Random(f"{state.seed}:reshuffle:{state.reshuffles}"))
    state.reshuffles += 1
    state.draw_pile = pile + state.draw_pile
    events.record((EventKind.RESHUFFLE, Rule.DRAW_RESHUFFLE, {"count": len(pile)}))
    return True
