"""The shared position view: a position in the check API's scenario notation, as a small table
the learner acts on, and what happens when a move is played on it.

``build(scenario, moves, viewer)`` reads the scenario with the engine (``game_from_scenario``: the
round, in the game the scenario may carry), plays the lead-in ``moves`` (check-API moves, each
one legal: how a pending decision is reached — a card drawn, a Wild Draw Four played on you), and
returns a ``Position``: its table as the viewer plays it (``board``, app.practice.table_view's
``Table``, as the practice table's: the seats, the pile, the viewer's hand with each card's hint,
the pending decision and its answers, what the lead-in's last move did), and whose turn it is. Where the scenario
names the dealer, the seats say who dealt (and, once the round is over, who deals the next one);
where it carries the game's totals, each seat's total before the round and after it.
``Position.play(move)`` tries a move on a copy (``Game.attempt``) and returns an ``Outcome``: the
verdict in words, the rule and its link, the events, and the position after it. Every sentence
comes from app.wording or the practice table's words; nothing is judged here, only read from the
engine. What a lesson step hides of a position is app.learn.lessons.hiding's.

Over 300 lines because the position, its outcome and the form fields that come back
(``move_from_form``) are one round trip: a move is read, judged on a copy and shown with the
position after it, by the same names and wording.

The macro ``position`` in app/templates/macros/position.html renders a Position; its buttons
send the fields ``move_from_form`` reads back (action, card, color, target, uno).

>>> # in a request context:
>>> # view = build({"hands": [["R1", "WD4"], ["G2"]], "discard": ["R5"]})
>>> # view.board.hints["WD4"]["verdict"]  -> "bluff";  view.play({"action": "play", "card": "R1"}).legal -> True
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .. import wording
from ..engine import visibility
from ..engine.cards import Color
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.round import RoundState
from ..engine.scenario import ScenarioError, game_from_scenario
from ..engine.verdict import Event, InvalidMoveError, Verdict
from ..engine.vocabulary import EventKind
from ..i18n import gettext as _, ngettext
from ..practice import narration
from ..practice.game import hint, needs_choice
from ..practice.decision import completions, decision
from ..practice.table_view import Decision, Option, Seat, Table

MAX_LEAD_IN = 20  # lead-in moves: enough to reach any decision, few enough for a URL
MAX_COUNT_LABEL = 40  # card counts the step player may show between two answers


class PositionError(ValueError):
    """A scenario or lead-in the position can't be built from. ``code`` is the check API's
    (ScenarioError's codes, ``bad-move``, ``too-many-moves``, ``illegal-lead-in``); ``message()``
    says it in the reader's language."""

    def __init__(self, code: str, **params: Any):
        super().__init__(code, params)
        self.code = code
        self.params = params

    def message(self) -> str:
        if self.code == "illegal-lead-in":  # the engine's own reason, after which move it was
            return _("Move %(number)d before this position breaks a rule: %(reason)s", **self.params)
        return wording.error_message(self.code, **self.params)


@dataclass(frozen=True)
class Position:
    """Everything the position macro shows, in the request's language (see the module docstring)."""

    scenario: dict[str, Any]
    moves: tuple[dict[str, Any], ...]  # the lead-in, as given (each legal)
    viewer: int
    names: tuple[str, ...]  # "You" for the viewer, "Player N" for the others (the check API's names)
    board: Table  # the table as the viewer plays it: seats, piles, hand, hints, decision (app.practice.table_view)
    turn: int
    actor: int | None  # whose decision play waits for (None: the round is over)
    pending: dict[str, Any] | None  # {"kind", "seat", "card", "amount", "offender"}: what may be seen
    round_over: bool
    winner: int | None
    game: Game = field(repr=False, compare=False)  # the engine's game and round: read them, never change them

    @property
    def state(self) -> RoundState:
        return self.game.round

    @property
    def scenario_json(self) -> str:
        """The scenario as compact JSON (for links: ``?scenario=``)."""
        return canonical_json(self.scenario)

    @property
    def moves_json(self) -> str:
        return canonical_json(list(self.moves)) if self.moves else ""

    @property
    def decision(self) -> Decision:
        """The viewer's pending decision (a position's table always has one; a watcher's has none)."""
        assert self.board.decision is not None
        return self.board.decision

    @property
    def your_turn(self) -> bool:
        return self.actor == self.viewer

    @property
    def open_hands(self) -> tuple[tuple[str, ...], ...]:
        """Every seat's cards, as the full view sees them: a demo shows all hands open (the
        presenter, app.presenter), a lesson once its round is over."""
        return tuple(map(tuple, visibility.view(self.state, visibility.FULL)["hands"]))

    def table(self, open: bool = False, reveal: bool = False) -> Table:
        """The table macro's view-model (macros/table.html): ``open``, a demo (every hand face up in
        its player's place, no draw pile, no hand to play from); ``reveal``, the other players'
        hands face up too, the viewer's still played (a round's end, whose hands are counted)."""
        hands = self.open_hands if open or reveal else None
        board = self.board
        return replace(board, seats=tuple(replace(seat, cards=hands[seat.seat]) if hands and (open or not seat.you)
                                          else seat for seat in board.seats),
                       draw_count=None if open else board.draw_count, hand=None if open else board.hand)

    def play(self, move: Mapping[str, Any]) -> Outcome:
        """What happens if the viewer makes ``move`` (check-API spelling; the seat is the
        viewer's): judged on a copy, this position unchanged. A wild without its colour (or a 7
        under 7-0 without its player) is judged as the hint judges it and asks for the choice
        (``Outcome.choose``); nothing is played until it is made. PositionError("bad-move") for
        a move that can't be read."""
        data = {"seat": self.viewer, **{key: value for key, value in move.items() if key != "seat"}}
        try:
            parsed = Move.from_dict(data)
        except InvalidMoveError as error:
            raise PositionError("bad-move", field=str(error.args[0])) from None
        choose = _missing_choice(self.state, parsed)
        if choose is not None and parsed.card is not None:  # a card's colour or target still to choose
            verdict = hint(self.state, parsed.card, self.viewer)
            if verdict.legal:  # said as the hint says it: the colour (or player) is still to choose
                return _outcome(verdict, data, [], self.names, self.viewer, choose=choose,
                                text=self.board.hints[parsed.card.notation]["text"])
            # A card no colour could make playable is refused at once by the rule that forbids it
            # (as at the practice table), not for the colour it was never given.
            return _outcome(verdict, data, [], self.names, self.viewer)
        game = self.game.copy()
        try:
            verdict, events = game.attempt(parsed)
        except InvalidMoveError as error:  # a target seat the position doesn't have
            raise PositionError("bad-move", field=str(error.args[0])) from None
        after = _view(self.scenario, (*self.moves, data), self.viewer, game,
                      tuple(_lines(events, self.names, self.viewer))) if verdict.legal else None
        return _outcome(verdict, data, events, self.names, self.viewer, after=after)


@dataclass(frozen=True)
class Outcome:
    """A move judged: the verdict (``legal``; ``verdict`` one of legal, bluff, illegal, as the
    hints), its sentence and rule, and for a legal move the events and the position after it."""

    move: dict[str, Any]  # as tried, with the viewer's seat
    legal: bool
    verdict: str
    text: str  # the verdict's sentence: "You can't play Blue 7: …"
    rule: str
    title: str
    url: str  # the rule's anchor on its page (anchors.rule_url)
    events: tuple[dict[str, Any], ...]  # each {"kind", "rule", "params", "text", "title", "url", "cards"}
    choose: str | None = None  # "color" or "target": the move needs that before it is played
    options: tuple[Option, ...] = ()  # then the move tried, completed by each colour or player it may name
    after: Position | None = None

    @property
    def steps(self) -> dict[str, Any] | None:
        """The move played out, as the step player (steps.js) reads a log entry's data-step: the
        seat and its events (as the viewer may see them); None if nothing was played."""
        if not self.legal or self.choose or not self.events:
            return None
        return {"seat": self.move["seat"], "events": [{"kind": e["kind"], "rule": e["rule"], "params": e["params"]}
                                                      for e in self.events]}


def build(scenario: Any, moves: Sequence[Any] = (), viewer: int | None = None) -> Position:
    """The position ``scenario`` describes once the lead-in ``moves`` are played, seen by
    ``viewer`` (default: the seat whose decision play waits for). PositionError if the scenario
    is impossible or a lead-in move can't be read or is refused."""
    if not isinstance(moves, Sequence) or isinstance(moves, (str, bytes)):
        raise PositionError("bad-moves")
    if len(moves) > MAX_LEAD_IN:
        raise PositionError("too-many-moves", max=MAX_LEAD_IN, count=len(moves))
    try:
        game, _setup = game_from_scenario(scenario)
    except ScenarioError as error:
        raise PositionError(error.code, **error.params) from None
    state = game.round
    lead_in: list[Event] = []
    for number, data in enumerate(moves, start=1):
        try:
            verdict, lead_in = game.attempt(Move.from_dict(data))
        except InvalidMoveError as error:
            raise PositionError("bad-move", move=number - 1, field=str(error.args[0])) from None
        if not verdict.legal:
            raise PositionError("illegal-lead-in", number=number, reason=wording.verdict_message(verdict))
    if viewer is None:
        viewer = state.actor() if state.actor() is not None else 0
    if type(viewer) is not int or not 0 <= viewer < state.players:
        raise PositionError("bad-seat", field="seat", players=state.players)
    names = seat_names(state.players, viewer)
    return _view(scenario, tuple(moves), viewer, game, tuple(_lines(lead_in, names, viewer)))


def view_of(scenario: Any, moves: Sequence[dict[str, Any]], game: Game, viewer: int,
            events: Sequence[Event] = ()) -> Position:
    """The view of a position its caller has played out itself (``moves`` on ``scenario`` gave
    ``game``, as ``game_from_scenario`` reads it), with ``events`` as the lead-in to show: a lesson
    replays its own steps, as long as a guided round goes, and says which of their events are new."""
    names = seat_names(game.round.players, viewer)
    return _view(scenario, tuple(moves), viewer, game, tuple(_lines(list(events), names, viewer)))


def event_lines(events: Sequence[Event], names: tuple[str, ...], viewer: int) -> list[dict[str, Any]]:
    """Events worded for ``viewer`` as a position's lead-in is (a lesson's log of its moves)."""
    return _lines(list(events), names, viewer)


def step_cards(events: Sequence[Mapping[str, Any]], viewer: int) -> list[str]:
    """The cards the step player moves for ``events`` (each with its ``kind`` and ``params``): onto
    the pile, or into the viewer's hand. The page holds each as a <template> (macros/cards.html)."""
    cards = {e["params"]["card"] for e in events if e["kind"] in (EventKind.PLAY, EventKind.FIRST, EventKind.REDRAW)}
    cards.update(c for e in events if e["kind"] == EventKind.DRAW and e["params"]["seat"] == viewer
                 for c in e["params"].get("cards", ()))
    return sorted(cards)


def step_labels() -> dict[str, dict[Any, str]]:
    """The words the step player writes on a table between two answers: card counts (``counts``)
    and the colour in play (``colours``), in the page's language."""
    return {"counts": {n: ngettext("%(num)d card", "%(num)d cards", n) for n in range(MAX_COUNT_LABEL)},
            "colours": {c.value: _("Colour in play: %(color)s", color=wording.color_name(c.value)) for c in Color}}


def seat_names(players: int, viewer: int) -> tuple[str, ...]:
    """"You" for the viewer, "Player N" (seat N-1, as the check API counts) for the others."""
    return tuple(_("You") if seat == viewer else wording.seat_name(seat) for seat in range(players))


def move_from_form(form: Mapping[str, str]) -> dict[str, Any] | None:
    """The move a position's button sent (its fields action, card, color, target, uno), in the
    check API's spelling without a seat; None when the form names none. A card alone is played."""
    action = form.get("action") or ("play" if form.get("card") else None)
    if not action:
        return None
    move: dict[str, Any] = {"action": action}
    for name in ("card", "color"):
        if form.get(name):
            move[name] = form[name]
    if form.get("target"):
        move["target"] = int(form["target"]) if form["target"].isdecimal() and len(form["target"]) < 3 else form["target"]
    if form.get("uno") in ("1", "on"):
        move["uno"] = True
    return move


def canonical_json(value: Any) -> str:
    """Compact JSON with the keys in the order given: one spelling per position, for links."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# --- building the view ---------------------------------------------------------------------------


def _view(scenario: Any, moves: tuple[dict[str, Any], ...], viewer: int, game: Game,
          lead_in: tuple[dict[str, Any], ...]) -> Position:
    state = game.round
    names = seat_names(state.players, viewer)
    actor = state.actor()
    seats = tuple(Seat(seat, names[seat], len(hand), seat == actor, seat == viewer,
                           state.uno_said[seat] and len(hand) == 1, **_game_marks(scenario, game, seat))
                  for seat, hand in enumerate(state.hands))
    color = state.color and state.color.value
    board = Table(
        seats=seats, top=state.top.notation, draw_count=len(state.draw_pile), color=color,
        color_text=_("Colour in play: %(color)s", color=wording.color_name(color)) if color else "",
        direction=state.direction, direction_text=narration.direction_text(state, names, viewer),
        hand=tuple(c.notation for c in state.hands[viewer]),
        hints=narration.hand_hints(state, viewer, names) if state.winner is None else {},
        decision=decision(state, viewer, names), happened=lead_in)
    return Position(scenario=scenario, moves=moves, viewer=viewer, names=names, board=board, turn=state.turn,
                    actor=actor, pending=visibility.pending(state, visibility.player(viewer)),
                    round_over=state.round_over, winner=state.winner, game=game)


def _game_marks(scenario: Any, game: Game, seat: int) -> dict[str, Any]:
    """What the table shows of the game around the round, as far as the scenario says it: the dealer
    (and the next one) where it names the dealer, and where it carries the totals, the seat's total
    before this round (as the engine read it) and, once the round is over, its points and the
    engine's total after them."""
    marks: dict[str, Any] = {}
    if "dealer" in scenario:
        marks.update(dealer=seat == game.round.dealer, deals_next=seat == game.next_dealer)
    if "scores" in scenario:
        points = game.round.round_points()
        marks.update(total=scenario["scores"][seat], points=points[seat] if points else None,
                     total_after=game.scores[seat] if points else None)
    return marks


def _missing_choice(state: RoundState, move: Move) -> str | None:
    """What a play still needs before it can be played: a wild's colour, a 7's player (7-0)."""
    if move.action != "play" or move.card is None or move.card not in state.hands[move.seat]:
        return None
    if move.card.is_wild:
        return "color" if move.color is None else None
    return "target" if needs_choice(state, move.card) and move.target is None else None


def _lines(events: list[Event], names: tuple[str, ...], viewer: int) -> list[dict[str, Any]]:
    """Each event as the viewer may see it, with its sentence and its rule's link; a challenge
    also shows the hand it revealed (``cards``)."""
    lines = []
    for event in events:
        shown = visibility.event(event, visibility.player(viewer))
        cards = shown.params.get("cards") if shown.kind == EventKind.CHALLENGE else None
        lines.append({"kind": shown.kind, "rule": shown.rule.value, "params": shown.params,
                      "text": wording.event_message(shown, names, viewer=viewer), "cards": cards or [],
                      **narration.why(shown.rule)})
    return lines


def _outcome(verdict: Verdict, move: dict[str, Any], events: list[Event], names: tuple[str, ...], viewer: int,
             choose: str | None = None, after: Position | None = None, text: str | None = None) -> Outcome:
    shown = narration.verdict_state(verdict)
    why = narration.why(verdict.rule)
    return Outcome(move=move, legal=verdict.legal, verdict=shown,
                   text=text or wording.verdict_message(verdict, names), rule=why["rule"], title=why["title"],
                   url=why["url"], events=tuple(_lines(events, names, viewer)), choose=choose,
                   options=completions(move, choose, names, viewer), after=after)
