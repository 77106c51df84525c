"""Small builders shared by the engine tests: positions and decks from notation, event summaries."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from app.engine import DECK, Action, Color, Event, Move, RoundState, card
from app.engine.round import HAND_SIZE
from app.engine.scenario import from_scenario


def position(hands: list[str], discard: str, **scenario: Any) -> RoundState:
    """A mid-round position: ``position(["R1 W", "G2"], "B5 R5", color="red", rules="guide-long")``."""
    state, events = from_scenario({"hands": [h.split() for h in hands], "discard": discard.split(),
                                   **{k: v.split() if k == "draw_pile" else v for k, v in scenario.items()}})
    assert events == []
    return state


def stacked_deck(players: int, dealer: int, turned: str, hands: list[str] | None = None) -> list[str]:
    """A full deck (top first) whose deal gives ``hands`` (7 cards each, seat order) and then turns
    ``turned`` (one card, or several for redraws). Unnamed hands are filled from the rest of the deck."""
    rest = Counter(DECK) - Counter(card(c) for c in turned.split())
    named = [h.split() for h in hands] if hands else []
    for hand in named:
        rest -= Counter(card(c) for c in hand)
    pool = sorted(rest.elements(), key=DECK.index)
    pool_iter = iter(pool)
    seats = [named[s] if s < len(named) else [next(pool_iter).notation for _ in range(HAND_SIZE)]
             for s in range(players)]
    deck = [seats[(dealer + step) % players][r] for r in range(HAND_SIZE) for step in range(1, players + 1)]
    return deck + turned.split() + [c.notation for c in pool_iter]


def summary(events: list[Event]) -> list[tuple[str, str]]:
    """Each event as (kind, rule id): what a test asserts about what happened."""
    return [(e.kind, e.rule.value) for e in events]


def play(seat: int, notation: str, color: str | None = None, uno: bool = False,
         target: int | None = None) -> Move:
    return Move(seat, Action.PLAY, card(notation), color and Color(color), uno, target)


def hand(state: RoundState, seat: int) -> list[str]:
    return [c.notation for c in state.hands[seat]]


def random_moves(state: RoundState, rng: random.Random, play_bias: float = 0.8) -> Move:
    """A random legal move for the seat play waits for, preferring plays so rounds end."""
    moves = state.legal_moves(state.actor())
    plays = [m for m in moves if m.action is Action.PLAY]
    if plays and rng.random() < play_bias:
        return rng.choice(plays)
    return rng.choice(moves)
