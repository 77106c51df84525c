"""The practice table: /<lang>/play (a new game), /<lang>/play/together (a new pass-and-play game,
app.practice.pass_and_play) and /<lang>/play/<id> (the table and its moves, or the pass screen).

Works without JavaScript: every decision is a form that POSTs and redirects back to the table
(Post/Redirect/Get), which lists the last move's steps beside it. A refused move re-renders the
table with the explanation (at the card, for a card) and a 4xx status, changing nothing.
app/static/practice.js submits the same forms with fetch and plays the move's steps on the table.
"""
from __future__ import annotations

from typing import Any

import click
from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext as _, ngettext

from .. import errors, wording
from ..engine.cards import InvalidCardError, card
from ..engine import visibility
from ..engine.rules import PRESETS, ruleset
from ..engine.verdict import InvalidMoveError
from ..engine.vocabulary import PendingKind
from ..i18n import LANGUAGES
from ..security import CSRFError
from . import access, limits, narration, pass_and_play
from .access import GameError, OptionError
from .game import (CONTINUE, DEFAULT_BOTS, HUMAN, LEVELS, MAX_BOTS, MIN_BOTS, NEXT_ROUND, Refused, hint,
                   needs_choice, play, view)
from .pass_and_play import DEFAULT_PEOPLE, MAX_NAME, MAX_PEOPLE, MIN_PEOPLE

bp = Blueprint("practice", __name__, cli_group=None)  # its commands are the app's: flask cleanup, db-upgrade
bp.after_app_request(access.set_owner_cookie)


@bp.cli.command("cleanup")
def cleanup_command():
    """Delete expired games, classes and rate-limit counts now, in batches (each process's
    cleaner thread does it too; PRACTICE_CLEANUP_EVERY = None leaves it to this command)."""
    click.echo(f"{access.store().cleanup()} games deleted")


@bp.cli.command("db-upgrade")
def db_upgrade_command():
    """Apply the schema's migrations the database lacks (app.store.schema), with their
    version, one host at a time. PostgreSQL needs it before the app's first start and after each
    update of the app; a SQLite file is upgraded by the app itself when it opens it."""
    store = access.store()
    applied = store.upgrade()
    done = f"applied {', '.join(map(str, applied))}" if applied else "already up to date"
    click.echo(f"schema at version {store.schema_version()} ({done})")

LANG = f"<any({', '.join(LANGUAGES)}):lang>"
ACTIONS = ("play", "draw", "pass", "challenge", "accept", "uno", "catch", "color", NEXT_ROUND, CONTINUE)
HINTS = "hints"  # not a move: the table's hints switch, sent to the same address
SHOW = "show"  # not a move either: in pass-and-play, the next person takes the device
TARGETS = (100, 200, 300, 500)
# The presets that switch a house rule on (the others are official, or variants of it from a source).
HOUSE_PRESETS = frozenset(name for name in PRESETS if ruleset(name).house_rules())
SHOWN_STEPS = 30  # the log's latest steps on the page (always all of the last move's)
# What practice/game_fields.html offers, for every form that has its fields (the class form too).
GAME_FIELDS = {"targets": TARGETS, "house_presets": HOUSE_PRESETS, "rule_choices": access.RULE_CHOICES,
               "house_rule_switches": access.HOUSE_RULE_SWITCHES, "bots_range": (MIN_BOTS, MAX_BOTS),
               "default_bots": DEFAULT_BOTS}


@bp.get(f"/{LANG}/play")
def new_game(lang: str, errors: dict[str, Any] | None = None, status: int = 200):
    """The one-click start (#quick-start) above the full form ("Choose the rules", open after an
    error). A teacher's link (?rules=&bots=&level=&seed=) fills both; a value it gets wrong is
    named in a notice and the default used. A GET creates nothing."""
    if request.method == "POST":
        form, linked, link_problems = request.form, {}, []
    else:
        linked, link_problems = _from_link(request.args)
        form = {**linked, "hints": "on"} if linked else {}
    quick = {"preset": linked.get("preset", "official"), "bots": linked.get("bots", str(DEFAULT_BOTS)),
             "level": linked.get("level", LEVELS[0]), "seed": linked.get("seed", "")}
    quick["target"] = PRESETS[quick["preset"]].target
    return render_template("practice/new.html", **GAME_FIELDS, form=form,
                           errors=errors or {}, quick=quick, linked=linked, link_problems=link_problems), status


