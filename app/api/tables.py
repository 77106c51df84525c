"""Tables of people over JSON (issue 38, README "Tables API"): a child blueprint of app.api's.

POST /api/v1/tables              {"seats": 2-4, "rules", "level", "seed", "name"} -> 201 {"id", "invite", "seat": 0}
POST /api/v1/tables/<id>/join    {"name"}                                     -> {"seat"}
GET  /api/v1/tables/<id>?lang=                                                -> {"version", "view", "waiting"} (this seat's)
POST /api/v1/tables/<id>/moves   {"version", "move"}                          -> {"results", "version", "view"}
GET  /api/v1/tables/<id>/events                                               -> the event stream (app.tables.events)

A seat is held by the browser's owner cookie (app.practice.owners), the maker's at seat 0. Bodies
must be application/json, which a cross-site form cannot send, so no CSRF token is needed here.
"""
from __future__ import annotations

from flask import Blueprint

from ..errors import UserError
from ..practice import limits as game_limits
from ..practice.options import OptionError
from ..tables import classes, events, limits, play, seating
from .body import json_object

bp = Blueprint("tables", __name__)  # its every answer is one seat's: app.security.PRIVATE_BLUEPRINTS


@bp.post("/tables")
@game_limits.creates
def open_table():
    try:
        record = seating.open_table(json_object())
    except OptionError as error:
        raise UserError("bad-options", extra={"field": error.field, "message": str(error.message)}) from None
    return {"id": record.id, "invite": seating.invite(record.id), "seat": 0}, 201


@bp.post("/tables/<table>/join")
@limits.joins
def join_table(table: str):
    return {"seat": classes.join(table, json_object()).seat}


@bp.get("/tables/<table>")
def show_table(table: str):
    return play.show(seating.seated(table))


@bp.post("/tables/<table>/moves")
def move(table: str):
    body = json_object()
    return play.move(seating.seated(table), body)


@bp.get("/tables/<table>/events")
def table_events(table: str):
    return events.response(seating.seated(table))
