"""The teacher's side of a class's tables, as pages that work without JavaScript (issue 38, item 1):
the class page's "Tables" part (a class_pages.PagePart: each table's seats, round, cards left in
each hand, whose turn, moves refused by rule, finished — never a card), /<lang>/class/<code>/tables
(that part alone on a page: what class.js reads again to keep the class page's part live),
…/tables/open (the form that opens tables), …/tables/start (starting the waiting ones, asked once
more), and …/tables/<id>/watch (one table with open hands, the teacher's alone).

The forms carry the session's CSRF token and redirect to the class page (Post/Redirect/Get); a
refused form comes back with the message beside the field at fault, in the teacher's language, and
opens nothing. They are read into the body the JSON API takes (``POST
/api/v1/classes/<code>/tables``), so both are checked by one function (``classes.open_tables``).
Only the class's teachers reach these pages (``taught_here``, as for the class's other teacher
requests: 403 for anyone else, 404 for a table not the class's).

The open-hands page is a watcher's table (practice/watch.html, watch.js), shown as
app.engine.visibility shows a watch link with open hands: every hand, never the draw pile. It asks
for itself again with ``?after=<version>`` as a watch link does; the teacher holds no seat, so no
table stream.
"""
from __future__ import annotations

import hashlib
from collections.abc import Hashable
from typing import Any

from flask import Blueprint, Flask, redirect, render_template, request, url_for

from .. import drawn_pages, errors
from ..classroom import classes as classroom, limits, watching
from ..classroom.class_pages import PagePart, add_part, classroom_error
from ..classroom.codes import shown as shown_code
from ..classroom.watch_pages import POLL_EVERY
from ..errors import UserError
from ..i18n import current_language, gettext as _
from ..links import absolute
from ..practice import access, narration
from ..practice.forms import KEPT, form_options, rules_fields, to_int
from ..practice.options import GAME_FIELDS, RULE_CHOICES, TARGETS, OptionError
from ..store import ClassRecord, Seat, Watch
from ..wording import error_message
from ..wording.lists import word_list
from . import classes, seating

bp = Blueprint("table_teaching", __name__)
SEAT_CHOICES = range(seating.MIN_SEATS, seating.MAX_SEATS + 1)


def init_app(app: Flask) -> None:
    """The pages, and the class page's part that lists the tables."""
    app.register_blueprint(bp)
    add_part(app, PagePart("tables/teacher_part.html", _version, _part))


def _version(found: ClassRecord) -> Hashable:
    """What the tables part shows, as a value that changes whenever it does: the tables' version
    (``Store.class_tables_version``) and, at each table, the seats whose students are away
    (``seating.away``), which no write marks: a student away, or back, draws the part again."""
    store = access.store()
    away = tuple(sorted((table, tuple(sorted(gone))) for table, seats in store.class_table_seats(found.code).items()
                        if (gone := seating.away(seats))))
    return store.class_tables_version(found.code), away


def _part(found: ClassRecord, lang: str) -> dict[str, Any]:
    """The part's context: the tables as the teacher follows them, and where its forms are."""
    tables = [_shown(table, found, lang) for table in classes.listing(found)]
    return {"tables": tables, "ended": found.ended is not None,
            "waiting": sum(not table["started"] for table in tables),
            "url": url_for("table_teaching.tables_page", lang=lang, code=found.code),
            "open": url_for("table_teaching.open_form", lang=lang, code=found.code),
            "start": url_for("table_teaching.start_form", lang=lang, code=found.code)}


def _shown(table: dict[str, Any], found: ClassRecord, lang: str) -> dict[str, Any]:
    """One table of the listing in the teacher's words: each seat's name and who plays it (a
    student, a bot, or nobody yet), whose turn, the refused moves by rule (most first), and its
    open-hands page."""
    away = set(table.get("away", ()))  # seats whose student left, played by a bot meanwhile (when listed)
    places = [{"name": name, "cards": cards, "turn": seat == table["turn"],
              "who": ("away" if seat in away else "person") if seat in table["people"]
              else ("bot" if table["started"] else "free")}
             for seat, (name, cards) in enumerate(zip(table["names"], table["cards"]))]
    refused = sorted(table["refusals"].items(), key=lambda pair: (-pair[1], pair[0]))
    return {**table, "places": places, "refused": [{**narration.why(rule), "count": n} for rule, n in refused],
            "watch": url_for("table_teaching.watch", lang=lang, code=found.code, table=table["id"])}


def _teacher(code: str) -> ClassRecord:
    return classroom.taught_here(classroom.find(code))


@bp.get("/<lang:lang>/class/<code>/tables")
@limits.lookups
def tables_page(lang: str, code: str):
    """The class page's tables part on a page of its own, drawn once per version as the class page is."""
    found = _teacher(code)
    key = ("class-tables", found.code, _version(found), found.ended is not None, current_language(), lang,
           absolute(""))
    return drawn_pages.page(key, "tables/teacher_tables.html", lambda: {
        "shown_code": shown_code(found.code), "part": _part(found, lang),
        "back": url_for("classroom.class_page", lang=lang, code=found.code)})


