"""The presenter's demos (issue 17, /<lang>/present/), as data in the lessons' format.

A demo is a ``Lesson`` whose steps are ``LessonStep``s (app.scenes.lesson), written as the course
writes them: a position in the check API's scenario notation, an instruction (a message key), the
moves that complete it, the rules it teaches, the wrong moves it expects and a question whose answer
the engine gives. Nothing here says whether a move is legal; app.presenter plays every move with
the engine and tests/web/test_presenter.py replays them through the check API.

In a demo the class plays seat 0 ("you"), as a learner does in a lesson, and every hand is open:
the presenter stops on "What would you play?" before each of seat 0's moves, so the class answers
before the next step shows the move; the other seats' moves are scripted. Three players at most,
and hands of at most nine cards, so that every card is large on a projector.
"""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from app.engine.rules import Rule

from .lesson import NEXT_SEAT, POINTS, Lesson, LessonStep, Wrong
from .notation import act, fresh_deal, mid, play

R = Rule

# --- A basic round -----------------------------------------------------------------------------

_DEALT = [["R2", "G6", "B1", "Y8", "G0", "B7", "Y3"], ["Y1", "Y2", "G3", "B4", "B2", "G7", "B8"],
          ["G5", "B6", "G4", "B9", "G9", "B3", "G1"]]

BASIC_ROUND = Lesson("basic-round", _l("A basic round"), summary=_l("Deal, match the top card, draw, and win the round."), steps=(
    LessonStep(fresh_deal(_DEALT, ["R5"], dealer=2, draw=("Y7",)),
         _l("The player on the dealer's left starts, and play goes clockwise. On your turn, play a card that "
            "matches the top card by colour or by number, or draw a card."),
         (R.SETUP_DEAL, R.SETUP_FIRST_PLAYER, R.MATCH_COLOR, R.MATCH_NUMBER, R.DRAW_ONE),
         (play(0, "R2"), play(1, "Y2"), act(2, "draw"), play(2, "Y7"), play(0, "B7"), play(1, "B4")),
         wrong=(Wrong(play(0, "G6"), R.MATCH_NONE),)),
    LessonStep(mid([["R3", "G7"], ["G3", "Y9", "B6"], ["G1", "Y4", "R8"]], ["B2", "R6"]),
         _l("Later in the same round. As you play your next-to-last card you call UNO. The first player with "
            "no cards left wins the round and scores the cards left in the other hands."),
         (R.UNO_CALL, R.ROUND_END, R.SCORE_WINNER_COLLECTS),
         (play(0, "R3", uno=True), play(1, "G3"), play(2, "G1"), play(0, "G7"))),
))

# --- Action cards ------------------------------------------------------------------------------

_OTHERS = [["R9", "G1", "Y5"], ["R7", "Y2", "B8"]]

ACTION_CARDS = Lesson("action-cards", _l("Action cards"), summary=_l("Skip, Reverse, Draw Two and Wild: what each does."), steps=(
    LessonStep(mid([["RS", "B3", "G8"], *_OTHERS], ["G9", "R2"]),
         _l("Play goes clockwise: after you comes %(seat1)s. A Skip makes the next player lose their turn."),
         (R.SKIP_EFFECT,), (play(0, "RS"),), ask=NEXT_SEAT, params={"seat1": 1}),
    LessonStep(mid([["BR", "Y1", "G6"], *_OTHERS], ["G9", "B7"]),
         _l("A Reverse turns play the other way: clockwise becomes anticlockwise."),
         (R.REVERSE_EFFECT,), (play(0, "BR"),), ask=NEXT_SEAT),
    LessonStep(mid([["YD2", "B5", "R1"], *_OTHERS], ["G9", "Y6"]),
         _l("A Draw Two makes the next player draw 2 cards and lose their turn."),
         (R.DRAW_TWO_EFFECT,), (play(0, "YD2"),), ask=NEXT_SEAT),
    LessonStep(mid([["W", "Y9", "B2"], ["B6", "R3", "G2"], _OTHERS[1]], ["G9", "Y4"]),
         _l("A Wild goes on any card, even when you hold a card that matches. Whoever plays it names the "
            "colour, and the next player must match that colour."),
         (R.WILD_ANY_TIME, R.MATCH_COLOR), (play(0, "W", color="blue"), play(1, "B6"))),
))

# --- Wild Draw Four and the challenge ------------------------------------------------------------

WILD_DRAW_FOUR = Lesson("wild-draw-four", _l("Wild Draw Four and the challenge"), summary=_l("When it may be played, and what a challenge costs."), steps=(
    LessonStep(mid([["WD4", "B5", "G1"], ["Y3", "G6", "B9"], ["B8", "Y2", "G4"]], ["G9", "R7"]),
         _l("The restriction: a Wild Draw Four is to be played only when you hold no card of the colour in "
            "play. You hold none, so this is no bluff. The next player may accept it (they draw 4 cards and "
            "lose their turn) or challenge it."),
         (R.WILD_DRAW_FOUR_RESTRICTION, R.WILD_DRAW_FOUR_EFFECT),
         (play(0, "WD4", color="blue"), act(1, "accept"), play(2, "B8"))),
    LessonStep(mid([["B1", "G5", "Y8"], ["Y3", "G6", "B9"], ["WD4", "R3", "G4"]], ["G9", "R7"], turn=2),
         _l("%(seat2)s plays a Wild Draw Four on you. You may accept it, or challenge it: then %(seat2)s must "
            "show you their hand. Look at it: did they hold a card of the colour in play?"),
         (R.WILD_DRAW_FOUR_CHALLENGE,), (play(2, "WD4", color="yellow"), act(0, "challenge")), ask=NEXT_SEAT,
         params={"seat2": 2}),
    LessonStep(mid([["WD4", "G2", "B6"], ["R3", "G8", "B1"], ["G7", "Y5", "R9"]], ["R9", "Y4"]),
         _l("A challenge can fail: if the Wild Draw Four was no bluff, the challenger draws 6 cards (4 and "
            "2 more) and loses their turn."),
         (R.WILD_DRAW_FOUR_CHALLENGE,), (play(0, "WD4", color="green"), act(1, "challenge"), play(2, "G7"))),
))

