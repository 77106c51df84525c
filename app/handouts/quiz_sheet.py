"""The quiz sheet's questions: positions dealt from a seed, asked about, and answered by the engine.

This module is the one place the sheet's items come from (``questions``); the template reads only
``Question``. Each position is a scenario in the check API's notation with the moves made on it, so
anyone can replay it there; the answer is what the engine does with it (legal moves, whose turn
comes next, the round's points, who draws after a challenge), never written down. The same seed
always deals the same sheet, so a teacher can print it twice. To print the site's quiz instead
(app.quiz: its items, their answers and explanations), only ``questions`` would change: its items
would be turned into ``Question``s in place of the makers below.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _, ngettext

from app import wording
from app.engine.cards import DECK, Card, Color, Kind, shuffle
from app.engine.round import CHALLENGE_FAILED_DRAW, PENALTY, RoundState
from app.engine.rules import Rule
from app.engine.scenario import from_scenario
from app.engine.verdict import Event
from app.i18n import current_language
from app.pages.examples import run_example
from app.practice.present import hand_hints
from app.replay import play

PER_KIND = 2  # questions of each kind on a sheet
HAND = 5  # cards in the hand of a "which may you play?" question


@dataclass(frozen=True)
class Choice:
    id: str  # the answer's value: a card's notation, a seat, "seat-count" for who draws
    label: str  # in words (a card choice is drawn as the card too)
    card: str | None = None


@dataclass(frozen=True)
class Question:
    kind: str  # "playable", "next", "points", "challenge"
    scenario: dict[str, Any]  # the position, in the check API's notation
    moves: tuple[dict[str, Any], ...]  # made on it before the question, as the check API takes them
    rule: Rule  # the rule it tests: the key links it
    text: str
    position: dict[str, Any]  # what the sheet shows: top card, colour, each seat's hand or count, order
    steps: tuple[dict[str, Any], ...]  # the moves in words, with the card played
    choices: tuple[Choice, ...]  # none: the answer is written in
    answer: tuple[str, ...]  # the right choices' ids, or the number to write in
    answered: str  # the answer in words, for the key
    key: tuple[dict[str, Any], ...]  # the engine's explanation, line by line (_line)


def questions(seed: str) -> list[Question]:
    """The sheet for ``seed``: PER_KIND questions of each kind, in the seed's order."""
    rng = random.Random(f"quiz-sheet:{seed}")
    made = [make(rng) for make in MAKERS for _ in range(PER_KIND)]
    rng.shuffle(made)
    return made


# --- dealing ------------------------------------------------------------------------------------


class _Deck:
    """A shuffled deck to take a position's cards from, so no card is used more often than it exists."""

    def __init__(self, rng: random.Random):
        self.cards = list(DECK)
        shuffle(self.cards, rng)

    def take(self, wanted: Callable[[Card], bool] = lambda c: True) -> Card:
        index = next(i for i, c in enumerate(self.cards) if wanted(c))
        return self.cards.pop(index)

    def hand(self, size: int, wanted: Callable[[Card], bool] = lambda c: True) -> list[str]:
        return [self.take(wanted).notation for _ in range(size)]


def _plain(c: Card) -> bool:
    return c.kind is Kind.NUMBER


def _position(state: RoundState, shown: tuple[int, ...], hidden: tuple[int, ...] = (), order: bool = False
              ) -> dict[str, Any]:
    """The sheet's view of a position: the hands of ``shown`` seats open, the others as counts
    (``hidden`` seats left out: their hand is the question's choices), the order of play if asked."""
    seats = [{"name": wording.seat_name(seat), "cards": [c.notation for c in hand] if seat in shown else None,
              "count": len(hand)} for seat, hand in enumerate(state.hands) if seat not in hidden]
    sequence = [state.next_seat(state.turn, step) for step in range(state.players)]
    said = _("Play goes %(direction)s: %(order)s.", direction=str(wording.DIRECTIONS[state.direction]),
             order=wording.seat_list(sequence))
    return {"top": state.top.notation, "color": wording.color_name(state.color) if state.top.is_wild else None,
            "seats": seats, "order": said if order else None}


