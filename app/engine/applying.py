"""Carrying out a move: ``RoundState.attempt`` and ``apply`` check it, then change the state and
say what changed as events, each with the rule that caused it. An illegal move changes nothing."""

from __future__ import annotations

from typing import Any

from .checking import check, check_draw, check_play, judge
from .cards import Card
from .choices import SEATS, playable_faces
from .effects import EFFECTS, end_round
from .matching import ON_TOP, WILD_DRAW_FOUR, OnTop
from .moves import Action, Move
from .pending import Pending
from .piles import draw_cards
from .rules import CHALLENGE_FAILED_DRAW, Rule
from .state import BaseRound
from .verdict import Event, Events, IllegalMoveError, Verdict
from .vocabulary import EventKind, PendingKind

# Members read on every move, bound once: on Python 3.11 reading one off its enum class goes
# through EnumType.__getattr__'s hook (app/engine/vocabulary.py says what it costs).
_PLAY, _PASS, _SKIP, _UNO, _COLOR = EventKind.PLAY, EventKind.PASS, EventKind.SKIP, EventKind.UNO, EventKind.COLOR
_DRAWN = PendingKind.DRAWN
_STACKING, _UNO_CALL, _WILD = Rule.STACKING, Rule.UNO_CALL, Rule.WILD_ANY_TIME



# A forgotten UNO can be caught until the next player acts; catching and calling late are not acting.
OUT_OF_TURN = frozenset({Action.CATCH, Action.UNO})


def apply(state: BaseRound, move: Move) -> list[Event]:
    """Check ``move`` and carry it out by the rule and facts it was judged with; IllegalMoveError
    (nothing changed) if it is illegal. The facts are nobody else's (no verdict is handed out), so
    a play's event takes them as its params, the seat added.

    Judged once, by the one check that applies: most moves are the actor's play or draw with
    nothing pending, and for those ``judge``'s first questions (is the round over, is it this
    seat's turn, is a decision pending, does the move name another seat) are answered by the
    state's fields here, and the move goes to its own check and its own carrying out (``TURN``);
    any other move is judged by ``judge`` from the start."""
    step = TURN.get(move.action) if state.pending is None else None
    if step is None or move.seat != state.turn or move.target is not None or state.winner is not None:
        legal, rule, facts = judge(state, move)
        carry_out = CARRY_OUT[move.action]
    else:
        check_move, carry_out = step
        legal, rule, facts = check_move(state, move)
    if not legal:
        raise IllegalMoveError(Verdict(legal, rule, facts))
    events = Events()
    if move.action not in OUT_OF_TURN:
        state.exposed = None
    carry_out(state, move, rule, facts, events)
    return events


def attempt(state: BaseRound, move: Move) -> tuple[Verdict, list[Event]]:
    """Check ``move`` and carry it out if it is legal: the verdict and the events (none for an
    illegal move, which changes nothing). Judged once: a legal move is carried out by its
    verdict's rule and a copy of its facts (a play's event takes them), so the verdict stays as
    judged. The three lines that carry it out are ``apply``'s: a helper both call cost ``apply``
    (the engine bench's every move) one Python call, about 1 % of a turn."""
    verdict = check(state, move)
    if not verdict.legal:
        return verdict, []
    events = Events()
    if move.action not in OUT_OF_TURN:
        state.exposed = None
    CARRY_OUT[move.action](state, move, verdict.rule, dict(verdict.params), events)
    return verdict, events


def _play(state: BaseRound, move: Move, rule: Rule, facts: dict[str, Any], events: Events) -> None:
    """The card goes on the discard pile; a player left with one card has called UNO with it or
    may be caught (``uno.call``); then the card takes effect, or the round ends. ``facts`` are
    the play's own, as judged: its event takes them, the seat added, and its effect reads them."""
    seat, played, pending = move.seat, move.card, state.pending
    assert played is not None
    stacked = pending.amount if pending is not None and pending.kind != _DRAWN else 0
    hand = state.hands[seat]
    hand.remove(played)
    state.discard.append(played)
    state.pending = None
    if played.is_wild:
        _play_wild(state, move, rule, facts, events)
    else:
        facts["seat"] = seat
        events.record((_PLAY, rule, facts))
        state.color = played.color
    left = len(hand)
    state.uno_said[seat] = left == 1 and move.uno
    if left == 1 and move.uno:
        events.record((_UNO, _UNO_CALL, {"seat": seat}))
    elif left == 1:
        state.exposed = seat
    elif not left:
        end_round(state, seat, played, stacked, events)
        return
    EFFECTS[played.kind](state, seat, played, stacked, move, facts, events)


def _play_wild(state: BaseRound, move: Move, rule: Rule, facts: dict[str, Any], events: Events) -> None:
    """The public record of a wild: a Wild Draw Four's bluff stays secret until challenged
    (``case`` and ``held`` are left out, and kept in ``facts`` for its effect); then the colour named."""
    seat = move.seat
    if move.card is WILD_DRAW_FOUR and rule is not _STACKING:
        shown = {k: v for k, v in facts.items() if k not in ("case", "held")}
        shown["seat"] = seat
        rule = Rule.WILD_DRAW_FOUR_EFFECT
    else:
        shown = facts
        shown["seat"] = seat
    events.record((_PLAY, rule, shown))
    state.color = move.color
    events.record((_COLOR, _WILD, {"seat": seat, "named": str(move.color)}))