# --- UNO and catching --------------------------------------------------------------------------------

UNO = Lesson("uno", _l("UNO and catching"), summary=_l("Call UNO on your next-to-last card; catch whoever forgets."), steps=(
    LessonStep(mid([["R3", "G7"], ["R8", "G2", "Y9"], ["B5", "Y1", "G4"]], ["G9", "R5"]),
         _l("You hold two cards. As you play your next-to-last card you must call UNO."),
         (R.UNO_CALL,), (play(0, "R3", uno=True), play(1, "R8"))),
    LessonStep(mid([["Y1", "G5", "R8"], ["B4", "B8"], ["B7", "Y6", "G3"]], ["G9", "B2"], turn=1),
         _l("%(seat1)s has two cards, plays one, and forgets to call UNO. Anyone may catch %(seat1)s before the "
            "next player acts: then %(seat1)s draws 2 cards."),
         (R.UNO_CATCH,), (play(1, "B4"), act(0, "catch", target=1)), params={"seat1": 1}),
    LessonStep(mid([["Y1", "G5", "B3"], ["B4", "B8"], ["B7", "Y6", "G3"]], ["G9", "B2"], turn=1),
         _l("%(seat1)s forgets UNO again, but this time nobody catches them before %(seat2)s plays. Can you "
            "still catch them?"),
         (R.UNO_CATCH,), (play(1, "B4"), play(2, "B7"), play(0, "B3")),
         wrong=(Wrong(act(0, "catch", target=1), R.UNO_CATCH, at=1),), params={"seat1": 1, "seat2": 2}),
))

# --- First-card cases ------------------------------------------------------------------------------

FIRST_CARD = Lesson("first-card", _l("First-card cases"), summary=_l("What the first card turned does to the start."), steps=(
    LessonStep(fresh_deal(_DEALT, ["GS"], dealer=2),
         _l("%(seat2)s dealt, so you would start. But the first card turned is a Skip: the first player loses "
            "their turn."),
         (R.FIRST_SKIP,), ask=NEXT_SEAT, params={"seat2": 2}),
    LessonStep(fresh_deal(_DEALT, ["BR"], dealer=2),
         _l("The first card is a Reverse: the dealer, %(seat2)s, plays first, and play goes anticlockwise."),
         (R.FIRST_REVERSE,), ask=NEXT_SEAT, params={"seat2": 2}),
    LessonStep(fresh_deal(_DEALT, ["YD2"], dealer=2),
         _l("The first card is a Draw Two: the first player, you, draws 2 cards and loses their turn."),
         (R.FIRST_DRAW_TWO,), ask=NEXT_SEAT),
    LessonStep(fresh_deal(_DEALT, ["W"], dealer=2),
         _l("The first card is a Wild: the first player, you, names the colour, then plays a card of it."),
         (R.FIRST_WILD,), (act(0, "color", color="green"), play(0, "G6"))),
    LessonStep(fresh_deal(_DEALT, ["WD4", "Y5"], dealer=2),
         _l("A Wild Draw Four may not start the discard pile: it goes back into the draw pile, and another "
            "card is turned."),
         (R.FIRST_WILD_DRAW_FOUR, R.FIRST_NUMBER), ask=NEXT_SEAT),
))

# --- Scoring a round -------------------------------------------------------------------------------

SCORING = Lesson("scoring", _l("Scoring a round"), summary=_l("Add up the cards left in the hands."), steps=(
    LessonStep(mid([["G3"], ["Y6", "RR", "WD4"], ["R4", "B9", "G1"]], ["R9", "G8"]),
         _l("Official scoring: the winner of the round scores the points of every card left in the other "
            "hands."),
         (R.ROUND_END, R.SCORE_VALUES, R.SCORE_WINNER_COLLECTS), (play(0, "G3"),), ask=POINTS,
         facts=(R.SCORE_VALUES,)),
    LessonStep(mid([["GD2"], ["B7", "Y3"], ["R1", "G8"]], ["B9", "G5"], draw=["Y4", "B6", "R2"]),
         _l("If the last card is a Draw Two, the next player still draws 2 cards, and those count too."),
         (R.ROUND_END, R.SCORE_WINNER_COLLECTS), (play(0, "GD2"),), ask=POINTS, facts=(R.SCORE_VALUES,)),
    LessonStep(mid([["R6"], ["B2", "YR"], ["W", "G5"]], ["G9", "R1"], rules={"preset": "official", "scoring": "tally-lowest"}),
         _l("The other scoring, which both Arabic guides use: each player is charged the cards left in their "
            "own hand, and when someone reaches 500 the lowest total wins."),
         (R.ROUND_END, R.SCORE_TALLY_LOWEST), (play(0, "R6"),), ask=POINTS, ask_seat=1, facts=(R.SCORE_VALUES,)),
))

DEMOS: dict[str, Lesson] = {demo.id: demo for demo in (
    BASIC_ROUND, ACTION_CARDS, WILD_DRAW_FOUR, UNO, FIRST_CARD, SCORING)}
