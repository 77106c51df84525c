"""Judging a move: is it legal now, and which rule says so (``RoundState.check``).

The answer is a Verdict, never a sentence, and changes nothing. Who may act comes first: anyone
may catch a forgotten UNO or call a late one; anything else is for the seat whose decision play
waits for. Then the pending decision, if any, says which answers it takes; with none, a play is
judged by the matching rules and a draw is always allowed.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from .matching import ON_TOP, holds_color
from .moves import Action, Move
from .rules import PENALTY, Rule
from .state import BaseRound
from .verdict import InvalidMoveError, Verdict
from .vocabulary import Case, PendingKind


DRAW_RULES = {"one": Rule.DRAW_ONE, "until-playable": Rule.DRAW_UNTIL_PLAYABLE}  # by the rule set's ``draw``
# Members read on every draw, bound once (app/engine/vocabulary.py says why).
_PLAY, _PASS, _KEEP = Action.PLAY, Action.PASS, Case.KEEP

# A verdict's three parts (legal, rule, params). Carrying out a move reads only the rule and the
# facts, so ``apply`` takes them as judged and no Verdict is made that nobody would read.
Judgement: TypeAlias = tuple[bool, Rule, dict[str, Any]]


def check(state: BaseRound, move: Move) -> Verdict:
    """Is ``move`` legal now, and by which rule? InvalidMoveError for a move that names no real seat or card."""
    return Verdict(*judge(state, move))


def judge(state: BaseRound, move: Move) -> Judgement:
    """``check``'s answer as its three parts, for ``apply``."""
    seat, action, pending = move.seat, move.action, state.pending
    actor = state.turn if pending is None else pending.seat
    if seat != actor or move.target is not None:  # the actor's seat is real: any other is looked at
        _seats_exist(state, move)
    if move.card is None and action is _PLAY:
        raise InvalidMoveError("card")
    if state.winner is not None:
        return _illegal(Rule.ROUND_END, case=Case.OVER, winner=state.winner)
    if action in ANYONE_MAY:
        return ANYONE_MAY[action](state, move)
    if seat != actor:
        return _illegal(Rule.TURN_ORDER, seat=seat, turn=actor)
    if pending is not None:
        return ANSWERS_TO[pending.kind](state, move)
    return ON_TURN.get(action, _nothing_pending)(state, move)


def _seats_exist(state: BaseRound, move: Move) -> None:
    """InvalidMoveError for a move by, or aimed at, a seat the table doesn't have."""
    n = len(state.hands)
    if not 0 <= move.seat < n:
        raise InvalidMoveError("seat")
    if move.target is not None and not 0 <= move.target < n:
        raise InvalidMoveError("target")


def _legal(rule: Rule, **params: Any) -> Judgement:
    return True, rule, params


def _illegal(rule: Rule, **params: Any) -> Judgement:
    return False, rule, params


def draw_rule(state: BaseRound) -> Rule:
    """The drawing rule of the rule set: one card, or until a playable one (house rule)."""
    return DRAW_RULES[state.rules.draw]


def check_draw(state: BaseRound, move: Move) -> Judgement:
    return True, DRAW_RULES[state.rules.draw], {"seat": move.seat}


def _nothing_pending(state: BaseRound, move: Move) -> Judgement:
    """A pass, a colour, a challenge or an accept when no decision is pending."""
    rule = {Action.PASS: draw_rule(state), Action.COLOR: Rule.FIRST_WILD}.get(
        move.action, Rule.WILD_DRAW_FOUR_CHALLENGE)
    return _illegal(rule, case=Case.NOTHING_PENDING, action=str(move.action))


def check_play(state: BaseRound, move: Move) -> Judgement:
    """A card from the hand, completed (a wild's colour, a 7's target under 7-0), then the
    matching rules (``match.*``, ``wild.*``, ``wild-draw-four.*``)."""
    played = move.card
    if played is None:
        raise InvalidMoveError("card")
    if played not in state.hands[move.seat]:
        return _illegal(Rule.MOVE_NOT_IN_HAND, card=played.notation)
    on_top = ON_TOP[state.discard[-1]][state.color]
    facts = {"card": played.notation, "top": on_top.top, "color": on_top.color}
    if played.is_wild:
        return _check_wild(state, move, on_top.rules[played], facts)
    if state.rules.seven_zero and played.number == 7 and move.target in (None, move.seat):
        return _illegal(Rule.SEVEN_ZERO, case=Case.TARGET_NEEDED, card=played.notation)
    rule = on_top.rules.get(played)
    if rule is not None:
        return True, rule, facts
    if state.discard[-1].is_wild:  # nothing on a wild to match but the colour named
        return _illegal(Rule.MATCH_NONE, case=Case.WILD_TOP, **facts)
    return False, Rule.MATCH_NONE, facts


def _check_wild(state: BaseRound, move: Move, rule: Rule, facts: dict[str, Any]) -> Judgement:
    """A Wild goes on anything once it names a colour; a Wild Draw Four only while the hand holds no
    card of the colour to match, or, where a bluff may be challenged, at the risk of a challenge."""
    if move.color is None:
        return _illegal(Rule.WILD_ANY_TIME, case=Case.COLOR_NEEDED, card=facts["card"])
    named = str(move.color)
    if rule is Rule.WILD_ANY_TIME:
        return _legal(rule, named=named, **facts)
    held = holds_color(state.hands[move.seat], state.color)
    if held is None:
        return _legal(Rule.WILD_DRAW_FOUR_RESTRICTION, named=named, **facts)
    if state.rules.challenge:
        return _legal(Rule.WILD_DRAW_FOUR_CHALLENGE, case=Case.BLUFF, held=held.notation, named=named, **facts)
    return _illegal(Rule.WILD_DRAW_FOUR_RESTRICTION, held=held.notation, **facts)


