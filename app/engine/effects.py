"""What a played card does once it is on the discard pile: whose turn comes next, who draws, and
what the house rules add; and the end of the round when the hand is empty."""

from __future__ import annotations

from typing import Any

from .cards import Card, Kind
from .moves import Move
from .pending import Pending
from .piles import draw_cards
from .rules import PENALTY, Rule
from .state import BaseRound
from .verdict import Events
from .vocabulary import Case, EventKind, PendingKind

# Members read on every move, bound once: on Python 3.11 reading one off its enum class goes
# through EnumType.__getattr__'s hook (app/engine/vocabulary.py says what it costs).
_SKIP, _REVERSE = EventKind.SKIP, EventKind.REVERSE



def _number(state: BaseRound, seat: int, played: Card, stacked: int, move: Move, facts: dict[str, Any],
            events: Events) -> None:
    """A number card, or a Wild once its colour is named: the next player's turn, unless the 7-0
    house rule swaps or rotates hands first."""
    if state.rules.seven_zero and played.number in (0, 7):
        _seven_zero(state, seat, played, move.target, events)
    state.turn = (seat + state.direction) % len(state.hands)


def _skip(state: BaseRound, seat: int, played: Card, stacked: int, move: Move, facts: dict[str, Any],
          events: Events) -> None:
    """``skip.effect``: the next player loses their turn."""
    events.record((_SKIP, Rule.SKIP_EFFECT, {"seat": state.next_seat(seat)}))
    state.turn = state.next_seat(seat, 2)


def _reverse(state: BaseRound, seat: int, played: Card, stacked: int, move: Move, facts: dict[str, Any],
             events: Events) -> None:
    """``reverse.effect``: play changes direction; with two players it acts as a Skip."""
    if len(state.hands) == 2:
        events.record((_SKIP, Rule.REVERSE_TWO_PLAYERS, {"seat": state.next_seat(seat)}))
        state.turn = seat
        return
    state.direction = -state.direction
    events.record((_REVERSE, Rule.REVERSE_EFFECT, {"direction": state.direction}))
    state.turn = state.next_seat(seat)


def _penalty(state: BaseRound, seat: int, played: Card, stacked: int, move: Move, facts: dict[str, Any],
             events: Events) -> None:
    """Draw Two / Wild Draw Four: open a challenge or a stack, or the next player draws and is skipped."""
    nxt, amount = state.next_seat(seat), stacked + PENALTY[played.kind]
    if played.kind is Kind.WILD_DRAW_FOUR and state.rules.challenge and not stacked:  # none inside a stack
        guilty = facts.get("case") == Case.BLUFF
        state.pending = Pending(PendingKind.CHALLENGE, nxt, played, amount, seat, guilty)
        events.record((EventKind.PENDING, Rule.WILD_DRAW_FOUR_CHALLENGE, {"seat": nxt, "offender": seat}))
        state.turn = nxt
        return
    if state.rules.stacking:
        state.pending = Pending(PendingKind.STACK, nxt, played, amount, seat)
        events.record((EventKind.PENDING, Rule.STACKING, {"seat": nxt, "count": amount}))
        state.turn = nxt
        return
    effect = Rule.DRAW_TWO_EFFECT if played.kind is Kind.DRAW_TWO else Rule.WILD_DRAW_FOUR_EFFECT
    draw_cards(state, nxt, amount, effect, events)
    events.record((_SKIP, effect, {"seat": nxt}))
    state.turn = state.next_seat(seat, 2)


# What a card does once played, by its kind; each ends by saying whose turn it is. Each takes
# (state, seat, played, stacked, move, facts, events): ``stacked`` is the penalty it was stacked on,
# ``facts`` what the play was checked with.
EFFECTS = {Kind.NUMBER: _number, Kind.WILD: _number, Kind.SKIP: _skip, Kind.REVERSE: _reverse,
           Kind.DRAW_TWO: _penalty, Kind.WILD_DRAW_FOUR: _penalty}


def _seven_zero(state: BaseRound, seat: int, played: Card, target: int | None, events: Events) -> None:
    """House rule 7-0: a 7 swaps hands with ``target``, a 0 passes every hand on."""
    if played.number == 7:
        assert target is not None
        state.hands[seat], state.hands[target] = state.hands[target], state.hands[seat]
        events.record((EventKind.SWAP, Rule.SEVEN_ZERO, {"seat": seat, "target": target}))
    else:
        n = len(state.hands)
        state.hands = [state.hands[(s - state.direction) % n] for s in range(n)]
        events.record((EventKind.ROTATE, Rule.SEVEN_ZERO, {"direction": state.direction}))
    state.uno_said = [len(hand) == 1 for hand in state.hands]
    state.exposed = None


def end_round(state: BaseRound, seat: int, played: Card, stacked: int, events: Events) -> None:
    """``round.end``: ``seat`` went out; a penalty card still makes the next player draw; then the points."""
    state.winner = seat
    events.record((EventKind.ROUND_END, Rule.ROUND_END, {"winner": seat, "card": played.notation}))
    if played.kind in PENALTY:
        draw_cards(state, state.next_seat(seat), stacked + PENALTY[played.kind], Rule.ROUND_END, events)
    events.record((EventKind.POINTS, state.rules.scoring_rule, {"winner": seat, "points": state.round_points()}))