def _from_link(args) -> tuple[dict[str, str], list[str]]:
    """A teacher's link: its usable choices as form values, and a sentence for each bad one."""
    linked: dict[str, str] = {}
    problems: list[str] = []
    for parameter, field, read, refused in _LINK_CHOICES:
        text = args.get(parameter, "").strip()
        value = read(text) if text else None
        if value is not None:
            linked[field] = value
        elif text:
            problems.append(refused())
    return linked, problems


def _link_bots(text: str) -> str | None:
    number = _int(text) if text.isdecimal() and len(text) < 3 else None  # "٢" too; not 5,000 digits
    return str(number) if number is not None and MIN_BOTS <= number <= MAX_BOTS else None


# A link's query parameter, the form field it fills, its value (None: unusable) and what is said then.
_LINK_CHOICES = (
    ("rules", "preset", lambda text: text if text in PRESETS else None,
     lambda: _("The link names rules that are not offered here: the official rules are used.")),
    ("bots", "bots", _link_bots,
     lambda: _("The link's number of bots can't be used (there can be %(min)d to %(max)d), "
               "so the default is used: %(default)s.", min=MIN_BOTS, max=MAX_BOTS,
               default=ngettext("%(num)d bot", "%(num)d bots", DEFAULT_BOTS))),
    ("level", "level", lambda text: text if text in LEVELS else None,
     lambda: _("The link's bot level can't be used (it is easy or normal), so the default is used: easy.")),
    ("seed", "seed", lambda text: text if len(text) <= access.MAX_SEED_LENGTH and text.isprintable() else None,
     lambda: _("The link's seed can't be used (it is a number or a word of up to %(max)d characters), "
               "so a new deal is chosen at random.", max=access.MAX_SEED_LENGTH)),
)


@bp.post(f"/{LANG}/play")
@limits.creates
def create_game(lang: str):
    try:
        options = form_options(request.form)
    except OptionError as error:
        return new_game(lang, {error.field: error.message}, 400)
    record, _practice, _steps = access.create(options)
    return redirect(url_for(".table", lang=lang, game_id=record.id), 303)


def form_options(form) -> dict[str, Any]:
    """The new-game form's choices, checked (``access.read_options``; OptionError names a bad one).
    The class form (app.classroom) shares the form's fields and this reading of them; pass-and-play's
    form has them too, and its people besides (``create_together``)."""
    return access.read_options(_rules_from_form(form), _count(form, "bots"),
                               form.get("level"), form.get("seed", "").strip(), form.get("hints") == "on")


@bp.get(f"/{LANG}/play/together")
def new_together(lang: str, errors: dict[str, Any] | None = None, status: int = 200):
    """Pass-and-play's form: the players (how many, their names), bots if wanted, and the same
    rules and options as a game against bots. A GET creates nothing; the end of a game links here
    with its people filled in (``pass_and_play.again``)."""
    form = request.form if request.method == "POST" else pass_and_play.prefilled(request.args)
    return render_template("practice/together.html", **GAME_FIELDS, form=form,
                           errors=errors or {}, people_range=range(MIN_PEOPLE, MAX_PEOPLE + 1),
                           default_people=DEFAULT_PEOPLE, max_bots=pass_and_play.MAX_BOTS, max_name=MAX_NAME), status


@bp.post(f"/{LANG}/play/together")
@limits.creates  # the same limits as the practice form's: a game made is a game made
def create_together(lang: str):
    form = request.form
    names = [form.get(f"name-{number}", "") for number in range(1, MAX_PEOPLE + 1)]
    try:
        options = pass_and_play.read_options(_rules_from_form(form), _count(form, "players"), names, _count(form, "bots"),
                                        form.get("level"), form.get("seed", "").strip(), form.get("hints") == "on")
    except OptionError as error:
        return new_together(lang, {error.field: error.message}, 400)
    record, _practice, _steps = access.create(options)
    return redirect(url_for(".table", lang=lang, game_id=record.id), 303)


def _count(form, field: str) -> int | str | None:
    """A count typed in the form: a number, else the text (which the options refuse), None if empty."""
    text = form.get(field, "").strip() or None
    number = _int(text) if text and text.isdecimal() else None
    return text if number is None else number


