"""Before the first move: choosing the dealer, dealing, and turning the first card."""

from __future__ import annotations

import random

from .cards import DECK, Card, Kind, shuffle
from .deck import HAND_SIZE, rest_of_deck, shuffled_deck
from .pending import Pending
from .round import RoundState
from .rules import PENALTY, Rule, RuleSet
from .verdict import Event, Events
from .vocabulary import EventKind, PendingKind

__all__ = ["choose_dealer", "deal", "rest_of_deck", "shuffled_deck", "turn_first_card"]

FIRST_CARD_RULES = {
    Kind.NUMBER: Rule.FIRST_NUMBER, Kind.SKIP: Rule.FIRST_SKIP, Kind.REVERSE: Rule.FIRST_REVERSE,
    Kind.DRAW_TWO: Rule.FIRST_DRAW_TWO, Kind.WILD: Rule.FIRST_WILD,
    Kind.WILD_DRAW_FOUR: Rule.FIRST_WILD_DRAW_FOUR,
}


def choose_dealer(rules: RuleSet, players: int, seed: int | str) -> tuple[int, list[Event]]:
    """``setup.dealer``: each player draws, highest number deals (action cards count 0, ties draw again),
    or a seat at random where the rule set says so."""
    rng = random.Random(f"{seed}:dealer")
    if rules.dealer == "random":
        dealer = rng.randrange(players)
        return dealer, [Event((EventKind.DEALER, Rule.SETUP_DEALER, {"dealer": dealer, "method": "random"}))]
    events = Events()
    contenders = list(range(players))
    while len(contenders) > 1:
        deck = list(DECK)
        shuffle(deck, rng)
        drawn = dict(zip(contenders, deck))
        best = max(c.number or 0 for c in drawn.values())
        # ``tie``: a draw after the first is the tied players' re-draw, not everyone's.
        events.record((EventKind.DEALER_DRAW, Rule.SETUP_DEALER,
                            {"cards": {str(s): c.notation for s, c in drawn.items()}, "tie": bool(events)}))
        contenders = [s for s, c in drawn.items() if (c.number or 0) == best]
    events.record((EventKind.DEALER, Rule.SETUP_DEALER, {"dealer": contenders[0], "method": "highest"}))
    return contenders[0], events


def deal(rules: RuleSet, players: int, dealer: int, deck: list[Card], seed: int | str = 0
         ) -> tuple[RoundState, list[Event]]:
    """``setup.deal``: seven cards each, one at a time from the dealer's left; then the first card."""
    pile = list(reversed(deck))
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(HAND_SIZE):
        for step in range(1, players + 1):
            hands[(dealer + step) % players].append(pile.pop())
    state = RoundState(rules, hands, pile, [], None, dealer=dealer, seed=seed)
    events = Events()
    events.record((EventKind.DEAL, Rule.SETUP_DEAL, {"dealer": dealer, "count": HAND_SIZE}))
    events += turn_first_card(state, random.Random(f"{seed}:first"))
    return state, events


def turn_first_card(state: RoundState, rng: random.Random) -> list[Event]:
    """Turn the first card and apply ``first.*``; a card the rule set returns goes back at random."""
    events = Events()
    first = state.next_seat(state.dealer)
    while True:
        turned = state.draw_pile.pop()
        rule = FIRST_CARD_RULES[turned.kind]
        if turned.kind is Kind.WILD_DRAW_FOUR or (turned.kind is Kind.WILD and state.rules.first_wild == "redraw"):
            state.draw_pile.insert(rng.randrange(len(state.draw_pile) + 1), turned)
            events.record((EventKind.REDRAW, rule, {"card": turned.notation}))
            continue
        break
    state.discard.append(turned)
    state.color = turned.color
    state.turn = first
    events.record((EventKind.FIRST, rule, {"card": turned.notation, "seat": first}))
    if turned.kind is Kind.SKIP:
        events.record((EventKind.SKIP, rule, {"seat": first}))
        state.turn = state.next_seat(first)
    elif turned.kind is Kind.REVERSE:
        state.direction = -1
        state.turn = state.dealer
        events.record((EventKind.REVERSE, rule, {"direction": -1, "seat": state.dealer}))
    elif turned.kind is Kind.DRAW_TWO:
        state.draw_cards(first, PENALTY[Kind.DRAW_TWO], rule, events)
        events.record((EventKind.SKIP, rule, {"seat": first}))
        state.turn = state.next_seat(first)
    elif turned.kind is Kind.WILD:
        state.pending = Pending(PendingKind.COLOR, first)
    return events
