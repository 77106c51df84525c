"""The one notation for scenes: positions in the check API's scenario notation and moves as it
spells them, written short.

Every scene (a lesson step, a demo, a quiz item, a page's example) is a scenario and moves that
the engine plays (app.engine.scenario, app.engine.moves.Move.from_dict). Writing those dicts out
by hand, or with a builder per feature, let the same position drift apart in two places; so every
scene is written with these builders and nothing else.

>>> position("B5 R9", "R5", "Y1 Y2")
{'hands': [['B5', 'R9'], ['Y1', 'Y2']], 'discard': ['R5']}
>>> play(0, "WD4", color="blue"), act(1, "challenge")
({'seat': 0, 'action': 'play', 'card': 'WD4', 'color': 'blue'}, {'seat': 1, 'action': 'challenge'})
>>> scenario = fresh_deal([["R1", "G2", "G3", "G4", "G5", "G6", "G7"],
...                        ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]], turned=["R9"], dealer=1)
>>> from app.engine.scenario import from_scenario
>>> state, events = from_scenario(scenario)
>>> [c.notation for c in state.hands[0]][:2], state.top.notation, state.turn
(['R1', 'G2'], 'R9', 0)
"""
from __future__ import annotations

from typing import Any

from app.engine.cards import DECK, card
from app.engine.round import HAND_SIZE
from app.engine.setup import rest_of_deck

# --- positions -----------------------------------------------------------------------------------


def position(hand: str, top: str, *others: str, color: str | None = None,
             draw: list[str] | None = None) -> dict[str, Any]:
    """Seat 0 holds ``hand`` (notations, space-separated) and is to play on ``top``; each of
    ``others`` is another seat's hand. The draw pile is ``draw`` (top first), else the rest of the
    deck; the rules, official."""
    scenario: dict[str, Any] = {"hands": [hand.split(), *(o.split() for o in others)], "discard": [top]}
    if color:
        scenario["color"] = color
    if draw is not None:
        scenario["draw_pile"] = draw
    return scenario


def mid(hands: list[list[str]], discard: list[str], draw: list[str] | None = None, turn: int = 0,
        direction: int = 1, rules: Any = "official", color: str | None = None) -> dict[str, Any]:
    """A mid-round scenario; the draw pile, when not given, is the rest of the deck (seed 0)."""
    scenario: dict[str, Any] = {"rules": rules, "hands": hands, "discard": discard, "turn": turn,
                                "direction": direction}
    if draw is not None:
        scenario["draw_pile"] = draw
    if color is not None:
        scenario["color"] = color
    return scenario


def with_rules(rules: dict[str, Any] | str, scenario: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """``scenario`` played under ``rules`` (a preset's name or options: house rules), with ``extra`` keys."""
    return {**scenario, "rules": rules, **extra}


def first_card(*notations: str, players: int = 3) -> dict[str, Any]:
    """A fresh deal by seat 0 (Player 1) from an unshuffled deck whose first turned card is
    ``notations[0]`` (the next ones come next, for a first card that goes back)."""
    deck = list(DECK)
    for place, notation in enumerate(notations, HAND_SIZE * players):
        deck.remove(card(notation))
        deck.insert(place, card(notation))
    return {"players": players, "dealer": 0, "deck": [face.notation for face in deck]}


def fresh_deal(hands: list[list[str]], turned: list[str], dealer: int, rules: Any = "official",
               draw: tuple[str, ...] = (), seed: int | str = 0) -> dict[str, Any]:
    """The fresh-deal scenario that deals ``hands`` (seven cards each, seat order), written as the
    hands it deals, not as 108 cards: the deck is ordered so that the engine's deal
    (app.engine.setup.deal: one card at a time from the dealer's left, seven rounds) gives each seat
    its hand, turns ``turned`` next and leaves ``draw`` on top of the draw pile; the other cards
    follow in an order fixed by ``seed``."""
    players = len(hands)
    if any(len(hand) != HAND_SIZE for hand in hands):
        raise ValueError(f"each hand holds {HAND_SIZE} cards")
    dealt = [hands[(dealer + 1 + i) % players][i // players] for i in range(HAND_SIZE * players)]
    chosen = [*dealt, *turned, *draw]
    rest = [face.notation for face in rest_of_deck([card(c) for c in chosen], seed)]
    return {"rules": rules, "players": players, "dealer": dealer, "deck": [*chosen, *rest], "seed": seed}


# --- moves ---------------------------------------------------------------------------------------


def play(seat: int, card: str, **more: Any) -> dict[str, Any]:
    """``seat`` plays ``card``; ``more``: the colour named, ``uno``, a seven-zero ``target``."""
    return {"seat": seat, "action": "play", "card": card, **more}


def act(seat: int, action: str, **more: Any) -> dict[str, Any]:
    """Any other move of ``seat``: draw, pass, accept, challenge, uno, catch (``target``), color."""
    return {"seat": seat, "action": action, **more}
