"""Which moves a seat may make now: ``legal_moves``, and ``candidate_moves`` (all it could ask for).

``legal_moves`` lists exactly the moves ``check`` accepts, in the order of ``candidate_moves``, but
reads them off the state instead of judging every candidate: only the player whose decision play
waits for (the actor) has answers and plays — what the pending decision asks for, a draw when
nothing is pending, a colour for a Wild turned first — while anyone may call a late UNO or catch
a forgotten one. So ``check`` (checking.judge) stays the one source of legality: this listing is
checked against it in one place, tests/engine/test_fast_paths.py, over random whole games.
"""

from __future__ import annotations

from .cards import FACES, Card, Color
from .checking import check
from .matching import ON_TOP, OnTop, holds_color
from .moves import Action, Move
from .rules import MAX_PLAYERS
from .state import BaseRound
from .verdict import InvalidMoveError
from .vocabulary import PendingKind

# Members read on every move, bound once: on Python 3.11 reading one off its enum class goes
# through EnumType.__getattr__'s hook (app/engine/vocabulary.py says what it costs).
_COLOR, _DRAWN, _STACK, _CHALLENGE = PendingKind.COLOR, PendingKind.DRAWN, PendingKind.STACK, PendingKind.CHALLENGE



class SeatMoves:
    """Every move one seat can be offered, made once: moves are values, so a turn hands out the
    same ones again rather than new copies."""

    def __init__(self, seat: int):
        self.draw, keep, challenge, accept = (Move(seat, a) for a in (Action.DRAW, Action.PASS, Action.CHALLENGE,
                                                                      Action.ACCEPT))
        # With nothing pending a seat may draw; each pending decision allows these answers without a card.
        self.answers = {PendingKind.DRAWN: (keep,), PendingKind.CHALLENGE: (challenge, accept),
                        PendingKind.STACK: (accept,), PendingKind.COLOR: ()}
        self.uno = Move(seat, Action.UNO)
        self.colors = tuple(Move(seat, Action.COLOR, color=c) for c in Color)
        self.catches = [Move(seat, Action.CATCH, target=t) for t in range(MAX_PLAYERS)]
        # The ways to play each face: a wild names each colour. Under 7-0 a 7 also names the seat
        # to swap with, among as many players as there are.
        self.plays = {face: _plays(seat, face) for face in FACES.values()}
        self.seven_zero_plays = {players: {**self.plays, **{seven: _plays(seat, seven, players) for seven in SEVENS}}
                                 for players in range(seat + 1, MAX_PLAYERS + 1)}

    def play(self, face: Card, color: Color | None, target: int | None, uno: bool) -> Move:
        """The play of ``face`` completed so (a draw with ``play_drawn`` plays its card so): one made
        already unless it calls UNO or names a seat."""
        if uno or target is not None:
            return Move(self.uno.seat, Action.PLAY, face, color if face.is_wild else None, uno, target)
        if face.is_wild:
            return self.plays[face][COLOR_ORDER[color]] if color is not None else Move(self.uno.seat, Action.PLAY, face)
        return self.plays[face][0]

    def late_call(self, exposed: int) -> Move:
        """What this seat may do about a forgotten UNO: call it late if it is its own, else catch."""
        return self.uno if exposed == self.uno.seat else self.catches[exposed]


def _plays(seat: int, face: Card, seven_zero_players: int = 0) -> tuple[Move, ...]:
    if face.is_wild:
        return tuple(Move(seat, Action.PLAY, face, color=c) for c in Color)
    if seven_zero_players:
        return tuple(Move(seat, Action.PLAY, face, target=t) for t in range(seven_zero_players) if t != seat)
    return (Move(seat, Action.PLAY, face),)


COLOR_ORDER = {c: i for i, c in enumerate(Color)}  # a wild's plays name the colours in this order
SEVENS = [face for face in FACES.values() if face.number == 7]
SEATS = [SeatMoves(seat) for seat in range(MAX_PLAYERS)]


def candidate_moves(state: BaseRound, seat: int) -> list[Move]:
    """Every move ``seat`` could ask for that names only its own cards and real seats."""
    moves = [Move(seat, a) for a in (Action.DRAW, Action.PASS, Action.CHALLENGE, Action.ACCEPT, Action.UNO)]
    moves += [Move(seat, Action.COLOR, color=c) for c in Color]
    moves += [Move(seat, Action.CATCH, target=t) for t in range(len(state.hands)) if t != seat]
    offered = SEATS[seat]
    plays = offered.seven_zero_plays[len(state.hands)] if state.rules.seven_zero else offered.plays
    for face in dict.fromkeys(state.hands[seat]):
        moves += plays[face]
    return moves


def legal_moves(state: BaseRound, seat: int | None = None) -> list[Move]:
    """The moves ``check`` accepts, for one seat or for all (a catch may come from anyone), in the
    order of ``candidate_moves``."""
    if seat is None:
        return [m for s in range(len(state.hands)) for m in legal_moves(state, s)]
    pending = state.pending
    if seat != (state.turn if pending is None else pending.seat) or state.winner is not None:
        return _out_of_turn(state, seat)
    offered, exposed = SEATS[seat], state.exposed
    held = state.hands[seat]
    plays = offered.seven_zero_plays[len(state.hands)] if state.rules.seven_zero else offered.plays
    if pending is None:  # most turns: draw, or play a card the matching rules accept
        moves = [offered.draw]
        if exposed is not None:
            moves.append(offered.late_call(exposed))
        faces = playable_faces(state, seat)
        found: list[Card] = []  # the faces offered so far: a hand may hold both copies of one
        for face in held:
            if face in faces and face not in found:
                found.append(face)
                moves += plays[face]
        return moves
    # A decision the rules hand to this seat: its answers, then the one card it may play after a
    # draw, or the cards it may stack on a penalty (which go through ``check``).
    kind = pending.kind
    moves = list(offered.answers[kind])
    if exposed == seat:
        moves.append(offered.uno)
    if kind == _COLOR:
        moves += offered.colors
    if exposed is not None and exposed != seat:
        moves.append(offered.catches[exposed])
    if kind == _DRAWN:
        drawn = pending.card
        if drawn in held and drawn in playable_faces(state, seat):
            moves += plays[drawn]
    elif kind == _STACK or kind == _CHALLENGE and state.rules.stacking:
        penalty = pending.card
        assert penalty is not None
        moves += [m for face in dict.fromkeys(held) if face.kind is penalty.kind
                  for m in plays[face] if check(state, m).legal]
    return moves


def _out_of_turn(state: BaseRound, seat: int) -> list[Move]:
    """A seat whose decision play does not wait for may only call its forgotten UNO late, or catch
    the player who forgot theirs; nobody may do anything once the round is over."""
    if not 0 <= seat < len(state.hands):
        raise InvalidMoveError("seat")
    exposed = state.exposed
    if exposed is None or state.winner is not None:
        return []
    return [SEATS[seat].late_call(exposed)]


def playable_faces(state: BaseRound, seat: int, on_top: OnTop | None = None) -> frozenset[Card]:
    """Every face ``seat`` could play on the current top, were it in the hand: a Wild Draw Four
    only if no card in the hand has the colour to match, or a bluff may be challenged. ``on_top``:
    the matching table's entry for the top and colour, if the caller has looked it up already."""
    if on_top is None:
        on_top = ON_TOP[state.discard[-1]][state.color]
    if state.rules.challenge or holds_color(state.hands[seat], state.color) is None:
        return on_top.playable
    return on_top.playable_without_wild_draw_four
