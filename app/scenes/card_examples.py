"""The card pages' worked examples (/<lang>/cards/<kind>), by kind of card, played by the engine
when the page is shown; each states what the engine must say about its last move."""
from __future__ import annotations

from app.engine.rules import Rule as R

from . import positions as P
from .example import Example, allowed, refused
from .notation import act, play, position

CARD_EXAMPLES: dict[str, tuple[Example, ...]] = {
    "number": (
        allowed(R.MATCH_NUMBER, P.NUMBER_OR_COLOUR, play(0, "B5")),
        allowed(R.MATCH_COLOR, P.NUMBER_OR_COLOUR, play(0, "R9")),
        refused(R.MATCH_NONE, P.NO_MATCH, play(0, "B7")),
    ),
    "skip": (
        allowed(R.MATCH_COLOR, P.SKIP, play(0, "RS")),
        allowed(R.MATCH_SYMBOL, position("GS G2", "BS", *P.THREE), play(0, "GS")),
        refused(R.MATCH_NONE, position("BS G3", "R5", *P.THREE), play(0, "BS")),  # on a number of another colour
    ),
    "reverse": (
        allowed(R.MATCH_COLOR, P.REVERSE, play(0, "RR")),
        allowed(R.MATCH_COLOR, position("RR G3", "R5", "B1 B2"), play(0, "RR")),  # two players: like a Skip
    ),
    "draw-two": (
        allowed(R.MATCH_COLOR, P.DRAW_TWO, play(0, "RD2")),
        allowed(R.MATCH_COLOR, position("BD2", "B5", "G1 G2", "Y1"), play(0, "BD2")),
    ),
    "wild": (
        allowed(R.WILD_ANY_TIME, P.WILD_IN_HAND, play(0, "W", color="blue")),
        refused(R.MATCH_NONE, position("G2 W", "W", "B1 B2", color="yellow"), play(0, "G2")),
    ),
    "wild-draw-four": (
        allowed(R.WILD_DRAW_FOUR_EFFECT, P.FAIR_FOUR, play(0, "WD4", color="green"), act(1, "accept")),
        allowed(R.WILD_DRAW_FOUR_CHALLENGE, position("R7 WD4 G2", "R5", "B1 B2"),
                play(0, "WD4", color="blue"), act(1, "challenge")),  # a bluff, caught
        allowed(R.WILD_DRAW_FOUR_CHALLENGE, P.FAIR_FOUR, play(0, "WD4", color="green"), act(1, "challenge")),
    ),
}
