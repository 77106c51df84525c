"""What a lesson step keeps off its table while its question is open (StepPage.shown): the words
and marks that would give the answer away, the UNO controls before UNO is taught, the cards a
first card made someone draw. Each takes a position (app.learn.position) and returns it with its
table (``Position.board``, app.practice.table_view's ``Table``) changed; the position is never
changed in place.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from app.engine.verdict import Event
from app.engine.vocabulary import EventKind
from app.i18n import gettext as _
from app.learn.position import Position
from app.practice.table_view import Option


def _board(view: Position, **changes) -> Position:
    return replace(view, board=replace(view.board, **changes))


def without_hints(view: Position) -> Position:
    """``view`` without the cards' verdicts: the learner finds out by trying."""
    return _board(view, hints={})


def plain_direction(view: Position) -> Position:
    """``view`` with the direction of play said without naming the player it leads to."""
    way = _("clockwise") if view.board.direction == 1 else _("anticlockwise")
    return _board(view, direction_text=_("Play goes %(direction)s.", direction=way))


def with_options(view: Position, options: tuple[Option, ...]) -> Position:
    """``view`` offering ``options`` as its decision's answers without a card (a lesson's own)."""
    return _board(view, decision=replace(view.decision, options=options))


def without_turn(view: Position, prompt: str) -> Position:
    """``view`` while "who plays next?" is open: no mark or words say whose turn it is, and
    ``prompt`` asks the question instead."""
    return _board(plain_direction(view), seats=tuple(replace(seat, to_play=False) for seat in view.board.seats),
                  decision=replace(view.decision, prompt=prompt, options=()))


def without_next_dealer(view: Position) -> Position:
    """``view`` while "who deals the next round?" is open: no mark says who deals it."""
    return _board(view, seats=tuple(replace(seat, deals_next=False) for seat in view.board.seats))


def before_draws(view: Position, events: Sequence[Event]) -> Position:
    """``view`` as it was before the cards ``events`` made someone draw: those cards back on the
    draw pile (a first card's Draw Two, while "who plays first?" is open: the hand as dealt)."""
    board = view.board
    assert board.hand is not None and board.draw_count is not None  # a position's own table
    hand, counts, back = list(board.hand), [seat.count for seat in board.seats], 0
    for event in events:
        if event.kind == EventKind.DRAW:
            counts[event.params["seat"]] -= event.params["count"]
            back += event.params["count"]
            if event.params["seat"] == view.viewer:
                for notation in event.params["cards"]:
                    hand.remove(notation)
    return _board(view, hand=tuple(hand), draw_count=board.draw_count + back,
                  seats=tuple(replace(seat, count=count) for seat, count in zip(board.seats, counts)))
