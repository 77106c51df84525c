"""Words for the engine's values: verdicts, events, cards, colours, seats and API errors.

The engine answers with rule ids and parameters, never sentences; this module turns them into a
sentence in the request's language. Every sentence lives in one of the tables below (``_l`` for
plain messages, ``_ln`` for messages with plural forms), translated in the catalogues and
formatted at call time with the current locale. Parameters are localised by their name: cards
(``card``, ``top``, ``held``, ``cards``) become card names, colours (``color``,
``named``) colour words, seats (``seat``, ``turn``, ``target``, ``offender``, ``winner``,
``dealer``) seat names, a list of seats (``winners``) their names, and ``others`` all but the
first; counts choose the plural form. Messages are plain text: the templates
add the HTML (``<bdi>`` around card names).

Public: card_name, color_name (a colour alone), color_word (a colour inside a sentence),
kind_name, seat_name, seat_list, word_list, list_joints, rule_title, verdict_state, verdict_label,
verdict_message, hint_message, event_message, error_message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from babel.lists import format_list
from flask_babel import get_translations

from .engine.cards import Card, Color, InvalidCardError, Kind, card as parse_card
from .engine.rules import Rule
from .engine.verdict import Event, Verdict
from .i18n import current_language, locale_of


@dataclass(frozen=True, eq=False)
class Text:
    """A message without plural forms, translated when it is used, like lazy_gettext's strings;
    unlike them its ``msgid`` can be read (``WORDED_PARAMS`` lists the parameters it names)."""

    msgid: str
    context: str | None = None  # tells apart one English word with two translations

    def __str__(self) -> str:
        if self.context:
            return get_translations().upgettext(self.context, self.msgid)
        return get_translations().ugettext(self.msgid)


_l = Text  # marks the message for extraction (keyword ``_l`` in app.i18n)


def _lc(context: str, msgid: str) -> Text:
    """A message with a context (keyword ``_lc:1c,2``): "Wild" the card's name, in Arabic in
    «…», is not "Wild" the kind of card in a heading, nor "Draw Two" the rule's title, which in a
    list of rules («السبب: مطابقة اللون وبطاقة «اسحب 2»») must not read as an order."""
    return Text(msgid, context)


@dataclass(frozen=True)
class Plural:
    """A message with plural forms; ``params[key]`` chooses the form (and is ``%(num)d``)."""

    singular: str
    plural: str
    key: str = "count"

    def __call__(self, params: Mapping[str, Any], language: str | None = None) -> str:
        count = params[self.key]
        return _text(language or current_language(), self, count) % {"num": count, **params}  # as ngettext does


def _ln(singular: str, plural: str, key: str = "count") -> Plural:
    """Mark a plural message for extraction (keyword ``_ln:1,2`` in app.i18n)."""
    return Plural(singular, plural, key)


Message = Text | Plural  # from _l or _ln

# --- cards, colours, kinds, seats ----------------------------------------------------------

# TRANSLATORS: card names, as on the card's accessible label and in sentences.
NUMBER_CARDS = {
    Color.RED: _l("Red %(number)s"), Color.YELLOW: _l("Yellow %(number)s"),
    Color.GREEN: _l("Green %(number)s"), Color.BLUE: _l("Blue %(number)s"),
}
ACTION_CARDS = {
    (Color.RED, Kind.SKIP): _l("Red Skip"), (Color.YELLOW, Kind.SKIP): _l("Yellow Skip"),
    (Color.GREEN, Kind.SKIP): _l("Green Skip"), (Color.BLUE, Kind.SKIP): _l("Blue Skip"),
    (Color.RED, Kind.REVERSE): _l("Red Reverse"), (Color.YELLOW, Kind.REVERSE): _l("Yellow Reverse"),
    (Color.GREEN, Kind.REVERSE): _l("Green Reverse"), (Color.BLUE, Kind.REVERSE): _l("Blue Reverse"),
    (Color.RED, Kind.DRAW_TWO): _l("Red Draw Two"), (Color.YELLOW, Kind.DRAW_TWO): _l("Yellow Draw Two"),
    (Color.GREEN, Kind.DRAW_TWO): _l("Green Draw Two"), (Color.BLUE, Kind.DRAW_TWO): _l("Blue Draw Two"),
    (None, Kind.WILD): _lc("card name", "Wild"), (None, Kind.WILD_DRAW_FOUR): _lc("card name", "Wild Draw Four"),
}
# TRANSLATORS: a colour on its own (a button, a label).
COLOR_NAMES = {Color.RED: _l("Red"), Color.YELLOW: _l("Yellow"), Color.GREEN: _l("Green"),
               Color.BLUE: _l("Blue")}
# TRANSLATORS: a colour inside a sentence, e.g. after "the colour".
COLOR_WORDS = {Color.RED: _l("red"), Color.YELLOW: _l("yellow"), Color.GREEN: _l("green"),
               Color.BLUE: _l("blue")}
KIND_NAMES = {
    Kind.NUMBER: _l("Number cards"), Kind.SKIP: _l("Skip"), Kind.REVERSE: _l("Reverse"),
    Kind.DRAW_TWO: _l("Draw Two"), Kind.WILD: _l("Wild"), Kind.WILD_DRAW_FOUR: _l("Wild Draw Four"),
}
DIRECTIONS = {1: _l("clockwise"), -1: _l("anticlockwise")}
FIELDS = {
    "scenario": _l("the scenario"), "hands": _l("the hands"), "discard": _l("the discard pile"),
    "draw_pile": _l("the draw pile"), "deck": _l("the deck"), "seed": _l("the seed"),
    "dealer": _l("the dealer"), "turn": _l("the turn"),
    # The parts of a move (the check API's and the practice API's "bad-move").
    "move": _l("the move"), "seat": _l("the seat"), "action": _l("the action"), "card": _l("the card"),
    "color": _l("the colour"), "target": _l("the target player"), "uno": _l("the UNO call"),
}
PLAYER = _l("Player %(number)s")
# TRANSLATORS: what a card must share with the top card, in "it matches the number (5)".
FACE_NUMBER = _l("the number (%(number)s)")
# TRANSLATORS: as above for action cards and wilds: "it matches the symbol (Skip)".
FACE_SYMBOL = _l("the symbol (%(kind)s)")
# TRANSLATORS: one entry of a list such as "Player 1: Red 5" or "Player 2: 35".
PAIR = _l("%(name)s: %(value)s")
NO_COLOR = _l("no colour")

# --- rule titles ---------------------------------------------------------------------------

RULE_TITLES: dict[Rule, Message] = {
    Rule.DECK_COMPOSITION: _l("The 108-card deck"),
    Rule.DECK_BLANK: _l("Blank cards"),
    Rule.SETUP_DEALER: _l("Choosing the dealer"),
    Rule.SETUP_DEAL: _l("The deal"),
    Rule.SETUP_FIRST_PLAYER: _l("Who starts"),
    Rule.SETUP_PLAYERS: _l("Number of players"),
    Rule.FIRST_NUMBER: _l("First card: a number"),
    Rule.FIRST_SKIP: _l("First card: Skip"),
    Rule.FIRST_REVERSE: _l("First card: Reverse"),
    Rule.FIRST_DRAW_TWO: _l("First card: Draw Two"),
    Rule.FIRST_WILD: _l("First card: Wild"),
    Rule.FIRST_WILD_DRAW_FOUR: _l("First card: Wild Draw Four"),
    Rule.TURN_ORDER: _l("Taking turns"),
    Rule.MATCH_COLOR: _l("Matching the colour"),
    Rule.MATCH_NUMBER: _l("Matching the number"),
    Rule.MATCH_SYMBOL: _l("Matching the symbol"),
    Rule.MATCH_NONE: _l("No match"),
    Rule.WILD_ANY_TIME: _l("Wild: any time"),
    Rule.DRAW_ONE: _l("Drawing a card"),
    Rule.DRAW_UNTIL_PLAYABLE: _l("Drawing until you can play"),
    Rule.DRAW_RESHUFFLE: _l("Reshuffling the discard pile"),
    Rule.SKIP_EFFECT: _lc("rule title", "Skip"),
    Rule.REVERSE_EFFECT: _lc("rule title", "Reverse"),
    Rule.REVERSE_TWO_PLAYERS: _l("Reverse with two players"),
    Rule.DRAW_TWO_EFFECT: _lc("rule title", "Draw Two"),
    Rule.WILD_DRAW_FOUR_EFFECT: _lc("rule title", "Wild Draw Four"),
    Rule.WILD_DRAW_FOUR_RESTRICTION: _l("When Wild Draw Four may be played"),
    Rule.WILD_DRAW_FOUR_CHALLENGE: _l("Challenging a Wild Draw Four"),
    Rule.STACKING: _l("Stacking (house rule)"),
    Rule.SEVEN_ZERO: _l("Seven-zero (house rule)"),
    Rule.UNO_CALL: _l("Calling UNO"),
    Rule.UNO_CATCH: _l("Catching a missed UNO"),
    Rule.ROUND_END: _l("End of the round"),
    Rule.SCORE_VALUES: _l("Card values"),
    Rule.SCORE_WINNER_COLLECTS: _l("Scoring: the winner collects"),
    Rule.SCORE_TALLY_LOWEST: _l("Scoring: lowest total wins"),
    Rule.MOVE_NOT_IN_HAND: _l("Only cards in your hand"),
}

# --- verdicts: (rule, legal, case) -> message, addressed to the mover ------------------------

VERDICTS: dict[tuple[Rule, bool, str | None], Message] = {
    (Rule.DECK_COMPOSITION, True, None): _l(
        "The deck has 108 cards: in each of four colours one 0, two of each number from 1 to 9, two Skip, "
        "two Reverse and two Draw Two; plus 4 Wild and 4 Wild Draw Four."),
    (Rule.DECK_COMPOSITION, False, None): _l(
        "That is not a UNO deck: it must hold exactly 108 cards, each in its right number of copies."),
    (Rule.DECK_BLANK, True, None): _l(
        "Some editions add blank cards you can write your own rule on; the standard game does not use them."),
    (Rule.DECK_BLANK, False, None): _l("Blank cards are not part of the standard game."),
    (Rule.SETUP_DEALER, True, None): _l(
        "Each player draws a card and the highest number deals; action cards count as zero."),
    (Rule.SETUP_DEALER, False, None): _l("The dealer is chosen by a draw, not by choice."),
    (Rule.SETUP_DEAL, True, None): _l(
        "The dealer gives each player 7 cards; the rest form the draw pile and its top card starts the "
        "discard pile."),
    (Rule.SETUP_DEAL, False, None): _l("Each player must start with exactly 7 cards."),
    (Rule.SETUP_FIRST_PLAYER, True, None): _l(
        "The player to the dealer's left starts, and play goes clockwise."),
    (Rule.SETUP_FIRST_PLAYER, False, None): _l("Only the player to the dealer's left may start."),
    (Rule.SETUP_PLAYERS, True, None): _l("UNO is played by 2 to 10 players."),
    (Rule.SETUP_PLAYERS, False, None): _l("UNO needs between 2 and 10 players."),
    (Rule.FIRST_NUMBER, True, None): _l("A number card turned first has no special effect."),
    (Rule.FIRST_NUMBER, False, None): _l("A number card turned first changes nothing."),
    (Rule.FIRST_SKIP, True, None): _l("A Skip turned first: the first player loses their turn."),
    (Rule.FIRST_SKIP, False, None): _l("When a Skip is turned first, the first player may not play."),
    (Rule.FIRST_REVERSE, True, None): _l(
        "A Reverse turned first: the dealer plays first and play goes anticlockwise."),
    (Rule.FIRST_REVERSE, False, None): _l(
        "When a Reverse is turned first, the dealer starts, not the player to their left."),
    (Rule.FIRST_DRAW_TWO, True, None): _l(
        "A Draw Two turned first: the first player draws 2 cards and loses their turn."),
    (Rule.FIRST_DRAW_TWO, False, None): _l(
        "When a Draw Two is turned first, the first player must draw 2 cards and may not play."),
    (Rule.FIRST_WILD, True, None): _l("You name %(named)s as the colour."),
    (Rule.FIRST_WILD, False, None): _l("A Wild was turned first: the first player names the colour."),
    (Rule.FIRST_WILD, False, "name-color"): _l(
        "Name a colour first: the first card is a Wild, and you name its colour before you play."),
    (Rule.FIRST_WILD, False, "nothing-pending"): _l("There is no colour to name now."),
    (Rule.FIRST_WILD_DRAW_FOUR, True, None): _l(
        "A Wild Draw Four turned first goes back into the draw pile and another card is turned."),
    (Rule.FIRST_WILD_DRAW_FOUR, False, None): _l("A Wild Draw Four may not start the discard pile."),
    (Rule.TURN_ORDER, True, None): _l("It is your turn."),
    (Rule.TURN_ORDER, False, None): _l("It is not your turn: play waits for %(turn)s."),
    (Rule.TURN_ORDER, False, "yours"): _l("There is nothing to wait for: it is your turn."),
    (Rule.MATCH_COLOR, True, None): _l("You can play %(card)s: it matches the colour (%(color)s)."),
    (Rule.MATCH_COLOR, False, None): _l("A card must match the colour, the number or the symbol."),
    (Rule.MATCH_NUMBER, True, None): _l("You can play %(card)s: it matches %(face)s."),
    (Rule.MATCH_NUMBER, False, None): _l("A card must match the colour, the number or the symbol."),
    (Rule.MATCH_SYMBOL, True, None): _l("You can play %(card)s: it matches %(face)s."),
    (Rule.MATCH_SYMBOL, False, None): _l("A card must match the colour, the number or the symbol."),
    (Rule.MATCH_NONE, True, None): _l("Only a Wild may be played when nothing matches."),
    (Rule.MATCH_NONE, False, None): _l(
        "You can't play %(card)s: it matches neither the colour (%(color)s) nor %(face)s."),
    (Rule.MATCH_NONE, False, "wild-top"): _l(
        "You can't play %(card)s: the top card is %(top)s, so only the colour named for it (%(color)s) matches."),
    (Rule.WILD_ANY_TIME, True, None): _l(
        "You can play %(card)s at any time; you name %(named)s as the colour."),
    (Rule.WILD_ANY_TIME, False, None): _l("A Wild may be played at any time."),
    (Rule.WILD_ANY_TIME, False, "color-needed"): _l("Name a colour to play %(card)s."),
    (Rule.DRAW_ONE, True, None): _l("You draw a card; if you can play it, you may play it at once."),
    (Rule.DRAW_ONE, True, "keep"): _l("You keep %(card)s and your turn ends."),
    (Rule.DRAW_ONE, False, None): _l("You may draw only one card on your turn."),
    (Rule.DRAW_ONE, False, "only-drawn"): _l(
        "After drawing you may only play the card you drew (%(card)s) or keep it."),
    (Rule.DRAW_ONE, False, "nothing-pending"): _l("You can't pass yet: draw a card first."),
    (Rule.DRAW_UNTIL_PLAYABLE, True, None): _l(
        "You draw until you get a card you can play (house rule)."),
    (Rule.DRAW_UNTIL_PLAYABLE, True, "keep"): _l("You keep %(card)s and your turn ends."),
    (Rule.DRAW_UNTIL_PLAYABLE, False, None): _l("Keep drawing until you get a card you can play."),
    (Rule.DRAW_UNTIL_PLAYABLE, False, "only-drawn"): _l(
        "After drawing you may only play the card you drew (%(card)s) or keep it."),
    (Rule.DRAW_UNTIL_PLAYABLE, False, "nothing-pending"): _l("You can't pass yet: draw a card first."),
    (Rule.DRAW_RESHUFFLE, True, None): _l(
        "When the draw pile runs out, the discard pile except its top card is shuffled into a new draw pile."),
    (Rule.DRAW_RESHUFFLE, False, None): _l("The top card of the discard pile stays where it is."),
    (Rule.SKIP_EFFECT, True, None): _l("After a Skip, the next player loses their turn."),
    (Rule.SKIP_EFFECT, False, None): _l("You lose this turn, so you can't play now."),
    (Rule.REVERSE_EFFECT, True, None): _l("A Reverse changes the direction of play."),
    (Rule.REVERSE_EFFECT, False, None): _l("After a Reverse, play goes the other way."),
    (Rule.REVERSE_TWO_PLAYERS, True, None): _l(
        "With two players a Reverse works like a Skip: whoever played it plays again."),
    (Rule.REVERSE_TWO_PLAYERS, False, None): _l(
        "With two players a Reverse makes the other player lose their turn, so they can't play now."),
    (Rule.DRAW_TWO_EFFECT, True, None): _ln(
        "You draw %(num)d card and lose your turn.", "You draw %(num)d cards and lose your turn."),
    (Rule.DRAW_TWO_EFFECT, False, None): _l(
        "After a Draw Two the next player draws 2 cards and may not play this turn."),
    (Rule.WILD_DRAW_FOUR_EFFECT, True, None): _ln(
        "You accept: you draw %(num)d card and lose your turn.",
        "You accept: you draw %(num)d cards and lose your turn."),
    (Rule.WILD_DRAW_FOUR_EFFECT, False, None): _l(
        "After a Wild Draw Four the next player draws 4 cards and may not play this turn."),
    (Rule.WILD_DRAW_FOUR_RESTRICTION, True, None): _l(
        "You can play %(card)s: you hold no card of the colour (%(color)s). You name %(named)s."),
    (Rule.WILD_DRAW_FOUR_RESTRICTION, False, None): _l(
        "You can't play %(card)s: you hold %(held)s, a card of the colour (%(color)s)."),
    (Rule.WILD_DRAW_FOUR_CHALLENGE, True, None): _l(
        "You challenge %(offender)s: they must show you their hand."),
    (Rule.WILD_DRAW_FOUR_CHALLENGE, True, "bluff"): _l(
        "You can play %(card)s, but it is a bluff: you hold %(held)s, a card of the colour (%(color)s). "
        "If you are challenged, you draw 4 cards."),
    (Rule.WILD_DRAW_FOUR_CHALLENGE, False, None): _l(
        "Only the player who must draw may challenge a Wild Draw Four, and only before drawing."),
    (Rule.WILD_DRAW_FOUR_CHALLENGE, False, "challenge-or-accept"): _l(
        "First answer the Wild Draw Four: challenge it, or accept and draw 4 cards."),
    (Rule.WILD_DRAW_FOUR_CHALLENGE, False, "nothing-pending"): _l(
        "There is no Wild Draw Four to challenge or accept now."),
    (Rule.STACKING, True, None): _ln(
        "You can stack %(card)s on %(top)s: the next player now faces %(num)d card.",
        "You can stack %(card)s on %(top)s: the next player now faces %(num)d cards."),
    (Rule.STACKING, False, None): _l(
        "Stacking is a house rule, not an official one: it is off in this game."),
    (Rule.STACKING, False, "stack-or-accept"): _ln(
        "Answer %(top)s first: stack a card of the same kind, or accept and draw %(num)d card.",
        "Answer %(top)s first: stack a card of the same kind, or accept and draw %(num)d cards."),
    (Rule.SEVEN_ZERO, True, None): _l(
        "With the seven-zero house rule, a 7 swaps hands with a player you choose and a 0 passes every hand on."),
    (Rule.SEVEN_ZERO, False, None): _l("The seven-zero house rule is off in this game."),
    (Rule.SEVEN_ZERO, False, "target-needed"): _l(
        "Choose a player to swap hands with: %(card)s is a 7 and the seven-zero house rule is on."),
    (Rule.UNO_CALL, True, None): _l("You call UNO as you play your next-to-last card."),
    (Rule.UNO_CALL, True, "late"): _l("You call UNO in time: nobody can catch you now."),
    (Rule.UNO_CALL, False, None): _l("Call UNO when you play your next-to-last card."),
    (Rule.UNO_CALL, False, "called"): _l("You have already called UNO."),
    (Rule.UNO_CALL, False, "too-late"): _l(
        "Too late to call UNO: the next player has already acted, so nobody can catch you for it now."),
    (Rule.UNO_CALL, False, "nothing-to-call"): _ln(
        "There is no UNO to call now: you hold %(num)d card.",
        "There is no UNO to call now: you hold %(num)d cards."),
    (Rule.UNO_CATCH, True, None): _ln(
        "You catch %(target)s without UNO: they draw %(num)d card.",
        "You catch %(target)s without UNO: they draw %(num)d cards."),
    (Rule.UNO_CATCH, False, None): _l(
        "You can only catch a player who has one card left and did not call UNO."),
    (Rule.UNO_CATCH, False, "target"): _l("Choose another player to catch."),
    (Rule.UNO_CATCH, False, "not-one-card"): _ln(
        "There is nothing to catch: %(target)s holds %(num)d card, not one.",
        "There is nothing to catch: %(target)s holds %(num)d cards, not one."),
    (Rule.UNO_CATCH, False, "called"): _l("There is nothing to catch: %(target)s called UNO."),
    (Rule.UNO_CATCH, False, "too-late"): _l(
        "Too late: the next player has already acted, so %(target)s can no longer be caught."),
    (Rule.ROUND_END, True, None): _l(
        "The round ends when a player plays their last card; a last Draw Two or Wild Draw Four still "
        "makes the next player draw."),
    (Rule.ROUND_END, False, None): _l("The round is not over yet."),
    (Rule.ROUND_END, False, "over"): _l("The round is over: %(winner)s has won it."),
    (Rule.ROUND_END, False, "not-over"): _l("The round is not over yet: finish it first."),
    (Rule.ROUND_END, False, "game-over"): _l("The game is over: no more rounds."),
    (Rule.SCORE_VALUES, True, None): _l(
        "Number cards count their face value; Skip, Reverse and Draw Two count 20; Wild and Wild Draw "
        "Four count 50."),
    (Rule.SCORE_VALUES, False, None): _l("Every card counts its fixed value, no more and no less."),
    (Rule.SCORE_WINNER_COLLECTS, True, None): _l(
        "The round's winner scores the value of every card left in the other hands; the first to 500 "
        "points wins."),
    (Rule.SCORE_WINNER_COLLECTS, False, None): _l("Only the round's winner scores points."),
    (Rule.SCORE_TALLY_LOWEST, True, None): _l(
        "Each player is charged the value of the cards left in their own hand; when someone reaches "
        "500, the lowest total wins."),
    (Rule.SCORE_TALLY_LOWEST, False, None): _l(
        "With this scoring, the highest total does not win: the lowest does."),
    (Rule.MOVE_NOT_IN_HAND, True, None): _l("%(card)s is in your hand."),
    (Rule.MOVE_NOT_IN_HAND, False, None): _l("You can't play %(card)s: it is not in your hand."),
}

# --- the three states of a verdict -----------------------------------------------------------
# A Wild Draw Four played while holding the colour is legal (the next player may challenge it) but
# it is a bluff: wherever a verdict is shown (examples, hints, quiz feedback, the check API's
# "verdict") it has a mark and words of its own, never the plain "allowed".

VERDICT_MARKS = {"legal": "✓", "bluff": "!", "illegal": "✗"}
VERDICT_LABELS = {"legal": _l("Allowed:"), "bluff": _l("A bluff:"), "illegal": _l("Not allowed:")}

# A hint on a wild card leaves out the colour: the player names it when playing.
WILD_HINTS = {
    Rule.WILD_ANY_TIME: _l("You can play %(card)s at any time; you will name the colour."),
    Rule.WILD_DRAW_FOUR_RESTRICTION: _l(
        "You can play %(card)s: you hold no card of the colour (%(color)s); you will name the colour."),
}

# --- events: (kind, case, person) -> message -------------------------------------------------
# ``case`` is a flag of the event (guilty/innocent, late, seen, the dealer method) or its rule id,
# or None for any; ``person`` is "you" when the subject is the viewer, "object" when the viewer
# is the one acted on, else "they".

EVENTS: dict[tuple[str, str | None, str], Message] = {
    ("play", None, "they"): _l("%(seat)s plays %(card)s."),
    ("play", None, "you"): _l("You play %(card)s."),
    ("color", None, "they"): _l("%(seat)s names the colour %(named)s."),
    ("color", None, "you"): _l("You name the colour %(named)s."),
    ("uno", None, "they"): _l("%(seat)s calls UNO!"),
    ("uno", None, "you"): _l("You call UNO!"),
    ("uno", "late", "they"): _l("%(seat)s calls UNO just in time."),
    ("uno", "late", "you"): _l("You call UNO just in time."),
    ("skip", None, "they"): _l("%(seat)s loses their turn."),
    ("skip", None, "you"): _l("You lose your turn."),
    ("skip", Rule.REVERSE_TWO_PLAYERS.value, "they"): _l(
        "With two players, a Reverse works like a Skip: %(seat)s loses their turn."),
    ("skip", Rule.REVERSE_TWO_PLAYERS.value, "you"): _l(
        "With two players, a Reverse works like a Skip: you lose your turn."),
    ("reverse", None, "they"): _l("The direction reverses: play now goes %(direction)s."),
    ("reverse", Rule.FIRST_REVERSE.value, "they"): _l(
        "Reverse first: %(seat)s, the dealer, starts and play goes %(direction)s."),
    ("reverse", Rule.FIRST_REVERSE.value, "you"): _l(
        "Reverse first: you are the dealer, so you start and play goes %(direction)s."),
    ("pending", Rule.WILD_DRAW_FOUR_CHALLENGE.value, "they"): _l(
        "%(seat)s may challenge the Wild Draw Four or accept it."),
    ("pending", Rule.WILD_DRAW_FOUR_CHALLENGE.value, "you"): _l(
        "You may challenge the Wild Draw Four of %(offender)s, or accept it."),
    ("pending", Rule.WILD_DRAW_FOUR_CHALLENGE.value, "object"): _l(
        "%(seat)s may challenge your Wild Draw Four, or accept it."),
    ("pending", Rule.STACKING.value, "they"): _ln(
        "%(seat)s may stack a card of the same kind, or draw %(num)d card.",
        "%(seat)s may stack a card of the same kind, or draw %(num)d cards."),
    ("pending", Rule.STACKING.value, "you"): _ln(
        "You may stack a card of the same kind, or draw %(num)d card.",
        "You may stack a card of the same kind, or draw %(num)d cards."),
    ("swap", None, "they"): _l("%(seat)s swaps hands with %(target)s."),
    ("swap", None, "you"): _l("You swap hands with %(target)s."),
    ("swap", None, "object"): _l("%(seat)s swaps hands with you."),
    ("rotate", None, "they"): _l("Every hand passes to the next player, %(direction)s."),
    ("round-end", None, "they"): _l("%(winner)s plays their last card and wins the round!"),
    ("round-end", None, "you"): _l("You play your last card and win the round!"),
    ("points", Rule.SCORE_WINNER_COLLECTS.value, "they"): _ln(
        "%(winner)s scores %(num)d point from the cards left in the other hands.",
        "%(winner)s scores %(num)d points from the cards left in the other hands.", key="total"),
    ("points", Rule.SCORE_WINNER_COLLECTS.value, "you"): _ln(
        "You score %(num)d point from the cards left in the other hands.",
        "You score %(num)d points from the cards left in the other hands.", key="total"),
    ("points", Rule.SCORE_TALLY_LOWEST.value, "they"): _l(
        "Each player is charged the cards left in their hand: %(points)s."),
    ("pass", None, "they"): _l("%(seat)s ends their turn."),
    ("pass", None, "you"): _l("You end your turn."),
    ("challenge", "guilty", "they"): _l(
        "%(seat)s challenges %(offender)s and is right: the Wild Draw Four was a bluff."),
    ("challenge", "guilty", "you"): _l(
        "You challenge %(offender)s and see their hand: %(cards)s. They held a card of the colour in play: "
        "the challenge succeeds."),
    ("challenge", "guilty", "object"): _l(
        "%(seat)s challenges you and is right: you held a card of the colour."),
    ("challenge", "innocent", "they"): _l(
        "%(seat)s challenges %(offender)s and is wrong: the Wild Draw Four was allowed."),
    ("challenge", "innocent", "you"): _l(
        "You challenge %(offender)s and see their hand: %(cards)s. No card of the colour: the challenge "
        "fails."),
    ("challenge", "innocent", "object"): _l(
        "%(seat)s challenges you and is wrong: your Wild Draw Four was allowed."),
    ("draw", None, "they"): _ln("%(seat)s draws %(num)d card.", "%(seat)s draws %(num)d cards."),
    ("draw", None, "you"): _ln("You draw %(num)d card.", "You draw %(num)d cards."),
    ("draw", "seen", "they"): _ln("%(seat)s draws %(num)d card: %(cards)s.",
                                  "%(seat)s draws %(num)d cards: %(cards)s."),
    ("draw", "seen", "you"): _ln("You draw %(num)d card: %(cards)s.", "You draw %(num)d cards: %(cards)s."),
    ("reshuffle", None, "they"): _ln(
        "The draw pile is empty: %(num)d card from the discard pile is shuffled into a new draw pile.",
        "The draw pile is empty: %(num)d cards from the discard pile are shuffled into a new draw pile."),
    ("catch", None, "they"): _ln(
        "%(seat)s catches %(target)s without UNO: a penalty of %(num)d card.",
        "%(seat)s catches %(target)s without UNO: a penalty of %(num)d cards."),
    ("catch", None, "you"): _ln(
        "You catch %(target)s without UNO: a penalty of %(num)d card.",
        "You catch %(target)s without UNO: a penalty of %(num)d cards."),
    ("catch", None, "object"): _ln(
        "%(seat)s catches you without UNO: a penalty of %(num)d card.",
        "%(seat)s catches you without UNO: a penalty of %(num)d cards."),
    ("deal", None, "they"): _ln("%(dealer)s deals %(num)d card to each player.",
                                "%(dealer)s deals %(num)d cards to each player."),
    ("deal", None, "you"): _ln("You deal %(num)d card to each player.",
                               "You deal %(num)d cards to each player."),
    ("dealer", "highest", "they"): _l("%(dealer)s drew the highest number and deals."),
    ("dealer", "highest", "you"): _l("You drew the highest number and deal."),
    ("dealer", "random", "they"): _l("%(dealer)s is chosen at random to deal."),
    ("dealer", "random", "you"): _l("You are chosen at random to deal."),
    ("dealer-draw", None, "they"): _l("Each player draws a card to choose the dealer: %(cards)s."),
    # A first Skip, Reverse or Draw Two changes who starts: the events after it say who.
    ("first", None, "they"): _l("The first card is %(card)s."),
    ("first", Rule.FIRST_NUMBER.value, "they"): _l("The first card is %(card)s; %(seat)s starts."),
    ("first", Rule.FIRST_NUMBER.value, "you"): _l("The first card is %(card)s; you start."),
    ("first", Rule.FIRST_WILD.value, "they"): _l(
        "The first card is %(card)s: %(seat)s names the colour and starts."),
    ("first", Rule.FIRST_WILD.value, "you"): _l(
        "The first card is %(card)s: you name the colour and start."),
    ("redraw", None, "they"): _l(
        "%(card)s may not start the discard pile: it goes back into the draw pile and another card is turned."),
    ("game-end", None, "they"): _l("%(winner)s wins the game! Scores: %(scores)s."),
    ("game-end", None, "you"): _l("You win the game! Scores: %(scores)s."),
    # A tie names the first winner as ``winner`` (the subject) and the rest as ``others``.
    ("game-end", "tie", "they"): _l("The game ends in a tie: %(winners)s share the win. Scores: %(scores)s."),
    ("game-end", "tie", "you"): _l("The game ends in a tie: you share the win with %(others)s. Scores: %(scores)s."),
}
SUBJECT_KEYS = ("seat", "winner", "dealer")
OBJECT_KEYS = ("target", "offender")
EVENT_FLAGS = {"guilty": {True: "guilty", False: "innocent"}, "late": {True: "late"},
               "method": {"highest": "highest", "random": "random"}}

# --- API and input errors --------------------------------------------------------------------

ERRORS: dict[str, Message] = {
    "bad-scenario": _l("The scenario can't be read: check %(field)s."),
    "unknown-card": _l("“%(card)s” is not a card: write cards like R5, GS, BR, YD2, W or WD4."),
    "too-many-copies": _ln(
        "The deck has only %(num)d copy of %(card)s, but the scenario uses %(count)s.",
        "The deck has only %(num)d copies of %(card)s, but the scenario uses %(count)s.", key="copies"),
    "no-discard": _l("The discard pile needs at least one card."),
    "bad-seat": _l("%(field)s must name a seat that exists."),
    "bad-players": _l("A game needs between %(min)s and %(max)s players."),
    "incomplete-deck": _ln(
        "The deck must hold the 108 UNO cards exactly; this one has %(num)d card.",
        "The deck must hold the 108 UNO cards exactly; this one has %(num)d cards."),
    "bad-direction": _l("The direction must be 1 (clockwise) or -1 (anticlockwise)."),
    "color-needed": _l("%(top)s is on top of the discard pile: say which colour was named."),
    "unknown-color": _l("“%(color)s” is not a colour: use red, yellow, green or blue."),
    "color-mismatch": _l("The colour must be that of the top card, %(top)s, not %(color)s."),
    "unknown-option": _l("The rules name an unknown preset or option, or a value out of range."),
    "malformed-json": _l("The request is not valid JSON."),
    "not-json": _l("Send the request as JSON."),
    "bad-move": _l("The move can't be read: check %(field)s."),
    "bad-form": _l("The move can't be read: choose it again on the table."),
    "bad-hints": _l("The hints can't be switched now: use the button beside your hand."),
    "stale-hints": _l("The game has moved on since you last looked, so the hints were not switched."),
    "hints-game-over": _l("The game is over: there are no hints left to switch."),
    "wrong-player": _l("The device is for %(turn)s now, not for %(seat)s: nothing was done."),
    "together-table-only": _l("This game is for several people on one device: it is played on its table page, "
                              "which hides each hand between turns."),
    "not-found": _l("There is no such page."),
    "bad-seed": _l("This quiz can't be made: its seed must be a word of up to %(max)d letters, digits, “-” or “_”."),
    "bad-progress": _l("The answers in this address were changed or belong to another quiz, so they can't be "
                       "used: start the quiz again."),
    "bad-answer": _l("That is not one of this question's answers: choose one of its buttons."),
    "stale-answer": _l("This question has already been answered: the quiz has moved on."),
    "unknown-item": _l("There is no such question."),
    "game-not-found": _l("There is no such game: it may have expired. Start a new one."),
    "forbidden": _l("This game belongs to another browser (or to this one before its cookies were cleared): "
                    "start your own (the same seed deals the same cards)."),
    "stale-version": _l("The game has moved on since you last looked, so this move was not made."),
    "too-large": _l("The request is too large."),
    "csrf": _l("The form had expired, so nothing was done: please try again."),
    "server-error": _l("Something went wrong on our side. Please try again."),
    "database-unavailable": _l("The games can't be reached for a moment, so nothing was done. "
                               "Please try again in a few seconds."),
    "method-not-allowed": _l("This address does not accept that kind of request."),
    "bad-request": _l("The request body must be a JSON object."),
    "bad-moves": _l("“moves” must be a list of moves."),
    "too-many-moves": _ln("A check takes at most %(num)d move.", "A check takes at most %(num)d moves.",
                          key="max"),
    # classes and watch links (app.classroom)
    "bad-code": _l("A class code has 6 letters and digits: copy it again from your teacher's board."),
    "class-not-found": _l("No class has this code: check it with your teacher. A class lasts a week."),
    "class-forbidden": _l("Only the teacher who made this class sees its progress, in the browser it was made in."),
    "class-full": _ln("This class is full: it has %(num)d student.", "This class is full: it has %(num)d students.",
                      key="max"),
    "bad-nickname": _ln("A nickname has at most %(num)d character.", "A nickname has at most %(num)d characters.",
                        key="max"),
    "too-many-codes": _ln(
        "Too many wrong class codes were tried from this network. Try again in %(num)d minute.",
        "Too many wrong class codes were tried from this network. Try again in %(num)d minutes.", key="minutes"),
    "too-many-joins": _l("Too many students joined from this network just now. Try again in a minute."),
    # making games (app.practice.limits)
    "too-many-creates": _l("You started many games in a short time. Wait a minute, then start a new one."),
    "too-many-creates-here": _l("Too many games were started from this network just now. Try again in a minute."),
    "too-many-games": _ln("You have %(num)d unfinished game, as many as one browser may keep. "
                          "Finish it, or try again later.",
                          "You have %(num)d unfinished games, as many as one browser may keep. "
                          "Finish one of them, or try again later.", key="max"),
    "watch-not-found": _l("There is no such watch link: check the address, or the game may have ended."),
    "watch-revoked": _l("The player turned this watch link off."),
    "bad-share": _l("The form can't be read: make the watch link or turn it off with this page's buttons."),
}
UNKNOWN_ERROR = _l("The request could not be completed.")

# --- the public functions --------------------------------------------------------------------


def card_name(notation: str) -> str:
    """The card's name in the current language ("Red 5", "حمراء رقم 5", said after "بطاقة"); unknown notation is returned as is."""
    return _card_name(current_language(), notation) if isinstance(notation, str) else str(notation)


