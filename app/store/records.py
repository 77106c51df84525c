"""What the game store hands out and the refusals it raises, the same whichever database keeps
the rows: a backend only ever builds these from its rows."""
from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from ..fast_json import loads as decode


@dataclass(frozen=True)
class Record:
    id: str
    owner: str  # hash of the owner's token, never the token itself
    version: int
    data: str = field(repr=False)  # the state as stored (JSON)
    finished: bool
    updated: float  # when ``updated`` was last written (see base.TOUCH_EVERY)

    @cached_property
    def state(self) -> dict[str, Any]:
        """The stored state, decoded on first use: a move that finds its game already in memory
        (app.practice.access) never needs it."""
        return decode(self.data)

    def owned_by(self, token: str | None) -> bool:
        """Constant-time comparison, so timing tells nothing about the owner's token."""
        return token is not None and hmac.compare_digest(_issued_hash(token), self.owner)


@dataclass(frozen=True)
class ClassRecord:
    code: str
    teacher: str  # hash of the teacher's token
    options: dict[str, Any]  # the game every student gets, as ``Store.create_class`` was given it
    created: float
    expires: float
    teacher_link: str | None = field(default=None, repr=False)  # hash of the live teacher link's secret
    ended: float | None = None  # when its teacher ended it (None: not ended)
    # What its page shows, as a version (``Store.load_class`` says how): (changes, students, the
    # sum of their games' versions)
    version: tuple[int, int, int] = (0, 0, 0)

    def taught_by(self, token: str | None) -> bool:
        """Whether ``token`` is the maker's (the browsers that opened the teacher link: the store's
        ``teaches``)."""
        return token is not None and hmac.compare_digest(_issued_hash(token), self.teacher)

    def has_teacher_link(self, secret: str) -> bool:
        """Whether ``secret`` is the class's live teacher link, compared in constant time."""
        return self.teacher_link is not None and hmac.compare_digest(owner_hash(secret), self.teacher_link)


@dataclass(frozen=True)
class StudentGame:
    """One student of a class and where their game stands (its state as stored)."""

    number: int
    nickname: str | None
    game: str
    data: str = field(repr=False)
    finished: bool
    watch: str | None  # the watch link the class made for its teacher (its owner can't revoke it)

    @cached_property
    def state(self) -> dict[str, Any]:
        return decode(self.data)


@dataclass(frozen=True)
class LiveSession:
    """A class's live session as stored (``Store.start_live``): what it shows (``kind`` "demo" with
    the demo's id, or "quiz" with its seed as ``source``), the frame shown (from 1), whether its
    answer is revealed, and the version every start, step and end makes greater. A quiz may have a
    ``timer`` (seconds per item; None: off), whose ``deadline`` each step sets, and a ``leaderboard``."""

    class_code: str
    id: str
    kind: str
    source: str
    frame: int
    revealed: bool
    version: int
    started: float
    ended: float | None = None
    timer: int | None = None
    leaderboard: bool = False
    deadline: float | None = None

    COLUMNS = "class, id, kind, source, frame, revealed, version, started, ended, timer, leaderboard, deadline"

    @classmethod
    def from_row(cls, row: tuple) -> LiveSession:
        return cls(row[0], row[1], row[2], row[3], row[4], bool(row[5]), row[6], row[7], row[8], row[9],
                   bool(row[10]), row[11])

    def as_event(self) -> dict[str, Any]:
        """The session as its announcement carries it (``LiveEvents``), from one host to the others."""
        return {"class": self.class_code, "session": [self.id, self.kind, self.source, self.frame, self.revealed,
                                                     self.version, self.started, self.ended,
                                                     self.timer, self.leaderboard, self.deadline]}


@dataclass(frozen=True)
class LiveAnswer:
    """A student's answer to a frame of a live session, as judged when it came (``Store.answer_live``):
    ``answer`` the choice's id the counts group by, ``given`` the answer as judged (canonical JSON:
    a wild's colour too), the engine's verdict (``legal``, ``right``) and the rule it named."""

    answer: str
    given: str
    legal: bool
    right: bool
    rule: str

    COLUMNS = "answer, given, legal, correct, rule"

    @classmethod
    def from_row(cls, row: tuple) -> LiveAnswer:
        return cls(row[0], row[1], bool(row[2]), bool(row[3]), row[4])