def _rules_from_form(form) -> dict[str, Any]:
    rules: dict[str, Any] = {"preset": form.get("preset", "official"), "target": _int(form.get("target"))}
    if rules["target"] not in TARGETS:
        rules["target"] = "?"  # refused by ruleset(): the form only offers TARGETS
    if form.get("scoring"):
        rules["scoring"] = form["scoring"]  # an unknown method is refused by ruleset()
    if form.get("stacking") == "on":
        rules["stacking"] = True
    if form.get("seven_zero") == "on":
        rules["seven_zero"] = True
    if form.get("draw_until_playable") == "on":
        rules["draw"] = "until-playable"
    return rules


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@bp.get(f"/{LANG}/play/<game_id>")
def table(lang: str, game_id: str):
    record, practice = access.load(game_id)
    args = request.args
    return _table(record, practice, choose=args.get("choose"), uno=args.get("uno") == "1")


@bp.post(f"/{LANG}/play/<game_id>")
def move(lang: str, game_id: str):
    record, practice = access.load(game_id)
    form = request.form
    if form.get("action") == HINTS:
        return _switch_hints(record, practice, form)
    if form.get("action") == SHOW:
        return _show_hand(record, practice, form)
    data = _move_from_form(form)
    if data is None or _int(form.get("version")) is None:
        return _unreadable(record, practice)
    mover = _int(form.get("seat")) if practice.together else HUMAN
    if mover is None or not 0 <= mover < practice.people:
        return _unreadable(record, practice)
    try:
        access.check_version(record, _int(form.get("version")))
        if practice.together:
            pass_and_play.check_mover(practice, mover, narration.seat_names(practice))
    except GameError as error:
        return _table(record, practice, notice=_error_notice(error), status=error.status)
    try:
        if data["action"] == "play" and _incomplete(practice, data):
            # A wild needs a colour, a 7 under 7-0 a player: ask on the table, nothing is played yet
            # (unless the card cannot be played now: then it is refused at once, as when complete).
            verdict = hint(practice.round, card(data["card"]), mover)
            if not verdict.legal:
                raise Refused(verdict)
            return redirect(url_for(".table", lang=lang, game_id=game_id, choose=data["card"],
                                    uno="1" if data["uno"] else None), 303)
        steps = play(practice, data)
    except Refused as refused:
        access.store().note_refusal(record.id, refused.verdict.rule.value)  # for a class's teacher
        seats = narration.seat_names(practice)
        explained = narration.refusal(refused.verdict, seats)
        if data["action"] == "play" and data["card"] in {c.notation for c in practice.round.hands[mover]}:
            # A card tried from the hand is explained beside that card, which keeps the focus.
            return _table(record, practice, refused={**explained, "card": data["card"]}, status=422)
        return _table(record, practice, notice=explained, status=422)
    except InvalidMoveError:
        return _unreadable(record, practice)
    try:
        access.save(record, practice, steps)
    except GameError as error:  # another request won the race: this one is not applied
        fresh, practice = access.load(game_id)
        return _table(fresh, practice, notice=_error_notice(error), status=error.status)
    return redirect(url_for(".table", lang=lang, game_id=game_id), 303)


def _switch_hints(record, practice, form):
    """Hints on or off during a game (the new-game form sets them first): a new version, no step.
    Sent to the table's own address, so a refusal leaves the learner at the table; a wild's colour
    (or a 7's player) being chosen stays chosen, refused or not."""
    wanted, version = form.get("hints"), _int(form.get("version"))
    choice = {"choose": form.get("choose") or None}
    choice["uno"] = bool(choice["choose"]) and form.get("uno") == "1"
    if wanted not in ("on", "off") or version is None:
        return _table(record, practice, notice=_error_notice(GameError("bad-hints", 400)), status=400, **choice)
    try:
        access.check_version(record, version)
        if practice.finished:
            return _table(record, practice, notice=_error_notice(GameError("hints-game-over", 409)), status=409)
        practice.hints = wanted == "on"
        access.save(record, practice, [])
    except GameError as error:  # an old page, or another request got there first: nothing changed
        fresh, practice = access.load(record.id)
        return _table(fresh, practice, notice=_error_notice(GameError("stale-hints", error.status)),
                      status=error.status, **choice)
    return redirect(url_for(".table", lang=request.view_args["lang"], game_id=record.id, choose=choice["choose"],
                            uno="1" if choice["uno"] else None), 303)