def _text(language: str, message: Message, count: int | None = None) -> str:
    """``message`` in ``language`` before its parameters are put in; ``count`` picks a plural form.

    Memoised per language, like the card names: catalogues don't change while the app runs, and
    resolving a lazy string costs Flask-Babel several context lookups. A message is keyed by its
    id (cheaper to hash than its text); the entry holds the message, so while it is kept no other
    object can have that id.
    """
    key = (language, id(message), count)
    entry = _TEXTS.get(key)
    if entry is None:
        if len(_TEXTS) >= MAX_TEXTS:
            _TEXTS.clear()
        if isinstance(message, Plural):
            text = get_translations().ungettext(message.singular, message.plural, count)
        else:
            text = str(message)
        entry = _TEXTS[key] = (message, text)
    return entry[1]


MAX_TEXTS = 4096
_TEXTS: dict[tuple[str, int, int | None], tuple[Message, str]] = {}


@lru_cache(maxsize=1024)
def _card_name(language: str, notation: str) -> str:
    face = _parse(notation)
    if face is None:
        return str(notation)
    if face.kind is Kind.NUMBER:
        return _text(language, NUMBER_CARDS[face.color]) % {"number": face.number}
    return _text(language, ACTION_CARDS[face.color, face.kind])


def _parse(notation: str) -> Card | None:
    try:
        return parse_card(notation)
    except InvalidCardError:
        return None


