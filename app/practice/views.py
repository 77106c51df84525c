"""The practice table: /<lang>/play (a new game), /<lang>/play/now (the home page's "Play now"),
/<lang>/play/together (a new pass-and-play game,
app.practice.pass_and_play) and /<lang>/play/<id> (the table and its moves, or the pass screen).

Works without JavaScript: every decision is a form that POSTs and redirects back to the table
(Post/Redirect/Get), which lists the last move's steps beside it. A refused move re-renders the
table with the explanation (at the card, for a card) and a 4xx status, changing nothing.
app/static/practice.js submits the same forms with fetch and plays the move's steps on the table.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for

from .. import drawn_pages, errors, wording
from ..engine.cards import InvalidCardError, card
from ..engine import visibility
from ..engine.rules import PRESETS
from ..engine.verdict import IllegalMoveError, InvalidMoveError
from ..engine.vocabulary import PendingKind
from ..i18n import current_language
from ..security import CSRFError, checked_by_origin
from . import access, limits, narration, owners, pass_and_play
from .access import GameError
from .decision import Asked
from .forms import HINTS, SHOW, form_options, from_link, move_from_form, to_int, together_options
from .game import DEFAULT_BOTS, HUMAN, LEVELS, hint, needs_choice, play, view
from .options import GAME_FIELDS, TABLE_SEATS, OptionError
from .pass_and_play import DEFAULT_PEOPLE, MAX_NAME, MAX_PEOPLE, MIN_PEOPLE

bp = Blueprint("practice", __name__)
bp.after_app_request(owners.set_owner_cookie)


@bp.get("/<lang:lang>/play")
def new_game(lang: str, errors: dict[str, Any] | None = None, status: int = 200,
             friends: dict[str, str] | None = None):
    """The one-click start (#quick-start) above the full form ("Choose the rules", open after an
    error). A teacher's link (?rules=&bots=&level=&seed=) fills both; a value it gets wrong is
    named in a notice and the default used. A GET creates nothing. Below them, "Play with
    friends" (#friends, app.tables.pages), ``friends`` its refusal (``field``, ``message``)."""
    form: Mapping[str, str]
    linked: dict[str, str]
    link_problems: list[str]
    if friends is not None:  # the friends' form came back: the other forms as a GET shows them
        form, linked, link_problems = {}, {}, []
    elif request.method == "POST":
        form, linked, link_problems = request.form, {}, []
    else:
        linked, link_problems = from_link(request.args)
        form = {**linked, "hints": "on"} if linked else {}
    return render_template("practice/new.html", **GAME_FIELDS, form=form, errors=errors or {},
                           quick=quick_start(linked), linked=linked, link_problems=link_problems,
                           friends=friends, friends_form=request.form if friends is not None else {},
                           seat_choices=[(str(n), n) for n in range(TABLE_SEATS[0], TABLE_SEATS[1] + 1)], max_name=MAX_NAME), status


def quick_start(linked: Mapping[str, str]) -> dict[str, Any]:
    """What "Play now" deals, as the new-game form's values: the official rules against
    DEFAULT_BOTS bots at the first level, hints on, a new deal; or what a teacher's link chose."""
    quick: dict[str, Any] = {"preset": linked.get("preset", "official"), "bots": linked.get("bots", str(DEFAULT_BOTS)),
                             "level": linked.get("level", LEVELS[0]), "seed": linked.get("seed", ""), "hints": "on"}
    quick["target"] = PRESETS[quick["preset"]].target
    return quick


@bp.post("/<lang:lang>/play")
@limits.creates
def create_game(lang: str):
    return _create(lang, form_options, new_game)


@bp.post("/<lang:lang>/play/now")
@checked_by_origin  # on the home page, the same bytes for every reader: no token (app.security)
@limits.creates
def play_now(lang: str):
    """The home page's "Play now": a game with the practice page's quick start (``quick_start``),
    at once. The form sends no field, so a page shared by every reader can hold it."""
    return _create(lang, lambda _form: form_options(quick_start({})), new_game)


@bp.get("/<lang:lang>/play/now")
def play_now_page(lang: str):
    """A GET creates nothing (a prefetcher, a reload): the practice page, whose Play now posts."""
    return redirect(url_for(".new_game", lang=lang), 303)


@bp.get("/<lang:lang>/play/together")
def new_together(lang: str, errors: dict[str, Any] | None = None, status: int = 200):
    """Pass-and-play's form: the players (how many, their names), bots if wanted, and the same
    rules and options as a game against bots. A GET creates nothing; the end of a game links here
    with its people filled in (``pass_and_play.again``)."""
    form = request.form if request.method == "POST" else pass_and_play.prefilled(request.args)
    return render_template("practice/together.html", **GAME_FIELDS, form=form,
                           errors=errors or {}, people_range=range(MIN_PEOPLE, MAX_PEOPLE + 1),
                           default_people=DEFAULT_PEOPLE, max_bots=pass_and_play.MAX_BOTS, max_name=MAX_NAME), status


