"""The rule summary and the card reference's words: one sentence per rule, by rule id.

Most sentences are the catalogue's own (``said``: the sentence app.wording gives a rule's verdict),
so the handout says what the table and the check API say; the few written for the handouts take
their numbers from the engine (RULE_FACTS), never typed. Each section is a rules page: its title
is the page's, and on screen it links there.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import lazy_gettext as _l, lazy_ngettext

from app.engine.cards import Kind
from app.engine.rules import Rule
from app.pages.rulefacts import RULE_FACTS
from app.wording import VERDICTS, Message


def said(rule: Rule, legal: bool = True) -> Message:
    """The catalogue's sentence for a verdict of ``rule`` (one without parameters)."""
    return VERDICTS[rule, legal, None]


@dataclass(frozen=True)
class Line:
    """One rule in a sentence, with the cards it is about (drawn beside it)."""

    rule: Rule
    text: object  # a message: str() gives it in the reader's language
    cards: tuple[str, ...] = ()


AIM = _l("The aim: be the first to play all your cards.")
DRAW = _l("Can't play, or would rather not? Draw one card: if it can be played, you may play it at once; "
          "if not, your turn ends.")
WILD = _l("A Wild may be played on any card; whoever plays it names the colour in play.")
WILD_DRAW_FOUR_ONLY_IF = _l("You name the colour. Playing it while you hold a card of the colour in play is a bluff, "
                            "punished only if challenged.")
NUMBER = _l("No special effect: play it on a card of the same colour or the same number.")
CHALLENGE_GUILTY = lazy_ngettext(
    "The player who played it then shows their hand: if it holds a card of the colour that was in play, they draw "
    "%(num)d card themselves and the challenger plays.",
    "The player who played it then shows their hand: if it holds a card of the colour that was in play, they draw "
    "%(num)d cards themselves and the challenger plays.",
    RULE_FACTS["draw_four"])
CHALLENGE_FAILED = lazy_ngettext(
    "If not, the challenger draws %(num)d card and loses their turn.",
    "If not, the challenger draws %(num)d cards and loses their turn.",
    RULE_FACTS["challenge_failed"])
UNO_CAUGHT = lazy_ngettext(
    "Forgot, and another player catches you before the next player acts? You draw %(num)d card.",
    "Forgot, and another player catches you before the next player acts? You draw %(num)d cards.",
    RULE_FACTS["uno_penalty"])

# What each kind of card does when played (the card reference's "What it does", the summary's action cards).
EFFECTS: dict[Kind, tuple[Line, ...]] = {
    Kind.NUMBER: (Line(Rule.MATCH_NUMBER, NUMBER),),
    Kind.SKIP: (Line(Rule.SKIP_EFFECT, said(Rule.SKIP_EFFECT), ("GS",)),),
    Kind.REVERSE: (Line(Rule.REVERSE_EFFECT, said(Rule.REVERSE_EFFECT), ("BR",)),
                   Line(Rule.REVERSE_TWO_PLAYERS, said(Rule.REVERSE_TWO_PLAYERS))),
    Kind.DRAW_TWO: (Line(Rule.DRAW_TWO_EFFECT, said(Rule.DRAW_TWO_EFFECT, legal=False), ("YD2",)),),
    Kind.WILD: (Line(Rule.WILD_ANY_TIME, WILD, ("W",)),),
    Kind.WILD_DRAW_FOUR: (Line(Rule.WILD_DRAW_FOUR_EFFECT, said(Rule.WILD_DRAW_FOUR_EFFECT, legal=False), ("WD4",)),
                          Line(Rule.WILD_DRAW_FOUR_RESTRICTION, WILD_DRAW_FOUR_ONLY_IF)),
}

# What each kind does when it is the first card turned (first.*).
TURNED_FIRST: dict[Kind, Line] = {
    Kind.NUMBER: Line(Rule.FIRST_NUMBER, said(Rule.FIRST_NUMBER)),
    Kind.SKIP: Line(Rule.FIRST_SKIP, said(Rule.FIRST_SKIP), ("RS",)),
    Kind.REVERSE: Line(Rule.FIRST_REVERSE, said(Rule.FIRST_REVERSE), ("GR",)),
    Kind.DRAW_TWO: Line(Rule.FIRST_DRAW_TWO, said(Rule.FIRST_DRAW_TWO), ("BD2",)),
    Kind.WILD: Line(Rule.FIRST_WILD, said(Rule.FIRST_WILD, legal=False), ("W",)),
    Kind.WILD_DRAW_FOUR: Line(Rule.FIRST_WILD_DRAW_FOUR, said(Rule.FIRST_WILD_DRAW_FOUR), ("WD4",)),
}


@dataclass(frozen=True)
class Section:
    page: str  # the rules page it sums up (its title is the heading)
    lines: tuple[Line, ...]


# The one-page summary, in the order of a game. The turn's example (MATCHING) is judged by the engine.
SECTIONS: tuple[Section, ...] = (
    Section("rules/setup", (
        Line(Rule.SETUP_PLAYERS, said(Rule.SETUP_PLAYERS)),
        Line(Rule.SETUP_DEALER, said(Rule.SETUP_DEALER)),
        Line(Rule.SETUP_DEAL, said(Rule.SETUP_DEAL)),
        Line(Rule.SETUP_FIRST_PLAYER, said(Rule.SETUP_FIRST_PLAYER)),
    )),
    Section("rules/turn", (
        Line(Rule.MATCH_COLOR, said(Rule.MATCH_COLOR, legal=False)),
        Line(Rule.DRAW_ONE, DRAW),
        Line(Rule.DRAW_RESHUFFLE, said(Rule.DRAW_RESHUFFLE)),
    )),
    Section("rules/action-cards", tuple(line for kind in Kind if kind is not Kind.NUMBER for line in EFFECTS[kind])),
    Section("rules/challenge", (
        Line(Rule.WILD_DRAW_FOUR_CHALLENGE, said(Rule.WILD_DRAW_FOUR_CHALLENGE, legal=False)),
        Line(Rule.WILD_DRAW_FOUR_CHALLENGE, CHALLENGE_GUILTY),
        Line(Rule.WILD_DRAW_FOUR_CHALLENGE, CHALLENGE_FAILED),
    )),
    Section("rules/first-card", tuple(TURNED_FIRST[kind] for kind in Kind if kind is not Kind.NUMBER)),
    Section("rules/uno", (
        Line(Rule.UNO_CALL, said(Rule.UNO_CALL, legal=False)),
        Line(Rule.UNO_CATCH, UNO_CAUGHT),
    )),
    Section("rules/scoring", (
        Line(Rule.ROUND_END, said(Rule.ROUND_END)),
        Line(Rule.SCORE_VALUES, said(Rule.SCORE_VALUES)),
        Line(Rule.SCORE_WINNER_COLLECTS, said(Rule.SCORE_WINNER_COLLECTS)),
    )),
)

# The turn's example: seat 0's hand on this top card, each card's verdict from the engine.
MATCHING = {"hands": [["R9", "B5", "GS", "W", "G2"], ["Y1"]], "discard": ["R5"]}
