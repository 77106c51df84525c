"""A class's live session over JSON (issue 37, README "Live sessions"): a child blueprint of
app.api's, whose failures count towards the class codes' guessing limits (app.classroom.limits).

POST /api/v1/classes/<code>/live        {"demo": id} or {"quiz": seed}  -> 201, the session (teacher)
POST /api/v1/classes/<code>/live/step   {"to": "next" | "back" | "reveal"} -> the session (teacher)
POST /api/v1/classes/<code>/live/end                                     -> the session, ended (teacher)
GET  /api/v1/classes/<code>/live?lang=                                   -> the frame (teacher or student)
POST /api/v1/classes/<code>/live/answers {"frame": n, "answer": ...}     -> the engine's verdict (student)
GET  /api/v1/classes/<code>/live/events                                  -> the event stream (app.live.stream)
"""
from __future__ import annotations

from flask import Blueprint

from ..classroom import limits
from ..live import answers, sessions, stream
from .body import json_object

bp = Blueprint("live", __name__)


@bp.post("/classes/<code>/live")
@limits.lookups
def start(code: str):
    found = sessions.teacher(code)
    return sessions.shown(sessions.start(found, json_object()), teacher_view=True), 201


@bp.post("/classes/<code>/live/step")
@limits.lookups
def step(code: str):
    found = sessions.teacher(code)
    return sessions.shown(sessions.step(found, json_object().get("to")), teacher_view=True)


@bp.post("/classes/<code>/live/end")
@limits.lookups
def end(code: str):
    return sessions.shown(sessions.end(sessions.teacher(code)), teacher_view=True)


@bp.get("/classes/<code>/live")
@limits.lookups
def show(code: str):
    reading = sessions.reader(code)
    return sessions.shown(sessions.running(reading.found), teacher_view=reading.teacher)


@bp.get("/classes/<code>/live/events")
@limits.lookups
def events(code: str):
    return stream.response(sessions.reader(code))


@bp.post("/classes/<code>/live/answers")
@limits.lookups
def answer(code: str):
    return answers.answer(sessions.reader(code), json_object()).as_json()