def _check_drawn(state: BaseRound, move: Move) -> Judgement:
    """After drawing a playable card: play that card, or keep it and pass."""
    drawn = state.pending and state.pending.card
    assert drawn is not None
    if move.card is drawn and move.action is _PLAY:
        return check_play(state, move)
    if move.action is _PASS:
        return True, DRAW_RULES[state.rules.draw], {"case": _KEEP, "card": drawn.notation}
    return _illegal(draw_rule(state), case=Case.ONLY_DRAWN, card=drawn.notation, action=str(move.action))


def _check_challenge(state: BaseRound, move: Move) -> Judgement:
    pending = state.pending
    assert pending is not None
    if move.action is Action.CHALLENGE:
        return _legal(Rule.WILD_DRAW_FOUR_CHALLENGE, seat=move.seat, offender=pending.offender)
    if move.action is Action.ACCEPT:
        return _legal(Rule.WILD_DRAW_FOUR_EFFECT, seat=move.seat, count=pending.amount)
    if state.rules.stacking and move.action is Action.PLAY:
        return _check_stack(state, move)
    return _illegal(Rule.WILD_DRAW_FOUR_CHALLENGE, case=Case.CHALLENGE_OR_ACCEPT, seat=move.seat)


def _check_stack(state: BaseRound, move: Move) -> Judgement:
    """House rule: a penalty card passed on with another of its kind, or accepted."""
    pending = state.pending
    assert pending is not None and pending.card is not None
    penalty = pending.card
    if move.action is Action.ACCEPT:
        rule = Rule.WILD_DRAW_FOUR_EFFECT if penalty.is_wild else Rule.DRAW_TWO_EFFECT
        return _legal(rule, seat=move.seat, count=pending.amount)
    if move.action is Action.PLAY and move.card is not None:
        if move.card not in state.hands[move.seat]:
            return _illegal(Rule.MOVE_NOT_IN_HAND, card=move.card.notation)
        if move.card.kind is penalty.kind:
            judged = legal, rule, params = check_play(state, move)
            if rule is Rule.WILD_DRAW_FOUR_CHALLENGE:  # no challenge inside a stack: no bluff
                return _illegal(Rule.WILD_DRAW_FOUR_RESTRICTION,
                                **{k: v for k, v in params.items() if k not in ("case", "named")})
            if not legal:
                return judged
            return _legal(Rule.STACKING, card=move.card.notation, top=penalty.notation,
                          count=pending.amount + PENALTY[move.card.kind],
                          named=params.get("named"))  # only a wild names a colour
    return _illegal(Rule.STACKING, case=Case.STACK_OR_ACCEPT, top=penalty.notation, count=pending.amount)


def _check_color(state: BaseRound, move: Move) -> Judgement:
    if move.action is Action.COLOR and move.color is not None:
        return _legal(Rule.FIRST_WILD, named=str(move.color))
    return _illegal(Rule.FIRST_WILD, case=Case.NAME_COLOR)


def _check_catch(state: BaseRound, move: Move) -> Judgement:
    target = move.target
    if target is None or target == move.seat:
        return _illegal(Rule.UNO_CATCH, case=Case.TARGET, seat=move.seat, target=target)
    if state.exposed == target:
        return _legal(Rule.UNO_CATCH, seat=move.seat, target=target, count=state.rules.uno_penalty)
    if len(state.hands[target]) != 1:
        return _illegal(Rule.UNO_CATCH, case=Case.NOT_ONE_CARD, target=target, count=len(state.hands[target]))
    if state.uno_said[target]:
        return _illegal(Rule.UNO_CATCH, case=Case.CALLED, target=target)
    return _illegal(Rule.UNO_CATCH, case=Case.TOO_LATE, target=target)


def _check_late_uno(state: BaseRound, move: Move) -> Judgement:
    """A call out of turn: safe while the player's forgotten UNO can still be caught; with one
    card after that, it was either called already or its window has closed."""
    seat = move.seat
    if state.exposed == seat:
        return _legal(Rule.UNO_CALL, case=Case.LATE, seat=seat)
    count = len(state.hands[seat])
    if count == 1:
        return _illegal(Rule.UNO_CALL, case=Case.CALLED if state.uno_said[seat] else Case.TOO_LATE, seat=seat)
    return _illegal(Rule.UNO_CALL, case=Case.NOTHING_TO_CALL, seat=seat, count=count)


# Catching a forgotten UNO, and calling one late, are open to every seat at any time.
ANYONE_MAY = {Action.CATCH: _check_catch, Action.UNO: _check_late_uno}
# The answers each pending decision takes.
ANSWERS_TO = {PendingKind.DRAWN: _check_drawn, PendingKind.CHALLENGE: _check_challenge, PendingKind.STACK: _check_stack,
              PendingKind.COLOR: _check_color}
# With nothing pending, the player whose turn it is plays or draws; any other move is refused.
ON_TURN = {Action.PLAY: check_play, Action.DRAW: check_draw}
