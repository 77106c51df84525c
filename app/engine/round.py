"""One round of UNO: the state, the check of every move, and its effects.

The triad follows pokerkit: ``check(move)`` answers with a Verdict and changes nothing,
``apply(move)`` checks then acts and returns the events, raising IllegalMoveError (state
untouched) when the check says no. ``legal_moves()`` lists exactly the moves ``check`` accepts.

>>> from .cards import cards
>>> state = RoundState.from_position(hands=[cards("R7 B5 W"), cards("G1 G2")], discard=cards("R5"))
>>> state.check(Move(0, Action.PLAY, card("B5"))).rule
<Rule.MATCH_NUMBER: 'match.number'>
>>> state.check(Move(1, Action.PLAY, card("G1"))).rule
<Rule.TURN_ORDER: 'turn.order'>
>>> [e.kind for e in state.apply(Move(0, Action.PLAY, card("R7")))]
['play']
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from functools import cache
from types import SimpleNamespace
from typing import Any

from .cards import COLORS, FACES, Card, Color, Kind, card, hand_points, shuffle
from .moves import Action, Move
from .rules import Rule, RuleSet, ruleset
from .verdict import Event, IllegalMoveError, InvalidMoveError, Verdict

# Python 3.11 looks up ``Kind.WILD``, ``Action.PLAY``… on an enum class through EnumType.__getattr__:
# slow enough to be the largest cost of check and legal_moves. In this module these three names are
# plain namespaces of the same members (only ever used as ``Kind.WILD``, never called or isinstance'd).
Kind, Action, Rule = (SimpleNamespace(**enum.__members__) for enum in (Kind, Action, Rule))  # type: ignore[misc]

# Hot paths read an enum member's string as ``member._value_``, the plain attribute behind Enum's
# ``value`` property (a Python-level call each time).

HAND_SIZE = 7
PENALTY = {Kind.DRAW_TWO: 2, Kind.WILD_DRAW_FOUR: 4}
CHALLENGE_FAILED_DRAW = 6
# The answers without a card that a pending decision (None: none) allows its seat.
ANSWERS = {None: (Action.DRAW,), "drawn": (Action.PASS,), "challenge": (Action.CHALLENGE, Action.ACCEPT),
           "stack": (Action.ACCEPT,), "color": ()}


# Moves are immutable values: those legal_moves offers are made once (per seat, face, rule) and shared.
@cache
def _answers(seat: int, pending: str | None) -> tuple[Move, ...]:
    return tuple(Move(seat, a) for a in ANSWERS[pending])


@cache
def _colors(seat: int) -> tuple[Move, ...]:
    return tuple(Move(seat, Action.COLOR, color=c) for c in Color)


@cache
def _plays(seat: int, played: Card, seven_zero_players: int) -> tuple[Move, ...]:
    """The ways to play ``played``: a wild names each colour, a 7 picks each other seat when the
    7-0 rule is on (``seven_zero_players`` is then the number of players, else 0)."""
    if played.is_wild:
        return tuple(Move(seat, Action.PLAY, played, color=c) for c in Color)
    if seven_zero_players and played.number == 7:
        return tuple(Move(seat, Action.PLAY, played, target=t) for t in range(seven_zero_players) if t != seat)
    return (Move(seat, Action.PLAY, played),)


@cache
def _matching_faces(top: Card, color: Color | None, wild_draw_four: bool) -> frozenset[Card]:
    """The faces ``_check_play`` matches on ``top`` with ``color`` to match: a Wild, the Wild Draw
    Four if ``wild_draw_four`` (it depends on the hand), else a match by colour, number or symbol. One
    table per (top, colour, Wild Draw Four or not) turns matching a hand into set lookups, for
    ``legal_moves`` and every draw."""
    return frozenset(c for c in FACES.values() if c.kind is Kind.WILD or (
        wild_draw_four if c.kind is Kind.WILD_DRAW_FOUR
        else c.color is color or (c.number == top.number if c.kind is Kind.NUMBER else c.kind is top.kind)))


def hand_notations(hands: list[list[Card]]) -> list[list[str]]:
    """Each hand's notations, by plain loops: in Python 3.11 a comprehension is a function made and
    called (~1.1k instructions), and the nested ones made five for four short hands (every save)."""
    listed: list[list[str]] = []
    for hand in hands:
        names: list[str] = []
        for c in hand:
            names.append(c.notation)
        listed.append(names)
    return listed


@dataclass(slots=True)
class Pending:
    """A decision the rules hand to ``seat`` before play goes on.

    ``challenge``: a Wild Draw Four was played on ``seat`` (challenge or accept); ``stack``: a
    draw penalty of ``amount`` that ``seat`` may pass on (house rule) or accept; ``drawn``: ``seat``
    drew ``card`` and may play it or keep it; ``color``: a Wild turned as first card, ``seat``
    names the colour. ``guilty`` is hidden: whether the Wild Draw Four was a bluff.
    """

    kind: str
    seat: int
    card: Card | None = None
    amount: int = 0
    offender: int | None = None
    guilty: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "card": self.card and self.card.notation,
                "amount": self.amount, "offender": self.offender, "guilty": self.guilty}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Pending:
        return cls(data["kind"], data["seat"], data["card"] and card(data["card"]), data["amount"],
                   data["offender"], data["guilty"])


def _legal(rule: Rule, **params: Any) -> Verdict:
    return Verdict(True, rule, params)


def _illegal(rule: Rule, **params: Any) -> Verdict:
    return Verdict(False, rule, params)


@dataclass
class RoundState:
    """Everything about a round in progress. ``draw_pile`` keeps its top card last."""

    rules: RuleSet
    hands: list[list[Card]]
    draw_pile: list[Card]
    discard: list[Card]
    color: Color | None
    turn: int = 0
    direction: int = 1
    dealer: int = 0
    pending: Pending | None = None
    uno_said: list[bool] = field(default_factory=list)
    exposed: int | None = None
    winner: int | None = None
    seed: int | str = 0
    reshuffles: int = 0

    def __post_init__(self) -> None:
        if not self.uno_said:
            self.uno_said = [len(hand) == 1 for hand in self.hands]

    # --- building ------------------------------------------------------------------------

    @classmethod
    def from_position(cls, hands: list[list[Card]], discard: list[Card], color: Color | None = None,
                      turn: int = 0, direction: int = 1, draw_pile: list[Card] | None = None,
                      rules: RuleSet | None = None, seed: int | str = 0) -> RoundState:
        """A position mid-round; ``draw_pile`` is top first (None: the rest of the deck, shuffled)."""
        from .setup import rest_of_deck

        if draw_pile is None:
            draw_pile = rest_of_deck([*discard, *(c for hand in hands for c in hand)], seed)
        top = discard[-1]
        return cls(ruleset(rules), [list(h) for h in hands], list(reversed(draw_pile)), list(discard),
                   color if top.is_wild else top.color, turn, direction, seed=seed)

    # --- reading -------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def round_over(self) -> bool:
        return self.winner is not None

    def actor(self) -> int | None:
        """The seat whose decision play waits for (None once the round is over)."""
        if self.winner is not None:
            return None
        return self.pending.seat if self.pending else self.turn

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % len(self.hands)

    def round_points(self) -> list[int] | None:
        """Points of the round by the rule set's method (``score.*``); None while it goes on."""
        if self.winner is None:
            return None
        values = [hand_points(hand) for hand in self.hands]
        if self.rules.scoring == "tally-lowest":
            return values
        return [sum(values) if seat == self.winner else 0 for seat in range(self.players)]

    # --- checking ------------------------------------------------------------------------

    def check(self, move: Move) -> Verdict:
        """Is ``move`` legal now, and by which rule? InvalidMoveError for a move that names no real seat or card."""
        # The move's fields and the pending decision are read once into locals: this runs for
        # every move the table applies and every check the API answers.
        n, seat, action, target = len(self.hands), move.seat, move.action, move.target
        if not 0 <= seat < n:
            raise InvalidMoveError("seat")
        if target is not None and not 0 <= target < n:
            raise InvalidMoveError("target")
        if action is Action.PLAY and move.card is None:
            raise InvalidMoveError("card")
        if self.winner is not None:
            return _illegal(Rule.ROUND_END, case="over", winner=self.winner)
        if action is Action.CATCH:
            return self._check_catch(move)
        if action is Action.UNO:
            return self._check_late_uno(move)
        pending = self.pending
        actor = self.turn if pending is None else pending.seat  # self.actor(), the round going on
        if seat != actor:
            return _illegal(Rule.TURN_ORDER, seat=seat, turn=actor)
        if pending is not None:
            return self._CHECK_PENDING[pending.kind](self, move)
        if action is Action.PLAY:
            return self._check_play(move)
        if action is Action.DRAW:
            return Verdict(True, self._draw_rule(), {"seat": seat})  # not _legal: its keywords cost a call
        return self._nothing_pending(move)

    def _draw_rule(self) -> Rule:
        return Rule.DRAW_ONE if self.rules.draw == "one" else Rule.DRAW_UNTIL_PLAYABLE

    def _nothing_pending(self, move: Move) -> Verdict:
        rule = {Action.PASS: self._draw_rule(), Action.COLOR: Rule.FIRST_WILD}.get(
            move.action, Rule.WILD_DRAW_FOUR_CHALLENGE)
        return _illegal(rule, case="nothing-pending", action=move.action.value)

    def _check_play(self, move: Move) -> Verdict:
        """A card from the hand, completed (a wild's colour, a 7's target under 7-0), then the
        matching rules (``match.*``, ``wild.*``, ``wild-draw-four.*``): one method, as every play
        the table applies is checked here."""
        played, hand, named = move.card, self.hands[move.seat], move.color
        assert played is not None
        if played not in hand:
            return _illegal(Rule.MOVE_NOT_IN_HAND, card=played.notation)
        if played.is_wild and named is None:
            return _illegal(Rule.WILD_ANY_TIME, case="color-needed", card=played.notation)
        if self.rules.seven_zero and played.number == 7 and move.target in (None, move.seat):
            return _illegal(Rule.SEVEN_ZERO, case="target-needed", card=played.notation)
        color, top, kind = self.color, self.discard[-1], played.kind
        facts = {"card": played.notation, "top": top.notation, "color": color and color._value_}
        if kind is Kind.WILD:
            return _legal(Rule.WILD_ANY_TIME, named=named and named._value_, **facts)
        if kind is Kind.WILD_DRAW_FOUR:
            held = next((c for c in hand if c.color is color), None)
            if held is None:
                return _legal(Rule.WILD_DRAW_FOUR_RESTRICTION, named=named and named._value_, **facts)
            if self.rules.challenge:
                return _legal(Rule.WILD_DRAW_FOUR_CHALLENGE, case="bluff", held=held.notation,
                              named=named and named._value_, **facts)
            return _illegal(Rule.WILD_DRAW_FOUR_RESTRICTION, held=held.notation, **facts)
        if played.color is color:
            return Verdict(True, Rule.MATCH_COLOR, facts)
        if kind is Kind.NUMBER and played.number == top.number:
            return Verdict(True, Rule.MATCH_NUMBER, facts)
        if kind is not Kind.NUMBER and kind is top.kind:
            return Verdict(True, Rule.MATCH_SYMBOL, facts)
        if top.is_wild:  # nothing on a wild to match but the colour named
            return _illegal(Rule.MATCH_NONE, case="wild-top", **facts)
        return Verdict(False, Rule.MATCH_NONE, facts)

    def _check_drawn(self, move: Move) -> Verdict:
        drawn = self.pending and self.pending.card
        assert drawn is not None
        if move.action is Action.PASS:
            return _legal(self._draw_rule(), case="keep", card=drawn.notation)
        if move.action is Action.PLAY and move.card == drawn:
            return self._check_play(move)
        return _illegal(self._draw_rule(), case="only-drawn", card=drawn.notation,
                        action=move.action.value)

    def _check_challenge(self, move: Move) -> Verdict:
        pending = self.pending
        assert pending is not None
        if move.action is Action.CHALLENGE:
            return _legal(Rule.WILD_DRAW_FOUR_CHALLENGE, seat=move.seat, offender=pending.offender)
        if move.action is Action.ACCEPT:
            return _legal(Rule.WILD_DRAW_FOUR_EFFECT, seat=move.seat, count=pending.amount)
        if self.rules.stacking and move.action is Action.PLAY:
            return self._check_stack(move)
        return _illegal(Rule.WILD_DRAW_FOUR_CHALLENGE, case="challenge-or-accept", seat=move.seat)

    def _check_stack(self, move: Move) -> Verdict:
        pending = self.pending
        assert pending is not None and pending.card is not None
        if move.action is Action.ACCEPT:
            rule = Rule.DRAW_TWO_EFFECT if pending.card.kind is Kind.DRAW_TWO else Rule.WILD_DRAW_FOUR_EFFECT
            return _legal(rule, seat=move.seat, count=pending.amount)
        if move.action is Action.PLAY and move.card is not None:
            if move.card not in self.hands[move.seat]:
                return _illegal(Rule.MOVE_NOT_IN_HAND, card=move.card.notation)
            if move.card.kind is pending.card.kind:
                verdict = self._check_play(move)
                if verdict.rule is Rule.WILD_DRAW_FOUR_CHALLENGE:  # no challenge inside a stack: no bluff
                    params = {k: v for k, v in verdict.params.items() if k not in ("case", "named")}
                    return _illegal(Rule.WILD_DRAW_FOUR_RESTRICTION, **params)
                if not verdict.legal:
                    return verdict
                return _legal(Rule.STACKING, card=move.card.notation, top=pending.card.notation,
                              count=pending.amount + PENALTY[move.card.kind],
                              named=verdict.params.get("named"))  # only a wild names a colour
        return _illegal(Rule.STACKING, case="stack-or-accept", top=pending.card.notation,
                        count=pending.amount)

    def _check_color(self, move: Move) -> Verdict:
        if move.action is Action.COLOR and move.color is not None:
            return _legal(Rule.FIRST_WILD, named=move.color.value)
        return _illegal(Rule.FIRST_WILD, case="name-color")

    def _check_catch(self, move: Move) -> Verdict:
        target = move.target
        if target is None or target == move.seat:
            return _illegal(Rule.UNO_CATCH, case="target", seat=move.seat, target=target)
        if self.exposed == target:
            return _legal(Rule.UNO_CATCH, seat=move.seat, target=target, count=self.rules.uno_penalty)
        if len(self.hands[target]) != 1:
            return _illegal(Rule.UNO_CATCH, case="not-one-card", target=target,
                            count=len(self.hands[target]))
        if self.uno_said[target]:
            return _illegal(Rule.UNO_CATCH, case="called", target=target)
        return _illegal(Rule.UNO_CATCH, case="too-late", target=target)

    def _check_late_uno(self, move: Move) -> Verdict:
        """A call out of turn: safe while the player's forgotten UNO can still be caught; with one
        card after that, it was either called already or its window has closed."""
        seat = move.seat
        if self.exposed == seat:
            return _legal(Rule.UNO_CALL, case="late", seat=seat)
        count = len(self.hands[seat])
        if count == 1:
            return _illegal(Rule.UNO_CALL, case="called" if self.uno_said[seat] else "too-late", seat=seat)
        return _illegal(Rule.UNO_CALL, case="nothing-to-call", seat=seat, count=count)

    # check's dispatch on the pending decision: a table, not a method name built per move
    _CHECK_PENDING = {"drawn": _check_drawn, "challenge": _check_challenge, "stack": _check_stack,
                      "color": _check_color}

    # --- candidate and legal moves ---------------------------------------------------------

    def candidate_moves(self, seat: int) -> list[Move]:
        """Every move ``seat`` could ask for that names only its own cards and real seats."""
        moves = [Move(seat, a) for a in (Action.DRAW, Action.PASS, Action.CHALLENGE, Action.ACCEPT, Action.UNO)]
        moves += [Move(seat, Action.COLOR, color=c) for c in Color]
        moves += [Move(seat, Action.CATCH, target=t) for t in range(len(self.hands)) if t != seat]
        seven_zero = len(self.hands) if self.rules.seven_zero else 0
        for played in dict.fromkeys(self.hands[seat]):
            moves += _plays(seat, played, seven_zero)
        return moves

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """The moves ``check`` accepts, for one seat or for all (a catch may come from anyone).

        The same list, in the same order, as ``candidate_moves`` filtered by ``check``, but built
        from the state, which is many times faster (for bots and simulations). Only the actor has
        answers and plays: what the pending decision asks for (a draw when nothing is pending), or
        a colour for a Wild turned first; anyone can call a late UNO or catch a forgotten one.
        """
        n = len(self.hands)
        if seat is not None and not 0 <= seat < n:
            raise InvalidMoveError("seat")
        if self.winner is not None:
            return []
        actor, exposed, moves = self.actor(), self.exposed, []
        pending = self.pending and self.pending.kind
        for s in range(n) if seat is None else (seat,):
            if s == actor:
                moves += _answers(s, pending)
            if exposed == s:
                moves.append(Move(s, Action.UNO))
            if s == actor and pending == "color":
                moves += _colors(s)
            if exposed is not None and exposed != s:
                moves.append(Move(s, Action.CATCH, target=exposed))
            if s == actor:
                moves += self._legal_plays(s)
        return moves

    def _legal_plays(self, seat: int) -> list[Move]:
        """The actor's plays that ``check`` accepts, in hand order: the matching rules decide
        (``playable_faces``) with nothing pending, and after a draw for the drawn card only; a card
        stacked on a penalty goes through ``check``; other pending decisions take no card."""
        pending = self.pending
        if pending is not None and (pending.kind == "color" or pending.kind == "challenge" and not self.rules.stacking):
            return []
        held = self.hands[seat]
        seven_zero = len(self.hands) if self.rules.seven_zero else 0
        if pending is None:  # each face once, in hand order
            faces = self.playable_faces(seat)
            cards = dict.fromkeys([c for c in held if c in faces])
        elif pending.kind == "drawn":
            cards = [pending.card] if pending.card in held and pending.card in self.playable_faces(seat) else []
        else:  # stacking on a penalty card
            cards = [c for c in dict.fromkeys(held) if pending.card is not None and c.kind is pending.card.kind]
            return [m for c in cards for m in _plays(seat, c, seven_zero) if self.check(m).legal]
        return [m for c in cards for m in _plays(seat, c, seven_zero)]

    def playable(self, seat: int, candidate: Card) -> bool:
        """Could ``seat`` play ``candidate`` on the current top, were it in the hand?"""
        return candidate in self.playable_faces(seat)

    def playable_faces(self, seat: int) -> frozenset[Card]:
        """Every face ``playable`` accepts for ``seat`` now (for a caller asking about several
        cards), without building the verdicts: a Wild Draw Four only if no card in the hand has the
        colour (or a bluff may be challenged)."""
        color = self.color  # the top card read from the discards: ``top`` is a property, a Python call
        return _matching_faces(self.discard[-1], color,
                               self.rules.challenge or all(h.color is not color for h in self.hands[seat]))

    # --- applying ------------------------------------------------------------------------

    def apply(self, move: Move) -> list[Event]:
        """Check ``move`` and carry it out; IllegalMoveError (nothing changed) if it is illegal."""
        verdict, events = self.attempt(move)
        if not verdict.legal:
            raise IllegalMoveError(verdict)
        return events

    def attempt(self, move: Move) -> tuple[Verdict, list[Event]]:
        """Check ``move`` and carry it out if it is legal: the verdict and the events (none for an
        illegal move, which changes nothing). For a caller that needs both, checking only once."""
        verdict = self.check(move)
        events: list[Event] = []
        if not verdict.legal:
            return verdict, events
        if move.action not in (Action.CATCH, Action.UNO):
            self.exposed = None  # the next player acted: a forgotten UNO can no longer be caught
        self._DO[move.action](self, move, verdict, events)
        return verdict, events

    def _do_play(self, move: Move, verdict: Verdict, events: list[Event]) -> None:
        seat, played, pending = move.seat, move.card, self.pending
        assert played is not None
        stacked = pending.amount if pending is not None and pending.kind != "drawn" else 0
        hand = self.hands[seat]
        hand.remove(played)
        self.discard.append(played)
        self.pending = None
        # The public record of the play, inline (a method call per play): a Wild Draw Four bluff
        # stays secret until challenged.
        if played.kind is Kind.WILD_DRAW_FOUR and verdict.rule is not Rule.STACKING:
            public = {k: v for k, v in verdict.params.items() if k not in ("case", "held")}
            events.append(Event("play", Rule.WILD_DRAW_FOUR_EFFECT, {**public, "seat": seat}))
        else:
            events.append(Event("play", verdict.rule, {**verdict.params, "seat": seat}))
        if played.is_wild:
            self.color = move.color
            events.append(Event("color", Rule.WILD_ANY_TIME, {"seat": seat, "named": self.color._value_}))
        else:
            self.color = played.color
        # UNO after the play, inline (once a method call per play): one card left is called or exposed
        if len(hand) != 1:
            self.uno_said[seat] = False
        elif move.uno:
            self.uno_said[seat] = True
            events.append(Event("uno", Rule.UNO_CALL, {"seat": seat}))
        else:
            self.uno_said[seat] = False
            self.exposed = seat
        if not hand:
            self._end_round(seat, played, stacked, events)
            return
        self._effect(seat, played, stacked, move, verdict, events)

    def _effect(self, seat: int, played: Card, stacked: int, move: Move, verdict: Verdict,
                events: list[Event]) -> None:
        nxt = self.next_seat(seat)
        kind = played.kind
        if kind is Kind.NUMBER:  # most plays: nothing more to do unless 7-0 swaps or rotates hands
            if self.rules.seven_zero and played.number in (0, 7):
                self._seven_zero(seat, played, move.target, events)
        elif kind is Kind.SKIP:
            events.append(Event("skip", Rule.SKIP_EFFECT, {"seat": nxt}))
            nxt = self.next_seat(seat, 2)
        elif kind is Kind.REVERSE and len(self.hands) == 2:
            events.append(Event("skip", Rule.REVERSE_TWO_PLAYERS, {"seat": nxt}))
            nxt = seat
        elif kind is Kind.REVERSE:
            self.direction = -self.direction
            events.append(Event("reverse", Rule.REVERSE_EFFECT, {"direction": self.direction}))
            nxt = self.next_seat(seat)
        elif kind in PENALTY:
            nxt = self._penalty_card(seat, played, stacked + PENALTY[kind], verdict, events)
        self.turn = nxt

    def _penalty_card(self, seat: int, played: Card, amount: int, verdict: Verdict,
                      events: list[Event]) -> int:
        """Draw Two / Wild Draw Four: open a challenge or a stack, or make the next player draw."""
        nxt = self.next_seat(seat)
        effect = Rule.DRAW_TWO_EFFECT if played.kind is Kind.DRAW_TWO else Rule.WILD_DRAW_FOUR_EFFECT
        if played.kind is Kind.WILD_DRAW_FOUR and self.rules.challenge and amount == 4:
            guilty = verdict.params.get("case") == "bluff"
            self.pending = Pending("challenge", nxt, played, amount, seat, guilty)
            events.append(Event("pending", Rule.WILD_DRAW_FOUR_CHALLENGE, {"seat": nxt, "offender": seat}))
            return nxt
        if self.rules.stacking:
            self.pending = Pending("stack", nxt, played, amount, seat)
            events.append(Event("pending", Rule.STACKING, {"seat": nxt, "count": amount}))
            return nxt
        self.draw_cards(nxt, amount, effect, events)
        events.append(Event("skip", effect, {"seat": nxt}))
        return self.next_seat(seat, 2)

    def _seven_zero(self, seat: int, played: Card, target: int | None, events: list[Event]) -> None:
        """House rule 7-0: a 7 swaps hands with ``target``, a 0 passes every hand on."""
        if played.number == 7:
            assert target is not None
            self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
            events.append(Event("swap", Rule.SEVEN_ZERO, {"seat": seat, "target": target}))
        else:
            n = len(self.hands)
            self.hands = [self.hands[(s - self.direction) % n] for s in range(n)]
            events.append(Event("rotate", Rule.SEVEN_ZERO, {"direction": self.direction}))
        self.uno_said = [len(hand) == 1 for hand in self.hands]
        self.exposed = None

    def _end_round(self, seat: int, played: Card, stacked: int, events: list[Event]) -> None:
        self.winner = seat
        events.append(Event("round-end", Rule.ROUND_END, {"winner": seat, "card": played.notation}))
        if played.kind in PENALTY:
            self.draw_cards(self.next_seat(seat), stacked + PENALTY[played.kind], Rule.ROUND_END, events)
        events.append(Event("points", self.rules.scoring_rule, {"winner": seat, "points": self.round_points()}))

    def _do_draw(self, move: Move, verdict: Verdict, events: list[Event]) -> None:
        seat, rule = move.seat, verdict.rule
        count = 1 if rule is Rule.DRAW_ONE else len(self.draw_pile) + len(self.discard) - 1
        drawn = self.draw_cards(seat, count, rule, events, stop_when_playable=count > 1)  # one card: stop anyway
        if drawn and drawn[-1] in self.playable_faces(seat):  # self.playable, one call less
            self.pending = Pending("drawn", seat, drawn[-1])
            return
        events.append(Event("pass", rule, {"seat": seat}))
        self.turn = self.next_seat(seat)

    def _do_pass(self, move: Move, verdict: Verdict, events: list[Event]) -> None:
        self.pending = None
        events.append(Event("pass", verdict.rule, {"seat": move.seat}))
        self.turn = self.next_seat(move.seat)

    def _do_challenge(self, move: Move, verdict: Verdict, events: list[Event]) -> None:
        pending, seat = self.pending, move.seat
        assert pending is not None and pending.offender is not None
        offender = pending.offender
        self.pending = None
        rule = Rule.WILD_DRAW_FOUR_CHALLENGE
        events.append(Event("challenge", rule, {"seat": seat, "offender": offender, "guilty": pending.guilty,
                                                "cards": [c.notation for c in self.hands[offender]],
                                                "private_to": seat}))
        if pending.guilty:
            self.draw_cards(offender, pending.amount, rule, events)
            self.turn = seat
        else:
            self.draw_cards(seat, CHALLENGE_FAILED_DRAW, rule, events)
            events.append(Event("skip", rule, {"seat": seat}))
            self.turn = self.next_seat(seat)

    def _do_accept(self, move: Move, verdict: Verdict, events: list[Event]) -> None:
        pending = self.pending
        assert pending is not None
        self.pending = None
        self.draw_cards(move.seat, pending.amount, verdict.rule, events)
        events.append(Event("skip", verdict.rule, {"seat": move.seat}))
        self.turn = self.next_seat(move.seat)

    def _do_color(self, move: Move, verdict: Verdict, events: list[Event]) -> None:
        self.pending = None
        self.color = move.color
        events.append(Event("color", Rule.FIRST_WILD, {"seat": move.seat, "named": verdict.params["named"]}))

    def _do_catch(self, move: Move, verdict: Verdict, events: list[Event]) -> None:
        target = move.target
        assert target is not None
        events.append(Event("catch", Rule.UNO_CATCH, {"seat": move.seat, "target": target,
                                                      "count": self.rules.uno_penalty}))
        self.draw_cards(target, self.rules.uno_penalty, Rule.UNO_CATCH, events)
        self.exposed = None

    def _do_uno(self, move: Move, verdict: Verdict, events: list[Event]) -> None:
        self.uno_said[move.seat] = True
        self.exposed = None
        events.append(Event("uno", Rule.UNO_CALL, {"seat": move.seat, "late": True}))

    # apply's dispatch on the action: a table, not a method name built per move
    _DO = {Action.PLAY: _do_play, Action.DRAW: _do_draw, Action.PASS: _do_pass, Action.CHALLENGE: _do_challenge,
           Action.ACCEPT: _do_accept, Action.COLOR: _do_color, Action.CATCH: _do_catch, Action.UNO: _do_uno}

    # --- the piles -----------------------------------------------------------------------

    def draw_cards(self, seat: int, count: int, rule: Rule, events: list[Event],
              stop_when_playable: bool = False) -> list[Card]:
        """``seat`` draws up to ``count`` cards, reshuffling the discards when the pile runs out."""
        drawn: list[Card] = []
        names: list[str] = []  # the event's notations, listed as drawn: a comprehension costs more
        hand = self.hands[seat]
        while len(drawn) < count:
            if not self.draw_pile and not self._reshuffle(events):
                break
            face = self.draw_pile.pop()
            drawn.append(face)
            names.append(face.notation)
            if stop_when_playable and self.playable(seat, face):
                break
        hand.extend(drawn)
        if len(hand) != 1:
            self.uno_said[seat] = False
        if self.exposed == seat:
            self.exposed = None
        events.append(Event("draw", rule, {"seat": seat, "count": len(drawn),
                                           "cards": names, "private_to": seat}))
        return drawn

    def _reshuffle(self, events: list[Event]) -> bool:
        """``draw.reshuffle``: all discards but the top become the new draw pile."""
        if len(self.discard) < 2:
            return False
        pile = self.discard[:-1]
        del self.discard[:-1]
        shuffle(pile, random.Random(f"{self.seed}:reshuffle:{self.reshuffles}"))
        self.reshuffles += 1
        self.draw_pile = pile + self.draw_pile
        events.append(Event("reshuffle", Rule.DRAW_RESHUFFLE, {"count": len(pile)}))
        return True

    # --- serialising ---------------------------------------------------------------------

    def public(self, seat: int | None = None) -> dict[str, Any]:
        """The state as the check API shows it: full hands, but only the draw pile's size (with
        ``seat``, only that seat's hand in full and the others' as counts). Every practice answer
        shows it: ``top`` and ``round_over`` are read as what they are, not through their properties
        (each a Python call)."""
        pending = self.pending and {"kind": self.pending.kind, "seat": self.pending.seat}
        hands = [[c.notation for c in hand] if seat is None or s == seat else len(hand)
                 for s, hand in enumerate(self.hands)]
        return {
            "turn": self.turn, "direction": self.direction, "color": self.color and self.color._value_,
            "top": self.discard[-1].notation, "hands": hands,
            "draw_pile_size": len(self.draw_pile), "discard_size": len(self.discard),
            "pending": pending, "uno": list(self.uno_said), "round_over": self.winner is not None,
            "winner": self.winner, "round_points": self.round_points(),
        }

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, the others' card counts, no draw-pile order."""
        view = self.public(seat)
        if self.pending and self.pending.kind == "drawn" and self.pending.seat == seat:
            view["pending"]["card"] = self.pending.card.notation
        view["seat"] = seat
        return view

    def to_dict(self) -> dict[str, Any]:
        """The whole state, hidden parts included, for storage (``from_dict`` reads it back)."""
        return {
            "rules": self.rules.to_dict(), "hands": hand_notations(self.hands),
            "draw_pile": [c.notation for c in reversed(self.draw_pile)],
            "discard": [c.notation for c in self.discard], "color": self.color and self.color._value_,
            "turn": self.turn, "direction": self.direction, "dealer": self.dealer,
            "pending": self.pending and self.pending.to_dict(), "uno_said": list(self.uno_said),
            "exposed": self.exposed, "winner": self.winner, "seed": self.seed, "reshuffles": self.reshuffles,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundState:
        """The state ``to_dict`` wrote: its notations are exact, so they are looked up as they are
        (by ``map``, looping in C: a tenth less than a comprehension over the game's 108 cards)."""
        face = FACES.__getitem__
        return cls(
            RuleSet.from_dict(data["rules"]), [list(map(face, h)) for h in data["hands"]],
            list(map(face, reversed(data["draw_pile"]))), list(map(face, data["discard"])),
            data["color"] and COLORS[data["color"]], data["turn"], data["direction"], data["dealer"],
            data["pending"] and Pending.from_dict(data["pending"]), list(data["uno_said"]),
            data["exposed"], data["winner"], data["seed"], data["reshuffles"],
        )

    def copy(self) -> RoundState:
        return replace(self, hands=[list(h) for h in self.hands], draw_pile=list(self.draw_pile),
                       discard=list(self.discard), pending=self.pending and replace(self.pending),
                       uno_said=list(self.uno_said))
