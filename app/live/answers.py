"""Students' answers in a live session (issue 37, item 2): each judged by the engine on the frame's
position, kept once per student per frame by the store, and said back to the student in their own
language with the rule's name and link.

What a student may answer is one of the frame's choices (app.live.frames): at a demo's pause a card
of the hand (a wild with its colour or without) or the decision panel's draw, challenge, accept,
``catch:<seat>``, ``color:<c>`` — or the same as a move in the check API's notation (``{"action":
"play", "card": "W", "color": "red"}``); a seat for "Who plays next?", a number for points, a quiz
item's choice. A move is tried on the pause's position (``Position.play``, as the presenter tries
the refused moves it shows): the engine says whether it is legal, by which rule, in which words. It
is right when it is the move the demo plays next (``frames.view``'s revealed answer). A seat, a
number or a quiz choice is right when it is the engine's answer (the quiz's solution); a wrong one
goes against the rule the question rests on, so it counts as not legal. The counts
(``Store.live_counts``) group the refused answers by that rule.

A judgement is the same for every student who gives the same answer to the same frame: it is kept
per (session's kind, source, frame, answer, language) in ``JUDGED``.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..classroom.classes import ClassError
from ..fast_json import loads
from ..i18n import current_language, gettext as _
from ..learn.position import PositionError, canonical_json
from ..lru import LRU
from ..practice import access, narration
from ..presenter.frames import PAUSE, scene
from ..quiz.display import feedback
from ..quiz.progress import items_for
from ..scenes.demos import DEMOS
from ..scenes.lesson import NEXT_SEAT
from ..store import LiveAnswer, LiveSession
from ..wording import listed_title, verdict_state
from . import frames
from .sessions import Reader, running

MAX_ANSWER = 200  # characters of an answer's JSON read at most (a move is some 60)
MAX_POINTS = 9999  # the largest number of points an answer may say
MOVE_FIELDS = ("action", "card", "color", "target")  # a move's fields as an answer gives them, in this order


@dataclass(frozen=True)
class Judged:
    """An answer judged: what the store keeps (``kept``) and what the student is told."""

    kept: LiveAnswer
    label: str  # the answer in the reader's words ("Red Skip", "Player 2", "90")
    reason: str  # the engine's sentence ("" for a wrong seat, number or quiz choice: the reveal says it)
    said: str  # the verdict in the reader's language: "Right." or not, and the reason
    message: str  # ``said`` and the rule's name
    title: str  # the rule's title
    url: str  # its page

    def as_json(self) -> dict[str, Any]:
        return {"legal": self.kept.legal, "right": self.kept.right, "rule": self.kept.rule, "message": self.message,
                "said": self.said, "title": self.title, "rule_url": self.url, "answer": self.kept.answer}


def answer(reader: Reader, body: dict[str, Any]) -> Judged:
    """The student's answer ``{"frame", "answer"}`` to the session's current frame, judged and kept;
    a second answer to the frame changes nothing and is told the first one's verdict. Refused (in
    the reader's language): by a teacher (403), for a frame no longer shown or whose answer is
    revealed or whose time is up (409), an answer that is not one of the frame's (400)."""
    if reader.owner is None:
        raise ClassError("live-answers-students", 403)
    session = running(reader.found)
    frame = body.get("frame")
    if type(frame) is not int:
        raise ClassError("bad-live-answer", 400, extra={"field": "frame"})
    _still_open(session, frame)
    judged = judge(session, body.get("answer"))
    kept = access.store().answer_live(reader.found.code, session.id, frame, reader.owner, judged.kept)
    if kept is None:  # the teacher moved on (or revealed) since the session was read
        _still_open(running(reader.found), frame)
        raise ClassError("live-frame-gone", 409)
    return judged if kept == judged.kept else judge(session, loads(kept.given))


def mine(session: LiveSession, owner: str) -> Judged | None:
    """The student's answer to the session's current frame as they were told it, if they gave one."""
    kept = access.store().live_answer(session.id, session.frame, owner)
    return None if kept is None else judge(session, loads(kept.given))


def revealed(session: LiveSession) -> Judged | None:
    """The frame's right answer as the engine explains it, once the teacher has revealed it."""
    shown = frames.view(session.kind, session.source, session.frame, True, current_language())
    if not session.revealed or not shown["question"]:
        return None
    right = shown["answer"]
    return judge(session, right if shown["kind"] == PAUSE else str(right[0] if isinstance(right, list) else right))


def _still_open(session: LiveSession, frame: int) -> None:
    if frame != session.frame:
        raise ClassError("live-frame-gone", 409, extra={"frame": session.frame})
    if session.revealed:
        raise ClassError("live-answers-closed", 409)
    if session.deadline is not None and time.time() > session.deadline:  # the quiz's timer (issue 37, item 3)
        raise ClassError("live-time-up", 409)


def judge(session: LiveSession, given: Any) -> Judged:
    """``given`` judged on the session's current frame, in the request's language (``JUDGED``)."""
    kind, source, number, language = session.kind, session.source, session.frame, current_language()
    shown = frames.view(kind, source, number, True, language)
    if not shown["question"]:
        raise ClassError("live-nothing-to-answer", 409)
    read = _readable(shown, given)
    key = (kind, source, number, canonical_json(read), language)
    judged = JUDGED.get(key)
    if judged is None:
        judged = JUDGED[key] = (_demo if kind == frames.DEMO else _quiz)(source, number, shown, read)
    return judged


