"""The words of a verdict: the sentence to the mover for each rule, legal or not, and its case,
and the three states (allowed, a bluff, not allowed) every shown verdict is told apart by.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Kind
from ..engine.rules import PENALTY
from ..engine.vocabulary import Case
from ..engine.rules import Rule
from ..engine.verdict import Verdict
from .messages import Message, _l, _ln
from .render import render

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
    (Rule.WILD_DRAW_FOUR_CHALLENGE, True, Case.BLUFF): _l(  # followed by BLUFF (verdict_message)
        "You can play %(card)s, but you hold %(held)s, a card of the colour in play (%(color)s)."),
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
    (Rule.ROUND_END, False, Case.OVER): _l("The round is over: %(winner)s has won it."),
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

# The bluff in one sentence, wherever it is told (#32): the verdict on a bluff (hints, examples, quiz
# feedback, lessons, the sandbox, the check API) ends with it, and the rules and card pages say it
# (the template global ``bluff_rule``). Legal to play, against the restriction, punished only if
# challenged: no page may say one of these without the others.
BLUFF = _ln(
    "Playing a Wild Draw Four while you hold a card of the colour in play is a bluff: it is allowed, but it "
    "breaks the restriction, and it is punished only if the next player challenges it: then you draw the "
    "%(num)d card yourself.",
    "Playing a Wild Draw Four while you hold a card of the colour in play is a bluff: it is allowed, but it "
    "breaks the restriction, and it is punished only if the next player challenges it: then you draw the "
    "%(num)d cards yourself.")
VERDICT_LABELS = {"legal": _l("Allowed:"), "bluff": _l("A bluff:"), "illegal": _l("Not allowed:")}

# A hint on a wild card leaves out the colour: the player names it when playing.
WILD_HINTS = {
    Rule.WILD_ANY_TIME: _l("You can play %(card)s at any time; you will name the colour."),
    Rule.WILD_DRAW_FOUR_RESTRICTION: _l(
        "You can play %(card)s: you hold no card of the colour (%(color)s); you will name the colour."),
}


def verdict_state(verdict: Verdict) -> str:
    """"legal", "bluff" (a Wild Draw Four while holding the colour: legal, but a challenge would
    catch it) or "illegal": the three states every shown verdict is told apart by."""
    if not verdict.legal:
        return "illegal"
    return "bluff" if verdict.params.get("case") == Case.BLUFF else "legal"


def bluff_rule(language: str | None = None) -> str:
    """BLUFF in the reader's language (or ``language``), with the engine's penalty."""
    return BLUFF({"count": PENALTY[Kind.WILD_DRAW_FOUR]}, language)


def verdict_label(state: str) -> str:
    """The words before a verdict's sentence: "Allowed:", "A bluff:" or "Not allowed:"."""
    return str(VERDICT_LABELS[state])


def verdict_message(verdict: Verdict, names: Sequence[str] | None = None) -> str:
    """The verdict as a sentence to the mover: the rule, then the reason with the actual cards."""
    case = verdict.params.get("case")
    message = VERDICTS.get((verdict.rule, verdict.legal, case))
    if message is None:
        message = VERDICTS[verdict.rule, verdict.legal, None]
    said = render(message, verdict.params, names, fallback=verdict.rule)
    return f"{said} {bluff_rule()}" if verdict.legal and case == Case.BLUFF else said


def hint_message(verdict: Verdict, names: Sequence[str] | None = None) -> str:
    """The verdict on a card not yet played, as a hint: a legal wild's colour is still to be named."""
    wild = WILD_HINTS.get(verdict.rule) if verdict.legal and "named" not in verdict.params else None
    if wild is None:
        return verdict_message(verdict, names)
    return render(wild, verdict.params, names, fallback=verdict.rule)
