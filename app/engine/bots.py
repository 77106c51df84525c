"""Bots: computer players that make only legal moves, chosen sensibly.

A bot sees what its seat may see (its hand, the counts, the top card) and decides like a
careful beginner: keep wilds for later, name its strongest colour, call UNO, challenge a
Wild Draw Four when that is likely to pay. The ``easy`` level sometimes forgets to call UNO
and to catch, so a learner can practise catching; an easy bot caught forgetting has learnt its
lesson and calls UNO for the rest of the round (the caller, who sees the catches, says so with
``caught``), so a round offers a catch or two rather than a forgetful bot caught again and again.
The ``normal`` level never forgets. Where the rules allow a challenge, a bot now
and then plays its Wild Draw Four first, even holding the colour: a bluff, so that challenging
one can pay off for the learner too.

Once the draw pile is exhausted (a draw took its last card; the next draw can only take the
discards, reshuffled), a bot keeps a Reverse or a Skip it has drawn rather than playing it at
once, which ``draw.one`` allows ("may be played at once"). Played at once, such a card can hand
the turn back for ever: late in a long round, with nearly every card in the hands, two
neighbours each draw the one Reverse the reshuffle makes and play it, the direction flips back
each time, and the other seats, a learner's among them, never get a turn (two Skips do the same
across a table of four). A Draw Two or a Wild Draw Four cannot: the seat it skips draws the
cards that would come round again. A drawn card is never a player's last, so keeping one never
gives up going out.

>>> import random
>>> from .scenario import from_scenario
>>> state, _ = from_scenario({"hands": [["R1", "B2", "W"], ["G5"]], "discard": ["R5"]})
>>> decide(state, 0, "normal", random.Random(0))
Move(seat=0, action=<Action.PLAY: 'play'>, card=Card('R1'), color=None, uno=False, target=None, play_drawn=False)
"""

from __future__ import annotations

from typing import Protocol

from .cards import Card, Color, Kind
from .matching import WILD_DRAW_FOUR
from .moves import Action, Move
from .round import RoundState
from .vocabulary import PendingKind

LEVELS = ("easy", "normal")
ATTACKS = (Kind.SKIP, Kind.DRAW_TWO, Kind.REVERSE)  # played first on a player about to go out
FORGET_UNO = {"easy": 0.5, "normal": 0.0}  # chance to forget UNO, until caught once in the round
MISS_CATCH = {"easy": 0.5, "normal": 0.0}
BLUFF = {"easy": 0.3, "normal": 0.15}  # chance to play a held Wild Draw Four before other cards
LOOPING = (Kind.SKIP, Kind.REVERSE)  # kept when drawn from an exhausted pile, not played at once (see above)


class Dice(Protocol):
    """What a bot throws: a ``random.Random``, or anything with its ``random()``."""

    def random(self) -> float: ...


def strongest_color(hand: list[Card]) -> Color:
    """The colour the hand holds most of (points break ties), red when it holds none.

    Equal weights go to the colour met first in the hand.
    """
    weight: dict[Color, int] = {}
    for c in hand:
        color = c.color
        if color is not None:
            weight[color] = weight.get(color, 0) + 100 + c.points
    return max(weight, key=weight.__getitem__) if weight else Color.RED


def catch_move(state: RoundState, seat: int, level: str, rng: Dice) -> Move | None:
    """A catch of a player who forgot UNO, if this bot notices (easy bots sometimes don't)."""
    target = state.exposed
    if target is None or target == seat or state.round_over or rng.random() < MISS_CATCH[level]:
        return None
    return Move(seat, Action.CATCH, target=target)


