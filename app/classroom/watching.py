"""Following a game from a watch link: its table and its steps as they happen, read-only.

A watch link is a token drawn with ``secrets.token_urlsafe`` (``Store.share``). A game's owner
makes one from the table, open hands or not, and may turn it off; a class makes one to each
student's game for its teacher, never with open hands. Whoever has the link sees the table,
and nothing more: no move is theirs (every move endpoint checks the owner's token, which a
watcher does not hold, and the watch page has no control that moves).

A watcher holds no seat. Without open hands they see what everyone at a real table sees — the
discard pile, the counts, each move — and none of the owner's cards: not the hand, not the cards
the owner draws, not a bot's hand that the owner's challenge revealed, nor whether the owner's Wild
Draw Four was a bluff (the log is stored as the owner may see it; ``step`` takes out what only
the owner may). With open hands every hand is shown, as in a demo. The draw pile never is.

A pass-and-play game may be watched too (a class following a game on the projector), never with
open hands (``share``): its players hide their hands from each other, so a watcher sees none of
them, only their counts; its log is stored for nobody's eyes already.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ..engine.round import hand_notations
from ..engine.rules import Rule
from ..practice import SHOWN_STEPS, access, present
from ..practice.game import HUMAN, Practice, view as owner_view
from ..store import Record, Watch, new_token
from .classes import ClassError, student_name

WATCHER = None  # the seat a watcher holds: none, so every sentence is in the third person
MAX_REPLAY = 60  # steps a watcher who fell behind is shown played; older ones are only in the log
_RESTRICTION = Rule.WILD_DRAW_FOUR_RESTRICTION.value
_STACKING = Rule.STACKING.value
_ISOLATE = "\u2068%s\u2069"  # a nickname in a sentence keeps its own direction (docs/arabic.md §5)


def load(token: str) -> tuple[Watch, Record, Practice]:
    """The link and its game; ClassError 404 for no such link (or game), 410 for one turned off."""
    found = access.store().load_watch(token) if len(token) <= 64 else None
    record = found and access.store().load(found.game)
    if record is None:
        raise ClassError("watch-not-found", 404)
    if found.revoked:
        raise ClassError("watch-revoked", 410)
    return found, record, Practice.from_dict(record.state)


def share(game_id: str, practice: Practice, open_hands: bool) -> Watch:
    """The owner's link to the game (the caller has checked the owner): see ``Store.share``. A
    pass-and-play game's link never has open hands, whatever was asked."""
    return access.store().share(game_id, open_hands and not practice.together, new_token())


def seats(game_id: str, practice: Practice) -> tuple[str, ...]:
    """The names a watcher reads: the student's name in a class, else "Player"; then the bots. In
    pass-and-play, the players' own names, as at the table."""
    if practice.together:
        return present.seat_names(practice)
    student = access.store().student(game_id)
    if student is None:
        owner = _("Player")
    else:
        owner = student_name(*student)
        if student[1]:
            owner = _ISOLATE % owner
    return (owner, *present.names(practice.round.players)[1:])


def view(practice: Practice, open_hands: bool) -> dict[str, Any]:
    """The game's view (the practice API's names) for a watcher: every hand as a count, or with
    open hands every hand as cards; and no seat."""
    shown = owner_view(practice)
    if open_hands:
        shown["hands"] = hand_notations(practice.round.hands)
    else:
        shown["hands"][HUMAN] = len(shown["hands"][HUMAN])
        if shown["pending"]:
            shown["pending"].pop("card", None)  # the card the owner just drew
    shown["seat"] = None
    return shown


def step(stored: dict[str, Any], open_hands: bool) -> dict[str, Any]:
    """A logged step as a watcher may see it (see the module's docstring)."""
    if open_hands:
        return stored
    move = stored["move"]
    rule = stored["rule"]
    if move and move.get("card") == "WD4" and stored["seat"] == HUMAN and rule != _STACKING:
        rule = _RESTRICTION  # as a bot's Wild Draw Four is logged: a bluff or not, it reads the same
    return {**stored, "rule": rule, "events": [_event(event) for event in stored["events"]]}


def _event(event: dict[str, Any]) -> dict[str, Any]:
    """The cards the owner drew, and a bot's hand the owner's challenge revealed, are the owner's to see."""
    if event["kind"] in ("draw", "challenge") and "cards" in event["params"]:
        return {**event, "params": {k: v for k, v in event["params"].items() if k != "cards"}}
    return event


def fresh_from(practice: Practice, since: int | None) -> int:
    """The first step the watcher has not seen (``since``: the next step a page polling has to
    see; None: a page just opened, which shows the owner's last move as the owner's table does)."""
    if since is None:
        return practice.latest
    return max(0, practice.logged - MAX_REPLAY, min(since, practice.logged))


def table(watch: Watch, record: Record, practice: Practice, since: int | None) -> dict[str, Any]:
    """practice/watch.html's context: the table without anything of the owner's to move with."""
    first = fresh_from(practice, since)
    shown_from = max(0, min(first, practice.logged - SHOWN_STEPS))
    log = [step(s, watch.open_hands) for s in access.store().steps(record.id, shown_from)]
    names = seats(record.id, practice)
    return {"game_id": None, "version": record.version, "logged": practice.logged, "watch": watch,
            "notice": None, "refused": None, "choose": None, "uno": False, "hints": {}, "wd4": None,
            "together": practice.together, "people": practice.people,
            **present.table(practice, names, view(practice, watch.open_hands), log, shown_from, first, WATCHER)}


def answer(watch: Watch, record: Record, practice: Practice, since: int | None, language: str) -> dict[str, Any]:
    """The JSON a watcher gets: the view and the steps since ``since`` (as the practice API's
    "results", said in the third person)."""
    first = fresh_from(practice, since)
    log = [step(s, watch.open_hands) for s in access.store().steps(record.id, first)]
    names = seats(record.id, practice)
    return {"version": record.version, "open_hands": watch.open_hands, "logged": practice.logged,
            "first": first, "view": view(practice, watch.open_hands),
            "steps": present.results(log, names, language, WATCHER)}
