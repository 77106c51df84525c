"""Myths: what players often believe about UNO, each with a position that tests it and the sources
compared (the official rules, the long and the short Arabic guide: the sources page). The engine
plays the position under each source's rule set (the presets of app.engine.rules encode the
guides; where a guide is silent its preset follows the official rules); the answer is the
official run. ``says`` is what a source states, in a few words; where the engine's run under the
source's rules says it all (a number of cards), it is left out.
"""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from app.engine.rules import Rule as R

from . import positions as P
from .notation import act, first_card, play
from .question import Drawn, LastVerdict, Myth, QuizItem, Source

MYTHS: tuple[QuizItem, ...] = (
    QuizItem("myth-stacking", Myth(
        _l("When a Draw Two is played on you, you may play a Draw Two of your own and pass the cards on."),
        LastVerdict(), "legal", (
            Source("official", "official", _l("Not allowed: Mattel, the maker of UNO, said so publicly in 2019.")),
            Source("guide-long", "guide-long", _l("Not mentioned.")),
            Source("guide-short", "guide-short", _l("Not mentioned.")),
            Source("house-rule", {"stacking": True}, _l("Stacking: a house rule some groups play.")),
        )),
        P.DRAW_TWO_ANSWERED, (play(0, "RD2"), play(1, "GD2")), rules=(R.STACKING, R.DRAW_TWO_EFFECT)),
    QuizItem("myth-wild-draw-four-any-time", Myth(
        _l("You may play a Wild Draw Four at any time, like a Wild."),
        LastVerdict(), "legal", (
            Source("official", "official",
                   _l("Only when you hold no card of the colour in play; the next player may challenge it.")),
            Source("guide-long", "guide-long",
                   _l("Only when you hold no matching card; a player who plays it unfairly loses a turn.")),
            Source("guide-short", "guide-short", _l("No restriction and no challenge described.")),
        )),
        P.BLUFF, (play(0, "WD4", color="blue"),), rules=(R.WILD_DRAW_FOUR_RESTRICTION, R.WILD_DRAW_FOUR_CHALLENGE)),
    QuizItem("myth-uno-four-cards", Myth(
        _l("A player caught without calling UNO draws 4 cards."),
        Drawn(0), 4, (Source("official", "official"), Source("guide-long", "guide-long"),
                      Source("guide-short", "guide-short"))),
        P.MISSED_UNO, (play(0, "R7"), act(2, "catch", target=0)), rules=(R.UNO_CATCH,)),
    QuizItem("myth-draw-until-playable", Myth(
        _l("When you can't play, you keep drawing until you get a card you can play."),
        Drawn(0), 3, (
            Source("official", "official",
                   _l("Draw one card and play it if you can; drawing on is only a house rule.")),
            Source("guide-long", "guide-long", _l("Keep drawing until you can play.")),
            Source("guide-short", "guide-short", _l("Draw from the draw pile; no more is said.")),
        )),
        P.DRAWING_ON, (act(0, "draw"),), rules=(R.DRAW_ONE, R.DRAW_UNTIL_PLAYABLE)),
    QuizItem("myth-first-wild-draw-four", Myth(
        _l("If the first card turned is a Wild Draw Four, the first player draws 4 cards and loses their turn."),
        Drawn(1), 4, (
            Source("official", "official", _l("It goes back into the draw pile and another card is turned.")),
            Source("guide-long", "guide-long", _l("Not covered.")),
            Source("guide-short", "guide-short", _l("It goes back into the draw pile and another card is turned.")),
        )),
        first_card("WD4", "G5"), rules=(R.FIRST_WILD_DRAW_FOUR,)),
)