def color_name(color: str) -> str:
    """A colour on its own, for buttons and labels ("Red"); unknown names are returned as is."""
    return _lookup(COLOR_NAMES, Color, color)


def color_word(color: str | None) -> str:
    """A colour inside a sentence ("red", Arabic "الأحمر" after "اللون"); None: no colour named yet."""
    if color is None:
        return str(NO_COLOR)
    return _color_word(current_language(), color) if isinstance(color, str) else str(color)


@lru_cache(maxsize=256)
def _color_word(language: str, color: str) -> str:
    return _lookup(COLOR_WORDS, Color, color)


def kind_name(kind: str) -> str:
    """A kind of card, for headings ("Number cards", "Skip")."""
    return _lookup(KIND_NAMES, Kind, kind)


def _lookup(table: Mapping[Any, Message], enum: type, value: str) -> str:
    try:
        return str(table[enum(value)])
    except (ValueError, KeyError):
        return str(value)


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """``names[seat]`` when given (the practice table's "You", "Bot 1"…), else "Player {seat+1}"."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return str(PLAYER) % {"number": seat + 1}


def seat_list(seats: Sequence[int], names: Sequence[str] | None = None, language: str | None = None) -> str:
    """Several seats' names as a list: "Bot 1, Bot 2 and Bot 3"."""
    return word_list([seat_name(seat, names) for seat in seats], language or current_language())


