"""The pages of a table of people (issue 38, items 2, 3 and 5): the JSON API's tables
(app.api.tables) for a browser, without JavaScript as with it.

- ``POST /<lang>/tables``: the practice page's "Play with friends" form opens a table (seats,
  rules, bot level, the maker's name) and lands its maker at seat 0 of its page; a refused choice
  shows the practice page again with the reason at the form.
- ``GET /<lang>/tables/<id>``: for a browser holding a seat there, the table as the practice table
  shows it (practice/table.html, its one view-model and macro), its own hand only (the seat's view,
  app.tables.play), each seat's name, which are bots, which people are away, whether a class's
  table waits, and the share box (the page's address and its QR code); for any other browser the
  join form, or why it cannot join (full, gone). ``?since=<step>``: the steps from that one on are
  the step player's to play (tables.js asks so after each version the event stream announces).
- ``POST /<lang>/tables/<id>``: a seat's move, a plain form, answered Post/Redirect/Get as the
  practice table's (practice.js sends the same forms with fetch); a refusal is the mover's page
  alone, with its reason, and changes nothing. The move itself is the JSON API's (``play.move``):
  one way to move at a table, the engine deciding races and the store stale versions.
- ``POST /<lang>/tables/<id>/join``: the join form (a name), then the table's page.
- ``GET /<lang>/class/<code>/tables/join``: a class's tables for its students, each with a Join link.

The page's address is what the maker shares (``seating.page_url``); the JSON ``invite`` stays the
address a client posts its name to, as README promises.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for

from .. import wording
from ..classroom.classes import find as find_class
from ..classroom.watching import fresh_from
from ..engine.cards import card
from ..engine.vocabulary import PendingKind
from ..errors import UserError
from ..i18n import gettext as _
from ..links import qr_svg
from ..practice import access, limits as game_limits, narration
from ..practice.decision import Asked
from ..practice.forms import move_from_form, to_int
from ..practice.game import hint
from ..practice.options import OptionError
from ..practice.views import chosen_card, incomplete, new_game
from ..practice.owners import owner_token
from ..store import owner_hash
from . import bots, classes, limits, play, seating

bp = Blueprint("table_pages", __name__)  # every answer one seat's: app.security.PRIVATE_BLUEPRINTS
REFRESH_EVERY = 5  # seconds: a page without JavaScript, waiting for another seat, asks again


@bp.post("/<lang:lang>/tables")
@game_limits.creates
def open_table(lang: str):
    form = request.form
    body = {"seats": to_int(form.get("seats")), "rules": {"preset": form.get("preset", "official")},
            "level": form.get("level"), "name": form.get("name", "")}
    try:
        record = seating.open_table(body)
    except OptionError as error:
        return new_game(lang, status=400, friends={"field": error.field, "message": str(error.message)})
    except UserError as error:  # the maker's name
        return new_game(lang, status=error.status,
                        friends={"field": "name", "message": wording.error_message(error.code, **error.params)})
    return redirect(url_for(".page", lang=lang, table=record.id), 303)


@bp.get("/<lang:lang>/tables/<table>")
def page(lang: str, table: str):
    try:
        seated = seating.seated(table)
    except UserError as error:
        if error.code != "not-seated":
            raise
        return _join_page(table)
    play.caught_up(seated)
    args = request.args
    return _table(seated, since=args.get("since", type=int), choose=args.get("choose"), uno=args.get("uno") == "1")


@bp.post("/<lang:lang>/tables/<table>/join")
@limits.joins
def join(lang: str, table: str):
    try:
        classes.join(table, {"name": request.form.get("name", "")})
    except UserError as error:
        if error.code == "table-not-found":
            raise
        return _join_page(table, error)
    return redirect(url_for(".page", lang=lang, table=table), 303)


@bp.post("/<lang:lang>/tables/<table>")
def move(lang: str, table: str):
    seated = seating.seated(table)
    form = request.form
    data, version = move_from_form(form), to_int(form.get("version"))
    if data is None or version is None:
        return _table(seated, notice={"text": wording.error_message("bad-form")}, status=400)
    if data["action"] == "play" and "card" in data:
        _record, practice = play.load(seated)
        if incomplete(practice, data) and hint(practice.round, card(data["card"]), seated.seat.seat).legal:
            # A wild's colour, a 7's player: asked on the table first, nothing played yet (as the practice table).
            return redirect(url_for(".page", lang=lang, table=table, choose=data["card"],
                                    uno="1" if data["uno"] else None), 303)
    try:
        play.move(seated, {"version": version, "move": data})
    except UserError as error:
        if error.code == "table-not-found":
            raise
        return _refused(seated, data, error)
    return redirect(url_for(".page", lang=lang, table=table), 303)


def _refused(seated: seating.Seated, data: dict[str, Any], error: UserError):
    """The mover's table again with why the move was not made (nothing changed): beside the card
    for a card tried from the hand, else in the decision panel."""
    if error.code != "illegal-move":
        return _table(seated, notice={"text": wording.error_message(error.code, **error.params)}, status=error.status)
    said = {key: error.extra[key] for key in ("text", "rule", "url", "title")}
    _record, practice = play.load(seated)
    held = {c.notation for c in practice.round.hands[seated.seat.seat]}
    if data["action"] == "play" and data.get("card") in held:
        return _table(seated, refused={**said, "card": data["card"]}, status=error.status)
    return _table(seated, notice=said, status=error.status)


def _table(seated: seating.Seated, since: int | None = None, choose: str | None = None, uno: bool = False,
           notice: dict[str, Any] | None = None, refused: dict[str, Any] | None = None, status: int = 200):
    """tables/table.html: the practice table's page as this seat sees it (see the module docstring)."""
    record, practice = play.load(seated)
    me = seated.seat.seat
    names = seated.names(practice)
    shown = play.seat_view(seated, practice)
    first = fresh_from(practice, since)
    shown_from = max(0, min(first, practice.logged - narration.SHOWN_STEPS))
    log = access.store().steps(record.id, shown_from)
    state = practice.round
    wd4 = narration.last_wild_draw_four(log) if state.pending and state.pending.kind == PendingKind.CHALLENGE else None
    lang = request.view_args["lang"] if request.view_args else "en"
    chosen = chosen_card(state, me, choose)
    back = url_for(".page", lang=lang, table=seated.table)
    asked = Asked(chosen=chosen, uno=uno and bool(chosen), wd4_color=wd4.get("color") if wd4 else None,
                  again=url_for("practice.new_game", lang=lang), back=back)
    drawn = narration.table(practice, names, shown, log, shown_from, first, me, asked)
    actor = drawn["actor"]
    waiting = bots.waiting(seated.table)
    decision = drawn["table"].decision
    if actor is not None and actor != me and actor in seated.playing and decision is not None:
        # Another person's turn, who is there: nothing to let go on (no bot waits), only a forgotten UNO to catch.
        decision = replace(decision, prompt=_("It is %(name)s's turn.", name=names[actor]),
                           options=tuple(o for o in decision.options if o.move.get("action") != "continue"))
    url = seating.page_url(seated.table, lang)
    free = [seat for seat in range(practice.people) if seat not in seated.present]
    return render_template(
        "tables/table.html", game_id=record.id, version=record.version, class_live=None, notice=notice,
        refused=refused, choose=chosen, uno=uno and bool(chosen), together=False,
        **{**drawn, "table": replace(drawn["table"], decision=decision)},
        action_url=back, at_table=True, logged=practice.logged, waiting=waiting, people=sorted(seated.present), free=free,
        away=shown.get("away"), away_after=shown.get("away_after"),
        events=url_for("api.tables.table_events", table=seated.table),
        share={"url": url, "qr": qr_svg(url, _("QR code of the table's address"))},
        refresh=None if practice.finished or (not waiting and actor == me) else REFRESH_EVERY), status


