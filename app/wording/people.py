"""Names that people typed, and the sentences that name them.

A pass-and-play player's name, or a class student's nickname on a watch page, was typed by a
person: nothing says whether سارة or أحمد is to be spoken of as "he" or "she", and an Arabic
sentence whose subject is a name agrees with it (فاز أحمد، فازت سارة). The bots and "Player 2"
are spoken of as "he", as the catalogue always did. So a typed name is a ``PersonName``, and
every sentence whose verb or pronoun would agree with a name has a second entry in the catalogue,
context "typed name", whose Arabic agrees with nothing personal: the name after a colon or a
preposition, or the subject of the verb a noun of the sentence («يُتخطّى دور سارة»,
«الفوز باللعبة من نصيب ليلى»; docs/arabic.md §9). In English both entries read the same.

``TWINS`` lists those entries; a sentence about a seat picks its twin when one of its names is a
``PersonName`` (``render`` for the engine's events and verdicts, ``about_name`` for the rest).
The events said to "you" have none: a typed name is only ever told of in the third person
(pass-and-play's log and a watch page are said to nobody; a learner's own game has no typed name).
The verdicts that one pass-and-play player reads about another have theirs.
"""
from __future__ import annotations

from typing import Any

from ..i18n import gettext
from .messages import Message, Plural, Text, _lc, _lnc

class PersonName(str):
    """A name a person typed: a str like any other, marked so that sentences about it take the
    frames that don't say "he" or "she"."""

    __slots__ = ()


# Each twin's context is written out in its call, where pybabel reads it (a name would not be read).
TWINS: tuple[Message, ...] = (
    # The engine's events (app.wording.events), said in the third person.
    _lc("typed name", "%(seat)s plays %(card)s."),
    _lc("typed name", "%(seat)s names the colour %(named)s."),
    _lc("typed name", "%(seat)s calls UNO!"),
    _lc("typed name", "%(seat)s calls UNO just in time."),
    _lc("typed name", "%(seat)s loses their turn."),
    _lc("typed name", "With two players, a Reverse works like a Skip: %(seat)s loses their turn."),
    _lc("typed name", "Reverse first: %(seat)s, the dealer, starts and play goes %(direction)s."),
    _lc("typed name", "%(seat)s may challenge the Wild Draw Four or accept it."),
    _lnc("typed name", "%(seat)s may stack a card of the same kind, or draw %(num)d card.",
         "%(seat)s may stack a card of the same kind, or draw %(num)d cards."),
    _lc("typed name", "%(seat)s swaps hands with %(target)s."),
    _lc("typed name", "%(winner)s plays their last card and wins the round!"),
    _lnc("typed name", "%(winner)s scores %(num)d point from the cards left in the other hands.",
         "%(winner)s scores %(num)d points from the cards left in the other hands.", key="total"),
    _lc("typed name", "%(seat)s ends their turn."),
    _lc("typed name", "%(seat)s challenges %(offender)s and is right: the Wild Draw Four was a bluff."),
    _lc("typed name", "%(seat)s challenges %(offender)s and is wrong: the Wild Draw Four was no bluff."),
    _lnc("typed name", "%(seat)s draws %(num)d card.", "%(seat)s draws %(num)d cards."),
    _lnc("typed name", "%(seat)s draws %(num)d card: %(cards)s.", "%(seat)s draws %(num)d cards: %(cards)s."),
    _lnc("typed name", "%(seat)s catches %(target)s without UNO: a penalty of %(num)d card.",
         "%(seat)s catches %(target)s without UNO: a penalty of %(num)d cards."),
    _lnc("typed name", "%(dealer)s deals %(num)d card to each player.",
         "%(dealer)s deals %(num)d cards to each player."),
    _lc("typed name", "%(dealer)s drew the highest number and deals."),
    _lc("typed name", "%(dealer)s is chosen at random to deal."),
    _lc("typed name", "The first card is %(card)s; %(seat)s starts."),
    _lc("typed name", "The first card is %(card)s: %(seat)s names the colour and starts."),
    _lc("typed name", "%(winner)s wins the game! Scores: %(scores)s."),
    # The verdicts (app.wording.verdicts) a pass-and-play player reads about another.
    _lc("typed name", "You challenge %(offender)s: they must show you their hand."),
    _lnc("typed name", "You catch %(target)s without UNO: they draw %(num)d card.",
         "You catch %(target)s without UNO: they draw %(num)d cards."),
    _lnc("typed name", "There is nothing to catch: %(target)s holds %(num)d card, not one.",
         "There is nothing to catch: %(target)s holds %(num)d cards, not one."),
    _lc("typed name", "There is nothing to catch: %(target)s called UNO."),
    _lc("typed name", "The round is over: %(winner)s has won it."),
    # The table, the pass screen and the watch page (``about_name``).
    _lc("typed name", "%(name)s wins the game."),
    _lc("typed name", "%(name)s wins the round."),
    _lc("typed name", "%(name)s played a Wild Draw Four on you."),
    _lc("typed name", "%(name)s played a Wild Draw Four on you: you challenge it or accept it."),
    _lc("typed name", "%(name)s has one card left and did not call UNO."),
)
_BY_MSGID = {(m.singular if isinstance(m, Plural) else m.msgid): m for m in TWINS}


def for_name(message: Message, typed: bool) -> Message:
    """``message``, or its twin when a name it is about was ``typed`` by a person."""
    if not typed:
        return message
    return _BY_MSGID.get(message.singular if isinstance(message, Plural) else message.msgid, message)


def about_name(name: str, msgid: str, /, **params: Any) -> str:
    """``gettext(msgid)`` with ``name`` as its ``%(name)s`` (and ``params``): a sentence about ``name``,
    its twin if a person typed the name. A template's or a view's sentence; the engine's go through
    ``render``."""
    if isinstance(name, PersonName):
        return str(for_name(Text(msgid), True)) % {**params, "name": name}
    return gettext(msgid, **params, name=name)
