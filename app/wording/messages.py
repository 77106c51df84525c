"""The two kinds of message the wording tables hold, and their translation in a language.

A table's message is made when the app starts, before any request says which language to use,
so it is kept untranslated (``_l``, ``_lc``, ``_ln``, ``_lnc`` mark it for extraction: app.i18n's keywords)
and translated when a sentence is made (``text``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from flask_babel import get_translations

from ..i18n import current_language


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
    context: str | None = None  # as Text's: a sentence's frame for a typed name (app.wording.people)

    def __call__(self, params: Mapping[str, Any], language: str | None = None) -> str:
        count = params[self.key]
        return text(language or current_language(), self, count) % {"num": count, **params}  # as ngettext does


def _ln(singular: str, plural: str, key: str = "count") -> Plural:
    """Mark a plural message for extraction (keyword ``_ln:1,2`` in app.i18n)."""
    return Plural(singular, plural, key)


def _lnc(context: str, singular: str, plural: str, key: str = "count") -> Plural:
    """A plural message with a context (keyword ``_lnc:1c,2,3``)."""
    return Plural(singular, plural, key, context)


Message = Text | Plural  # from _l or _ln


class Counted(int):
    """A number and the noun it counts ("108 cards", «108 بطاقات»): ``%s`` writes both in the
    current language, the noun's form chosen by the number (``noun``, a Plural that reads
    ``%(num)d``), ``%d`` and any arithmetic the number alone. So a fact counted once (a lesson
    step's "25 cards in each colour") stays a number for every other reader, and a sentence that
    shows it beside its noun needs no plural form of its own for each number it holds."""

    noun: Plural

    def __new__(cls, number: int, noun: Plural) -> Counted:
        counted = super().__new__(cls, number)
        counted.noun = noun
        return counted

    def __str__(self) -> str:
        return self.noun({"count": int(self)})


@lru_cache(maxsize=4096)
def text(language: str, message: Message, count: int | None = None) -> str:
    """``message`` in ``language`` before its parameters are put in; ``count`` picks a plural form.

    Remembered per language: the catalogues don't change while the app runs, and the same few
    hundred messages make every sentence of a game, each translated through Flask-Babel's
    request context.
    """
    if not isinstance(message, Plural):
        return str(message)
    assert count is not None  # Plural.__call__ passes its count
    if message.context:
        return get_translations().unpgettext(message.context, message.singular, message.plural, count)
    return get_translations().ungettext(message.singular, message.plural, count)