def decide(state: RoundState, seat: int, level: str, rng: Dice, caught: bool = False) -> Move:
    """The move the bot in ``seat`` makes when play waits for it (``seat`` is the actor).

    ``caught``: the bot has been caught forgetting UNO earlier in this round, so it calls UNO
    without fail (no dice thrown for it)."""
    hand, pending = state.hands[seat], state.pending
    if pending is None:  # most decisions: nothing pending, play or draw
        return _play(state, seat, hand, level, rng, caught) or Move(seat, Action.DRAW)
    kind = pending.kind
    if kind == PendingKind.COLOR:
        return Move(seat, Action.COLOR, color=strongest_color(hand))
    if kind == PendingKind.CHALLENGE or kind == PendingKind.STACK:
        return _answer_penalty(state, seat, level, rng, caught)
    if kind == PendingKind.DRAWN:
        assert pending.card is not None  # a drawn card waits to be played or kept
        if not state.draw_pile and pending.card.kind in LOOPING:
            return Move(seat, Action.PASS)  # kept: it could hand the turn back and forth for ever
        move = _play(state, seat, [pending.card], level, rng, caught)
        return move or Move(seat, Action.PASS)
    return _play(state, seat, hand, level, rng, caught) or Move(seat, Action.DRAW)


def _answer_penalty(state: RoundState, seat: int, level: str, rng: Dice, caught: bool) -> Move:
    """Stack when the house rule allows it (completed like any play: the colour, the UNO call),
    else challenge when it likely pays, else accept."""
    stacking = [m for m in state.legal_moves(seat) if m.action is Action.PLAY]
    if stacking:
        choice = stacking[0].card
        assert choice is not None
        return _completed(state, seat, choice, strongest_color(state.hands[seat]) if choice.is_wild else None,
                          level, rng, caught)
    pending = state.pending
    assert pending is not None
    if pending.kind == PendingKind.CHALLENGE and pending.offender is not None:
        # The offender kept h cards; each is of the old colour about a quarter of the time.
        # Challenging costs 6 if innocent and saves 4 if guilty: worth it once P(innocent) < 2/3.
        kept = len(state.hands[pending.offender])
        if 0.75 ** kept < 2 / 3 and rng.random() < 0.9:
            return Move(seat, Action.CHALLENGE)
    return Move(seat, Action.ACCEPT)


def _play(state: RoundState, seat: int, options: list[Card], level: str, rng: Dice,
          caught: bool) -> Move | None:
    """The best legal play among ``options``: plain cards first, wilds kept for when nothing else goes."""
    hand = state.hands[seat]
    faces = state.playable_faces(seat)  # the same for every option: found once
    playable = [c for c in options if c in faces]  # both copies of a face may be listed: either is chosen alike
    if not playable:
        return None
    if len(playable) == 1:  # nothing to weigh; the favourite colour only matters for a wild
        choice = playable[0]
        favourite = strongest_color(hand) if choice.is_wild else None
    else:
        attacking = len(state.hands[state.next_seat(seat)]) <= 2  # the next player is close to going out
        favourite = strongest_color(hand)  # wilds have no colour: they weigh nothing
        # The dice are thrown only when there is a Wild Draw Four to bluff with.
        bluff = state.rules.challenge and WILD_DRAW_FOUR in playable and rng.random() < BLUFF[level]
        # The first card ranked least: plain before wild (a bluff's Wild Draw Four before all),
        # attacks first when attacking, then the favourite colour, then the most points.
        choice = min(playable, key=lambda c: ((c is WILD_DRAW_FOUR) is not bluff, c.is_wild,
                                              -(attacking and c.kind in ATTACKS), c.color is not favourite, -c.points))
    # Legal by construction, so not checked again (the table's apply checks it anyway): the card is
    # in the hand (or is the card just drawn) and among the faces the matching rules accept, a wild
    # names a colour, a 7 under 7-0 names another seat. The property tests apply every bot move.
    return _completed(state, seat, choice, favourite, level, rng, caught)


def _completed(state: RoundState, seat: int, choice: Card, favourite: Color | None, level: str,
               rng: Dice, caught: bool) -> Move:
    """The play of ``choice`` with what it needs: a wild names ``favourite`` (the strongest colour of
    the hand, where a wild weighs nothing), a 7 under 7-0 the smallest other hand, and the next-to-last
    card calls UNO (which an easy bot sometimes forgets, until it is caught once in the round)."""
    color = favourite if choice.is_wild else None
    target = None
    if state.rules.seven_zero and choice.number == 7:
        others = [s for s in range(state.players) if s != seat]
        target = min(others, key=lambda s: len(state.hands[s]))
    calls = len(state.hands[seat]) == 2 and (caught or rng.random() >= FORGET_UNO[level])
    return Move(seat, Action.PLAY, choice, color, calls, target)
