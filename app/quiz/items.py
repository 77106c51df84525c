"""The quiz's items, by rules page: positions in the check API's notation and what to ask about
them. The answers are not here: the engine works them out (app.quiz.kinds).

Each rules page has two to four position items, which its "Check yourself" shows; the quiz draws
from all of them and from the myths (app.quiz.myths). Seat 0 is Player 1.
"""
from __future__ import annotations

from app.engine.rules import Rule
from app.scenes.notation import act, first_card, play, position, with_rules

from .item import Item
from .kinds import Allowed, ChallengeOutcome, Draws, Holds, NextPlayer, Playable, Points
from .myths import MYTHS


FOUR = ("B1 B2", "Y1 Y2", "G1 G2")  # three other players, for who plays next
BLUFF = position("R2 G7 WD4", "R5", "G1 Y2", "Y3 B4")  # Player 1 holds red: a Wild Draw Four is a bluff
HONEST = position("B2 G7 WD4", "R5", "G1 Y2", "Y3 B4")  # no red: a fair Wild Draw Four
MISSED_UNO = position("R7 B7", "R5", "G1 R2", "Y1 Y2")  # Player 1 goes down to one card

POSITIONS: tuple[Item, ...] = (
    # rules/setup
    Item("setup-first-player", NextPlayer(), {**first_card("R7", players=4), "dealer": 2},
         rules=(Rule.FIRST_NUMBER,), topic_page="rules/setup"),  # the engine names the first card's rule
    Item("setup-hand", Holds(0, (5, 7, 10)), first_card("R7"), rules=(Rule.SETUP_DEAL,)),
    # rules/first-card
    Item("first-skip", NextPlayer(), first_card("RS"), rules=(Rule.FIRST_SKIP,)),
    Item("first-reverse", NextPlayer(), first_card("BR"), rules=(Rule.FIRST_REVERSE,)),
    Item("first-draw-two", Holds(1, (5, 7, 9)), first_card("YD2"), rules=(Rule.FIRST_DRAW_TWO,)),
    Item("first-wild", NextPlayer(), first_card("W"), rules=(Rule.FIRST_WILD,)),
    # rules/turn
    Item("turn-match", Playable(), position("B7 R9 G2 Y5", "R5", "G1 Y2", "B3 B4"),
         rules=(Rule.MATCH_COLOR, Rule.MATCH_NUMBER, Rule.MATCH_NONE)),
    Item("turn-action-on-number", Playable(), position("BS G2 RD2", "R5", "G1 Y2", "B3 B4"),
         rules=(Rule.MATCH_COLOR, Rule.MATCH_NONE)),
    Item("turn-wild-on-top", Playable(), position("R3 G8 B3", "W", "Y1 Y2", color="green"),
         rules=(Rule.MATCH_COLOR, Rule.MATCH_NONE)),
    Item("turn-after-drawing", Allowed(play(0, "R2")), {**position("R2 G3", "R5", "Y1 Y2"), "draw_pile": ["R8"]},
         (act(0, "draw"),), rules=(Rule.DRAW_ONE,)),
    # rules/action-cards
    Item("action-skip", NextPlayer(), position("RS G3", "R5", *FOUR), (play(0, "RS"),), rules=(Rule.SKIP_EFFECT,)),
    Item("action-reverse", NextPlayer(), position("RR G3", "R5", *FOUR), (play(0, "RR"),),
         rules=(Rule.REVERSE_EFFECT,)),
    Item("action-draw-two", Draws(1, (0, 1, 2, 4)), position("RD2 G3", "R5", *FOUR), (play(0, "RD2"),),
         rules=(Rule.DRAW_TWO_EFFECT,)),
    Item("action-wild-draw-four", Allowed(play(0, "WD4", color="blue")), position("B5 G7 WD4", "R5", "Y1 Y2"),
         rules=(Rule.WILD_DRAW_FOUR_RESTRICTION,)),
    # rules/uno
    Item("uno-catch", Draws(0, (0, 1, 2, 4)), MISSED_UNO, (play(0, "R7"), act(2, "catch", target=0)),
         rules=(Rule.UNO_CATCH,)),
    Item("uno-too-late", Allowed(act(2, "catch", target=0)), MISSED_UNO, (play(0, "R7"), play(1, "R2")),
         rules=(Rule.UNO_CATCH,)),
    Item("uno-called", Allowed(act(2, "catch", target=0)), MISSED_UNO, (play(0, "R7", uno=True),),
         rules=(Rule.UNO_CALL, Rule.UNO_CATCH)),
    # rules/challenge
    Item("challenge-bluff", Allowed(play(0, "WD4", color="blue")), BLUFF, rules=(Rule.WILD_DRAW_FOUR_CHALLENGE,)),
    Item("challenge-caught", ChallengeOutcome(), BLUFF, (play(0, "WD4", color="blue"), act(1, "challenge")),
         rules=(Rule.WILD_DRAW_FOUR_CHALLENGE,)),
    Item("challenge-failed", ChallengeOutcome(), HONEST, (play(0, "WD4", color="blue"), act(1, "challenge")),
         rules=(Rule.WILD_DRAW_FOUR_CHALLENGE,)),
    Item("challenge-offender-draws", Draws(0, (0, 2, 4, 6)), BLUFF, (play(0, "WD4", color="blue"), act(1, "challenge")),
         rules=(Rule.WILD_DRAW_FOUR_CHALLENGE,)),
    # rules/scoring
    Item("score-winner-collects", Points(0), position("R7", "R5", "G1 WD4", "Y1 BS"), (play(0, "R7"),),
         rules=(Rule.SCORE_WINNER_COLLECTS,)),
    Item("score-tally-lowest", Points(1), with_rules({"scoring": "tally-lowest"}, position("R7", "R5", "G1 WD4", "Y1 BS")),
         (play(0, "R7"),), rules=(Rule.SCORE_TALLY_LOWEST,)),
    Item("score-last-draw-two", Draws(1, (0, 2, 4)),
         {**position("RD2", "R5", "G1 Y3", "Y1 B2"), "draw_pile": ["B4", "G6"]}, (play(0, "RD2"),),
         rules=(Rule.ROUND_END,)),
    # rules/two-players
    Item("two-reverse", NextPlayer(), position("RR R7 G2", "R5", "G1 Y2"), (play(0, "RR"),),
         rules=(Rule.REVERSE_TWO_PLAYERS,)),
    Item("two-skip", NextPlayer(), position("RS R7 G2", "R5", "G1 Y2"), (play(0, "RS"),),
         rules=(Rule.SKIP_EFFECT,), topic_page="rules/two-players"),
    Item("two-draw-two", NextPlayer(), position("RD2 R7 G2", "R5", "G1 Y2"), (play(0, "RD2"),),
         rules=(Rule.DRAW_TWO_EFFECT,), topic_page="rules/two-players"),
    # rules/house-rules
    Item("house-stacking", Allowed(play(1, "GD2")),
         with_rules({"stacking": True}, position("RD2 B7", "R5", "GD2 Y1", "Y2 B3")), (play(0, "RD2"),),
         rules=(Rule.STACKING,)),
    Item("house-stacked-draw", Draws(2, (0, 2, 4)),
         with_rules({"stacking": True}, position("RD2 B7", "R5", "GD2 Y1", "Y2 B3")),
         (play(0, "RD2"), play(1, "GD2"), act(2, "accept")), rules=(Rule.STACKING,)),
    Item("house-draw-until-playable", Draws(0, (1, 3, 4)),
         with_rules({"draw": "until-playable"}, position("G3 Y9", "B6", "R1 R2"), draw_pile=["R4", "Y1", "G7", "B8"]),
         (act(0, "draw"),), rules=(Rule.DRAW_UNTIL_PLAYABLE,)),
    Item("house-seven-zero", Holds(0, (1, 2, 4)),
         with_rules({"seven_zero": True}, position("R7 B7", "R5", "G1 Y2 B3 G4", "Y3 B4")),
         (play(0, "R7", target=1),), rules=(Rule.SEVEN_ZERO,)),
)

ITEMS: dict[str, Item] = {item.id: item for item in (*POSITIONS, *MYTHS)}


def check_items(topic: str) -> list[Item]:
    """The position items of a rules page, in order: its "Check yourself"."""
    return [item for item in POSITIONS if item.topic == topic]