@dataclass(frozen=True)
class Seat:
    """A table's seat held by a person (issue 38, ``Store.join_table``): the seat's number, the name
    typed ("" for none: "Player n" is shown), the hash of the browser's owner token that holds it,
    when it was taken and when its holder was last seen at the table."""

    seat: int
    name: str
    holder: str = field(repr=False)
    joined: float
    seen: float

    COLUMNS = "seat, name, holder, joined, seen"

    @classmethod
    def from_row(cls, row: tuple) -> Seat:
        return cls(row[0], row[1], row[2], row[3], row[4])

    def named(self, typed: str) -> bool:
        """Whether ``typed`` reads as this seat's name (two people at a table must be told apart)."""
        return bool(self.name) and folded_name(self.name) == folded_name(typed)


def folded_name(name: str) -> str:
    """A name as it reads, for telling two apart: what a reader cannot tell from it is folded away
    (case, width, runs of spaces, the script of its digits: "Ali 1" reads as "ali ١")."""
    plain = unicodedata.normalize("NFKC", name).casefold()
    digits = "".join(c if unicodedata.decimal(c, None) is None else str(unicodedata.decimal(c)) for c in plain)
    return " ".join(digits.split())


@dataclass(frozen=True)
class ClassTable:
    """A table a class's teacher opened (issue 38, ``Store.create_class_table``): its game's id,
    the class's code, its number in the class, and when it started (None: it waits for its people)."""

    game: str
    code: str
    number: int
    started: float | None

    COLUMNS = "game, class, number, started"

    @classmethod
    def from_row(cls, row: tuple) -> ClassTable:
        return cls(row[0], row[1], row[2], row[3])


@dataclass(frozen=True)
class Watch:
    token: str
    game: str
    open_hands: bool
    by_class: bool
    revoked: bool


class ClassGone(Exception):
    """No class has this code any more (or never had): nothing was written."""


class ClassEnded(Exception):
    """The class's teacher ended it: no one joins any more. Nothing was written."""


class RemovedFromClass(Exception):
    """The class's teacher removed this browser's student: it can't join again. Nothing was written."""


class LiveSessionOn(Exception):
    """The class has a live session already: one at a time. Nothing was written."""


class ClassFull(Exception):
    """The class has as many students as it may: nothing was written."""


class TableGone(Exception):
    """No table has this id any more (or never had): nothing was written."""


class TableFull(Exception):
    """Every seat of the table is held by a person: nothing was written."""


class TooManyTables(Exception):
    """The class has as many tables as it may: nothing was written."""


class NameTaken(Exception):
    """Someone at the table has a name that reads as this one (``Seat.named``): nothing was written."""


class TooManyGames(Exception):
    """The owner has as many live games as they may: nothing was written. ``wait``: seconds until
    the first of them expires."""

    def __init__(self, wait: float):
        super().__init__(wait)
        self.wait = wait


class StoreUnavailable(Exception):
    """The database can't serve this request now (app.unavailable answers 503): it may be back in a
    moment, and nothing was written."""


class SchemaBehind(StoreUnavailable):
    """The database's schema is older than this code's and this backend doesn't upgrade it by
    itself: ``flask --app app db-upgrade`` must run first. Checked again on the next request, so a
    host recovers without a restart once it has."""

    def __init__(self, found: int, wanted: int):
        super().__init__(f"the database's schema is at version {found}, this code needs {wanted}: "
                         "run `flask --app app db-upgrade`")
        self.found, self.wanted = found, wanted


def owner_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@lru_cache(maxsize=4096)
def _issued_hash(token: str) -> str:
    """``owner_hash`` of an owner token this server issued (app.practice.owners hands out no
    other), remembered for the tokens checked last, as many as app.practice.owners remembers
    cookies: a browser sends the same token with every move, and hashing it anew (OpenSSL sets up
    each hash) was a third of loading the move's game. Never a secret a client typed (a teacher
    link's, of any length): those are hashed each time."""
    return owner_hash(token)


def new_token() -> str:
    return secrets.token_urlsafe(32)