def _readable(shown: dict[str, Any], given: Any) -> Any:
    """The answer as judged: a move (a dict of MOVE_FIELDS) at a pause, else the choice's id, or a
    number of points; ClassError 400 for one that is none of the frame's choices."""
    if len(canonical_json(given)) > MAX_ANSWER:
        raise _unreadable()
    ids = [choice["id"] for choice in shown["choices"]]
    if shown["kind"] == PAUSE:
        move = _move(given, {choice["id"] for choice in shown["choices"] if "card" in choice})
        if frames.choice_id(move) not in ids:
            raise _unreadable()
        return move
    if type(given) is int:  # a seat or points as a number (True is no number here)
        given = str(given)
    if not isinstance(given, str):
        raise _unreadable()
    if ids:
        if given not in ids:
            raise _unreadable()
        return given
    if not given.isdecimal() or int(given) > MAX_POINTS:  # points: no choices, a number
        raise _unreadable()
    return str(int(given))


def _move(given: Any, cards: set[str]) -> dict[str, Any]:
    """A pause's answer as a move: a card's id is its play, an action's id (``choice_id``) the
    action with the player or colour it names; a dict is a move already (check API notation)."""
    if isinstance(given, dict):
        move = {key: given[key] for key in MOVE_FIELDS if given.get(key) is not None}
        move.setdefault("action", "play")
        if not all(isinstance(value, str) or type(value) is int for value in move.values()) or (
                "card" in move and move["action"] != "play"):  # a card is played: its id is the card's
            raise _unreadable()
        return move
    if not isinstance(given, str):
        raise _unreadable()
    if given in cards:
        return {"action": "play", "card": given}
    action, _colon, named = given.partition(":")
    if not named:
        return {"action": action}
    return {"action": action, **({"target": int(named)} if named.isdecimal() and len(named) < 3 else {"color": named})}


def _unreadable() -> ClassError:
    return ClassError("bad-live-answer", 400, extra={"field": "answer"})


# --- a demo's frames -----------------------------------------------------------------------------


def _demo(demo_id: str, number: int, shown: dict[str, Any], read: Any) -> Judged:
    demo = DEMOS[demo_id]
    if shown["kind"] == PAUSE:
        try:
            outcome = scene(demo, number).view.play(read)
        except PositionError:
            raise _unreadable() from None
        chosen = frames.choice_id(read)
        right = chosen == shown["answer"]
        said = _("Right. %(reason)s", reason=outcome.text) if right else outcome.text if not outcome.legal else \
            _("Allowed, but not the move this demo makes: %(reason)s", reason=outcome.text)
        label = next(choice["label"] for choice in shown["choices"] if choice["id"] == chosen)
        return _judged(chosen, read, outcome.legal, right, outcome.rule, label, outcome.text, said)
    step, answered = scene(demo, number).step, frames.answer_line(demo, number)
    right = read == str(shown["answer"])
    if step.ask == NEXT_SEAT:
        label = next(choice["label"] for choice in shown["choices"] if choice["id"] == read)
        rule = str(step.rules[0])
    else:  # points: the rule the round is scored by, as the answer frame says it
        label, rule = read, answered["rule"]
    return _judged(read, read, right, right, rule, label, answered["text"] if right else "")


# --- a quiz's items ------------------------------------------------------------------------------


def _quiz(seed: str, number: int, shown: dict[str, Any], read: str) -> Judged:
    item = items_for(seed)[number - 1]
    right = read in item.solution.right
    label = next(choice["label"] for choice in shown["choices"] if choice["id"] == read)
    explained = feedback(item, read)
    verdict = next((v for v in explained["verdicts"] if v["card"] == read), None) if explained["per_choice"] else None
    if verdict is not None:  # a card of the hand: the engine's verdict on playing it
        legal = verdict_state(item.solution.verdicts[read]) != "illegal"
        said = _("Right. %(reason)s", reason=verdict["message"]) if right else verdict["message"]
        return _judged(read, read, legal, right, verdict["rule"], label, verdict["message"], said)
    reason = (explained["conclusion"] or next((v["message"] for v in explained["verdicts"]), "")) if right else ""
    return _judged(read, read, right, right, str(item.rules[0]), label, reason)


# --- the words -----------------------------------------------------------------------------------


def _judged(chosen: str, read: Any, legal: bool, right: bool, rule: str, label: str, reason: str,
            said: str | None = None) -> Judged:
    """The judgement and its words: ``said`` (else "Right." and the reason, or "Not right:" and the
    answer), then the rule's title."""
    if said is None:
        said = (_("Right. %(reason)s", reason=reason) if reason else _("Right: %(answer)s.", answer=label)) if right \
            else _("Not right: %(answer)s.", answer=label)
    why = narration.why(rule)
    message = f"{said} {_('Rule: %(title)s', title=listed_title(rule))}"  # live.js links what follows ``said``
    return Judged(LiveAnswer(chosen, canonical_json(read), legal, right, rule), label, reason, said, message,
                  why["title"], why["url"])


# Judgements by (kind, source, frame, answer, language): a frame's choices in two languages.
JUDGED: LRU[tuple[str, str, int, str, str], Judged] = LRU(4000)