def verdict_state(verdict: Verdict) -> str:
    """"legal", "bluff" (a Wild Draw Four while holding the colour: legal, but a challenge would
    catch it) or "illegal": the three states every shown verdict is told apart by."""
    if not verdict.legal:
        return "illegal"
    return "bluff" if verdict.params.get("case") == "bluff" else "legal"


def verdict_label(state: str) -> str:
    """The words before a verdict's sentence: "Allowed:", "A bluff:" or "Not allowed:"."""
    return str(VERDICT_LABELS[state])


def rule_title(rule: Rule | str) -> str:
    """A short title for a rule id (headings, "why?" links); unknown ids are returned as is."""
    return _lookup(RULE_TITLES, Rule, rule)


def verdict_message(verdict: Verdict, names: Sequence[str] | None = None) -> str:
    """The verdict as a sentence to the mover: the rule, then the reason with the actual cards."""
    message = VERDICTS.get((verdict.rule, verdict.legal, verdict.params.get("case")))
    if message is None:
        message = VERDICTS[verdict.rule, verdict.legal, None]
    return _render(message, verdict.params, names, fallback=verdict.rule)


def hint_message(verdict: Verdict, names: Sequence[str] | None = None) -> str:
    """The verdict on a card not yet played, as a hint: a legal wild's colour is still to be named."""
    wild = WILD_HINTS.get(verdict.rule) if verdict.legal and "named" not in verdict.params else None
    if wild is None:
        return verdict_message(verdict, names)
    return _render(wild, verdict.params, names, fallback=verdict.rule)


