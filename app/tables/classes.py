"""A class's tables of people (issue 38, item 1): the teacher opens them, the class's students take
their seats, the teacher starts them and follows each one without seeing a card.

A class table has no maker at seat 0: it is dealt when opened (every seat a person's, so no bot
moves) and then *waits*: no move is taken, and so no bot plays, until it starts. It starts when
every seat is taken (the join that takes the last one starts it), or when the teacher starts the
class's waiting tables: then the bots take the seats nobody holds, at the table's level, and play
if it is their turn (at a table started with nobody there, once its first student joins). ``same_deal`` deals every table the class opens with the class's own seed:
the same first hands and top card at every table of as many seats.

Only the class's students (browsers with a game in the class, app.classroom.classes' membership)
take seats at its tables. The teacher's listing says, for each table, its round, the cards left in
each hand, whose turn it is, the moves refused by rule and whether it is finished: never a card.
"""
from __future__ import annotations

import hashlib
from typing import Any

from flask_babel import lazy_gettext as _l

from ..classroom import classes
from ..errors import UserError
from ..practice import access
from ..practice.options import OptionError
from ..practice.owners import owner_token
from ..store import ClassRecord, Seat, TooManyTables, owner_hash
from . import bots, seating

MAX_TABLES = 50  # a class's tables: 200 students (classes.MAX_STUDENTS) at tables of four
MAX_OPENED = 20  # tables opened by one request
TABLES_RANGE = _l("Choose between %(min)d and %(max)d tables.")
SAME_DEAL = _l("Every table dealt the same first hands, or each its own: true or false.")


def open_tables(found: ClassRecord, body: dict[str, Any]) -> list[str]:
    """The class's new tables (the caller checked the teacher): ``{"tables": n, "seats", "rules",
    "level", "same_deal"}``, rules and level the class's unless given. OptionError names a bad field."""
    count = body.get("tables", 1)
    if type(count) is not int or not 1 <= count <= MAX_OPENED:
        raise OptionError("tables", TABLES_RANGE % {"min": 1, "max": MAX_OPENED})
    same_deal = body.get("same_deal", False)
    if not isinstance(same_deal, bool):
        raise OptionError("same_deal", SAME_DEAL)
    if len(access.store().class_tables(found.code)) + count > MAX_TABLES:  # the store checks each again
        raise UserError("too-many-tables", 409, max=MAX_TABLES)
    kept = found.options
    chosen = {"seats": body.get("seats"), "rules": _given(body, "rules", kept["rules"]),
              "level": _given(body, "level", kept["level"]), "seed": tables_seed(kept["seed"]) if same_deal else None}
    opened = []
    for _ in range(count):
        options = seating.options(chosen)  # a seed drawn for each table unless the class's is given
        options["present"] = frozenset(range(options["rules"].players))  # waiting: no bot moves
        record, _practice, _steps = access.create(options, save=lambda token, state, finished, steps: _save(
            found, state, finished, steps))
        opened.append(record.id)
    return opened


def tables_seed(seed: int | str) -> int:
    """What a class's tables of one same deal are dealt from: a number drawn from the class's seed,
    not that seed, which its students' own games are dealt from, so that no student's own game
    shows the tables' hands or draw pile (a number: any seed the options take, however long)."""
    return int(hashlib.sha256(f"{seed}:tables".encode()).hexdigest()[:15], 16)


def _given(body: dict[str, Any], field: str, kept: Any) -> Any:
    """The body's ``field``, the class's ``kept`` where it is missing or null (JSON's "not given")."""
    given = body.get(field)
    return kept if given is None else given


def _save(found: ClassRecord, state: dict[str, Any], finished: bool, steps) -> Any:
    try:
        with classes.still_open():
            return access.store().create_class_table(found.code, state, finished, steps, MAX_TABLES)
    except TooManyTables:
        raise UserError("too-many-tables", 409, max=MAX_TABLES) from None


def join(table: str, body: dict[str, Any]) -> Seat:
    """This browser's seat at a table (``seating.join``); at a class's, only if it is one of the
    class's students (403), while the class is open (410 once its teacher ended it, as the class's
    own join), and the join that takes its last free seat starts it."""
    store = access.store()
    found = store.class_table(table) if len(table) <= 64 else None
    if found is not None:
        _still_open(classes.find(found.code))
        token = owner_token()
        if token is None or not store.in_class(found.code, owner_hash(token)):
            raise UserError("not-in-class", 403)
    seat = seating.join(table, body)
    if found is None:
        return seat
    if found.started is None:
        _record, practice = access.load(table, owned=False)
        if len(store.table_seats(table)) == practice.people:
            store.start_class_table(table)  # every seat a person's: no bot to play
    else:
        bots.play_for(table)  # a table started empty: the bots play up to a person's turn
    return seat


def _still_open(found: ClassRecord) -> None:
    """Refuse what would seat someone at an ended class's tables (410 class-ended)."""
    if found.ended is not None:
        raise classes.ClassError("class-ended", 410)


def check_started(table: str) -> None:
    """Refuse a move at a class's table that waits for its people (409), changing nothing."""
    if bots.waiting(table):
        raise UserError("table-waiting", 409)


def start(found: ClassRecord) -> list[str]:
    """Start the class's waiting tables (the caller checked the teacher): at each, the bots take
    the seats nobody holds and play if it is theirs to; the tables started. Not once the class
    ended (410): nobody may join it, nor its tables, any more."""
    _still_open(found)
    started = access.store().start_class_tables(found.code)
    for table in started:
        bots.play_for(table)
    return started


def listing(found: ClassRecord) -> list[dict[str, Any]]:
    """Each of the class's tables as its teacher follows it, never a card: its number, id and
    invite, whether it started, the seats people hold, those whose holders are away (played by
    bots until they are back) and every seat's name, the round, the cards left in each hand, whose
    turn it is, the moves refused there by rule, and whether it is finished."""
    store = access.store()
    refused = store.class_table_refusals(found.code)
    shown = []
    for table in store.class_tables(found.code):
        _record, practice = access.load(table.game, owned=False)
        seats = store.table_seats(table.game)
        shown.append({
            "id": table.game, "number": table.number, "invite": seating.invite(table.game),
            "started": table.started is not None, "seats": practice.people,
            "people": [seat.seat for seat in seats], "away": sorted(seating.away(seats)),
            "names": list(seating.seat_names(seats, practice)),
            "round": practice.game.number, "cards": [len(hand) for hand in practice.round.hands],
            "turn": None if practice.round.round_over else practice.round.actor(),
            "refusals": refused.get(table.game, {}), "finished": practice.finished,
        })
    return shown

