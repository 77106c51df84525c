"""The rules pages' worked examples, by rule id, as both languages show them.

Each is played by the engine when the page is shown (app.pages.examples); what it states (allowed
or refused, and by which rule) is what the prose around it means, and the tests hold the engine to
it. A page may show an example's moves in parts (pages/_examples.html: ``which``).
"""
from __future__ import annotations

from app.engine.rules import Rule as R

from . import positions as P
from .example import Example, allowed, refused
from .notation import act, play, position, with_rules

CHALLENGE = (play(0, "WD4", color="blue"), act(1, "challenge"))
CATCH = act(2, "catch", target=0)  # Player 3 catches Player 1

EXAMPLES: dict[str, tuple[Example, ...]] = {
    # The first card: Player 2, on the dealer's left, tries to play or names the colour.
    "first.number": (allowed(R.MATCH_COLOR, P.FIRST_NUMBER, play(1, "R0")),),
    "first.skip": (refused(R.TURN_ORDER, P.FIRST_SKIP, play(1, "R0")),),
    "first.reverse": (refused(R.TURN_ORDER, P.FIRST_REVERSE, play(1, "R0")),),
    "first.draw-two": (refused(R.TURN_ORDER, P.FIRST_DRAW_TWO, play(1, "R0")),),
    "first.wild": (allowed(R.FIRST_WILD, P.FIRST_WILD, act(1, "color", color="blue")),),
    "turn.order": (refused(R.TURN_ORDER, position("B7 R2", "R5", "G1 R9"), play(1, "R9")),),
    "match.color": (
        allowed(R.MATCH_COLOR, P.MATCHES, play(0, "R7")),
        allowed(R.MATCH_COLOR, position("G3 B5", "W", "Y1 Y2", color="green"), play(0, "G3")),
        allowed(R.MATCH_COLOR, position("RS B7", "R5", "Y1 Y2"), play(0, "RS")),  # an action card on a number: by colour
    ),
    "match.number": (allowed(R.MATCH_NUMBER, P.MATCHES, play(0, "B5")),),
    "match.symbol": (allowed(R.MATCH_SYMBOL, position("BS B7", "GS", *P.THREE), play(0, "BS")),),
    "match.none": (
        refused(R.MATCH_NONE, P.NO_MATCH, play(0, "B7")),
        refused(R.MATCH_NONE, position("BS G2", "R5", "Y1 Y2"), play(0, "BS")),  # an action card must match too
    ),
    "draw.one": (
        allowed(R.MATCH_COLOR, {**P.NO_MATCH, "draw_pile": ["R1"]}, act(0, "draw"), play(0, "R1")),
        allowed(R.DRAW_ONE, {**P.NO_MATCH, "draw_pile": ["Y4"]}, act(0, "draw")),
    ),
    "draw.reshuffle": (
        allowed(R.DRAW_ONE, {"hands": [["B7", "G2"], ["Y1", "Y2"]], "discard": ["G9", "Y3", "B2", "R5"], "draw_pile": []},
                act(0, "draw")),
    ),
    "move.not-in-hand": (refused(R.MOVE_NOT_IN_HAND, P.NO_MATCH, play(0, "R9")),),
    "skip.effect": (allowed(R.MATCH_COLOR, P.SKIP, play(0, "RS")),),
    "reverse.effect": (allowed(R.MATCH_COLOR, P.REVERSE, play(0, "RR")),),
    "draw-two.effect": (allowed(R.MATCH_COLOR, P.DRAW_TWO, play(0, "RD2")),),
    "wild.any-time": (allowed(R.WILD_ANY_TIME, P.WILD_IN_HAND, play(0, "W", color="blue")),),
    "wild-draw-four.effect": (
        allowed(R.WILD_DRAW_FOUR_EFFECT, position("B7 WD4 G2", "R5", *P.THREE),
                play(0, "WD4", color="green"), act(1, "accept")),
    ),
    "wild-draw-four.restriction": (
        allowed(R.WILD_DRAW_FOUR_RESTRICTION, P.NO_RED, play(0, "WD4", color="blue")),
        allowed(R.WILD_DRAW_FOUR_CHALLENGE, P.HOLDS_RED, play(0, "WD4", color="blue")),  # a bluff: allowed, at a risk
        refused(R.WILD_DRAW_FOUR_RESTRICTION, with_rules("guide-short", P.HOLDS_RED), play(0, "WD4", color="blue")),
    ),
    "wild-draw-four.challenge": (
        allowed(R.WILD_DRAW_FOUR_CHALLENGE, P.BLUFF, *CHALLENGE),
        allowed(R.WILD_DRAW_FOUR_CHALLENGE, P.HONEST, *CHALLENGE),
    ),
    "uno.call": (allowed(R.MATCH_COLOR, P.MISSED_UNO, play(0, "R7", uno=True)),),
    "uno.catch": (
        allowed(R.UNO_CATCH, P.MISSED_UNO, play(0, "R7"), CATCH),
        refused(R.UNO_CATCH, P.MISSED_UNO, play(0, "R7"), play(1, "R2"), CATCH),  # too late
        refused(R.UNO_CATCH, P.MISSED_UNO, play(0, "R7"), act(0, "uno"), CATCH),  # called in time
    ),
    "round.end": (allowed(R.MATCH_COLOR, P.LAST_DRAW_TWO, play(0, "RD2")),),
    "score.winner-collects": (allowed(R.MATCH_COLOR, P.LAST_CARD, play(0, "R7")),),
    "score.tally-lowest": (allowed(R.MATCH_COLOR, with_rules({"scoring": "tally-lowest"}, P.LAST_CARD), play(0, "R7")),),
    "reverse.two-players": (
        allowed(R.MATCH_COLOR, P.TWO_REVERSE, play(0, "RR"), play(0, "R7")),
        allowed(R.MATCH_COLOR, P.TWO_SKIP, play(0, "RS"), play(0, "R7")),
        allowed(R.MATCH_COLOR, P.TWO_DRAW_TWO, play(0, "RD2"), play(0, "R7")),
    ),
    "stacking": (allowed(R.STACKING, P.STACKING, play(0, "RD2"), play(1, "GD2")),),
    "draw.until-playable": (
        allowed(R.MATCH_COLOR, with_rules({"draw": "until-playable"}, P.DRAWING_ON), act(0, "draw"), play(0, "R1")),
    ),
    "seven-zero": (allowed(R.MATCH_COLOR, P.SEVEN_ZERO, play(0, "R7", target=1)),),
}

# The scoring page's worked example (app.quiz.worked counts it both ways): Player 1's last card.
WORKED_SCORING = allowed(R.MATCH_COLOR, P.END_OF_ROUND, play(0, "G7"))