@bp.get("/<lang:lang>/class/<code>/tables/open")
@limits.lookups
def open_form(lang: str, code: str):
    """The form starts from the class's own rules and level, as the JSON API takes them unless given:
    the preset and switches that make them, else a choice of "the class's rules" (``_fields``)."""
    found = _teacher(code)
    return _open_page(found, {"tables": "1", "seats": "4", "level": found.options["level"],
                              **rules_fields(found.options["rules"])})


def _fields(found: ClassRecord) -> dict[str, Any]:
    """The form's rule choices: the new-game form's, and the class's own rules first when no preset
    and switches make them (said as the class page says them), and the class's target if the form
    does not offer it."""
    rules = found.options["rules"]
    fields: dict[str, Any] = {**GAME_FIELDS, "targets": sorted({*TARGETS, rules["target"]})}
    if rules_fields(rules)["preset"] == KEPT:
        described = classroom.describe(found)
        note = word_list([described["rules"], *described["changes"]], current_language())
        fields["rule_choices"] = ((KEPT, _("The class's rules"), note), *RULE_CHOICES)
    return fields


def _open_page(found: ClassRecord, form: Any, errors: dict[str, str] | None = None, status: int = 200):
    lang = current_language()
    return render_template("tables/open.html", **_fields(found), shown_code=shown_code(found.code), form=form,
                           errors=errors or {}, seat_choices=SEAT_CHOICES, most=classes.MAX_OPENED,
                           action=url_for(".open_tables", lang=lang, code=found.code),
                           back=url_for("classroom.class_page", lang=lang, code=found.code)), status


@bp.post("/<lang:lang>/class/<code>/tables/open")
@limits.lookups
def open_tables(lang: str, code: str):
    found = _teacher(code)
    form = request.form
    try:
        chosen = form_options(form, kept=found.options["rules"])  # read as the class form reads them
        classes.open_tables(found, {"tables": to_int(form.get("tables")), "seats": to_int(form.get("seats")),
                                    "rules": chosen["rules"].to_dict(), "level": chosen["level"],
                                    "same_deal": form.get("same_deal") == "on"})
    except OptionError as error:
        return _open_page(found, form, {error.field: str(error.message)}, 400)
    except UserError as error:  # too many tables, an ended class: said above the form
        return _open_page(found, form, {"form": error_message(error.code, **error.params)}, error.status)
    return redirect(url_for("classroom.class_page", lang=lang, code=found.code, _anchor="tables"), 303)


@bp.get("/<lang:lang>/class/<code>/tables/start")
@limits.lookups
def start_form(lang: str, code: str):
    found = _teacher(code)
    return render_template("classroom/confirm.html", shown_code=shown_code(found.code),
                           heading=_("Start the waiting tables?"), button=_("Start the waiting tables"), points=[
                               _("Every table still waiting for its students starts now."),
                               _("Bots take the seats nobody has taken, at the level chosen for the table, and "
                                 "play at once if it is their turn."),
                               _("A student who joins later takes a bot's seat, with its hand."),
                           ], action=url_for(".start_tables", lang=lang, code=found.code),
                           back=url_for("classroom.class_page", lang=lang, code=found.code, _anchor="tables"))


@bp.post("/<lang:lang>/class/<code>/tables/start")
@limits.lookups
def start_tables(lang: str, code: str):
    found = _teacher(code)
    classes.start(found)
    return redirect(url_for("classroom.class_page", lang=lang, code=found.code, _anchor="tables"), 303)


@bp.get("/<lang:lang>/class/<code>/tables/<table>/watch")
@limits.lookups
def watch(lang: str, code: str, table: str):
    """One of the class's tables with every hand shown, for its teacher: a watcher's table with
    open hands (``visibility.watcher(True)``), asking for itself again as a watch link does."""
    found = _teacher(code)
    listed = access.store().class_table(table) if len(table) <= 64 else None
    if listed is None or listed.code != found.code:
        raise UserError("table-not-found", 404)
    record, practice = access.load(table, owned=False)
    seats = access.store().table_seats(table)
    seated = _seated(seats)
    if request.args.get("after", type=int) == record.version and request.args.get("seated") == seated:
        return "", 204
    first = watching.fresh_from(practice, request.args.get("since", type=int))
    names = seating.seat_names(seats, practice)
    shown = Watch(token="", game=table, open_hands=True, by_class=True, revoked=False)
    # Drawn once per table, version, seats taken, language, address and first step to play, as a
    # watch link's page is per version: a student who sits down is named though no move was made.
    key = ("class-table-watch", request.path, record.version, seated, current_language(), first)
    return drawn_pages.page(key, "practice/watch.html", lambda: {
        "poll": POLL_EVERY, "table_number": listed.number,
        "refresh": url_for(".watch", lang=lang, code=found.code, table=table, seated=seated),
        "back": url_for("classroom.class_page", lang=lang, code=found.code, _anchor="tables"),
        **watching.table(shown, record, practice, first, names)})


def _seated(seats: list[Seat]) -> str:
    """The seats people hold, and their names, in a few characters: the open-hands page's refresh
    link carries it, so its ``?after=<version>`` is "no change" only while the same people sit there
    (a join writes no new version of the game)."""
    held = "\n".join(f"{seat.seat}:{seat.name}" for seat in seats)
    return hashlib.blake2s(held.encode(), digest_size=6).hexdigest()


@errors.page(bp.name, UserError)  # a ClassError, the limits' 429 too
def _refused(error: UserError):
    return classroom_error(error.code, error.status, **error.params)
