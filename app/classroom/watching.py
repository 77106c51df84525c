"""Following a game from a watch link: its table and its steps as they happen, read-only.

A watch link is a token drawn with ``secrets.token_urlsafe`` (``Store.share``). A game's owner
makes one from the table, open hands or not, and may turn it off; a class makes one to each
student's game for its teacher, never with open hands. Whoever has the link sees the table,
and nothing more: no move is theirs (every move endpoint checks the owner's token, which a
watcher does not hold, and the watch page has no control that moves).

A watcher holds no seat. Without open hands they see what everyone at a real table sees — the
discard pile, the counts, each move — and none of the owner's cards: not the hand, not the cards
the owner draws, not a bot's hand that the owner's challenge revealed, nor whether the owner's Wild
Draw Four was a bluff (the log is stored as the owner may see it; ``visibility.narrow`` takes out what
only the owner may). With open hands every hand is shown, as in a demo. The draw pile never is.
What a watcher may see is app.engine.visibility's to decide (``visibility.watcher``).

A pass-and-play game may be watched too (a class following a game on the projector), never with
open hands (``share``): its players hide their hands from each other, so a watcher sees none of
them, only their counts; its log is stored for nobody's eyes already.
"""
from __future__ import annotations

from typing import Any

from .. import wording
from ..engine import visibility
from ..i18n import gettext as _
from ..practice import access, narration
from ..practice.game import Practice, view
from ..store import Record, Watch, new_token
from .classes import ClassError, isolated, student_name

WATCHER = None  # the seat a watcher holds: none, so every sentence is in the third person
MAX_REPLAY = 60  # steps a watcher who fell behind is shown played; older ones are only in the log


def load(token: str) -> tuple[Watch, Record, Practice]:
    """The link and its game; ClassError 404 for no such link (or game), 410 for one turned off."""
    found = access.store().load_watch(token) if len(token) <= 64 else None
    record = access.store().load(found.game) if found is not None else None
    if found is None or record is None:
        raise ClassError("watch-not-found", 404)
    if found.revoked:  # a class's link is turned off only when the class ends
        raise ClassError("watch-class-ended" if found.by_class else "watch-revoked", 410)
    return found, record, Practice.from_dict(record.state)


def share(game_id: str, practice: Practice, open_hands: bool) -> Watch:
    """The owner's link to the game (the caller has checked the owner): see ``Store.share``. A
    pass-and-play game's link never has open hands, whatever was asked."""
    return access.store().share(game_id, open_hands and not practice.together, new_token())


def seats(game_id: str, practice: Practice) -> tuple[str, ...]:
    """The names a watcher reads: the student's name in a class, else "Player"; then the bots. In
    pass-and-play, the players' own names, as at the table."""
    if practice.together:
        return narration.seat_names(practice)
    student = access.store().student(game_id)
    if student is None:
        owner = _("Player")
    else:
        owner = student_name(*student)
        if student[1]:  # a nickname the student typed: sentences about it don't say "he" or "she"
            owner = wording.PersonName(isolated(owner))
    return (owner, *narration.names(practice.round.players)[1:])


def _log(record: Record, practice: Practice, first: int, viewer: visibility.Viewer) -> list[dict[str, Any]]:
    """The stored steps from ``first`` on, each as the watcher may see it: narrowed from what the
    log's reader saw (``visibility.narrow``)."""
    return [visibility.narrow(s, practice.reader, viewer) for s in access.store().steps(record.id, first)]


def fresh_from(practice: Practice, since: int | None) -> int:
    """The first step the watcher has not seen (``since``: the next step a page polling has to
    see; None: a page just opened, which shows the owner's last move as the owner's table does)."""
    if since is None:
        return practice.latest
    return max(0, practice.logged - MAX_REPLAY, min(since, practice.logged))


def table(watch: Watch, record: Record, practice: Practice, first: int,
          names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """practice/watch.html's context: the table without anything of the owner's to move with,
    the steps from ``first`` on (``fresh_from``) to be played. ``names``: the seats' (a table of
    people's, app.tables.teaching), else ``seats``'."""
    shown_from = max(0, min(first, practice.logged - narration.SHOWN_STEPS))
    viewer = visibility.watcher(watch.open_hands)
    log = _log(record, practice, shown_from, viewer)
    names = names or seats(record.id, practice)
    return {"game_id": None, "version": record.version, "logged": practice.logged, "watch": watch,
            "notice": None, "refused": None, "choose": None, "uno": False,
            "together": practice.together, "people": practice.people,
            **narration.table(practice, names, view(practice, viewer), log, shown_from, first, WATCHER)}


def answer(watch: Watch, record: Record, practice: Practice, since: int | None, language: str) -> dict[str, Any]:
    """The JSON a watcher gets: the view and the steps since ``since`` (as the practice API's
    "results", said in the third person)."""
    first = fresh_from(practice, since)
    viewer = visibility.watcher(watch.open_hands)
    log = _log(record, practice, first, viewer)
    names = seats(record.id, practice)
    return {"version": record.version, "open_hands": watch.open_hands, "logged": practice.logged,
            "first": first, "view": view(practice, viewer),
            "steps": narration.results(log, names, language, WATCHER)}
