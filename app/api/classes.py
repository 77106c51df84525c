"""Classes over JSON (README "Classroom: class codes"): a child blueprint of app.api's of its own,
so that the rate limits' hooks run for these requests alone (app.classroom.limits).

POST   /api/v1/classes                    {"rules", "bots", "level", "seed"} -> {"code", "url", "qr", "teacher_link"}
GET    /api/v1/classes/<code>                                       -> the class and its students' progress
POST   /api/v1/classes/<code>/games       {"nickname"}              -> as POST /api/v1/games
POST   /api/v1/classes/<code>/teacher-link                          -> {"teacher_link", "qr"}: a new one
DELETE /api/v1/classes/<code>/students/<number>                     -> 204: the student removed
POST   /api/v1/classes/<code>/end                                   -> the class, ended
POST   /api/v1/classes/<code>/tables      {"tables", "seats", "rules", "level", "same_deal"} -> 201 {"tables": [{"id", "invite"}]}
GET    /api/v1/classes/<code>/tables                                -> {"tables": [...]}: each one followed, no card
POST   /api/v1/classes/<code>/tables/start                          -> {"started": [id, ...]}: the waiting ones

The creating client (its owner cookie) is the class's teacher, and so is any client that opened
its teacher link: only they may read the class, and change it.
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask import Blueprint

from ..classroom import classes, limits
from ..errors import UserError
from ..i18n import gettext as _, request_language
from ..links import qr_svg
from ..practice.options import OptionError, read_options
from ..tables import classes as class_tables, seating
from .body import json_object
from .games import created

bp = Blueprint("classes", __name__)


@bp.post("/classes")
@limits.creates
def create():
    body = json_object()
    try:
        options = read_options(body.get("rules"), body.get("bots"), body.get("level"), body.get("seed"))
    except OptionError as error:
        raise UserError("bad-options", extra={"field": error.field, "message": str(error.message)}) from None
    made, secret = classes.create(options)
    language = request_language()
    url = classes.join_url(made.code, language)
    return {"code": made.code, "url": url, "qr": qr_svg(url, _("QR code of the address that joins the class")),
            "teacher_link": classes.teacher_link(made.code, secret, language)}, 201


@bp.get("/classes/<code>")
@limits.lookups
def show(code: str):
    return _described(classes.taught_here(classes.find(code)))


def _described(found):
    options = found.options
    return {"code": found.code, "url": classes.join_url(found.code, request_language()),
            "created": _moment(found.created), "expires": _moment(found.expires),
            "ended": found.ended and _moment(found.ended),
            "rules": options["rules"], "bots": options["bots"], "level": options["level"], "seed": options["seed"],
            **classes.progress(found)}  # private, no-store: app.security.PRIVATE_BLUEPRINTS


@bp.post("/classes/<code>/teacher-link")
@limits.lookups
def new_teacher_link(code: str):
    found = classes.taught_here(classes.find(code))
    link = classes.teacher_link(found.code, classes.new_teacher_link(found), request_language())
    return {"teacher_link": link, "qr": qr_svg(link, _("QR code of the teacher link"))}, 201


@bp.delete("/classes/<code>/students/<int:number>")
@limits.lookups
def remove_student(code: str, number: int):
    classes.remove(classes.taught_here(classes.find(code)), number)
    return "", 204


@bp.post("/classes/<code>/end")
@limits.lookups
def end(code: str):
    return _described(classes.end(classes.taught_here(classes.find(code))))


@bp.post("/classes/<code>/tables")
@limits.lookups
def open_tables(code: str):
    found = classes.taught_here(classes.find(code))
    try:
        opened = class_tables.open_tables(found, json_object())
    except OptionError as error:
        raise UserError("bad-options", extra={"field": error.field, "message": str(error.message)}) from None
    return {"tables": [{"id": table, "invite": seating.invite(table)} for table in opened]}, 201


@bp.get("/classes/<code>/tables")
@limits.lookups
def tables(code: str):
    return {"tables": class_tables.listing(classes.taught_here(classes.find(code)))}


@bp.post("/classes/<code>/tables/start")
@limits.lookups
def start_tables(code: str):
    return {"started": class_tables.start(classes.taught_here(classes.find(code)))}


@bp.post("/classes/<code>/games")
@limits.joins
@limits.lookups
def join(code: str):
    body = json_object()
    found = classes.find(code)
    return created(*classes.join(found, classes.read_nickname(body.get("nickname"))))


def _moment(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, timezone.utc).isoformat(timespec="seconds")

