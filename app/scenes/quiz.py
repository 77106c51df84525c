"""The quiz's position items, by rules page: what to ask about which position. The answers are not
here: the engine works them out (app.quiz.solvers).

Each rules page has two to four items, which its "Check yourself" shows; the quiz and the printed
quiz draw from all of them and from the myths (app.scenes.myths). Seat 0 is Player 1.
"""
from __future__ import annotations

from app.engine.rules import Rule as R

from . import positions as P
from .notation import act, first_card, play, position, with_rules
from .question import Allowed, ChallengeOutcome, Draws, Holds, NextPlayer, Playable, Points, QuizItem

CHALLENGED = (play(0, "WD4", color="blue"), act(1, "challenge"))
CATCH = act(2, "catch", target=0)  # Player 3 catches Player 1

POSITIONS: tuple[QuizItem, ...] = (
    # rules/setup
    QuizItem("setup-first-player", NextPlayer(), {**first_card("R7", players=4), "dealer": 2},
             rules=(R.FIRST_NUMBER,), topic_page="rules/setup"),  # the engine names the first card's rule
    QuizItem("setup-hand", Holds(0, (5, 7, 10)), P.FIRST_NUMBER, rules=(R.SETUP_DEAL,)),
    # rules/first-card
    QuizItem("first-skip", NextPlayer(), P.FIRST_SKIP, rules=(R.FIRST_SKIP,)),
    QuizItem("first-reverse", NextPlayer(), P.FIRST_REVERSE, rules=(R.FIRST_REVERSE,)),
    QuizItem("first-draw-two", Holds(1, (5, 7, 9)), P.FIRST_DRAW_TWO, rules=(R.FIRST_DRAW_TWO,)),
    QuizItem("first-wild", NextPlayer(), P.FIRST_WILD, rules=(R.FIRST_WILD,)),
    # rules/turn
    QuizItem("turn-match", Playable(), position("B7 R9 G2 Y5", "R5", "G1 Y2", "B3 B4"),
             rules=(R.MATCH_COLOR, R.MATCH_NUMBER, R.MATCH_NONE)),
    QuizItem("turn-action-on-number", Playable(), position("BS G2 RD2", "R5", "G1 Y2", "B3 B4"),
             rules=(R.MATCH_COLOR, R.MATCH_NONE)),
    QuizItem("turn-wild-on-top", Playable(), position("R3 G8 B3", "W", "Y1 Y2", color="green"),
             rules=(R.MATCH_COLOR, R.MATCH_NONE)),
    # rules/drawing
    QuizItem("turn-after-drawing", Allowed(play(0, "R2")), P.DRAWS_A_MATCH, (act(0, "draw"),), rules=(R.DRAW_ONE,)),
    QuizItem("draw-play-drawn", Allowed(play(0, "R8")), P.DRAWS_A_MATCH, (act(0, "draw"),), rules=(R.DRAW_ONE,)),
    # rules/action-cards
    QuizItem("action-skip", NextPlayer(), position("RS G3", "R5", *P.FOUR), (play(0, "RS"),), rules=(R.SKIP_EFFECT,)),
    QuizItem("action-reverse", NextPlayer(), position("RR G3", "R5", *P.FOUR), (play(0, "RR"),),
             rules=(R.REVERSE_EFFECT,)),
    QuizItem("action-draw-two", Draws(1, (0, 1, 2, 4)), position("RD2 G3", "R5", *P.FOUR), (play(0, "RD2"),),
             rules=(R.DRAW_TWO_EFFECT,)),
    # rules/wild-cards
    QuizItem("wild-on-anything", Playable(), position("B7 W G2", "R5", "Y1 Y2"), rules=(R.WILD_ANY_TIME,)),
    QuizItem("action-wild-draw-four", Allowed(play(0, "WD4", color="blue")), P.NO_RED,
             rules=(R.WILD_DRAW_FOUR_RESTRICTION,)),
    # rules/uno
    QuizItem("uno-catch", Draws(0, (0, 1, 2, 4)), P.MISSED_UNO, (play(0, "R7"), CATCH), rules=(R.UNO_CATCH,)),
    QuizItem("uno-too-late", Allowed(CATCH), P.MISSED_UNO, (play(0, "R7"), play(1, "R2")), rules=(R.UNO_CATCH,)),
    QuizItem("uno-called", Allowed(CATCH), P.MISSED_UNO, (play(0, "R7", uno=True),),
             rules=(R.UNO_CALL, R.UNO_CATCH)),
    # rules/challenge
    QuizItem("challenge-bluff", Allowed(play(0, "WD4", color="blue")), P.BLUFF, rules=(R.WILD_DRAW_FOUR_CHALLENGE,)),
    QuizItem("challenge-caught", ChallengeOutcome(), P.BLUFF, CHALLENGED, rules=(R.WILD_DRAW_FOUR_CHALLENGE,)),
    QuizItem("challenge-failed", ChallengeOutcome(), P.HONEST, CHALLENGED, rules=(R.WILD_DRAW_FOUR_CHALLENGE,)),
    QuizItem("challenge-offender-draws", Draws(0, (0, 2, 4, 6)), P.BLUFF, CHALLENGED,
             rules=(R.WILD_DRAW_FOUR_CHALLENGE,)),
    # rules/scoring
    QuizItem("score-winner-collects", Points(0), P.LAST_CARD, (play(0, "R7"),), rules=(R.SCORE_WINNER_COLLECTS,)),
    QuizItem("score-tally-lowest", Points(1), with_rules({"scoring": "tally-lowest"}, P.LAST_CARD),
             (play(0, "R7"),), rules=(R.SCORE_TALLY_LOWEST,)),
    QuizItem("score-last-draw-two", Draws(1, (0, 2, 4)), P.LAST_DRAW_TWO, (play(0, "RD2"),), rules=(R.ROUND_END,)),
    # rules/two-players
    QuizItem("two-reverse", NextPlayer(), P.TWO_REVERSE, (play(0, "RR"),), rules=(R.REVERSE_TWO_PLAYERS,)),
    QuizItem("two-skip", NextPlayer(), P.TWO_SKIP, (play(0, "RS"),), rules=(R.SKIP_EFFECT,),
             topic_page="rules/two-players"),
    QuizItem("two-draw-two", NextPlayer(), P.TWO_DRAW_TWO, (play(0, "RD2"),), rules=(R.DRAW_TWO_EFFECT,),
             topic_page="rules/two-players"),
    # rules/house-rules
    QuizItem("house-stacking", Allowed(play(1, "GD2")), P.STACKING, (play(0, "RD2"),), rules=(R.STACKING,)),
    QuizItem("house-stacked-draw", Draws(2, (0, 2, 4)), P.STACKING, (play(0, "RD2"), play(1, "GD2"), act(2, "accept")),
             rules=(R.STACKING,)),
    QuizItem("house-draw-until-playable", Draws(0, (1, 3, 4)),
             with_rules({"draw": "until-playable"}, position("G3 Y9", "B6", "R1 R2"), draw_pile=["R4", "Y1", "G7", "B8"]),
             (act(0, "draw"),), rules=(R.DRAW_UNTIL_PLAYABLE,)),
    QuizItem("house-seven-zero", Holds(0, (1, 2, 4)), P.SEVEN_ZERO, (play(0, "R7", target=1),), rules=(R.SEVEN_ZERO,)),
)