def _join_page(table: str, error: UserError | None = None):
    """The join form, or why this browser cannot take a seat (every seat a person's); ``error``: a
    join refused, said beside the name or above the form, with its status."""
    _record, practice = access.load(table, owned=False)
    seats = access.store().table_seats(table)
    message = error and wording.error_message(error.code, **error.params)
    full = len(seats) >= practice.people
    return render_template("tables/join.html", table=table, names=seating.seat_names(seats, practice),
                           people=sorted(seat.seat for seat in seats), seats=practice.people, full=full,
                           error=message, field=error and error.extra.get("field"),
                           name=request.form.get("name", ""), max_name=seating.MAX_NAME,
                           waiting=bots.waiting(table)), error.status if error else 200


@bp.get("/<lang:lang>/class/<code>/tables/join")
def class_tables(lang: str, code: str):
    """A class's tables as its students see them: each one's number, seats taken and free, started
    or finished, and a Join link to each with a free seat or this browser's own (403 for anyone
    who is not the class's student)."""
    found = find_class(code)
    token = owner_token()
    holder = token and owner_hash(token)
    if not holder or not access.store().in_class(found.code, holder):
        raise UserError("not-in-class", 403)
    shown = []
    for listed in classes.listing(found):
        mine = holder in {seat.holder for seat in access.store().table_seats(listed["id"])}
        shown.append({**listed, "mine": mine, "url": url_for(".page", lang=lang, table=listed["id"]),
                      "open": not listed["finished"] and (mine or len(listed["people"]) < listed["seats"])})
    return render_template("tables/class_tables.html", tables=shown)