def _show_hand(record, practice, form):
    """Pass-and-play: the person the pass screen names takes the device, and the table shows their
    hand. Pressed again by the one holding it, nothing changes; by anyone else, it is refused."""
    seat, version = _int(form.get("seat")), _int(form.get("version"))
    if not practice.together or seat is None or not 0 <= seat < practice.people or version is None:
        return _unreadable(record, practice)
    if seat == practice.holder and practice.pass_to() is None:  # a double click: the hand is shown already
        return redirect(url_for(".table", lang=request.view_args["lang"], game_id=record.id), 303)
    try:
        access.check_version(record, version)
        pass_and_play.show(practice, seat, narration.seat_names(practice))
        access.save(record, practice, [])
    except GameError as error:  # the wrong person, an old page, or another request got there first
        fresh, practice = access.load(record.id)
        return _table(fresh, practice, notice=_error_notice(error), status=error.status)
    return redirect(url_for(".table", lang=request.view_args["lang"], game_id=record.id), 303)


def _move_from_form(form) -> dict[str, Any] | None:
    """The form's move in the check API's spelling, or None if the form can't be read."""
    action = form.get("action")
    if action not in ACTIONS:
        return None
    data: dict[str, Any] = {"action": action, "uno": form.get("uno") in ("1", "on")}
    for field in ("card", "color"):
        if form.get(field):
            data[field] = form[field]
    if form.get("target"):
        data["target"] = _int(form["target"])
        if data["target"] is None:
            return None
    if action == "play" and "card" not in data:
        return None
    return data


def _incomplete(practice, data: dict[str, Any]) -> bool:
    try:
        face = card(data["card"])
    except InvalidCardError:
        return False  # the engine refuses it with a clear message
    if face.is_wild:
        return "color" not in data
    return needs_choice(practice.round, face) and "target" not in data


def _error_notice(error: GameError) -> dict[str, Any]:
    return {"text": wording.error_message(error.code, **error.params)}


def _unreadable(record, practice):
    """A form the table never sends (edited, or cut short): refused, the table as it was."""
    return _table(record, practice, notice=_error_notice(GameError("bad-form", 400)), status=400)


def _table(record, practice, notice=None, status: int = 200, choose: str | None = None, uno: bool = False,
           refused: dict[str, Any] | None = None):
    """The table page, as the seat whose hand it shows (``me``: the learner's, or in pass-and-play
    the holder's) sees it; in pass-and-play the pass screen instead while the next decision is
    another person's. ``notice``: a refusal or error said in the decision panel; ``refused``: a
    card from the hand that was refused, explained beside it."""
    state = practice.round
    seats = narration.seat_names(practice)
    if practice.pass_to() is not None:
        return _pass_screen(record, practice, seats, notice or refused, status)
    me = HUMAN if practice.mover is None else practice.mover
    chosen = None
    if choose and state.actor() == me:
        try:
            face = card(choose)
        except InvalidCardError:
            face = None
        if face is not None and face in state.hands[me] and needs_choice(state, face) and hint(state, face, me).legal:
            chosen = face.notation
    shown_from = max(0, min(practice.latest, practice.logged - SHOWN_STEPS))
    log = access.store().steps(record.id, shown_from)
    context = {
        "game_id": record.id, "version": record.version,
        "notice": notice, "refused": refused, "choose": chosen, "uno": uno,
        "hints": narration.hints(practice, seats, me) if practice.hints and state.actor() == me else {},
        "wd4": narration.last_wild_draw_four(log) if state.pending and state.pending.kind == PendingKind.CHALLENGE else None,
        "together": practice.together,
        "again": pass_and_play.again(practice) if practice.together and practice.finished else {},
        **narration.table(practice, seats, view(practice, visibility.player(me)), log, shown_from, practice.latest, me),
    }
    return render_template("practice/table.html", **context), status


def _pass_screen(record, practice, seats, notice, status: int):
    """Pass-and-play between two people: no hand in the page until the next one shows theirs."""
    context = pass_and_play.pass_screen(record, practice, seats)
    return (render_template("practice/pass.html", game_id=record.id, seats=seats, notice=notice, **context),
            status)


@errors.page(bp.name, CSRFError)
def _expired_form(error: CSRFError):
    """A move sent from a page whose session has ended: the table again, with a fresh token and
    nothing played, so trying again works (reloading the error page would send the old form)."""
    if request.endpoint != "practice.move":
        return errors.site_page(error)
    try:
        record, practice = access.load(request.view_args["game_id"])
    except GameError as refused:
        return errors.site_page(refused)
    return _table(record, practice, notice=_error_notice(GameError("csrf", 400)), status=400)
