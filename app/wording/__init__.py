"""Words for the engine's values: verdicts, events, cards, colours, seats and API errors.

The engine answers with rule ids and parameters, never sentences; this package turns them into a
sentence in the request's language. Every sentence lives in a table (``_l`` for plain messages,
``_ln`` for messages with plural forms: ``messages``), translated in the catalogues and formatted
at call time with the current locale, its parameters localised by their name (``render``); counts
choose the plural form. Messages are plain text: the templates add the HTML (``<bdi>`` around
card names).

The rooms: ``names`` (cards, colours, kinds, seats, rule titles), ``people`` (names a person
typed, and the sentences about them), ``lists`` ("A, B and C"),
``verdicts``, ``events`` and ``errors`` (each kind of sentence, its table and the function that
words it). Everything a caller reads is named here, so ``from app.wording import X`` is enough.
"""

from .errors import ERRORS, MAX_ECHO, error_message
from .events import EVENTS, WORDED_PARAMS, event_message
from .lists import list_joints, word_list
from .messages import Counted, Message, Plural
from .people import PersonName, about_name
from .names import (ACTION_CARDS, COLOR_NAMES, COLOR_WORDS, DIRECTIONS, FIELDS, KIND_NAMES, NUMBER_CARDS, PAIR, PLAYER,
                    RULE_TITLES, card_name, color_name, color_word, kind_name, listed_title, rule_title,
                    seat_list, seat_name)
from .render import SEAT_KEYS
from .verdicts import (BLUFF, VERDICT_MARKS, VERDICTS, bluff_rule, hint_message, verdict_label, verdict_message,
                       verdict_state)

__all__ = [
    "ACTION_CARDS", "BLUFF", "Counted", "COLOR_NAMES", "COLOR_WORDS", "DIRECTIONS", "ERRORS", "EVENTS", "FIELDS", "KIND_NAMES", "MAX_ECHO",
    "NUMBER_CARDS", "PAIR", "PLAYER", "PersonName", "RULE_TITLES", "SEAT_KEYS", "VERDICTS", "VERDICT_MARKS",
    "WORDED_PARAMS", "Message", "Plural", "about_name", "bluff_rule", "card_name", "color_name", "color_word",
    "error_message", "event_message", "hint_message", "kind_name", "list_joints", "listed_title", "rule_title", "seat_list",
    "seat_name", "verdict_label", "verdict_message", "verdict_state", "word_list",
]
