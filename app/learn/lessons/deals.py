"""Fresh-deal scenarios written as the hands they deal, not as 108 cards.

A lesson about the deal or the first card needs the check API's fresh-deal scenario, whose deck
lists all 108 cards top first. ``fresh_deal`` orders a deck so that the engine's deal
(app.engine.setup.deal: one card at a time from the dealer's left, seven rounds) gives each seat
the hand written, turns ``turned`` next, and leaves ``draw`` on top of the draw pile; the other
cards follow in an order fixed by ``seed``.

>>> scenario = fresh_deal([["R1", "G2", "G3", "G4", "G5", "G6", "G7"],
...                        ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]], turned=["R9"], dealer=1)
>>> from app.engine.scenario import from_scenario
>>> state, events = from_scenario(scenario)
>>> [c.notation for c in state.hands[0]][:2], state.top.notation, state.turn
(['R1', 'G2'], 'R9', 0)
"""
from __future__ import annotations

from typing import Any

from app.engine.cards import card
from app.engine.round import HAND_SIZE
from app.engine.setup import rest_of_deck


def fresh_deal(hands: list[list[str]], turned: list[str], dealer: int, rules: Any = "official",
               draw: tuple[str, ...] = (), seed: int | str = 0) -> dict[str, Any]:
    """The check API's fresh-deal scenario that deals ``hands`` (seven cards each, seat order)."""
    players = len(hands)
    if any(len(hand) != HAND_SIZE for hand in hands):
        raise ValueError(f"each hand holds {HAND_SIZE} cards")
    dealt = [hands[(dealer + 1 + i) % players][i // players] for i in range(HAND_SIZE * players)]
    chosen = [*dealt, *turned, *draw]
    rest = [face.notation for face in rest_of_deck([card(c) for c in chosen], seed)]
    return {"rules": rules, "players": players, "dealer": dealer, "deck": [*chosen, *rest], "seed": seed}
