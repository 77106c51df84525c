"""Which moves a seat may make now: ``legal_moves``, and ``candidate_moves`` (all it could ask for).

``legal_moves`` lists exactly the moves ``check`` accepts, in the order of ``candidate_moves``, but
reads them off the state instead of judging every candidate: only the player whose decision play
waits for (the actor) has answers and plays — what the pending decision asks for, a draw when
nothing is pending, a colour for a Wild turned first — while anyone may call a late UNO or catch
a forgotten one. tests/engine pins the two lists to each other over random play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import FACES, Card, Color
from .matching import ON_TOP, holds_color
from .moves import Action, Move
from .rules import MAX_PLAYERS
from .verdict import InvalidMoveError

if TYPE_CHECKING:
    from .round import RoundState


class SeatMoves:
    """Every move one seat can be offered, made once: moves are values, so a turn hands out the
    same ones again rather than new copies."""

    def __init__(self, seat: int):
        draw, keep, challenge, accept = (Move(seat, a) for a in (Action.DRAW, Action.PASS, Action.CHALLENGE,
                                                                 Action.ACCEPT))
        # The answers without a card that each pending decision (None: none) allows.
        self.answers = {None: (draw,), "drawn": (keep,), "challenge": (challenge, accept), "stack": (accept,),
                        "color": ()}
        self.uno = Move(seat, Action.UNO)
        self.colors = tuple(Move(seat, Action.COLOR, color=c) for c in Color)
        self.catches = [Move(seat, Action.CATCH, target=t) for t in range(MAX_PLAYERS)]
        # The ways to play each face: a wild names each colour. Under 7-0 a 7 also names the seat
        # to swap with, among as many players as there are.
        self.plays = {face: _plays(seat, face) for face in FACES.values()}
        self.seven_zero_plays = {players: {**self.plays, **{seven: _plays(seat, seven, players) for seven in SEVENS}}
                                 for players in range(seat + 1, MAX_PLAYERS + 1)}


def _plays(seat: int, face: Card, seven_zero_players: int = 0) -> tuple[Move, ...]:
    if face.is_wild:
        return tuple(Move(seat, Action.PLAY, face, color=c) for c in Color)
    if seven_zero_players:
        return tuple(Move(seat, Action.PLAY, face, target=t) for t in range(seven_zero_players) if t != seat)
    return (Move(seat, Action.PLAY, face),)


SEVENS = [face for face in FACES.values() if face.number == 7]
SEATS = [SeatMoves(seat) for seat in range(MAX_PLAYERS)]


def candidate_moves(state: RoundState, seat: int) -> list[Move]:
    """Every move ``seat`` could ask for that names only its own cards and real seats."""
    moves = [Move(seat, a) for a in (Action.DRAW, Action.PASS, Action.CHALLENGE, Action.ACCEPT, Action.UNO)]
    moves += [Move(seat, Action.COLOR, color=c) for c in Color]
    moves += [Move(seat, Action.CATCH, target=t) for t in range(len(state.hands)) if t != seat]
    plays = _plays_table(state, seat)
    for face in dict.fromkeys(state.hands[seat]):
        moves += plays[face]
    return moves


def legal_moves(state: RoundState, seat: int | None = None) -> list[Move]:
    """The moves ``check`` accepts, for one seat or for all (a catch may come from anyone), in the
    order of ``candidate_moves``."""
    n = len(state.hands)
    if seat is None:
        return [m for s in range(n) for m in legal_moves(state, s)]
    if not 0 <= seat < n:
        raise InvalidMoveError("seat")
    if state.winner is not None:
        return []
    pending, exposed, offered = state.pending, state.exposed, SEATS[seat]
    actor = state.turn if pending is None else pending.seat
    if seat != actor:  # only a late UNO, or a catch of the player who forgot it
        if exposed is None:
            return []
        return [offered.uno if exposed == seat else offered.catches[exposed]]
    kind = pending and pending.kind
    moves = list(offered.answers[kind])
    if exposed == seat:
        moves.append(offered.uno)
    if kind == "color":
        moves += offered.colors
    if exposed is not None and exposed != seat:
        moves.append(offered.catches[exposed])
    _add_legal_plays(state, seat, moves)
    return moves


def _add_legal_plays(state: RoundState, seat: int, moves: list[Move]) -> None:
    """Add the actor's plays that ``check`` accepts, each face once, in hand order: with nothing
    pending, the cards the matching rules accept; after a draw, the drawn card only; a card
    stacked on a penalty goes through ``check``; other pending decisions take no card."""
    pending, held = state.pending, state.hands[seat]
    plays = _plays_table(state, seat)
    if pending is None:
        faces = playable_faces(state, seat)
        found: list[Card] = []  # the faces offered so far: a hand may hold both copies of one
        for face in held:
            if face in faces and face not in found:
                found.append(face)
                moves += plays[face]
    elif pending.kind == "drawn":
        drawn = pending.card
        if drawn in held and drawn in playable_faces(state, seat):
            moves += plays[drawn]
    elif pending.kind == "stack" or pending.kind == "challenge" and state.rules.stacking:
        penalty = pending.card
        assert penalty is not None
        moves += [m for face in dict.fromkeys(held) if face.kind is penalty.kind
                  for m in plays[face] if state.check(m).legal]


def _plays_table(state: RoundState, seat: int) -> dict[Card, tuple[Move, ...]]:
    offered = SEATS[seat]
    return offered.seven_zero_plays[len(state.hands)] if state.rules.seven_zero else offered.plays


def playable_faces(state: RoundState, seat: int) -> frozenset[Card]:
    """Every face ``seat`` could play on the current top, were it in the hand: a Wild Draw Four
    only if no card in the hand has the colour to match, or a bluff may be challenged."""
    color = state.color
    on_top = ON_TOP[state.discard[-1]][color]
    if state.rules.challenge or holds_color(state.hands[seat], color) is None:
        return on_top.playable
    return on_top.playable_without_wild_draw_four


def playable(state: RoundState, seat: int, candidate: Card) -> bool:
    """Could ``seat`` play ``candidate`` on the current top, were it in the hand?"""
    return candidate in playable_faces(state, seat)
