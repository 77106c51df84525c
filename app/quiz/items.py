"""The quiz's items, by rules page: positions in the check API's notation and what to ask about
them. The answers are not here: the engine works them out (app.quiz.kinds).

Each rules page has two to four position items, which its "Check yourself" shows; the quiz draws
from all of them and from the myths (app.quiz.myths). Seat 0 is Player 1.
"""
from __future__ import annotations

from app.engine.rules import Rule
from app.pages.cards import _play, _position
from app.pages.rule_examples import _first_card

from .item import Item
from .kinds import Allowed, ChallengeOutcome, Draws, Holds, NextPlayer, Playable, Points
from .myths import MYTHS


def _seat(seat: int, action: str, **extra) -> dict:
    return {"seat": seat, "action": action, **extra}


def _rules(rules: dict | str, scenario: dict, **extra) -> dict:
    return {**scenario, "rules": rules, **extra}


FOUR = ("B1 B2", "Y1 Y2", "G1 G2")  # three other players, for who plays next
BLUFF = _position("R2 G7 WD4", "R5", "G1 Y2", "Y3 B4")  # Player 1 holds red: a Wild Draw Four is a bluff
HONEST = _position("B2 G7 WD4", "R5", "G1 Y2", "Y3 B4")  # no red: a fair Wild Draw Four
MISSED_UNO = _position("R7 B7", "R5", "G1 R2", "Y1 Y2")  # Player 1 goes down to one card