@bp.post("/<lang:lang>/play/together")
@limits.creates  # the same limits as the practice form's: a game made is a game made
def create_together(lang: str):
    return _create(lang, together_options, new_together)


def _create(lang: str, read: Callable[[Any], dict[str, Any]], form_page: Callable[..., Any]):
    """A game from a posted form read by ``read``, then its table (Post/Redirect/Get); a refused
    option shows ``form_page`` again with the error at its field, and makes nothing."""
    try:
        options = read(request.form)
    except OptionError as error:
        return form_page(lang, {error.field: error.message}, 400)
    record, _practice, _steps = access.create(options)
    return redirect(url_for(".table", lang=lang, game_id=record.id), 303)


@bp.get("/<lang:lang>/play/<game_id>")
def table(lang: str, game_id: str):
    record, practice = access.load(game_id)
    args = request.args
    return _table(record, practice, choose=args.get("choose"), uno=args.get("uno") == "1")


@bp.post("/<lang:lang>/play/<game_id>")
def move(lang: str, game_id: str):
    record, practice = access.load(game_id)
    form = request.form
    if form.get("action") == HINTS:
        return _switch_hints(lang, record, practice, form)
    if form.get("action") == SHOW:
        return _show_hand(lang, record, practice, form)
    data = move_from_form(form)
    if data is None or to_int(form.get("version")) is None:
        return _unreadable(record, practice)
    mover = to_int(form.get("seat")) if practice.together else HUMAN
    if mover is None or not 0 <= mover < practice.people:
        return _unreadable(record, practice)
    try:
        access.check_version(record, to_int(form.get("version")))
        if practice.together:
            pass_and_play.check_mover(practice, mover, narration.seat_names(practice))
    except GameError as error:
        return _table(record, practice, notice=_error_notice(error), status=error.status)
    try:
        if data["action"] == "play" and incomplete(practice, data):
            # A wild needs a colour, a 7 under 7-0 a player: ask on the table, nothing is played yet
            # (unless the card cannot be played now: then it is refused at once, as when complete).
            verdict = hint(practice.round, card(data["card"]), mover)
            if not verdict.legal:
                raise IllegalMoveError(verdict)
            return redirect(url_for(".table", lang=lang, game_id=game_id, choose=data["card"],
                                    uno="1" if data["uno"] else None), 303)
        steps = play(practice, data)
    except IllegalMoveError as refused:
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


def _switch_hints(lang: str, record, practice, form):
    """Hints on or off during a game (the new-game form sets them first): a new version, no step.
    Sent to the table's own address, so a refusal leaves the learner at the table; a wild's colour
    (or a 7's player) being chosen stays chosen, refused or not."""
    wanted, version = form.get("hints"), to_int(form.get("version"))
    choose = form.get("choose") or None
    uno = bool(choose) and form.get("uno") == "1"
    if wanted not in ("on", "off") or version is None:
        return _table(record, practice, notice=_error_notice(GameError("bad-hints", 400)), status=400, choose=choose, uno=uno)
    try:
        access.check_version(record, version)
        if practice.finished:
            return _table(record, practice, notice=_error_notice(GameError("hints-game-over", 409)), status=409)
        practice.hints = wanted == "on"
        access.save(record, practice, [])
    except GameError as error:  # an old page, or another request got there first: nothing changed
        fresh, practice = access.load(record.id)
        return _table(fresh, practice, notice=_error_notice(GameError("stale-hints", error.status)),
                      status=error.status, choose=choose, uno=uno)
    return redirect(url_for(".table", lang=lang, game_id=record.id, choose=choose, uno="1" if uno else None), 303)


def _show_hand(lang: str, record, practice, form):
    """Pass-and-play: the person the pass screen names takes the device, and the table shows their
    hand. Pressed again by the one holding it, nothing changes; by anyone else, it is refused."""
    seat, version = to_int(form.get("seat")), to_int(form.get("version"))
    if not practice.together or seat is None or not 0 <= seat < practice.people or version is None:
        return _unreadable(record, practice)
    if seat == practice.holder and practice.pass_to() is None:  # a double click: the hand is shown already
        return redirect(url_for(".table", lang=lang, game_id=record.id), 303)
    try:
        access.check_version(record, version)
        pass_and_play.show(practice, seat, narration.seat_names(practice))
        access.save(record, practice, [])
    except GameError as error:  # the wrong person, an old page, or another request got there first
        fresh, practice = access.load(record.id)
        return _table(fresh, practice, notice=_error_notice(error), status=error.status)
    return redirect(url_for(".table", lang=lang, game_id=record.id), 303)


