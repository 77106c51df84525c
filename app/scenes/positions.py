"""The positions more than one scene is about, named once.

A rule page's example, the quiz item that asks about it and a myth that tests it are often the
same table; written here once, a change to it reaches every scene that shows it (before #32 the
bluff, the missed UNO and the last card were each written twice, and the copies could drift).
Seat 0 is Player 1 and is to play unless a scene's moves say otherwise.
"""
from __future__ import annotations

from .notation import first_card, position, with_rules

THREE = ("B1 B2", "Y1 Y2")  # two other players, for effects on "the next player"
FOUR = ("B1 B2", "Y1 Y2", "G1 G2")  # three other players, for who plays next

# --- matching ----------------------------------------------------------------------------------
NO_MATCH = position("B7 G2", "R5", "Y1 Y2")  # nothing matches Red 5: draw
MATCHES = position("R7 B5 G2", "R5", "Y1 Y2")  # one card by colour, one by number, one neither
NUMBER_OR_COLOUR = position("B5 R9 G2", "R5", "Y1 Y2")
WILD_IN_HAND = position("R7 W", "R5", "B1 B2")  # a Wild, though a red card matches
DRAWS_A_MATCH = position("R2 G3", "R5", "Y1 Y2", draw=["R8"])  # a red card in hand, and one to draw

# --- action cards, three players ----------------------------------------------------------------
SKIP = position("RS G3", "R5", *THREE)
REVERSE = position("RR G3", "R5", *THREE)
DRAW_TWO = position("RD2 G3", "R5", *THREE)
FAIR_FOUR = position("B7 WD4 G2", "R5", "B1 B2")  # no red in hand: a Wild Draw Four is no bluff

# --- two players: a Skip, a Reverse or a Draw Two gives Player 1 another turn -------------------------
TWO_REVERSE = position("RR R7 G2", "R5", "G1 Y2")
TWO_SKIP = position("RS R7 G2", "R5", "G1 Y2")
TWO_DRAW_TWO = position("RD2 R7 G2", "R5", "G1 Y2")

# --- the Wild Draw Four's restriction and challenge -------------------------------------------
NO_RED = position("B5 G7 WD4", "R5", "Y1 Y2")  # the restriction kept
HOLDS_RED = position("R2 G7 WD4", "R5", "Y1 Y2")  # a Wild Draw Four would be a bluff
BLUFF = position("R2 G7 WD4", "R5", "G1 Y2", "Y3 B4")  # the same, with a challenger and a third player
HONEST = position("B2 G7 WD4", "R5", "G1 Y2", "Y3 B4")  # no red: a fair Wild Draw Four

# --- UNO and the end of a round ------------------------------------------------------------------
MISSED_UNO = position("R7 B7", "R5", "G1 R2", "Y1 Y2")  # Player 1 goes down to one card
LAST_CARD = position("R7", "R5", "G1 WD4", "Y1 BS")  # Player 1 plays their last card
LAST_DRAW_TWO = position("RD2", "R5", "G1 Y3", "Y1 B2", draw=["B4", "G6"])  # and it still acts
# The scoring page's worked example: three hands left, a wild and action cards among them.
END_OF_ROUND = position("G7", "G2", "R7 BS W", "Y9 G0 B3", "WD4 YR B5")

# --- house rules ---------------------------------------------------------------------------------
DRAW_TWO_ANSWERED = position("RD2 B7", "R5", "GD2 Y1", "Y2 B3")  # Player 2 holds a Draw Two too
STACKING = with_rules({"stacking": True}, DRAW_TWO_ANSWERED)
SEVEN_ZERO = with_rules({"seven_zero": True}, position("R7 B7", "R5", "G1 Y2 B3 G4", "Y3 B4"))
# Nothing matches, and the draw pile holds two cards that don't match, then one that does.
DRAWING_ON = {**NO_MATCH, "draw_pile": ["Y4", "G8", "R1"]}

# --- the first card turned (Player 1 deals from an unshuffled deck) ---------------------------------
FIRST_NUMBER = first_card("R7")
FIRST_SKIP = first_card("RS")
FIRST_REVERSE = first_card("BR")
FIRST_DRAW_TWO = first_card("YD2")
FIRST_WILD = first_card("W")
