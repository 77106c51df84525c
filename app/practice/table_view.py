"""One view-model of a table, for the one macro that draws it (templates/macros/table.html).

Six pages show a table: the practice table, pass-and-play and a watch link (from a stored game:
``practice``, built by app.practice.narration.table), and a lesson, the sandbox and a presenter's
frame (from a scenario: app.learn.position's ``Position.table``). Each builds a ``Table`` from
engine values, already worded in the request's language, and the macro draws the seats, the piles
and the reader's cards from it alone: a change to the table's markup touches one macro.

The fields (what the macro shows, and nothing else):

- ``seats``: each player's ``Seat``, in seat order: name, card count, whether play waits for them
  (``to_play``), whether they are the reader (``you``), a called UNO with one card left (``uno``), a
  forgotten UNO others may catch (``forgot``); on the practice table their latest action
  (``last``, a chip the step player rewrites) and game score (``score``); where a scenario names
  them, the dealer and the next one, the game totals before and after the round; ``cards``: the
  hand face up in its place (a demo, a lesson's round once it is over), None when it is not shown.
  On the practice table each seat's ``place`` around it, counted clockwise from the reader's seat
  (0, the near side: the owner's for a watcher), and its ``side`` (near, left, top, right): the
  order of play is the order around the table, so a clockwise arrow holds in either language.
- the piles: the discard's ``top`` card, the ``draw_count`` (None: no draw pile, a demo's frame
  fits a projector), the colour in play (``color``, its sentence ``color_text``), the
  ``direction`` (1 clockwise, -1) and its sentence ``direction_text`` (who plays next).
- the reader's ``hand`` (None: nothing to play from, a demo or a watcher) and the engine's
  ``hints`` for it; for a watcher (``pressable`` False), the watched player's cards when their
  link shows them open (None when they are only a count), drawn face up with nothing to press: per distinct card its verdict (legal, bluff, illegal), state and sentence
  (``narration.hand_hints``); empty when hints are off or it is not the reader's turn.
- ``live``: the practice table, which the step player (static/steps.js) and practice.js change in
  place between two pages: every badge is in the markup (hidden when it does not hold), the words
  for counts and colours ride on it (``count_labels``, ``colour_labels``: data-counts, data-labels)
  and its sections carry the stable ids #players, #pile. A position (lessons, sandbox, presenter)
  shows only what holds and is replaced whole by the next page.

- ``decision``: the pending decision as data (``Decision``, built by app.practice.decision from the
  engine's state): its ``kind`` (the pending decision's: color, challenge, stack, drawn; or turn:
  play or draw; wait: someone else decides; over: the round is over; on the practice table also
  game-over, and choose: a card played that needs its colour or player first), the ``seat`` that
  decides, the ``prompt`` (or who won), the ``card`` it is about (drawn, or being completed), the
  rule a longer explanation (``detail``) links to (the challenge's, on the practice table), a
  forgotten UNO in a sentence (``forgot``) and the ``options`` without a card, each an ``Option``:
  its label, the move's fields it sends (or the ``url`` it links to: a new game, the table without
  the card chosen), whether it is the one to press first, and the colour it names. A watcher's
  decision says whose turn it is and has no options. The macro draws the sentences
  (``table_decision``: the practice table's panel and a watch link's) and each option's button
  (``option_button``); the page's caller wraps it in its own form (the practice table POSTs the
  game's version, a position GETs the position after the move), so the markup of the choices is
  written once and only the form mechanics differ.
- ``happened``: what just happened, as the reader may see it. A position's lead-in: the last
  move's events (each with its ``kind``, ``rule`` and ``text``). The practice table's log (``live``):
  its latest narrated steps (app.practice.narration.narrate: each step's ``seat``, ``lines``,
  ``rules``, ``actions`` and stored ``data``), numbered from ``first_step``, of which those from
  index ``fresh`` on are the last move's, whose data the step player (static/steps.js) plays back.
  ``table_happened`` draws either.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Seat:
    """One player as the table shows them (see the module docstring)."""

    seat: int
    name: str
    count: int
    to_play: bool  # the actor: the seat play waits for
    you: bool  # the reader
    uno: bool  # has called UNO and holds one card
    forgot: bool = False  # holds one card without having called UNO (the practice table's mark)
    last: str | None = None  # the practice table: the seat's latest action ("" before any)
    score: int | None = None  # the practice table: the game score
    dealer: bool = False  # dealt this round (shown where the scenario names the dealer)
    deals_next: bool = False  # deals the next round (the engine's ``Game.next_dealer``, once the round is over)
    total: int | None = None  # the game total before this round (where the scenario carries the game)
    points: int | None = None  # this round's points, once it is over (the engine's, by the rule set's scoring)
    total_after: int | None = None  # the game total with them (the engine's ``Game.scores``)
    cards: tuple[str, ...] | None = None  # the hand face up in its place, or None
    place: int | None = None  # the practice table: clockwise from the reader's seat (0)
    side: str | None = None  # the practice table: near, left, top or right (``seat_side``)


@dataclass(frozen=True)
class Option:
    """One answer without a card that a pending decision allows (a button; see the module docstring)."""

    label: str
    move: Mapping[str, Any]  # the move's fields: action (draw, pass, challenge, accept, color, catch, uno), color, target
    primary: bool = False  # the answer to press first
    color: str | None = None  # the colour it names (action color), shown with its mark
    url: str | None = None  # an answer that is a link, not a move: a new game, the table without a card chosen


@dataclass(frozen=True)
class Decision:
    """The pending decision as the reader may see it (see the module docstring)."""

    kind: str  # color, challenge, stack, drawn (the pending decision's kind); turn, wait, over, game-over, choose
    seat: int | None  # who decides (None: the round is over)
    prompt: str  # what the reader is asked to do, or who is to play, or who won
    options: tuple[Option, ...] = ()  # the reader's answers without a card
    card: str | None = None  # the card it is about: drawn (kind drawn), or played and to be completed (choose)
    rule: str | None = None  # the rule the prompt's longer explanation links to (the practice table's challenge)
    detail: str = ""  # that explanation
    forgot: str = ""  # a forgotten UNO in a sentence (someone's to catch, the reader's own to call)


@dataclass(frozen=True)
class Table:
    """Everything the table macro draws (see the module docstring)."""

    seats: tuple[Seat, ...]
    top: str
    draw_count: int | None
    color: str | None
    color_text: str
    direction: int
    direction_text: str
    hand: tuple[str, ...] | None
    hints: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    decision: Decision | None = None
    happened: tuple[Mapping[str, Any], ...] = ()
    fresh: int = 0  # a live table: the index in ``happened`` of the last move's first step
    first_step: int = 1  # a live table: the number of ``happened``'s first step in the game's log
    live: bool = False
    pressable: bool = True  # the hand's cards are buttons of the reader's form (False: a watcher's view)
    count_labels: Mapping[int, str] | None = None
    colour_labels: Mapping[str, str] | None = None


def seat_side(place: int, players: int) -> str:
    """Where a seat sits around the table, ``place`` seats clockwise from the reader's: the reader
    near, the next one on the left and the one before on the right (when there are two others or
    more), everyone else across the top; clockwise runs left, over the top, right."""
    if place == 0:
        return "near"
    if players > 2 and place in (1, players - 1):
        return "left" if place == 1 else "right"
    return "top"


def practice_table(shown: Mapping[str, Any], seats: Sequence[str], actor: int | None, me: int | None,
                   last_actions: Mapping[int, str], hints: Mapping[str, Mapping[str, Any]], direction_text: str,
                   count_labels: Mapping[int, str], colour_labels: Mapping[str, str],
                   decision: Decision | None = None, happened: Sequence[Mapping[str, Any]] = (),
                   fresh: int = 0, first_step: int = 1) -> Table:
    """The practice table's view-model: ``shown``, the game's view as the reader may see it (a
    hand is its cards, or only their number when hidden); ``actor``, the seat play waits for;
    ``me``, the reader's seat (None: a watcher, who has no hand to play from and sees the
    owner's, seat 0, when the link shows it); ``decision``, the reader's (a watcher's: whose turn it is, no answers);
    ``happened``, the log's shown steps (narrated), the last move's from index ``fresh`` on,
    the first numbered ``first_step``."""
    counts = [held if type(held) is int else len(held) for held in shown["hands"]]
    held = shown["hands"][0 if me is None else me]
    color = shown["color"]
    near = 0 if me is None else me
    places = [(seat - near) % len(seats) for seat in range(len(seats))]
    return Table(
        seats=tuple(Seat(seat, name, counts[seat], seat == actor, seat == me,
                         bool(shown["uno"][seat]) and counts[seat] == 1, forgot=shown["exposed"] == seat,
                         last=last_actions.get(seat, ""), score=shown["scores"][seat],
                         place=places[seat], side=seat_side(places[seat], len(seats)))
                    for seat, name in enumerate(seats)),
        top=shown["top"], draw_count=shown["draw_pile_size"], color=color,
        color_text=colour_labels[color] if color else "", direction=shown["direction"],
        direction_text=direction_text, hand=None if type(held) is int else tuple(held), hints=hints, decision=decision,
        happened=tuple(happened), fresh=fresh, first_step=first_step, live=True, pressable=me is not None,
        count_labels=count_labels, colour_labels=colour_labels)