def event_message(event: Event, names: Sequence[str] | None = None, viewer: int | None = None,
                  language: str | None = None) -> str:
    """One line of narration for an event, in the second person when it is the viewer's
    (in ``language`` if given, which spares looking up the request's)."""
    params = event.params
    person = "they"
    subject = next((params[k] for k in SUBJECT_KEYS if k in params), None)
    if viewer is not None and subject == viewer:
        person = "you"
    elif viewer is not None and viewer in (params.get(k) for k in OBJECT_KEYS):
        person = "object"
    flags = [EVENT_FLAGS[k].get(params[k]) for k in EVENT_FLAGS if k in params]
    if event.kind == "draw" and params.get("cards"):
        flags.append("seen")
    elif "winners" in params:
        flags.append("tie")
    cases = [*filter(None, flags), event.rule.value, None]
    for who in dict.fromkeys((person, "they")):
        for case in cases:
            message = EVENTS.get((event.kind, case, who))
            if message is not None:
                return _render(message, params, names, fallback=event.rule, language=language)
    return rule_title(event.rule)


MAX_ECHO = 40  # characters of a client's text an error message repeats ("unknown card …")


def error_message(code: str, **params: Any) -> str:
    """An API or input error in the reader's language; an unknown code gets a generic message.
    Text the client sent is repeated up to ``MAX_ECHO`` characters, then an ellipsis."""
    clipped = {key: clip(value) if isinstance(value, str) else value for key, value in params.items()}
    return _render(ERRORS.get(code, UNKNOWN_ERROR), clipped, None, fallback=None)


