"""One round of UNO: the state, and the three questions asked of it.

The triad follows pokerkit: ``check(move)`` answers with a Verdict and changes nothing,
``apply(move)`` checks then acts and returns the events, raising IllegalMoveError (state
untouched) when the check says no. ``legal_moves()`` lists exactly the moves ``check`` accepts.
Each lives in its own module — checking, applying (with effects and piles), choices — working
on the state (``BaseRound``, app.engine.state); ``RoundState`` offers them as its methods.

>>> from .cards import card, cards
>>> from .moves import Action, Move
>>> state = RoundState.from_position(hands=[cards("R7 B5 W"), cards("G1 G2")], discard=cards("R5"))
>>> state.check(Move(0, Action.PLAY, card("B5"))).rule
<Rule.MATCH_NUMBER: 'match.number'>
>>> state.check(Move(1, Action.PLAY, card("G1"))).rule
<Rule.TURN_ORDER: 'turn.order'>
>>> [str(e.kind) for e in state.apply(Move(0, Action.PLAY, card("R7")))]
['play']
"""

from __future__ import annotations

from . import applying, checking, choices, piles
from .deck import HAND_SIZE
from .pending import Pending
from .state import BaseRound, hand_notations

__all__ = ["HAND_SIZE", "Pending", "RoundState", "hand_notations"]


class RoundState(BaseRound):
    """A round in progress (the state: ``BaseRound``), and the rules' questions asked of it."""

    check = checking.check
    attempt = applying.attempt
    apply = applying.apply
    legal_moves = choices.legal_moves
    candidate_moves = choices.candidate_moves
    playable_faces = choices.playable_faces
    draw_cards = piles.draw_cards
