"""A class's live session over JSON (issue 37, README "Live sessions"): a child blueprint of
app.api's, whose failures count towards the class codes' guessing limits (app.classroom.limits).

POST /api/v1/classes/<code>/live        {"demo": id} or {"quiz": seed}  -> 201, the session (teacher)
POST /api/v1/classes/<code>/live/step   {"to": "next" | "back" | "reveal"} -> the session (teacher)
POST /api/v1/classes/<code>/live/end                                     -> the session, ended (teacher)
GET  /api/v1/classes/<code>/live?lang=                                   -> the frame (teacher or student)
POST /api/v1/classes/<code>/live/answers {"frame": n, "answer": ...}     -> the engine's verdict (student)
GET  /api/v1/classes/<code>/live/events                                  -> the event stream (app.live.stream)
GET  /api/v1/classes/<code>/live/summary?lang=                           -> the last session's summary (teacher)
GET  /api/v1/classes/<code>/live/summary.csv?lang=                       -> the same as CSV (teacher)
"""
from __future__ import annotations

from flask import Blueprint, Response

from ..classroom import limits
from ..live import answers, sessions, stream, summary
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


@bp.get("/classes/<code>/live/summary")
@limits.lookups
def summary_json(code: str):
    found = sessions.teacher(code)
    return summary.summary(found, sessions.latest(found))


@bp.get("/classes/<code>/live/summary.csv")
@limits.lookups
def summary_csv(code: str):
    found = sessions.teacher(code)
    return Response(summary.as_csv(summary.summary(found, sessions.latest(found))), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="class-{found.code}-summary.csv"'})
