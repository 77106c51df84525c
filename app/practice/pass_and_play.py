"""Pass-and-play: two to six people take turns on one device (/<lang>/play/together, then the table).

The game is a practice game whose first seats are people (``Practice.names``), bots after them:
the same engine checks, refusals, narration and table. What one device adds is the handover.
Whenever play waits for a person other than the one holding the device (their turn, or an answer
out of turn: a challenge, a stacked penalty, a first Wild's colour), the table gives way to the
pass screen, which shows no hand at all; the next person presses "I'm <name>, show my hand".

Fair on one device: a forgotten UNO is not announced on the pass screen (both the player who forgot
and the next one see it) but on the table of the next person to hold the device, with a button to
catch it before they move, as the next player at a real table would. The player who forgot gets
no warning once the device has left them; they call UNO with the card (the box beside the hand).
"""
from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from .. import wording
from ..engine import visibility
from ..engine.rules import RuleSetError, ruleset
from ..engine.vocabulary import PendingKind
from ..i18n import ngettext
from . import access, narration
from .access import GameError
from .game import MIN_BOTS, Practice
from . import options
from .options import OptionError
from ..store import Record

MIN_PEOPLE, MAX_PEOPLE, DEFAULT_PEOPLE = 2, 6, 2
MAX_BOTS = 4  # six people and four bots: ten players, the most a deck serves
MAX_NAME = 20
SHOWN_STEPS = 30  # the pass screen tells at most this many of the latest steps

PEOPLE_RANGE = _l("Choose between %(min)d and %(max)d players.")
BOTS_RANGE = _l("Choose between 0 and %(max)d bots.")
NAME_UNPRINTABLE = _l("A name can't hold line breaks or invisible characters.")
NAME_TWICE = _l("Two players can't both be called %(name)s: the pass screen must tell them apart.")
NAMES_UNUSED = _l("This name is for a player beyond the number chosen: choose more players, or clear it.")


def read_options(rules: Any, people: Any, names: list[str], bots: Any, level: Any, seed: Any,
                 hints: Any) -> dict[str, Any]:
    """Checked options for ``access.create``; OptionError names the first bad field (a name's
    field is "name-<n>"). ``names`` holds what each name field sent, in order (more than
    ``people`` only if extra fields were filled)."""
    if type(people) is not int or not MIN_PEOPLE <= people <= MAX_PEOPLE:
        raise OptionError("players", PEOPLE_RANGE % {"min": MIN_PEOPLE, "max": MAX_PEOPLE})
    chosen = []
    for number, name in enumerate(names, 1):
        name = name.strip()
        if name and number > people:
            raise OptionError(f"name-{number}", NAMES_UNUSED)
        if len(name) > MAX_NAME:
            raise OptionError(f"name-{number}", ngettext("A name has at most %(num)d character; this one has %(count)d.",
                                                         "A name has at most %(num)d characters; this one has %(count)d.",
                                                         MAX_NAME, count=len(name)))
        if not name.isprintable():  # no line break, bidi override or other invisible character
            raise OptionError(f"name-{number}", NAME_UNPRINTABLE)
        chosen.append(name)
    chosen = (chosen + [""] * people)[:people]
    if bots is None:
        bots = 0
    if type(bots) is not int or not 0 <= bots <= MAX_BOTS:
        raise OptionError("bots", BOTS_RANGE % {"max": MAX_BOTS})
    # The rest is checked as for a game against bots (their count is checked above, and the
    # players' below, with the rule set that counts them all).
    checked = options.read_options(rules, MIN_BOTS, level, seed, hints)
    try:
        checked["rules"] = ruleset({**checked["rules"].to_dict(), "players": people + bots})
    except RuleSetError:
        raise OptionError("players", PEOPLE_RANGE % {"min": MIN_PEOPLE, "max": MAX_PEOPLE}) from None
    _check_distinct(chosen, checked["rules"].players)
    return {**checked, "bot_count": bots, "names": chosen}


def _check_distinct(names: list[str], players: int) -> None:
    """Every seat's name differs from the others' as the table shows them in this language (a
    typed name may match another, a default "Player 2" or a bot's "Bot 1"): the typed name is at fault."""
    shown = narration.table_names(tuple(names), players)
    first: dict[str, int] = {}
    for seat, name in enumerate(shown):
        earlier = first.setdefault(name.casefold(), seat)
        if earlier != seat:
            typed = seat if seat < len(names) and names[seat] else earlier
            raise OptionError(f"name-{typed + 1}", NAME_TWICE % {"name": name})


