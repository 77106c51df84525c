"""The store's schema as numbered migrations, each in both databases' words, and the version
table that says which have run.

``Store.upgrade`` applies the missing ones in order, in one transaction with the version, under a
lock only one host holds at a time (SQLite: the writers' turn; PostgreSQL: an advisory lock), so
many hosts upgrading at once apply each migration once. Migration 1 is the schema as it was before
it had versions: its statements only create what is missing (``IF NOT EXISTS``), so a SQLite file
made then upgrades to version 1 keeping its rows. A later change is a new migration appended to
MIGRATIONS, never an edit of one that has shipped. A migration that must rewrite rows (2: the log
packed) does it in Python after its statements (``then``), in the same transaction: the rows
are all converted, or none.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..fast_json import loads
from .packing import pack

VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"


@dataclass(frozen=True)
class Migration:
    number: int
    about: str
    sqlite: tuple[str, ...]
    postgres: tuple[str, ...]
    then: Callable[[Any], None] | None = None  # run on the upgrade's transaction after the statements


# One owner's live games: ``create``'s cap; students' games by class; the cleanup's clocks.
_INDEXES = (
    "CREATE INDEX IF NOT EXISTS games_updated ON games (updated)",
    "CREATE INDEX IF NOT EXISTS games_owner ON games (owner)",
    "CREATE INDEX IF NOT EXISTS classes_expires ON classes (expires)",
    "CREATE INDEX IF NOT EXISTS classes_teacher ON classes (teacher)",
    "CREATE INDEX IF NOT EXISTS watches_game ON watches (game)",
    "CREATE INDEX IF NOT EXISTS hits_key ON hits (key, at)",
    "CREATE INDEX IF NOT EXISTS hits_expires ON hits (expires)",
)

_TABLES = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,  -- hash of the owner's token
    version INTEGER NOT NULL,
    state TEXT NOT NULL,  -- JSON, never queried inside: kept as the text the app wrote
    finished INTEGER NOT NULL DEFAULT 0,
    updated {time} NOT NULL
) ;
CREATE TABLE IF NOT EXISTS steps (
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,  -- the number of the row's first step
    step TEXT NOT NULL,  -- a JSON list of steps (a single step's object in older logs)
    PRIMARY KEY (game, n)
) {without_rowid};
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY,
    teacher TEXT NOT NULL,  -- hash of the teacher's owner token, as games.owner
    options TEXT NOT NULL,  -- JSON: the game every student gets (rules, bots, level, seed)
    created {time} NOT NULL,
    expires {time} NOT NULL
) ;
CREATE TABLE IF NOT EXISTS students (
    game TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    class TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
    number INTEGER NOT NULL,  -- 1, 2, ... in the order they joined
    nickname TEXT,
    UNIQUE (class, number)
) ;
CREATE TABLE IF NOT EXISTS refusals (
    game TEXT NOT NULL REFERENCES students (game) ON DELETE CASCADE,
    rule TEXT NOT NULL,
    n INTEGER NOT NULL,  -- moves of this student's refused by this rule
    PRIMARY KEY (game, rule)
) {without_rowid};
CREATE TABLE IF NOT EXISTS watches (
    token TEXT PRIMARY KEY,  -- the link itself: whoever has it may watch, so it is drawn as a game id is
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    open_hands INTEGER NOT NULL,
    by_class INTEGER NOT NULL,  -- made by the game's class for its teacher (the owner's own links: 0)
    revoked INTEGER NOT NULL DEFAULT 0  -- kept, so that its watchers are told it was turned off
) ;
CREATE TABLE IF NOT EXISTS hits (  -- rate limits' moving windows (app.limits_storage): one row a hit
    {hit_id}key TEXT NOT NULL,
    at {time} NOT NULL,
    expires {time} NOT NULL  -- at + the window: the cleanup's clock
) ;
CREATE TABLE IF NOT EXISTS counters (  -- rate limits' fixed windows, should RATELIMIT_STRATEGY ask for them
    key TEXT PRIMARY KEY,
    n INTEGER NOT NULL,
    expires {time} NOT NULL
)
"""


def _worded(template: str, **words: str) -> tuple[str, ...]:
    """A template's statements in one database's ``words``."""
    return tuple(statement.strip() for statement in template.format(**words).split(";\n"))


# Each database's words for what the templates leave open: a time (PostgreSQL's REAL would be 4
# bytes, seconds lost), a table without SQLite's rowid, bytes.
_SQLITE_WORDS = {"time": "REAL", "without_rowid": "WITHOUT ROWID", "blob": "BLOB"}
_POSTGRES_WORDS = {"time": "DOUBLE PRECISION", "without_rowid": "", "blob": "BYTEA"}