@dataclass(frozen=True)
class _Run:
    """A position and the moves made on it, as the engine plays them and as the rules pages word them."""

    before: RoundState
    after: RoundState
    events: list[Event]  # the last move's
    steps: tuple[dict[str, Any], ...]  # each move in words, with its card
    lines: tuple[dict[str, Any], ...]  # what happened, event by event (key lines)


def _run(scenario: dict[str, Any], moves: list[dict[str, Any]]) -> _Run:
    played = play(scenario, tuple(moves))
    if not all(step.verdict.legal for step in played.steps):
        raise ValueError(f"a sheet's move is refused: {played.steps[-1].verdict}")
    worded = run_example(scenario, moves)  # app.pages.examples: the moves and events in words
    return _Run(played.before, played.after, list(played.steps[-1].events),
                tuple({"text": step.move, "card": step.card} for step in worded.steps),
                tuple(_line(text) for step in worded.steps for text in step.events))


def _line(text: str, card: str | None = None, verdict: str | None = None, state: str | None = None
          ) -> dict[str, Any]:
    """A line of the key: the engine's words, and the card and verdict (legal, bluff, illegal) they are about."""
    return {"text": text, "card": card, "verdict": verdict, "state": state}


# --- the kinds of question ------------------------------------------------------------------------


def _playable(rng: random.Random) -> Question:
    """"Which of your cards may you play?": the table's hints on each card (✓ legal, ! a bluff, ✗ not)."""
    while True:
        deck = _Deck(rng)
        top = deck.take(lambda c: not c.is_wild or c.kind is Kind.WILD)
        scenario: dict[str, Any] = {"hands": [deck.hand(HAND), deck.hand(3)], "discard": [top.notation]}
        if top.is_wild:
            scenario["color"] = rng.choice(list(Color)).value
        state = from_scenario(scenario)[0]
        hints = hand_hints(state, 0, ())  # no seat names given: "Player 1"…
        verdicts = {hint["verdict"] for hint in hints.values()}
        if len(hints) == HAND and {"legal", "illegal"} <= verdicts:
            break
    return Question(
        "playable", scenario, (), Rule.MATCH_COLOR, _("Which of your cards may you play? Tick each one."),
        _position(state, shown=(), hidden=(0,)), (),
        *_answer(tuple(Choice(card, wording.card_name(card), card) for card in hints),
                 [card for card, hint in hints.items() if hint["verdict"] == "legal"]),
        tuple(_line(hint["text"], card, hint["verdict"], hint["state"]) for card, hint in hints.items()))


def _next_player(rng: random.Random) -> Question:
    """"Who plays next?" after a card of seat 0's, with four players in either direction."""
    deck = _Deck(rng)
    kind = rng.choice((Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO, Kind.NUMBER))
    played = deck.take(lambda c: c.kind is kind)
    top = deck.take(lambda c: _plain(c) and c.color is played.color and c is not played)
    scenario = {"hands": [[played.notation, *deck.hand(2)], *(deck.hand(3) for _ in range(3))],
                "discard": [top.notation], "direction": rng.choice((1, -1))}
    moves = [{"seat": 0, "action": "play", "card": played.notation}]
    run = _run(scenario, moves)
    seat = run.after.actor()
    conclusion = _("So %(seat)s plays next.", seat=wording.seat_name(seat))
    choices = tuple(Choice(str(s), wording.seat_name(s)) for s in range(run.before.players))
    return Question(
        "next", scenario, tuple(moves), _rule_of(played), _("Who plays next?"),
        _position(run.before, shown=(0,), order=True), run.steps, *_answer(choices, [str(seat)]),
        (*run.lines, _line(conclusion)))


def _answer(choices: tuple[Choice, ...], right: list[str]) -> tuple[tuple[Choice, ...], tuple[str, ...], str]:
    """The choices, the right ones (which must be among them) and those in words."""
    labels = {c.id: c.label for c in choices}
    if not right or not set(right) <= set(labels):
        raise ValueError(f"the engine's answer {right} is not among the choices")
    return choices, tuple(right), wording.word_list([labels[r] for r in right], current_language())


