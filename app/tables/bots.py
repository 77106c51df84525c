"""The bots' moves at a table of people (issue 38): for the seats nobody holds and for those whose
holders are away (app.tables.seating), up to the turn of someone who is there. One path for every
caller that is not a move: a class's table as it starts or as a student joins it
(app.tables.classes), and, when the seat to move is away, a seat reading the table
(app.tables.play) or a table's stream at its heartbeat (app.tables.events); a move runs the same
bots itself (``game.play``).

The moves are saved as the table's next version only if nobody moved meanwhile (the store's
compare-and-set on the version, ``access.save``), then announced to the table's streams: of a
person back at their seat and the bot moving for them on the same version, one is applied and the
other refused (the person's as stale, with the current version), so no move is lost or applied
twice. A pause for a forgotten UNO is left to the people there (anyone's ``continue``).
"""
from __future__ import annotations

from ..practice import access
from ..practice.game import CONTINUE, play
from ..store import Seat
from .seating import playing


def waiting(table: str) -> bool:
    """Whether the table is a class's that waits for its people (no move is taken there yet)."""
    found = access.store().class_table(table)
    return found is not None and found.started is None


def play_for(table: str, seats: list[Seat] | None = None, here: Seat | None = None) -> bool:
    """The bots' moves at the table up to the turn of a person there (``seats``: the table's as
    just read; ``here``: the seat of whoever asks, there now), saved and announced; whether they
    were. They are not while nobody is there, a person there is to move, play pauses (a round's
    end, a forgotten UNO), the table waits to start, or when a seat moved meanwhile (its move ran
    them)."""
    store = access.store()
    present = playing(store.table_seats(table) if seats is None else seats, here)
    if not present:  # nobody there to play for: the first to come back sets the bots going
        return False
    record, practice = access.load(table, owned=False)
    practice.present = present
    state = practice.round
    if practice.finished or state.round_over or state.exposed is not None or practice.waiting_for() is not None:
        return False
    if waiting(table):
        return False
    steps = play(practice, {"action": CONTINUE})
    try:
        record = access.save(record, practice, steps)
    except access.GameError:  # a seat moved first: its move ran the bots
        return False
    store.table_moved(table, record.version)
    return True