def _migration(number: int, about: str, template: str, then: Callable[[Any], None] | None = None) -> Migration:
    """A migration whose statements are ``template`` in each database's words."""
    return Migration(number, about, sqlite=_worded(template, **_SQLITE_WORDS),
                     postgres=_worded(template, **_POSTGRES_WORDS), then=then)


def _pack_the_old_log(db) -> None:
    """Migration 2: every row of ``steps`` (a JSON list of one request's steps, or one step's
    object in logs from before one row per request) packed into ``log`` under the same game and
    number, then ``steps`` dropped. Read in pages of the key's order, so that neither database
    holds the whole old log in memory at once."""
    last: tuple[str, int] = ("", -1)
    while True:
        rows = db.execute("SELECT game, n, step FROM steps WHERE (game, n) > (?, ?) ORDER BY game, n LIMIT ?",
                          (*last, _PAGE)).fetchall()
        if not rows:
            break
        db.executemany("INSERT INTO log (game, n, steps) VALUES (?, ?, ?)",
                       [(game, n, pack(_as_list(loads(text)))) for game, n, text in rows])
        last = rows[-1][0], rows[-1][1]
    db.execute("DROP TABLE steps")


def _as_list(steps: Any) -> list[Any]:
    return [steps] if isinstance(steps, dict) else steps


_PAGE = 1000  # old log rows read at a time by ``_pack_the_old_log``

# The log: one request's steps a row, packed (app.store.packing). No foreign key to its game: the
# cleanup deletes a game (its row, watch links, student row) in one short transaction, and then its
# log in transactions of LOG_BATCH rows (app.store.base), however long the game was; ``gone_logs``
# lists the games whose log is still to delete.
_PACKED_LOG = """
CREATE TABLE log (
    game TEXT NOT NULL,  -- the game's id
    n INTEGER NOT NULL,  -- the number of the row's first step
    steps {blob} NOT NULL,  -- one request's steps, packed
    PRIMARY KEY (game, n)
) {without_rowid};
CREATE TABLE gone_logs (
    game TEXT PRIMARY KEY  -- a deleted game whose log rows the cleanup still deletes
) {without_rowid}
"""


# A class's teacher on other devices (issue 37, item 4): the hash of the class's one live teacher
# link, the browsers that opened it, the class's end, and the browsers of students the teacher
# removed (a removed student's games are deleted; the row keeps that browser from joining again).
_TEACHERS = """
-- the hash of the teacher link's secret, never the secret (NULL: none)
ALTER TABLE classes ADD COLUMN teacher_link TEXT;
-- when the teacher ended the class (NULL: not ended)
ALTER TABLE classes ADD COLUMN ended {time};
CREATE TABLE class_teachers (
    class TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
    owner TEXT NOT NULL,  -- hash of the owner token of a browser that opened the teacher link
    PRIMARY KEY (class, owner)
) {without_rowid};
CREATE TABLE removed_students (
    class TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
    owner TEXT NOT NULL,  -- hash of the removed student's owner token
    game TEXT NOT NULL,  -- a game of theirs that was deleted, so that its table can say why
    PRIMARY KEY (class, owner, game)
) {without_rowid};
CREATE INDEX removed_students_game ON removed_students (game)
"""


# A live session of a class (issue 37, items 1 and 5): one row per class, so one session at a time;
# a new session takes the row over with a greater version, so a stream's event ids (the version)
# only ever grow within a class, across its sessions.
_LIVE = """
CREATE TABLE live_sessions (
    class TEXT PRIMARY KEY REFERENCES classes (code) ON DELETE CASCADE,
    id TEXT NOT NULL,  -- this session's own id: a new one at each start
    kind TEXT NOT NULL,  -- 'demo' or 'quiz'
    source TEXT NOT NULL,  -- the demo's id, or the quiz's seed
    frame INTEGER NOT NULL,  -- the frame shown, from 1 (a demo's frame, a quiz's item)
    revealed INTEGER NOT NULL DEFAULT 0,  -- whether the teacher revealed the frame's answer
    version INTEGER NOT NULL,  -- grows with every start, step and end: the event stream's id
    started {time} NOT NULL,
    ended {time}  -- when the teacher (or the class's end) ended it; NULL while it runs
) {without_rowid}
"""


# Students' answers in a live session (issue 37, item 2): one row per student per frame of a session,
# the primary key deciding it (INSERT ... ON CONFLICT DO NOTHING), so twenty answers sent at once count
# once; the engine's verdict kept beside the answer, so the teacher's counts are one GROUP BY.
_ANSWERS = """
CREATE TABLE live_answers (
    class TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
    session TEXT NOT NULL,  -- live_sessions.id: the session answered
    frame INTEGER NOT NULL,  -- the frame answered, from 1
    owner TEXT NOT NULL,  -- hash of the student's owner token, as games.owner
    answer TEXT NOT NULL,  -- the choice's id (a card, draw, catch:1, a seat, a number, a quiz choice)
    given TEXT NOT NULL,  -- the answer as judged (a wild with its colour), canonical JSON
    legal INTEGER NOT NULL,  -- whether the engine allows it
    correct INTEGER NOT NULL,  -- whether it is the frame's answer
    rule TEXT NOT NULL,  -- the rule the engine named
    at {time} NOT NULL,
    PRIMARY KEY (session, frame, owner)
) {without_rowid};
CREATE INDEX live_answers_class ON live_answers (class)
"""


