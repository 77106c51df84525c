"""Small builders shared by the engine tests: positions and decks from notation, event summaries."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields
from functools import lru_cache
from typing import Any

from app.engine import DECK, FACES, Action, Color, Event, Move, RoundState, card
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


def candidates(state: RoundState) -> tuple[Move, ...]:
    """Every canonical move any seat could ask for: each action, each face with each colour (or none)
    for wilds and each target (or none) for a 7 under 7-0, each catch target (or none)."""
    return _candidates(state.players, state.rules.seven_zero)


@lru_cache(maxsize=None)
def _candidates(players: int, seven_zero: bool) -> tuple[Move, ...]:
    seats = range(players)
    moves = []
    for seat in seats:
        moves += [Move(seat, action) for action in (Action.DRAW, Action.PASS, Action.CHALLENGE,
                                                    Action.ACCEPT, Action.UNO, Action.COLOR, Action.CATCH)]
        moves += [Move(seat, Action.COLOR, color=c) for c in Color]
        moves += [Move(seat, Action.CATCH, target=t) for t in seats]
        for face in FACES.values():
            moves.append(Move(seat, Action.PLAY, face))
            if face.is_wild:
                moves += [Move(seat, Action.PLAY, face, color=c) for c in Color]
            elif seven_zero and face.number == 7:
                moves += [Move(seat, Action.PLAY, face, target=t) for t in seats]
    return tuple(moves)


def every_field_own(cls: type, **given: Any) -> Any:
    """A dataclass ``cls`` whose every field (but those ``given``) holds a value of its own: an
    object, or a list of them. A copy that names its fields one by one must carry each."""
    def own(kind: str) -> Any:
        return [[object()]] if kind.startswith("list[list") else [object()] if kind.startswith("list") else object()
    return cls(**{f.name: given[f.name] if f.name in given else own(str(f.type)) for f in fields(cls)})


def assert_carried(copied: Any, original: Any) -> None:
    """Every field of ``copied`` equals the original's (``every_field_own`` makes them tell apart)."""
    for f in fields(original):
        assert getattr(copied, f.name) == getattr(original, f.name), f.name