POSITIONS: tuple[Item, ...] = (
    # rules/setup
    Item("setup-first-player", NextPlayer(), {**_first_card("R7", players=4), "dealer": 2},
         rules=(Rule.FIRST_NUMBER,), topic_page="rules/setup"),  # the engine names the first card's rule
    Item("setup-hand", Holds(0, (5, 7, 10)), _first_card("R7"), rules=(Rule.SETUP_DEAL,)),
    # rules/first-card
    Item("first-skip", NextPlayer(), _first_card("RS"), rules=(Rule.FIRST_SKIP,)),
    Item("first-reverse", NextPlayer(), _first_card("BR"), rules=(Rule.FIRST_REVERSE,)),
    Item("first-draw-two", Holds(1, (5, 7, 9)), _first_card("YD2"), rules=(Rule.FIRST_DRAW_TWO,)),
    Item("first-wild", NextPlayer(), _first_card("W"), rules=(Rule.FIRST_WILD,)),
    # rules/turn
    Item("turn-match", Playable(), _position("B7 R9 G2 Y5", "R5", "G1 Y2", "B3 B4"),
         rules=(Rule.MATCH_COLOR, Rule.MATCH_NUMBER, Rule.MATCH_NONE)),
    Item("turn-action-on-number", Playable(), _position("BS G2 RD2", "R5", "G1 Y2", "B3 B4"),
         rules=(Rule.MATCH_COLOR, Rule.MATCH_NONE)),
    Item("turn-wild-on-top", Playable(), _position("R3 G8 B3", "W", "Y1 Y2", color="green"),
         rules=(Rule.MATCH_COLOR, Rule.MATCH_NONE)),
    Item("turn-after-drawing", Allowed(_play("R2")), {**_position("R2 G3", "R5", "Y1 Y2"), "draw_pile": ["R8"]},
         (_seat(0, "draw"),), rules=(Rule.DRAW_ONE,)),
    # rules/action-cards
    Item("action-skip", NextPlayer(), _position("RS G3", "R5", *FOUR), (_play("RS"),), rules=(Rule.SKIP_EFFECT,)),
    Item("action-reverse", NextPlayer(), _position("RR G3", "R5", *FOUR), (_play("RR"),),
         rules=(Rule.REVERSE_EFFECT,)),
    Item("action-draw-two", Draws(1, (0, 1, 2, 4)), _position("RD2 G3", "R5", *FOUR), (_play("RD2"),),
         rules=(Rule.DRAW_TWO_EFFECT,)),
    Item("action-wild-draw-four", Allowed(_play("WD4", "blue")), _position("B5 G7 WD4", "R5", "Y1 Y2"),
         rules=(Rule.WILD_DRAW_FOUR_RESTRICTION,)),
    # rules/uno
    Item("uno-catch", Draws(0, (0, 1, 2, 4)), MISSED_UNO, (_play("R7"), _seat(2, "catch", target=0)),
         rules=(Rule.UNO_CATCH,)),
    Item("uno-too-late", Allowed(_seat(2, "catch", target=0)), MISSED_UNO, (_play("R7"), _play("R2", seat=1)),
         rules=(Rule.UNO_CATCH,)),
    Item("uno-called", Allowed(_seat(2, "catch", target=0)), MISSED_UNO, ({**_play("R7"), "uno": True},),
         rules=(Rule.UNO_CALL, Rule.UNO_CATCH)),
    # rules/challenge
    Item("challenge-bluff", Allowed(_play("WD4", "blue")), BLUFF, rules=(Rule.WILD_DRAW_FOUR_CHALLENGE,)),
    Item("challenge-caught", ChallengeOutcome(), BLUFF, (_play("WD4", "blue"), _seat(1, "challenge")),
         rules=(Rule.WILD_DRAW_FOUR_CHALLENGE,)),
    Item("challenge-failed", ChallengeOutcome(), HONEST, (_play("WD4", "blue"), _seat(1, "challenge")),
         rules=(Rule.WILD_DRAW_FOUR_CHALLENGE,)),
    Item("challenge-offender-draws", Draws(0, (0, 2, 4, 6)), BLUFF, (_play("WD4", "blue"), _seat(1, "challenge")),
         rules=(Rule.WILD_DRAW_FOUR_CHALLENGE,)),
    # rules/scoring
    Item("score-winner-collects", Points(0), _position("R7", "R5", "G1 WD4", "Y1 BS"), (_play("R7"),),
         rules=(Rule.SCORE_WINNER_COLLECTS,)),
    Item("score-tally-lowest", Points(1), _rules({"scoring": "tally-lowest"}, _position("R7", "R5", "G1 WD4", "Y1 BS")),
         (_play("R7"),), rules=(Rule.SCORE_TALLY_LOWEST,)),
    Item("score-last-draw-two", Draws(1, (0, 2, 4)),
         {**_position("RD2", "R5", "G1 Y3", "Y1 B2"), "draw_pile": ["B4", "G6"]}, (_play("RD2"),),
         rules=(Rule.ROUND_END,)),
    # rules/two-players
    Item("two-reverse", NextPlayer(), _position("RR R7 G2", "R5", "G1 Y2"), (_play("RR"),),
         rules=(Rule.REVERSE_TWO_PLAYERS,)),
    Item("two-skip", NextPlayer(), _position("RS R7 G2", "R5", "G1 Y2"), (_play("RS"),),
         rules=(Rule.SKIP_EFFECT,), topic_page="rules/two-players"),
    Item("two-draw-two", NextPlayer(), _position("RD2 R7 G2", "R5", "G1 Y2"), (_play("RD2"),),
         rules=(Rule.DRAW_TWO_EFFECT,), topic_page="rules/two-players"),
    # rules/house-rules
    Item("house-stacking", Allowed(_play("GD2", seat=1)),
         _rules({"stacking": True}, _position("RD2 B7", "R5", "GD2 Y1", "Y2 B3")), (_play("RD2"),),
         rules=(Rule.STACKING,)),
    Item("house-stacked-draw", Draws(2, (0, 2, 4)),
         _rules({"stacking": True}, _position("RD2 B7", "R5", "GD2 Y1", "Y2 B3")),
         (_play("RD2"), _play("GD2", seat=1), _seat(2, "accept")), rules=(Rule.STACKING,)),
    Item("house-draw-until-playable", Draws(0, (1, 3, 4)),
         _rules({"draw": "until-playable"}, _position("G3 Y9", "B6", "R1 R2"), draw_pile=["R4", "Y1", "G7", "B8"]),
         (_seat(0, "draw"),), rules=(Rule.DRAW_UNTIL_PLAYABLE,)),
    Item("house-seven-zero", Holds(0, (1, 2, 4)),
         _rules({"seven_zero": True}, _position("R7 B7", "R5", "G1 Y2 B3 G4", "Y3 B4")),
         ({**_play("R7"), "target": 1},), rules=(Rule.SEVEN_ZERO,)),
)

ITEMS: dict[str, Item] = {item.id: item for item in (*POSITIONS, *MYTHS)}


def check_items(topic: str) -> list[Item]:
    """The position items of a rules page, in order: its "Check yourself"."""
    return [item for item in POSITIONS if item.topic == topic]
