"""The course, as data: chapters of lessons from the deck to scoring a game, then a guided round,
then the house rules and the Arabic guides' variants (a chapter of its own, marked as such).

Each step is a position (check-API scenario notation), an instruction (a message key), the moves
that complete it and the rules it teaches; see app.scenes.lesson. The engine judges every
move, so nothing here says whether a move is legal: tests/web/test_lessons.py replays every
solution and every wrong move through the check API.

It is long because it is the whole course, data without logic, in the order a learner meets it:
read (and reviewed) front to back, one chapter leading to the next; split by chapter, it would only
scatter that order over modules that each say nothing alone.
"""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from app.engine.cards import COPIES, DECK, card
from app.engine.rules import Rule
from app.wording.messages import Counted, _ln

from .lesson import ANY_LEGAL, GAME_WINNER, NEXT_DEALER, NEXT_SEAT, POINTS, Chapter, Lesson, LessonStep, Wrong
from .notation import act, fresh_deal, mid, play

R = Rule
COLORS_PER_DECK = 4
# The deck's counts, shown with the noun they count («108 بطاقات», «25 بطاقة»: docs/arabic.md §6).
CARDS = _ln("%(num)d card", "%(num)d cards")
WILD_CARDS = _ln("%(num)d wild card", "%(num)d wild cards")
WILDS = _ln("%(num)d Wild", "%(num)d Wilds")
WILD_DRAW_FOURS = _ln("%(num)d Wild Draw Four", "%(num)d Wild Draw Fours")
DECK_FACTS = {"deck": Counted(len(DECK), CARDS),
              "per_color": Counted(sum(1 for c in DECK if c.color) // COLORS_PER_DECK, CARDS),
              "wilds": Counted(sum(1 for c in DECK if c.is_wild), WILD_CARDS)}
# What those cards are, counted from the engine's deck: each number's copies (1 to 9; a test holds the
# sentence's "one 0" to the deck), each action card's, and each kind of wild card's.
KINDS_FACTS = {"numbers": COPIES[card("R1")], "actions": COPIES[card("RS")],
               "plain": Counted(COPIES[card("W")], WILDS), "fours": Counted(COPIES[card("WD4")], WILD_DRAW_FOURS),
               "per_color": DECK_FACTS["per_color"], "wilds": DECK_FACTS["wilds"]}


# --- Chapter 1: a turn -----------------------------------------------------------------------

DECK_LESSON = Lesson("deck", _l("The deck and matching"), summary=_l("Play a card that matches the top card."), steps=(
    LessonStep(mid([["B2", "R8", "G4", "Y7"], ["Y3", "G6", "B9", "R1"]], ["G9", "R5"]),
         _l("UNO has %(deck)s: %(per_color)s in each of four colours, and %(wilds)s. On your "
            "turn you play one card that matches the top card of the discard pile. The top card is %(top)s: "
            "play a card of the same colour."),
         (R.DECK_COMPOSITION, R.MATCH_COLOR), (play(0, "R8"),), accept=R.MATCH_COLOR,
         wrong=(Wrong(play(0, "B2"), R.MATCH_NONE),), params={**DECK_FACTS, "top": "R5"}),
    LessonStep(mid([["G2", "B5", "Y7"], ["Y3", "G6", "B9"]], ["G9", "R5"]),
         _l("A card may also match by number, in any colour. The top card is still %(top)s: play the card "
            "with the same number."),
         (R.MATCH_NUMBER,), (play(0, "B5"),), accept=R.MATCH_NUMBER,
         wrong=(Wrong(play(0, "G2"), R.MATCH_NONE),), params={"top": "R5"}),
    LessonStep(mid([["B4", "RS", "Y1"], ["Y3", "G6", "B9"]], ["G2", "GS"]),
         _l("Action cards match by their symbol too. The top card is %(top)s: play the card with the same "
            "symbol."),
         (R.MATCH_SYMBOL,), (play(0, "RS"),), accept=R.MATCH_SYMBOL,
         wrong=(Wrong(play(0, "B4"), R.MATCH_NONE),), params={"top": "GS"}),
    LessonStep(mid([["BS", "GD2", "R3"], ["Y3", "G6", "B9"]], ["G9", "R5"]),
         _l("An action card has no number: it goes on its own colour or on its own symbol, never on a "
            "number of another colour. Try %(card)s on %(top)s, then play the one card that matches."),
         (R.MATCH_NONE, R.MATCH_COLOR), (play(0, "R3"),), accept=ANY_LEGAL,
         wrong=(Wrong(play(0, "BS"), R.MATCH_NONE), Wrong(play(0, "GD2"), R.MATCH_NONE)),
         params={"card": "BS", "top": "R5"}),
    LessonStep(mid([["Y9", "W", "B2"], ["Y3", "G6", "B9"]], ["G9", "Y4"]),
         _l("A Wild goes on any card, even when you hold a card that matches. Play the Wild and name the "
            "colour you want."),
         (R.WILD_ANY_TIME,), (play(0, "W", color="blue"),), accept=R.WILD_ANY_TIME),
    LessonStep(mid([["R0", "R7", "RS", "RR", "RD2", "W"], ["Y3", "G6", "B9"]], ["G9", "B5"]),
         _l("Each colour has %(per_color)s: one 0, %(numbers)d of each number from 1 to 9, and "
            "%(actions)d each of Skip, Reverse and Draw Two. The %(wilds)s have no colour: %(plain)s "
            "and %(fours)s. Your hand holds one card of each red kind and a Wild. None of "
            "your red cards matches %(top)s: play the card that has no colour."),
         (R.DECK_COMPOSITION, R.WILD_ANY_TIME), (play(0, "W", color="red"),), accept=R.WILD_ANY_TIME,
         wrong=(Wrong(play(0, "RS"), R.MATCH_NONE), Wrong(play(0, "R7"), R.MATCH_NONE)),
         params={**KINDS_FACTS, "top": "B5"}),
))

DRAWING_LESSON = Lesson("drawing", _l("Drawing and taking turns"), summary=_l("Wait for your turn; draw when nothing matches."), steps=(
    LessonStep(mid([["R3", "B7"], ["R9", "G1", "Y2"]], ["G9", "R5"], turn=1),
         _l("Only the player whose turn it is may play. It is %(seat1)s's turn: try a card and see, then "
            "let %(seat1)s play, and play a card of your own."),
         (R.TURN_ORDER, R.MATCH_COLOR), (play(1, "R9"), play(0, "R3")), accept=ANY_LEGAL,
         wrong=(Wrong(play(0, "R3"), R.TURN_ORDER),), params={"seat1": 1}),
    LessonStep(mid([["B2", "G7"], ["Y3", "G6", "B9"]], ["G9", "R5"], draw=["Y9", "R1", "B6"]),
         _l("None of your cards matches %(top)s, and you may play only the cards in your hand. Draw a card "
            "from the draw pile."),
         (R.MATCH_NONE, R.MOVE_NOT_IN_HAND, R.DRAW_ONE), (act(0, "draw"),),
         wrong=(Wrong(play(0, "B2"), R.MATCH_NONE), Wrong(play(0, "R9"), R.MOVE_NOT_IN_HAND)),
         params={"top": "R5"}),
    LessonStep(mid([["B2", "G7"], ["Y3", "G6", "B9"]], ["G9", "R5"], draw=["R1", "Y9", "B6"]),
         _l("Draw again. If the card you draw can be played, you may play it at once or keep it; no other "
            "card from your hand may be played after drawing."),
         (R.DRAW_ONE, R.MATCH_COLOR), (act(0, "draw"), play(0, "R1")), accept=ANY_LEGAL,
         wrong=(Wrong(play(0, "B2"), R.DRAW_ONE, at=1),)),
    LessonStep(mid([["B2", "G7"], ["Y3", "G6", "B9"]], ["B1", "G3", "Y6", "G8", "B4", "R5"], draw=[]),
         _l("The draw pile is empty. Draw anyway: the discard pile, all but its top card, is shuffled into "
            "a new draw pile."),
         (R.DRAW_RESHUFFLE, R.DRAW_ONE), (act(0, "draw"),)),
    LessonStep(mid([["R3", "B7"], ["Y3", "G6", "B9"]], ["G9", "R5"], draw=["Y1", "B6", "R8"]),
         _l("You may draw even when you hold a card that matches: %(card)s would go on %(top)s, but draw a "
            "card instead."),
         (R.DRAW_ONE,), (act(0, "draw"),), params={"card": "R3", "top": "R5"}),
    LessonStep(mid([["B2", "G7"], ["Y3", "G6", "B9"]], ["R5"], draw=[]),
         _l("Both piles can run out: the draw pile is empty, and the discard pile holds only its top card, so "
            "there is nothing to shuffle. Draw: you get no card, and your turn ends. Then choose the player who "
            "plays next."),
         (R.DRAW_RESHUFFLE, R.DRAW_ONE), (act(0, "draw"),), ask=NEXT_SEAT),
))

# --- Chapter 2: starting a round ---------------------------------------------------------------

_FOUR_HANDS = [["R2", "G6", "B1", "Y8", "RS", "G0", "B7"], ["Y1", "Y2", "G3", "B4", "R6", "G7", "B8"],
               ["Y3", "R4", "G5", "B6", "Y7", "R8", "G9"], ["B2", "Y4", "R7", "G8", "B9", "Y6", "R1"]]
DEAL = fresh_deal(_FOUR_HANDS, ["R5"], dealer=3)

SETUP_LESSON = Lesson("setup", _l("Dealing and who starts"), summary=_l("The deal, the first card and the first player."), steps=(
    LessonStep(DEAL,
         _l("UNO is played by 2 to 10 players; here there are four. To choose the dealer each player draws "
            "a card, and the highest number deals (action and wild cards count as zero; players who tie for the "
            "highest draw again): here %(seat3)s. The dealer gives everyone 7 cards and "
            "turns the next card face up to start the discard pile. The player on the dealer's left plays first, "
            "and play goes clockwise. Who plays first? Choose the player."),
         (R.SETUP_PLAYERS, R.SETUP_DEALER, R.SETUP_DEAL, R.SETUP_FIRST_PLAYER, R.FIRST_NUMBER), ask=NEXT_SEAT,
         params={"seat3": 3}),
    LessonStep(DEAL,
         _l("You sit on the left of %(seat3)s, the dealer, so you start. Play a card that matches the first "
            "card, %(top)s."),
         (R.SETUP_FIRST_PLAYER, R.MATCH_COLOR), (play(0, "R2"),), accept=ANY_LEGAL, params={"top": "R5", "seat3": 3}),
))

FIRST_CARD_LESSON = Lesson("first-card", _l("The first card"), summary=_l("What the first card turned does."), steps=(
    LessonStep(fresh_deal(_FOUR_HANDS, ["GS"], dealer=0),
         _l("You dealt, so %(seat1)s, on your left, would start. But the first card turned is a Skip: the "
            "first player loses their turn. Who plays first? Choose the player."),
         (R.FIRST_SKIP,), ask=NEXT_SEAT, params={"seat1": 1}),
    LessonStep(fresh_deal(_FOUR_HANDS, ["BR"], dealer=0),
         _l("You dealt again, and the first card is a Reverse: the dealer plays first, and play goes "
            "anticlockwise. Who plays first?"),
         (R.FIRST_REVERSE,), ask=NEXT_SEAT),
    LessonStep(fresh_deal(_FOUR_HANDS, ["BR"], dealer=0),
         _l("You start and play goes anticlockwise. Play a card, then choose the player who plays next."),
         (R.FIRST_REVERSE, R.MATCH_COLOR), (play(0, "B1"),), accept=ANY_LEGAL, ask=NEXT_SEAT),
    LessonStep(fresh_deal(_FOUR_HANDS, ["YD2"], dealer=3),
         _l("%(seat3)s dealt, so you are the first player, and the first card is a Draw Two: you draw 2 "
            "cards and lose your turn. Who plays first?"),
         (R.FIRST_DRAW_TWO,), ask=NEXT_SEAT, params={"seat3": 3}),
    LessonStep(fresh_deal(_FOUR_HANDS, ["W"], dealer=3),
         _l("%(seat3)s dealt, so you are the first player, and the first card is a Wild: the first player names "
            "the colour, then plays a card that matches it. Name green, then play a green card."),
         (R.FIRST_WILD, R.MATCH_COLOR), (act(0, "color", color="green"), play(0, "G6")), accept=ANY_LEGAL,
         params={"seat3": 3}),
    LessonStep(fresh_deal(_FOUR_HANDS, ["WD4", "Y5"], dealer=3),
         _l("%(seat3)s dealt. A Wild Draw Four may not start the discard pile: it goes back into the draw "
            "pile, and another card is turned. Who plays first?"),
         (R.FIRST_WILD_DRAW_FOUR, R.FIRST_NUMBER), ask=NEXT_SEAT, params={"seat3": 3}),
))

# --- Chapter 3: action cards -------------------------------------------------------------------

_OTHERS = [["Y3", "G6", "B9"], ["G1", "Y5", "B3"], ["Y2", "G4", "B8"]]

SKIP_REVERSE_LESSON = Lesson("skip-reverse", _l("Skip and Reverse: who plays next"), summary=_l("Follow play round the table."), steps=(
    LessonStep(mid([["RS", "B3", "G8"], *_OTHERS], ["G9", "R2"]),
         _l("Four players, play goes clockwise. Play your Skip, then choose the player who plays next."),
         (R.SKIP_EFFECT,), (play(0, "RS"),), ask=NEXT_SEAT, wrong=(Wrong(play(0, "B3"), R.MATCH_NONE),)),
    LessonStep(mid([["BR", "Y1", "G6"], *_OTHERS], ["G9", "B7"]),
         _l("A Reverse turns play the other way. Play it, then choose the player who plays next."),
         (R.REVERSE_EFFECT,), (play(0, "BR"),), ask=NEXT_SEAT),
    LessonStep(mid([["GR", "R6", "Y8"], *_OTHERS], ["R9", "G4"], direction=-1),
         _l("Now play goes anticlockwise. Play the Reverse: who plays next?"),
         (R.REVERSE_EFFECT,), (play(0, "GR"),), ask=NEXT_SEAT),
    LessonStep(mid([["YS", "R6", "G8"], _OTHERS[0], _OTHERS[1]], ["R9", "Y4"], direction=-1),
         _l("Three players, and play goes anticlockwise. Play the Skip: who plays next?"),
         (R.SKIP_EFFECT,), (play(0, "YS"),), ask=NEXT_SEAT),
))

DRAW_CARDS_LESSON = Lesson("draw-cards", _l("Draw Two and Wild Draw Four"), summary=_l("Make the next player draw."), steps=(
    LessonStep(mid([["YD2", "B5", "R1"], *_OTHERS], ["G9", "Y6"]),
         _l("Play the Draw Two: the next player draws 2 cards and loses their turn. Then choose the player "
            "who plays next."),
         (R.DRAW_TWO_EFFECT,), (play(0, "YD2"),), ask=NEXT_SEAT),
    LessonStep(mid([["WD4", "B5", "G1"], *_OTHERS], ["G9", "R7"]),
         _l("The restriction: a Wild Draw Four is to be played only when you hold no card of the colour in "
            "play. The colour is %(color)s and you hold none, so this is no bluff: play the Wild Draw Four and "
            "name a colour."),
         (R.WILD_DRAW_FOUR_RESTRICTION,), (play(0, "WD4", color="blue"),), accept=R.WILD_DRAW_FOUR_RESTRICTION,
         params={"color": "red"}),
    LessonStep(mid([["R1", "B5", "G1"], *_OTHERS[:2], ["WD4", "Y2", "G4"]], ["G9", "R7"], turn=3),
         _l("%(seat3)s is about to play a Wild Draw Four on you: let them play. Accept it: you draw 4 cards "
            "and lose your turn. Then choose the player who plays next."),
         (R.WILD_DRAW_FOUR_EFFECT,), (play(3, "WD4", color="yellow"), act(0, "accept")), ask=NEXT_SEAT,
         params={"seat3": 3}),
))

CHALLENGE_LESSON = Lesson("challenge", _l("Challenging a Wild Draw Four"), summary=_l("Catch a bluff, or pay for a wrong guess."), steps=(
    LessonStep(mid([["B1", "G5", "Y8"], *_OTHERS[:2], ["WD4", "R3", "G4"]], ["G9", "R7"], turn=3),
         _l("%(seat3)s is about to play a Wild Draw Four on you: let them play. If they held a card of the "
            "colour in play, it was a bluff, and a challenge makes %(seat3)s draw 4 cards instead of you: you "
            "keep your turn, and the colour they named stands. Challenge it, then choose the player who plays "
            "next."),
         (R.WILD_DRAW_FOUR_CHALLENGE,), (play(3, "WD4", color="blue"), act(0, "challenge")), ask=NEXT_SEAT,
         wrong=(Wrong(play(0, "B1"), R.WILD_DRAW_FOUR_CHALLENGE, at=1),), params={"seat3": 3}),
    LessonStep(mid([["B1", "G5", "Y8"], *_OTHERS[:2], ["WD4", "Y3", "G4"]], ["G9", "R7"], turn=3),
         _l("Let %(seat3)s play another Wild Draw Four, and challenge it again: see what a wrong guess costs."),
         (R.WILD_DRAW_FOUR_CHALLENGE,), (play(3, "WD4", color="blue"), act(0, "challenge")), ask=NEXT_SEAT,
         params={"seat3": 3}),
    LessonStep(mid([["WD4", "R2", "B9"], *_OTHERS], ["G9", "R6"]),
         _l("Now you hold %(card)s, a card of the colour in play, so a Wild Draw Four would be a bluff: it is "
            "allowed, but it breaks the restriction, and it is punished only if %(seat1)s challenges it. The "
            "card is marked «!». Play it anyway and see."),
         (R.WILD_DRAW_FOUR_CHALLENGE,), (play(0, "WD4", color="yellow"), act(1, "challenge")),
         accept=R.WILD_DRAW_FOUR_CHALLENGE, params={"card": "R2", "seat1": 1}, hints=True),
))

TWO_PLAYERS_LESSON = Lesson("two-players", _l("Two players"), summary=_l("Reverse and Skip when only two play."), steps=(
    LessonStep(mid([["RR", "G2", "B5"], ["Y3", "G6", "B9"]], ["G9", "R4"]),
         _l("With two players, a Reverse works like a Skip. Play it: who plays next?"),
         (R.REVERSE_TWO_PLAYERS,), (play(0, "RR"),), ask=NEXT_SEAT),
    LessonStep(mid([["GS", "Y2", "B5"], ["Y3", "G6", "B9"]], ["R9", "G4"]),
         _l("And a Skip with two players: play it. Who plays next?"),
         (R.SKIP_EFFECT,), (play(0, "GS"),), ask=NEXT_SEAT),
))

# --- Chapter 4: the end of a round -------------------------------------------------------------

UNO_LESSON = Lesson("uno", _l("Calling UNO"), summary=_l("Call UNO, and catch those who forget."), steps=(
    LessonStep(mid([["R3", "G7"], *_OTHERS[:2]], ["G9", "R5"]),
         _l("You hold two cards. As you play your next-to-last card you must call UNO: tick “Call UNO as I "
            "play”, then play %(card)s."),
         (R.UNO_CALL,), (play(0, "R3", uno=True),), params={"card": "R3"}),
    LessonStep(mid([["R3", "G7"], *_OTHERS[:2]], ["G9", "R5"]),
         _l("This time play %(card)s without calling UNO. You can still call it late, before anyone catches "
            "you and before the next player acts: then call UNO."),
         (R.UNO_CALL,), (play(0, "R3"), act(0, "uno")), params={"card": "R3"}),
    LessonStep(mid([["Y1", "G5", "R8"], ["B4", "B8"], _OTHERS[1]], ["G9", "B2"], turn=1),
         _l("Let %(seat1)s play: they play their next-to-last card and forget to call UNO. Catch them before "
            "the next player acts."),
         (R.UNO_CATCH,), (play(1, "B4"), act(0, "catch", target=1)),
         wrong=(Wrong(play(0, "Y1"), R.TURN_ORDER, at=1),), params={"seat1": 1}),
    LessonStep(mid([["Y1", "B7", "R8"], _OTHERS[1], ["B4", "B8"]], ["G9", "B2"], turn=2),
         _l("Let %(seat2)s play: they play their next-to-last card and call UNO. Catching a player who "
            "called UNO is a wrong catch: try it and see, then play a card."),
         (R.UNO_CATCH, R.MATCH_COLOR), (play(2, "B4", uno=True), play(0, "B7")), accept=ANY_LEGAL,
         wrong=(Wrong(act(0, "catch", target=2), R.UNO_CATCH, at=1),), params={"seat2": 2}, catches=True),
    LessonStep(mid([["Y1", "B7", "R8"], ["B4", "B8"], _OTHERS[1]], ["G9", "B2"], turn=1),
         _l("Let %(seat1)s and %(seat2)s play: %(seat1)s forgets to call UNO, and nobody catches them before "
            "%(seat2)s plays. Now it is too late, and %(seat1)s draws nothing: try to catch them and see, then "
            "play a card."),
         (R.UNO_CATCH, R.MATCH_COLOR), (play(1, "B4"), play(2, "B3"), play(0, "B7")), accept=ANY_LEGAL,
         wrong=(Wrong(act(0, "catch", target=1), R.UNO_CATCH, at=1),), params={"seat1": 1, "seat2": 2},
         catches=True),
))

SCORING_LESSON = Lesson("scoring", _l("Scoring"), summary=_l("Count the points of a round."), steps=(
    LessonStep(mid([["G3"], ["Y7", "BS", "W"], ["R2", "B9", "G0"]], ["R9", "G8"]),
         _l("Play your last card to win the round. The winner scores the cards left in the other hands: "
            "how many points do you score?"),
         (R.ROUND_END, R.SCORE_VALUES, R.SCORE_WINNER_COLLECTS), (play(0, "G3"),), ask=POINTS,
         facts=(R.SCORE_VALUES,)),
    LessonStep(mid([["BD2"], ["R4", "Y5"], ["G2", "Y9"]], ["R9", "B3"], draw=["G6", "Y1", "R7"]),
         _l("If your last card is a Draw Two, the next player still draws 2 cards, and they count too. Play "
            "it: how many points do you score?"),
         (R.ROUND_END, R.SCORE_WINNER_COLLECTS), (play(0, "BD2"),), ask=POINTS, facts=(R.SCORE_VALUES,)),
    LessonStep(mid([["WD4"], ["R4", "Y5"], ["G2", "Y9"]], ["G9", "Y6"], draw=["G6", "Y1", "R7", "B2", "R1"]),
         _l("Your last card may be an action card or a wild card, and it still acts. Here it is a Wild Draw Four: "
            "the next player draws 4 cards, and they count too. Play it and name a colour: how many points do "
            "you score?"),
         (R.ROUND_END, R.WILD_DRAW_FOUR_EFFECT), (play(0, "WD4", color="red"),), accept=ANY_LEGAL, ask=POINTS,
         facts=(R.SCORE_VALUES,)),
    LessonStep({**mid([["G3"], ["BR", "Y5"], ["G7", "W"], ["R2", "B9"]], ["R9", "G8"], direction=-1), "dealer": 1,
          "scores": [380, 215, 460, 95]},
         _l("A game has many rounds. Each round's points are added to the winner's game total, shown under each "
            "player, and the first to reach 500 points wins the game. Until then, after each round the deal "
            "passes to the left, clockwise. %(seat1)s dealt this round, and a Reverse has turned play "
            "anticlockwise. Play your last card: who deals the next round?"),
         (R.SETUP_DEALER, R.SCORE_WINNER_COLLECTS), (play(0, "G3"),), ask=NEXT_DEALER,
         facts=(R.SCORE_WINNER_COLLECTS,), params={"seat1": 1}),
    LessonStep(mid([["Y2"], ["R9", "GS"], ["WD4", "B1"]], ["G9", "Y6"], rules={"preset": "official", "scoring": "tally-lowest"}),
         _l("The other official scoring, which both Arabic guides use: each player is charged the cards left "
            "in their own hand, and when someone reaches 500 the lowest total wins. Play your last card: how "
            "many points is %(seat1)s charged?"),
         (R.ROUND_END, R.SCORE_TALLY_LOWEST), (play(0, "Y2"),), ask=POINTS, ask_seat=1, facts=(R.SCORE_VALUES,),
         params={"seat1": 1}),
    LessonStep({**mid([["B6"], ["YS", "B9", "R6"], ["B4", "G8"]], ["R1", "Y6"],
                rules={"preset": "official", "scoring": "tally-lowest"}), "dealer": 2, "scores": [430, 470, 380]},
         _l("With the same scoring, the cards left in each hand are added to that player's own game total, shown "
            "under each player. The game ends as soon as a total reaches 500 points, and then the lowest "
            "total wins. Play your last card: who wins the game?"),
         (R.SCORE_TALLY_LOWEST,), (play(0, "B6"),), ask=GAME_WINNER, facts=(R.SCORE_TALLY_LOWEST,)),
))

GUIDED_DEAL = fresh_deal([["R2", "R6", "GS", "B6", "YR", "W", "G7"], ["Y4", "B2", "G1", "R8", "YD2", "B5", "G9"],
                          ["B3", "Y9", "R1", "G4", "BS", "Y0", "RD2"]], ["R4"], dealer=2, seed="guided")

GUIDED_LESSON = Lesson("guided-round", _l("A whole round"), summary=_l("Play a round through; every decision is yours."), steps=(
    LessonStep(GUIDED_DEAL,
         _l("A whole round against two bots, from the deal to the points. Every decision is yours: play, "
            "draw, name colours, call UNO. The cards you may play are marked."),
         (R.SETUP_DEAL, R.SETUP_FIRST_PLAYER, R.ROUND_END, R.SCORE_WINNER_COLLECTS), guided=True, hints=True),
))

# --- Chapter 5: house rules and the Arabic guides' variants -------------------------------------------

HOUSE_RULES_LESSON = Lesson("house-rules", _l("House rules"), summary=_l("Stacking, seven-zero, drawing until you can play."), steps=(
    LessonStep(mid([["BD2", "Y5", "G3"], _OTHERS[0], ["RD2", "G1", "B7"]], ["G9", "R4"], turn=2,
             rules={"preset": "official", "stacking": True}),
         _l("A house rule, not an official one: with stacking, a Draw Two may be answered with a Draw Two, "
            "and the penalty passes on. Let %(seat2)s play a Draw Two on you, then stack yours."),
         (R.STACKING,), (play(2, "RD2"), play(0, "BD2")), params={"seat2": 2}),
    LessonStep(mid([["R7", "B1", "G2", "Y3", "Y4"], ["G6", "B9", "R3"], ["G5"]], ["G9", "R1"],
             rules={"preset": "official", "seven_zero": True}),
         _l("The seven-zero house rule: a 7 swaps your hand with the hand of a player you choose. %(seat2)s "
            "has one card left: play your 7 and swap hands with %(seat2)s."),
         (R.SEVEN_ZERO,), (play(0, "R7", target=2),), params={"seat2": 2}),
    LessonStep(mid([["G0", "B1", "Y3", "Y4"], ["G6", "B9"], ["G5", "R3", "B2"]], ["G9", "G1"],
             rules={"preset": "official", "seven_zero": True}),
         _l("With the same house rule, a 0 passes every hand on to the next player, in the direction of "
            "play. Play the 0."),
         (R.SEVEN_ZERO,), (play(0, "G0"),)),
    LessonStep(mid([["B2", "G7"], _OTHERS[0]], ["G9", "R5"], draw=["Y1", "B6", "R8", "G3"],
             rules={"preset": "official", "draw": "until-playable"}),
         _l("A house rule that the long Arabic guide makes the rule: you keep drawing until you get a card "
            "you can play. Draw."),
         (R.DRAW_UNTIL_PLAYABLE,), (act(0, "draw"),)),
))

GUIDES_LESSON = Lesson("guides", _l("The Arabic guides' rules"), summary=_l("Where the two Arabic guides differ."), steps=(
    LessonStep(mid([["Y1", "G5", "R8"], ["B4", "B8"], _OTHERS[1]], ["G9", "B2"], turn=1, rules="guide-long"),
         _l("The long Arabic guide puts two blank cards in the deck, to replace lost ones; the standard game "
            "does not use them. It also makes a forgotten UNO cost 4 cards, not 2. Let %(seat1)s play, and "
            "catch them when they forget."),
         (R.DECK_BLANK, R.UNO_CATCH), (play(1, "B4"), act(0, "catch", target=1)), params={"seat1": 1}),
    LessonStep(mid([["WD4", "R2", "B9"], *_OTHERS], ["G9", "R6"], rules="guide-short"),
         _l("The short Arabic guide has no challenge, so a Wild Draw Four may never be played while you hold "
            "a card of the colour in play. Try it, then play a card that matches."),
         (R.WILD_DRAW_FOUR_RESTRICTION, R.MATCH_COLOR), (play(0, "R2"),), accept=ANY_LEGAL,
         wrong=(Wrong(play(0, "WD4", color="blue"), R.WILD_DRAW_FOUR_RESTRICTION),)),
    LessonStep(fresh_deal(_FOUR_HANDS, ["W", "G2"], dealer=3, rules="guide-short"),
         _l("%(seat3)s dealt. In the short Arabic guide a Wild turned first goes back into the draw pile, and "
            "another card is turned. Who plays first?"),
         (R.FIRST_WILD, R.FIRST_NUMBER), ask=NEXT_SEAT, params={"seat3": 3}),
))

CHAPTERS: tuple[Chapter, ...] = (
    Chapter("turn", _l("A turn"), (DECK_LESSON, DRAWING_LESSON)),
    Chapter("start", _l("Starting a round"), (SETUP_LESSON, FIRST_CARD_LESSON)),
    Chapter("action", _l("Action cards"), (SKIP_REVERSE_LESSON, DRAW_CARDS_LESSON, CHALLENGE_LESSON,
                                           TWO_PLAYERS_LESSON)),
    Chapter("end", _l("The end of a round"), (UNO_LESSON, SCORING_LESSON, GUIDED_LESSON)),
    Chapter("variants", _l("House rules and the Arabic guides' variants"), (HOUSE_RULES_LESSON, GUIDES_LESSON),
            variants=True),
)