def _rule_of(played: Card) -> Rule:
    return {Kind.SKIP: Rule.SKIP_EFFECT, Kind.REVERSE: Rule.REVERSE_EFFECT,
            Kind.DRAW_TWO: Rule.DRAW_TWO_EFFECT}.get(played.kind, Rule.TURN_ORDER)


def _points(rng: random.Random) -> Question:
    """"How many points does Player 1 score?" once seat 0 plays its last card (official scoring)."""
    deck = _Deck(rng)
    last = deck.take(lambda c: c.kind in (Kind.NUMBER, Kind.SKIP, Kind.REVERSE))
    top = deck.take(lambda c: _plain(c) and c.color is last.color)
    scenario = {"hands": [[last.notation], deck.hand(rng.randint(2, 4)), deck.hand(rng.randint(1, 3))],
                "discard": [top.notation]}
    moves = [{"seat": 0, "action": "play", "card": last.notation}]
    run = _run(scenario, moves)
    points = run.after.round_points()
    assert points is not None, "the round must be over"
    working = tuple(_line(_hand_points(seat, hand)) for seat, hand in enumerate(run.after.hands) if hand)
    return Question(
        "points", scenario, tuple(moves), Rule.SCORE_WINNER_COLLECTS,
        _("How many points does %(seat)s score this round?", seat=wording.seat_name(0)),
        _position(run.before, shown=(0, 1, 2)), run.steps, (), (str(points[0]),),
        ngettext("%(num)d point", "%(num)d points", points[0]),
        (*working, *run.lines[-1:]))  # the last event says the winner's points


def _hand_points(seat: int, hand: list[Card]) -> str:
    """"Player 2: 7 + 20 + 50 = 77", each card's value the engine's."""
    values = [c.points for c in hand]
    total = f"{' + '.join(map(str, values))} = {sum(values)}" if len(values) > 1 else str(sum(values))
    return str(wording.PAIR) % {"name": wording.seat_name(seat), "value": f"\u2066{total}\u2069"}


def _challenge(rng: random.Random) -> Question:
    """"Who draws, and how many?" after a Wild Draw Four is challenged: a bluff or not, by the hand."""
    deck = _Deck(rng)
    top = deck.take(_plain)
    wild_draw_four = deck.take(lambda c: c.kind is Kind.WILD_DRAW_FOUR).notation
    bluff = rng.random() < 0.5
    kept = [deck.take(lambda c: c.color is top.color and not c.is_wild).notation] if bluff else []
    kept += deck.hand(3 - len(kept), lambda c: c.color is not top.color and not c.is_wild)
    named = rng.choice([c for c in Color if c is not top.color])
    scenario = {"hands": [[wild_draw_four, *kept], deck.hand(2), deck.hand(2)], "discard": [top.notation]}
    moves = [{"seat": 0, "action": "play", "card": wild_draw_four, "color": named.value},
             {"seat": 1, "action": "challenge"}]
    run = _run(scenario, moves)
    draw = next(e for e in run.events if e.kind == "draw")
    outcomes = ((0, PENALTY[Kind.WILD_DRAW_FOUR]), (1, CHALLENGE_FAILED_DRAW), (1, PENALTY[Kind.WILD_DRAW_FOUR]))
    choices = tuple(Choice(f"{seat}-{count}", wording.event_message(
        Event("draw", Rule.WILD_DRAW_FOUR_CHALLENGE, {"seat": seat, "count": count}))) for seat, count in outcomes)
    return Question(
        "challenge", scenario, tuple(moves), Rule.WILD_DRAW_FOUR_CHALLENGE, _("Who draws, and how many cards?"),
        _position(run.before, shown=(0,)), run.steps,
        *_answer(choices, [f"{draw.params['seat']}-{draw.params['count']}"]), run.lines)


MAKERS: tuple[Callable[[random.Random], Question], ...] = (_playable, _next_player, _points, _challenge)