def again(practice: Practice) -> dict[str, str]:
    """The start form's fields for a new game of the same people (their names, the bots): the end
    of a game links to the form filled with these, to deal again with other rules if wanted."""
    fields = {"players": str(practice.people), "bots": str(practice.bots), "level": practice.level}
    fields.update((f"name-{number}", name) for number, name in enumerate(practice.names, 1) if name)
    return fields


def prefilled(args) -> dict[str, str]:
    """The start form as ``again``'s link fills it (shown only: the form's answer is checked as sent)."""
    wanted = {"players", "bots", "level", *(f"name-{number}" for number in range(1, MAX_PEOPLE + 1))}
    return {"hints": "on", **{key: value for key, value in args.items() if key in wanted}} if wanted & set(args) else {}


def show(practice: Practice, seat: int, seats: tuple[str, ...]) -> bool:
    """``seat`` takes the device: their hand may be shown. True if that changed the game (it is
    to be saved), False if they hold it already (a second press of the button). GameError when
    the device is for someone else."""
    expected = practice.pass_to()
    if expected is None and seat == practice.holder:
        return False
    if seat != expected:
        _refuse(practice, seat, seats)
    if practice.holder is not None:
        practice.seen[practice.holder] = practice.logged
    practice.holder = seat
    return True


def check_mover(practice: Practice, seat: int, seats: tuple[str, ...]) -> None:
    """A move from the table names the seat whose hand it showed: it must be the holder's."""
    if seat != practice.holder:
        _refuse(practice, seat, seats)


def _refuse(practice: Practice, seat: int, seats: tuple[str, ...]) -> None:
    """The device is for the next person to take it, else for the one holding it."""
    expected = practice.pass_to()
    expected = practice.holder if expected is None else expected
    if expected is None:  # nobody holds it and nobody is waited for: no hand is shown to anyone
        raise GameError("bad-form", 400)
    raise GameError("wrong-player", 409, turn=seats[expected], seat=seats[seat])  # names, not numbers


REASONS = {  # a challenge's reason names who played the Wild Draw Four: ``_reason``
    PendingKind.STACK: _l("A draw penalty comes to you: stack a card of the same kind, or accept it."),
    PendingKind.COLOR: _l("The first card is a Wild: you name the colour, then play."),
    None: _l("It is your turn."),
}


def pass_screen(record: Record, practice: Practice, seats: tuple[str, ...]) -> dict[str, Any]:
    """What the pass screen shows: who takes the device and why, what happened since their last
    turn (the shared log, which holds no hand), and the table's public facts."""
    state = practice.round
    seat = practice.pass_to()
    assert seat is not None
    since = practice.seen[seat]
    first = max(since, practice.logged - SHOWN_STEPS)
    steps = narration.narrate(access.store().steps(record.id, first), seats, viewer=None)
    # The last move's steps carry their data, as on the table: practice.js plays them on the table
    # of the person who made the move (still holding the device) before this screen hides it.
    latest = max(0, practice.latest - first)
    public = visibility.view(state, visibility.TABLE)  # as the table sees it: every hand a count
    counts = public["hands"]
    return {"seat": seat, "name": seats[seat], "reason": _reason(practice, seats),
            "steps": steps, "latest": latest, "first_step": first + 1, "first_turn": since == 0,
            "top": state.discard[-1].notation, "color": state.color and state.color.value,
            "counts": counts, "scores": list(practice.game.scores),
            "round": practice.game.number, "version": record.version,
            **narration.playback(steps[latest:], public)}


def _reason(practice: Practice, seats: tuple[str, ...]) -> str:
    """Why the device goes to the next person (``REASONS``, or the Wild Draw Four they may challenge)."""
    pending = practice.round.pending
    if pending is not None and pending.kind == PendingKind.CHALLENGE and pending.offender is not None:
        name = seats[pending.offender]
        return wording.about_name(name, "%(name)s played a Wild Draw Four on you: you challenge it or accept it.")
    return str(REASONS.get(pending.kind if pending is not None else None, REASONS[None]))