def clip(text: str, most: int = MAX_ECHO) -> str:
    """``text`` cut to ``most`` characters, the last of them an ellipsis if it was longer."""
    return text if len(text) <= most else text[:most - 1] + "…"


# --- formatting ------------------------------------------------------------------------------

CARD_KEYS = frozenset({"card", "top", "held"})
COLOR_KEYS = frozenset({"color", "named"})
SEAT_KEYS = frozenset({"seat", "turn", "target", "offender", "winner", "dealer"})


def _render(message: Message, params: Mapping[str, Any], names: Sequence[str] | None,
            fallback: Rule | None, language: str | None = None) -> str:
    """Format ``message`` with localised ``params``; a missing parameter falls back to the rule's title."""
    language = language or current_language()
    try:
        values = _localise(params, names, language)
        return message(values, language) if isinstance(message, Plural) else _text(language, message) % values
    except (KeyError, TypeError, ValueError):
        return rule_title(fallback) if fallback else str(UNKNOWN_ERROR)


def _localise(params: Mapping[str, Any], names: Sequence[str] | None, language: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key, value in params.items():
        if key == "top" and isinstance(value, str):
            values["face"] = _face(language, value)
        if key in CARD_KEYS and isinstance(value, str):
            value = _card_name(language, value)
        elif key in COLOR_KEYS:
            value = _color_word(language, value) if isinstance(value, str) else color_word(value)
        elif key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            value = seat_name(value, names)
        elif key == "cards":
            value = _card_list(value, names, language)
        elif key == "winners" and isinstance(value, list):  # a tie: the first is also ``winner``
            values["others"] = seat_list(value[1:], names, language)
            value = seat_list(value, names, language)
        elif key == "direction":
            value = _text(language, DIRECTIONS[value]) if value in DIRECTIONS else str(value)
        elif key == "field":
            value = _text(language, FIELDS[value]) if value in FIELDS else str(value)
        elif key in ("points", "scores") and isinstance(value, list):
            if key == "points":  # the round's points: with winner-collects, all the winner's
                values["total"] = sum(value)
            value = word_list([_pair(seat_name(s, names), v, language) for s, v in enumerate(value)], language)
        values[key] = value
    return values


def _card_list(cards: Any, names: Sequence[str] | None, language: str) -> str:
    """A list of card notations, or ``{seat: notation}`` (the dealer draw) as "Player 1: Red 5, …"."""
    if isinstance(cards, Mapping):
        return word_list([_pair(seat_name(int(s), names), _card_name(language, c), language) for s, c in cards.items()],
                     language)
    return word_list([_card_name(language, c) for c in cards], language)


@lru_cache(maxsize=256)
def _face(language: str, notation: str) -> str:
    """The top card's number or symbol, which a played card may match (``match.number``/``symbol``)."""
    face = _parse(notation)
    if face is None:
        return str(notation)
    if face.kind is Kind.NUMBER:
        return _text(language, FACE_NUMBER) % {"number": face.number}
    return _text(language, FACE_SYMBOL) % {"kind": _text(language, KIND_NAMES[face.kind])}


def _pair(name: str, value: Any, language: str) -> str:
    return _text(language, PAIR) % {"name": name, "value": value}


def word_list(items: Sequence[str], language: str) -> str:
    """"A, B and C" in the language (see ``list_joints``)."""
    return "".join(joint + item for joint, item in zip(list_joints(len(items), language), items))


@lru_cache(maxsize=64)
def list_joints(count: int, language: str) -> tuple[str, ...]:
    """What goes before each of ``count`` list items ("" before the first), so a template can join
    links as ``word_list`` joins words. Arabic joins two items with «و» alone ("أ وب") and more with
    a comma and «و» before each after the first ("أ، وب، وج", docs/arabic.md), where CLDR's Arabic
    list drops the commas; other languages take CLDR's list, read between placeholders."""
    if count < 2:
        return ("",) * count
    if language == "ar":
        return ("", *(["، و" if count > 2 else " و"] * (count - 1)))
    marks = [f"\x00{i}\x00" for i in range(count)]
    listed = format_list(marks, locale=locale_of(language))
    return ("", *(listed.split(mark, 1)[0].split(marks[i - 1], 1)[1] for i, mark in enumerate(marks) if i))


# --- what an event's sentence reads --------------------------------------------------------------
# Translations name only the placeholders of their msgid (tests/web/test_catalogues.py checks
# every plural form), so the source messages tell what any language reads.

_PLACEHOLDER = re.compile(r"%\((\w+)\)")
_FILLED_FROM = {"face": "top", "total": "points", "others": "winners"}  # placeholders _localise fills from another parameter
_CHOOSERS = frozenset({*SUBJECT_KEYS, *OBJECT_KEYS, *EVENT_FLAGS, "cards"})  # see event_message


def _reads(message: Message) -> set[str]:
    if isinstance(message, Plural):  # "num" is the count, ``params[key]``
        names = set(_PLACEHOLDER.findall(message.singular + message.plural)) - {"num"} | {message.key}
    else:
        names = set(_PLACEHOLDER.findall(message.msgid))
    return {_FILLED_FROM.get(name, name) for name in names}


# Per kind of event, the parameters its sentence depends on (with its rule): those its messages
# name and those that choose among them. The rest, such as the top card a play went on, is there
# for other readers of the event.
WORDED_PARAMS: dict[str, frozenset[str]] = {
    kind: _CHOOSERS.union(*(_reads(message) for (of, _, _), message in EVENTS.items() if of == kind))
    for kind in dict.fromkeys(kind for kind, _, _ in EVENTS)
}
