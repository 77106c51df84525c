"""A live session's summary for its teacher (issue 37, item 3): at the end of the quiz, how the
class did question by question, by topic (the quiz's rules pages) and by rule — which rules the
class gets wrong most, each linked to the lesson that teaches it — and, only when the teacher
switched it on, the leaderboard of nicknames. Shown on the teacher's screen (app.live.teaching)
and downloaded as CSV or JSON (app.api.live), in the reader's language.

It is counted from the session's answers (``Store.live_tally``: counts, never a name); the
leaderboard alone reads who answered (``Store.live_scores``).
"""
from __future__ import annotations

import csv
import io
from typing import Any

from ..classroom.classes import student_name
from ..i18n import current_language
from ..learn.lessons.links import rule_lesson
from ..links import absolute
from ..pages import PAGES
from ..practice import access, narration
from ..quiz.progress import items_for
from ..store import ClassRecord, LiveSession
from . import frames

CSV_COLUMNS = ("section", "id", "title", "answers", "right", "wrong", "link")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # a cell a spreadsheet would run as a formula


def summary(found: ClassRecord, session: LiveSession) -> dict[str, Any]:
    """The session's summary: ``questions`` (each frame that asks one: its number, question,
    answers and right ones), ``topics`` (a quiz's rules pages, in the quiz's order), ``rules`` (the
    rules of the wrong answers, most first, each with its lesson), ``leaderboard`` (None unless
    switched on), and the totals."""
    store, lang = access.store(), current_language()
    tally = store.live_tally(session.id)
    asked: dict[int, dict[str, Any]] = {}
    wrong_by_rule: dict[str, int] = {}
    for number, right, rule, n in tally:
        counted = asked.setdefault(number, {"answers": 0, "right": 0})
        counted["answers"] += n
        counted["right"] += n if right else 0
        if not right:
            wrong_by_rule[rule] = wrong_by_rule.get(rule, 0) + n
    questions = []
    for number in range(1, frames.frame_count(session.kind, session.source) + 1):
        question = frames.view(session.kind, session.source, number, False, lang)["question"]
        if question:
            counted = asked.get(number, {"answers": 0, "right": 0})
            questions.append({"number": number, "question": question, **counted})
    rules = [{**narration.why(rule), "lesson": rule_lesson(rule) or narration.why(rule), "wrong": n}
             for rule, n in sorted(wrong_by_rule.items(), key=lambda pair: (-pair[1], pair[0]))]
    return {"session": session.id, session.kind: session.source, "ended": session.ended is not None,
            "answers": sum(q["answers"] for q in questions), "right": sum(q["right"] for q in questions),
            "questions": questions, "topics": _topics(session, questions, lang), "rules": rules,
            "leaderboard": _leaderboard(found, session) if session.leaderboard else None}


def _topics(session: LiveSession, questions: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """A quiz's questions by the rules page each comes from, in the quiz's order (a demo: none)."""
    if session.kind != frames.QUIZ:
        return []
    items = items_for(session.source)
    topics: dict[str, dict[str, Any]] = {}
    for question in questions:
        topic = items[question["number"] - 1].topic
        found = topics.setdefault(topic, {"topic": topic, "title": str(PAGES[topic].title), "url": f"/{lang}/{topic}",
                                          "questions": 0, "answers": 0, "right": 0})
        found["questions"] += 1
        found["answers"] += question["answers"]
        found["right"] += question["right"]
    return list(topics.values())


def _leaderboard(found: ClassRecord, session: LiveSession) -> list[dict[str, Any]]:
    """The students who answered, most right answers first, by the names the class page gives them."""
    return [{"name": student_name(number, nickname), "right": right, "answers": answers}
            for number, nickname, right, answers in access.store().live_scores(found.code, session.id)]


def as_csv(shown: dict[str, Any]) -> str:
    """The summary as a spreadsheet's rows (CSV_COLUMNS): each question, topic and rule, then the
    leaderboard if there is one; led by a byte-order mark, so a spreadsheet reads the Arabic as
    UTF-8; a cell that would start a formula (a nickname such as ``=1+1``) starts with ``'``."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for q in shown["questions"]:
        writer.writerow(["question", q["number"], _cell(q["question"]), q["answers"], q["right"], q["answers"] - q["right"],
                         ""])
    for t in shown["topics"]:
        writer.writerow(["topic", t["topic"], _cell(t["title"]), t["answers"], t["right"], t["answers"] - t["right"],
                         absolute(t["url"])])
    for r in shown["rules"]:
        writer.writerow(["rule", r["rule"], _cell(r["title"]), "", "", r["wrong"], absolute(r["lesson"]["url"])])
    for place, s in enumerate(shown["leaderboard"] or [], start=1):
        writer.writerow(["student", place, _cell(s["name"]), s["answers"], s["right"], s["answers"] - s["right"], ""])
    return out.getvalue()


def _cell(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_STARTS) else text
