"""The words of an event: one line of narration per kind of event, its case and whose it is
("you", the one acted on, or a third person), and which of an event's parameters it reads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine.rules import Rule
from ..engine.verdict import Event
from ..engine.vocabulary import EventKind
from .messages import Message, Plural, _l, _ln
from .names import rule_title
from .render import FILLED_FROM, render

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
        "%(seat)s challenges %(offender)s and is wrong: the Wild Draw Four was no bluff."),
    ("challenge", "innocent", "you"): _l(
        "You challenge %(offender)s and see their hand: %(cards)s. No card of the colour: the challenge "
        "fails."),
    ("challenge", "innocent", "object"): _l(
        "%(seat)s challenges you and is wrong: your Wild Draw Four was no bluff."),
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
    ("dealer-draw", "tie", "they"): _l(
        "A tie for the highest number, so only the tied players draw again: %(cards)s."),
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
EVENT_FLAGS: dict[str, dict[bool | str, str]] = {"guilty": {True: "guilty", False: "innocent"}, "late": {True: "late"},
               "method": {"highest": "highest", "random": "random"}, "tie": {True: "tie"}}


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
    if event.kind == EventKind.DRAW and params.get("cards"):
        flags.append("seen")
    elif "winners" in params:
        flags.append("tie")
    cases = [*filter(None, flags), str(event.rule), None]
    for who in dict.fromkeys((person, "they")):
        for case in cases:
            message = EVENTS.get((event.kind, case, who))
            if message is not None:
                return render(message, params, names, fallback=event.rule, language=language)
    return rule_title(event.rule)


# --- what an event's sentence reads --------------------------------------------------------------
# Translations name only the placeholders of their msgid (tests/web/test_catalogues.py checks
# every plural form), so the source messages tell what any language reads.

_PLACEHOLDER = re.compile(r"%\((\w+)\)")
_CHOOSERS = frozenset({*SUBJECT_KEYS, *OBJECT_KEYS, *EVENT_FLAGS, "cards"})  # see event_message


def _reads(message: Message) -> set[str]:
    if isinstance(message, Plural):  # "num" is the count, ``params[key]``
        names = set(_PLACEHOLDER.findall(message.singular + message.plural)) - {"num"} | {message.key}
    else:
        names = set(_PLACEHOLDER.findall(message.msgid))
    return {FILLED_FROM.get(name, name) for name in names}


# Per kind of event, the parameters its sentence depends on (with its rule): those its messages
# name and those that choose among them. The rest, such as the top card a play went on, is there
# for other readers of the event.
WORDED_PARAMS: dict[str, frozenset[str]] = {
    kind: _CHOOSERS.union(*(_reads(message) for (of, _, _), message in EVENTS.items() if of == kind))
    for kind in dict.fromkeys(kind for kind, _, _ in EVENTS)
}
