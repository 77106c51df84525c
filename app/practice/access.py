"""The game repository: a game by id for the browser that owns it (app.practice.owners), its
versions, and saving and creating games; shared by the table's forms and the JSON API.

Every move names the version it was made on; the save is a compare-and-set, so a replayed, stale
or racing request is refused and nothing is applied twice. The games this process saved last are
kept in memory (``KeptGames``): each load hands out a game of its own, so what a view does with
it, saved or not, before or after its other reads, never reaches another view.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..errors import UserError
from ..limits import LimitReached
from ..proxied import the_app
from ..store import Record, TooManyGames
from ..store.opened import store
from .game import Practice, start
from .owners import owner_token

MAX_KEPT = 256  # games kept in memory per process (most recently saved)
MAX_LIVE_GAMES = 20  # unfinished games one owner may have at once (app.practice.limits)


class GameError(UserError):
    """A request the table refuses before any rule is looked at: ``code`` is a wording error code."""

    def __init__(self, code: str, status: int, **params: Any):
        super().__init__(code, status, **params)


class KeptGames:
    """The games this app saved last, by (id, version), with their records: a version is written
    once (the save is a compare-and-set), so the stored row of that version is exactly this game,
    and the next load skips decoding it. The database stays the truth: another process's or
    host's save simply misses here, or fails the compare-and-set.

    No caller's change ever reaches a kept game, so threads share them safely: ``keep`` stores a
    copy, ``get`` hands out a copy, and ``take`` hands out the kept game itself but forgets it
    first. A move takes its version (the one copy per move is the save's, a copy costing half
    of decoding the row); a move refused or lost to a race leaves no game kept of that version,
    and the next load decodes its row. One memory per app, as there is one app per process in
    production (two apps in one process, as in the tests, are two hosts)."""

    def __init__(self, size: int = MAX_KEPT):
        self.size = size
        self._games: OrderedDict[tuple[str, int], tuple[Record, Practice]] = OrderedDict()

    def record(self, game_id: str, version: int) -> Record | None:
        """The record of the kept game of this version (records are never changed), or None."""
        kept = self._games.get((game_id, version))
        return kept and kept[0]

    def get(self, game_id: str, version: int) -> Practice | None:
        """The kept game of this version, as a copy the caller may change, or None."""
        kept = self._games.get((game_id, version))
        return kept and kept[1].copy()

    def take(self, game_id: str, version: int) -> Practice | None:
        """The kept game of this version, no longer kept: the caller's alone (None: not kept, or
        another thread took it first; the pop is atomic)."""
        kept = self._games.pop((game_id, version), None)
        return kept and kept[1]

    def keep(self, record: Record, practice: Practice, replacing: Record | None = None) -> None:
        """Keep a copy of ``practice`` as the game of ``record`` (in place of ``replacing``, the
        version it was saved over); the oldest go past ``size``."""
        if replacing is not None:
            self._games.pop((replacing.id, replacing.version), None)
        self._games[record.id, record.version] = record, practice.copy()
        while len(self._games) > self.size:
            self._games.popitem(last=False)  # atomic, unlike iterating: safe in a threaded server

    def forget(self, game_id: str) -> None:
        """Every kept version of the game: its next load decodes the stored row."""
        for key in [key for key in list(self._games) if key[0] == game_id]:
            self._games.pop(key, None)

    def __contains__(self, key: tuple[str, int]) -> bool:
        return key in self._games


def kept_games() -> KeptGames:
    """This app's memory of games (``KeptGames``)."""
    extensions = the_app().extensions
    found = extensions.get("kept_games")
    if found is None:
        found = extensions.setdefault("kept_games", KeptGames())
    return found


def load(game_id: str, version: Any = None, owned: bool = True) -> tuple[Record, Practice]:
    """The game, if it exists and belongs to this browser; GameError (404/403) otherwise. The
    game is the caller's own: change it freely, only ``save`` stores it. ``owned=False``: the
    caller has checked who may read it (a table's seat, app.tables), the game belongs to nobody.

    Given the ``version`` a move names, a game this process saved at that version is taken from
    memory without reading its row (``KeptGames.take``: the move saves it, or it is refused). It
    may be stale (another process saved since): the save's compare-and-set then refuses the move,
    and a refusal must ask ``current_version``. Any other load gets a copy of the kept game.
    """
    memory = kept_games()
    moving = type(version) is int
    record = memory.record(game_id, version) if moving else None
    if record is None:
        record = store().load(game_id) if len(game_id) <= 64 else None
    if record is None:
        raise gone(game_id)
    if owned and not record.owned_by(owner_token()):  # the kept record carries the owner too: never skipped
        raise GameError("forbidden", 403)
    if moving and version == record.version:
        kept = memory.take(record.id, record.version)
    else:
        kept = memory.get(record.id, record.version)
    return record, kept or Practice.from_dict(record.state)


def gone(game_id: str) -> GameError:
    """The refusal for a game that is not in the store: a student's whom the class's teacher
    removed is told so (410), any other game is not found (404)."""
    if len(game_id) <= 64 and store().removed_from_class(game_id):
        return GameError("student-removed", 410)
    return GameError("game-not-found", 404)


def current_version(game_id: str) -> int | None:
    """The stored version (None: no such game), for an answer that must say it."""
    record = store().load(game_id)
    return record.version if record else None


def check_version(record: Record, version: Any) -> None:
    """A move made on another version than the stored one is stale (a double click, a replay)."""
    if type(version) is not int or version != record.version:
        raise GameError("stale-version", 409, version=record.version)


def save(record: Record, practice: Practice, steps: list[dict[str, Any]]) -> Record:
    """Store the game's next version and its new steps, unless another request got there first
    (then nothing is saved); the saved game replaces its last version in memory."""
    saved = store().save(record, practice.to_dict(), practice.finished, steps, practice.latest)
    if saved is None:
        raise GameError("stale-version", 409)
    kept_games().keep(saved, practice, replacing=record)
    return saved


def create(options: dict[str, Any], save=None) -> tuple[Record, Practice, list[dict[str, Any]]]:
    """A new game for this browser from checked options (``options.read_options``), unless it has
    MAX_LIVE_GAMES unfinished ones (``LimitReached``, 429). ``save(owner token, state, finished,
    steps)`` stores it instead of ``Store.create`` (a class's student joining, which counts the
    same live games), and may raise to refuse it: then nothing is kept."""
    practice, steps = start(**options)
    token, state = owner_token(create=True), practice.to_dict()
    try:
        record = (save(token, state, practice.finished, steps) if save else
                  store().create(token, state, practice.finished, steps, most_live=MAX_LIVE_GAMES))
    except TooManyGames as full:
        raise LimitReached("too-many-games", full.wait, max=MAX_LIVE_GAMES) from None
    kept_games().keep(record, practice)
    return record, practice, steps