# A teacher-paced quiz (issue 37, item 3): the seconds each item is open (NULL: no timer), whether
# the class sees nicknames and a leaderboard, and the current item's deadline, set at each step
# (NULL: none), after which answers are refused.
_PACED = """
ALTER TABLE live_sessions ADD COLUMN timer INTEGER;
ALTER TABLE live_sessions ADD COLUMN leaderboard INTEGER NOT NULL DEFAULT 0;
ALTER TABLE live_sessions ADD COLUMN deadline {time}
"""


# What a class's page shows changes with every write to its rows, and each such write counts itself
# here in its own transaction (app.store.classes): a class's page is drawn once per data version
# (``Classes.load_class``) rather than from every student's game at every view (issue 36, item 1).
_CLASS_CHANGES = """
-- writes to the class's rows that change its page, besides its students' moves (each game's own version)
ALTER TABLE classes ADD COLUMN changes INTEGER NOT NULL DEFAULT 0
"""


# A table of people (issue 38): a practice game whose seats people hold, one row per seat taken.
# The primary key decides a race for a seat, the unique holder one browser's second join (it goes
# back to its seat); a seat without a row is played by a bot. Deleted with its game.
_TABLE_SEATS = """
CREATE TABLE table_seats (
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,  -- the table's game: its id is the table's
    seat INTEGER NOT NULL,  -- 0 (the maker's), 1, ... below the table's seats
    name TEXT NOT NULL,  -- as typed ('': "Player n" is shown)
    holder TEXT NOT NULL,  -- hash of the owner token of the browser that holds it, as games.owner
    joined {time} NOT NULL,
    seen {time} NOT NULL,  -- when its holder last read or moved at the table
    PRIMARY KEY (game, seat),
    UNIQUE (game, holder)
) {without_rowid}
"""


# A class's tables (issue 38, item 1): a table the teacher opened in a class, numbered in the class,
# waiting (``started`` NULL: no move, no bot's) until the teacher starts it or every seat is taken;
# and the moves refused at it by rule, for the teacher's page. Deleted with the table's game, or
# with the class.
_CLASS_TABLES = """
CREATE TABLE class_tables (
    game TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,  -- the table's game
    class TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
    number INTEGER NOT NULL,  -- 1, 2, ... in the order the teacher opened them
    started {time},  -- NULL: waiting for its people
    UNIQUE (class, number)
) ;
CREATE TABLE class_table_refusals (
    game TEXT NOT NULL REFERENCES class_tables (game) ON DELETE CASCADE,
    rule TEXT NOT NULL,
    n INTEGER NOT NULL,  -- moves refused at this table by this rule
    PRIMARY KEY (game, rule)
) {without_rowid}
"""


MIGRATIONS = (
    Migration(
        1, "games and their logs, classes, students, refusals, watch links and the rate limits' counts",
        # SQLite: REAL is a double; the hits are deleted by rowid.
        sqlite=_worded(_TABLES, time="REAL", without_rowid="WITHOUT ROWID", hit_id="") + _INDEXES,
        # PostgreSQL: REAL would be 4 bytes (seconds lost), so DOUBLE PRECISION; an id to delete hits by.
        postgres=_worded(_TABLES, time="DOUBLE PRECISION", without_rowid="",
                         hit_id="id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,\n    ") + _INDEXES,
    ),
    _migration(2, "the log packed (a tenth of its JSON), and deleted apart from its game", _PACKED_LOG,
               then=_pack_the_old_log),
    _migration(3, "a class's teacher link and the browsers that opened it, its end, and the students removed",
               _TEACHERS),
    _migration(4, "a class's live session: what it shows, its frame, and its version", _LIVE),
    _migration(5, "students' answers in a live session: one per student per frame, with the engine's verdict",
               _ANSWERS),
    _migration(6, "a live quiz's timer per item, its deadline, and whether it shows a leaderboard", _PACED),
    _migration(7, "a class's count of changes, so that its page is drawn once per data version", _CLASS_CHANGES),
    _migration(8, "the seats of a table of people: who holds each, by name, since when, last seen", _TABLE_SEATS),
    _migration(9, "a class's tables: which class, their number, when started, their moves refused by rule",
               _CLASS_TABLES),
)
LATEST = MIGRATIONS[-1].number