def incomplete(practice, data: dict[str, Any]) -> bool:
    """A card played without the choice it needs (a wild's colour, a 7's player under 7-0): the
    table asks for it first, here and at a table of people (app.tables.pages)."""
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
    card from the hand that was refused, explained beside it.

    The page without either is drawn once per game version and reader (app.drawn_pages): its key
    is the page's path (the game and the address's language) and the game's version (which hold
    everything the table shows, the seat whose hand it is included), the language of the words,
    that seat, and what the query adds (a card being completed, UNO chosen with it). A refusal's
    page is drawn each time."""
    seats = narration.seat_names(practice)
    if practice.pass_to() is not None:
        return _pass_screen(record, practice, seats, notice or refused, status)
    me = HUMAN if practice.mover is None else practice.mover
    chosen = chosen_card(practice.round, me, choose)
    if notice is None and refused is None and status == 200:
        key = ("table", request.path, record.version, current_language(), me, chosen, uno)
        return drawn_pages.page(key, "practice/table.html", lambda: _table_context(record, practice, seats, me, chosen,
                                                                                   uno))
    return render_template("practice/table.html", **_table_context(record, practice, seats, me, chosen, uno, notice,
                                                                   refused)), status


def chosen_card(state, me: int, choose: str | None) -> str | None:
    """The card the address says is being completed (``?choose=``: a wild's colour, a 7's player
    to be chosen), if ``me`` holds it, may play it now and it needs that choice; else None."""
    if not choose or state.actor() != me:
        return None
    try:
        face = card(choose)
    except InvalidCardError:
        return None
    if face in state.hands[me] and needs_choice(state, face) and hint(state, face, me).legal:
        return face.notation
    return None


def _table_context(record, practice, seats: tuple[str, ...], me: int, chosen: str | None, uno: bool,
                   notice=None, refused: dict[str, Any] | None = None) -> dict[str, Any]:
    """practice/table.html's context: the game as ``me`` sees it (see ``_table``)."""
    state = practice.round
    shown_from = max(0, min(practice.latest, practice.logged - narration.SHOWN_STEPS))
    log = access.store().steps(record.id, shown_from)
    wd4 = narration.last_wild_draw_four(log) if state.pending and state.pending.kind == PendingKind.CHALLENGE else None
    lang = current_language()
    again = None
    if practice.finished:  # a new game: in pass-and-play the start form filled as this one was
        fields: dict[str, Any] = pass_and_play.again(practice) if practice.together else {}
        again = url_for(".new_together" if practice.together else ".new_game", lang=lang, **fields)
    asked = Asked(chosen=chosen, uno=uno, wd4_color=wd4.get("color") if wd4 else None, again=again,
                  together=practice.together, back=url_for(".table", lang=lang, game_id=record.id))
    klass = None if practice.together else access.store().class_of(record.id)
    return {
        "game_id": record.id, "version": record.version,
        # A student's table leads to the class's live session (app.live.pages), whose page waits
        # for the teacher to start one: a game's class never changes, so the drawn page may keep it.
        "class_live": klass and url_for("live_pages.page", lang=lang, code=klass),
        # And to the class's tables of people (app.tables.pages), where the student takes a seat.
        "class_tables": klass and url_for("table_pages.class_tables", lang=lang, code=klass),
        "notice": notice, "refused": refused, "choose": chosen, "uno": uno,
        "together": practice.together,
        **narration.table(practice, seats, view(practice, visibility.player(me)), log, shown_from, practice.latest, me,
                          asked),
    }


def _pass_screen(record, practice, seats, notice, status: int):
    """Pass-and-play between two people: no hand in the page until the next one shows theirs.
    Without a notice, drawn once per path, game version (which says who takes the device) and
    language of the words."""
    def context() -> dict[str, Any]:
        return {"game_id": record.id, "seats": seats, "notice": notice, **pass_and_play.pass_screen(record, practice, seats)}

    if notice is None and status == 200:
        key = ("pass", request.path, record.version, current_language())
        return drawn_pages.page(key, "practice/pass.html", context)
    return render_template("practice/pass.html", **context()), status


@errors.page(bp.name, CSRFError)
def _expired_form(error: CSRFError):
    """A move sent from a page whose session has ended: the table again, with a fresh token and
    nothing played, so trying again works (reloading the error page would send the old form)."""
    if request.endpoint != "practice.move":
        return errors.site_page(error)
    try:
        record, practice = access.load((request.view_args or {})["game_id"])
    except GameError as refused:
        return errors.site_page(refused)
    return _table(record, practice, notice=_error_notice(GameError("csrf", 400)), status=400)