def _draw(state: BaseRound, move: Move, rule: Rule, facts: dict[str, Any], events: Events) -> None:
    """One card, or until a playable one (house rule); a playable card drawn may be played at once."""
    seat = move.seat
    if state.rules.draw == "one":
        drawn = draw_cards(state, seat, 1, rule, events)
    else:  # as many as there are to draw, stopping at a playable one
        drawn = draw_cards(state, seat, len(state.draw_pile) + len(state.discard) - 1, rule, events, True)
    on_top = ON_TOP[state.discard[-1]][state.color]
    if drawn and drawn[-1] in playable_faces(state, seat, on_top):
        if not (move.play_drawn and _play_drawn(state, move, drawn[-1], on_top, events)):
            state.pending = Pending(_DRAWN, seat, drawn[-1])
        return
    events.record((_PASS, rule, {"seat": seat}))
    state.turn = state.next_seat(seat)


def _play_drawn(state: BaseRound, move: Move, drawn: Card, on_top: OnTop, events: Events) -> bool:
    """The drawn card played at once, as ``move`` completes it, if that play is legal (the seat is
    the one to play, its target read with the draw). Judged once: the draw found the card playable
    on ``on_top`` (``playable_faces``), which for a card that needs nothing more is the matching
    rule's judgement, as ``checking.check_play`` would give it; a wild (its colour) and a 7 under
    7-0 (its target) are judged by ``check_play``. False, nothing done, if it is not legal."""
    play = SEATS[move.seat].play(drawn, move.color, move.target, move.uno)
    if drawn.is_wild or state.rules.seven_zero and drawn.number == 7:
        legal, rule, facts = check_play(state, play)
    else:
        legal, rule, facts = True, on_top.rules[drawn], {"card": drawn.notation, "top": on_top.top, "color": on_top.color}
    if legal:
        _play(state, play, rule, facts, events)
    return legal


def _keep(state: BaseRound, move: Move, rule: Rule, facts: dict[str, Any], events: Events) -> None:
    state.pending = None
    events.record((_PASS, rule, {"seat": move.seat}))
    state.turn = state.next_seat(move.seat)


def _challenge(state: BaseRound, move: Move, rule: Rule, facts: dict[str, Any], events: Events) -> None:
    """``wild-draw-four.challenge``: the challenger sees the offender's hand; a bluff costs the
    offender the four cards, an honest play costs the challenger six and their turn."""
    pending, seat = state.pending, move.seat
    assert pending is not None and pending.offender is not None
    offender = pending.offender
    state.pending = None
    rule = Rule.WILD_DRAW_FOUR_CHALLENGE
    events.record((EventKind.CHALLENGE, rule, {"seat": seat, "offender": offender, "guilty": pending.guilty,
                                            "cards": [c.notation for c in state.hands[offender]],
                                            "private_to": seat}))
    if pending.guilty:
        draw_cards(state, offender, pending.amount, rule, events)
        state.turn = seat
    else:
        draw_cards(state, seat, CHALLENGE_FAILED_DRAW, rule, events)
        events.record((_SKIP, rule, {"seat": seat}))
        state.turn = state.next_seat(seat)


def _accept(state: BaseRound, move: Move, rule: Rule, facts: dict[str, Any], events: Events) -> None:
    pending = state.pending
    assert pending is not None
    state.pending = None
    draw_cards(state, move.seat, pending.amount, rule, events)
    events.record((_SKIP, rule, {"seat": move.seat}))
    state.turn = state.next_seat(move.seat)


def _color(state: BaseRound, move: Move, rule: Rule, facts: dict[str, Any], events: Events) -> None:
    state.pending = None
    state.color = move.color
    events.record((_COLOR, Rule.FIRST_WILD, {"seat": move.seat, "named": facts["named"]}))


def _catch(state: BaseRound, move: Move, rule: Rule, facts: dict[str, Any], events: Events) -> None:
    target = move.target
    assert target is not None
    events.record((EventKind.CATCH, Rule.UNO_CATCH, {"seat": move.seat, "target": target,
                                                  "count": state.rules.uno_penalty}))
    draw_cards(state, target, state.rules.uno_penalty, Rule.UNO_CATCH, events)
    state.exposed = None


def _late_uno(state: BaseRound, move: Move, rule: Rule, facts: dict[str, Any], events: Events) -> None:
    state.uno_said[move.seat] = True
    state.exposed = None
    events.record((_UNO, Rule.UNO_CALL, {"seat": move.seat, "late": True}))


# The actor's own moves with nothing pending, each with its check (checking.ON_TURN's) and its carrying out.
TURN = {Action.PLAY: (check_play, _play), Action.DRAW: (check_draw, _draw)}
CARRY_OUT = {Action.PLAY: _play, Action.DRAW: _draw, Action.PASS: _keep, Action.CHALLENGE: _challenge,
             Action.ACCEPT: _accept, Action.COLOR: _color, Action.CATCH: _catch, Action.UNO: _late_uno}
