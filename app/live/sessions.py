"""A class's live session (issue 37, item 1): the teacher starts a demo or the quiz, steps it
(next, back, reveal) and ends it; the class's students follow it, each in their own language.

The session is a row of the store (``Store.start_live``): what it shows, its frame and revealed
flag, and a version that grows with every change; a step is a compare-and-set on that version, so
two teachers' devices pressing at once make two steps, never one lost. Who reads it is decided
here (``reader``): a teacher of the class (app.classroom.classes.teaches), a student with a game in
it, or nobody else (403).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from ..classroom.classes import ClassError, find, teaches
from ..i18n import current_language
from ..practice import access
from ..practice.owners import owner_token
from ..store import ClassEnded, ClassGone, ClassRecord, LiveSession, LiveSessionOn, new_token, owner_hash
from . import frames

NEXT, BACK, REVEAL = "next", "back", "reveal"
STEPS = (NEXT, BACK, REVEAL)
TIMER, LEADERBOARD = "timer", "leaderboard"  # a quiz's options (the start's JSON and form)
TIMER_MIN, TIMER_MAX = 5, 600  # seconds a quiz's item may be open: time to read it, at most ten minutes


@dataclass(frozen=True)
class Reader:
    """Who follows a class's session: its teacher, or one of its students (``owner``: the owner
    hash of the student's browser, so that the student's stream ends if the teacher removes them)."""

    found: ClassRecord
    owner: str | None  # None: a teacher

    @property
    def teacher(self) -> bool:
        return self.owner is None


def reader(code: Any) -> Reader:
    """The class of ``code`` and who reads its session here: ClassError 403 for anyone but its
    teachers and students (a removed student is told so), 400 or 404 for a code that is none."""
    found = find(code)
    token = owner_token()
    if teaches(found, token):
        return Reader(found, None)
    if token is not None:
        owner = owner_hash(token)
        store = access.store()
        if store.in_class(found.code, owner):
            return Reader(found, owner)
        if store.removed_owner(found.code, owner):
            raise ClassError("removed-from-class", 403)
    raise ClassError("live-forbidden", 403)


def teacher(code: Any) -> ClassRecord:
    """The class, if this browser is its teacher (403 otherwise: a student too)."""
    found = reader(code)
    if not found.teacher:
        raise ClassError("class-forbidden", 403)
    return found.found


def start(found: ClassRecord, body: dict[str, Any]) -> LiveSession:
    """Start the class's session of ``{"demo": id}`` or ``{"quiz": seed}`` on its first frame; a
    quiz may add ``"timer"`` (seconds per item, null or false: none) and ``"leaderboard"`` (true:
    nicknames and a leaderboard; false by default)."""
    kinds = [kind for kind in (frames.DEMO, frames.QUIZ) if kind in body]
    if len(kinds) != 1:
        raise ClassError("bad-live-start", 400)
    kind = kinds[0]
    source = frames.check_source(kind, body[kind])
    timer, leaderboard = _quiz_options(kind, body)
    try:
        return access.store().start_live(found.code, new_token(), kind, source, timer, leaderboard)
    except ClassGone:
        raise ClassError("class-not-found", 404) from None
    except ClassEnded:
        raise ClassError("class-ended", 410) from None
    except LiveSessionOn:
        raise ClassError("live-session-on", 409) from None


def _quiz_options(kind: str, body: dict[str, Any]) -> tuple[int | None, bool]:
    """A quiz's timer (seconds per item, or None) and leaderboard switch, as asked; a demo has
    neither (its frames are not all questions)."""
    timer, leaderboard = body.get(TIMER), body.get(LEADERBOARD, False)
    if timer is False:
        timer = None
    if timer is not None and not (type(timer) is int and TIMER_MIN <= timer <= TIMER_MAX):
        raise ClassError("bad-live-timer", 400, extra={"field": TIMER}, min=TIMER_MIN, max=TIMER_MAX)
    if type(leaderboard) is not bool:
        raise ClassError("bad-live-leaderboard", 400, extra={"field": LEADERBOARD})
    if kind != frames.QUIZ and (timer is not None or leaderboard):
        raise ClassError("live-quiz-option", 400, extra={"field": TIMER if timer is not None else LEADERBOARD})
    return timer, leaderboard


def running(found: ClassRecord) -> LiveSession:
    """The class's running session; ClassError 404 if it has none."""
    session = latest(found)
    if session.ended is not None:
        raise ClassError("no-live-session", 404)
    return session


def latest(found: ClassRecord) -> LiveSession:
    """The class's session, running or ended (its summary's); ClassError 404 if it never had one."""
    return _there(access.store().load_live(found.code))


def _there(session: LiveSession | None) -> LiveSession:
    """``session``, or ClassError 404 ``no-live-session`` when the store found none."""
    if session is None:
        raise ClassError("no-live-session", 404)
    return session


def step(found: ClassRecord, to: Any) -> LiveSession:
    """Move the running session ``to`` the next frame, the one before (each unrevealed), or reveal
    the frame's answer. At either end, or revealed again, nothing changes (the same version). A
    step from a version another device has just moved is made again on the newer one."""
    if to not in STEPS:
        raise ClassError("bad-live-step", 400, extra={"field": "to"})
    store = access.store()
    while True:
        session = running(found)
        if to == REVEAL:
            if not frames.asks(session.kind, session.source, session.frame, current_language()):
                raise ClassError("nothing-to-reveal", 409)
            frame, revealed = session.frame, True
        else:
            last = frames.frame_count(session.kind, session.source)
            frame, revealed = max(1, min(last, session.frame + (1 if to == NEXT else -1))), False
        if (frame, revealed) == (session.frame, session.revealed):
            return session
        moved = store.move_live(found.code, session.version, frame, revealed)
        if moved is not None:
            return moved


def end(found: ClassRecord) -> LiveSession:
    """End the class's running session; ClassError 404 if none runs."""
    return _there(access.store().end_live(found.code))


def remaining(session: LiveSession) -> int | None:
    """Whole seconds left to answer the frame (rounded up; 0 once past), or None without a timer."""
    if session.deadline is None:
        return None
    return max(0, math.ceil(session.deadline - time.time()))


def shown(session: LiveSession, teacher_view: bool) -> dict[str, Any]:
    """The session's frame as the API gives it, in the request's language: for a student what the
    projector shows (``{"session", "frame", "kind", "question", "choices"}``, an ``"answer"`` once
    revealed); a teacher's adds the class's ``answers`` to the frame, counted without names
    (``Store.live_counts``: ``{"total", "right", "by_answer", "by_rule"}``)."""
    frame = frames.view(session.kind, session.source, session.frame, session.revealed, current_language())
    described = {"id": session.id, session.kind: session.source, "version": session.version,
                 "frames": frames.frame_count(session.kind, session.source), "revealed": session.revealed,
                 "ended": session.ended is not None, TIMER: session.timer, LEADERBOARD: session.leaderboard,
                 "deadline": session.deadline, "remaining": remaining(session)}
    answer = {"session": described, "frame": session.frame, **frame}
    if teacher_view:
        answer["answers"] = access.store().live_counts(session.id, session.frame)
    return answer
