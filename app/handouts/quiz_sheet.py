"""The quiz sheet's questions: the quiz's own items (app.quiz), chosen by a seed, answered by the engine.

The sheet prints what the online quiz asks: a seed picks SHEET_LENGTH position items as the quiz
picks its own (app.quiz.progress.items_for, one from each rules page first), and each is shown and
answered by app.quiz.display, as on the quiz and the rules pages' "Check yourself". Nothing here
says which answer is right or why: the answer is the item's solution (the engine's), and the
reasons are the rules the engine names for it (``reasons``). The same seed always prints the same
sheet, so a teacher can print it twice; each question carries its scenario and moves in the check
API's notation, so anyone can replay it there.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app import wording
from app.engine.rules import Rule
from app.i18n import current_language
from app.quiz import display
from app.quiz.item import Item
from app.quiz.solvers import Allowed, Playable
from app.quiz.progress import items_for

SHEET_LENGTH = 8  # questions on a sheet: with their key on one page of its own


@dataclass(frozen=True)
class Question:
    item: str  # the quiz item's id (data-item): /api/v1/quiz and the check API know it
    kind: str  # the item's kind of question ("playable", "next-player", "points"…)
    scenario: dict[str, Any]  # the position, in the check API's notation
    moves: tuple[dict[str, Any], ...]  # made on it before the question, as the check API takes them
    shown: dict[str, Any]  # the question as the quiz shows it (app.quiz.display.question)
    answer: tuple[str, ...]  # the right choices' ids
    answered: str  # the right choices in words, for the key
    reasons: tuple[Rule, ...]  # the rules behind the answer, as the engine names them
    key: tuple[dict[str, Any], ...]  # the engine's explanation, line by line (_key)


def questions(seed: str) -> list[Question]:
    """The sheet for ``seed``: SHEET_LENGTH of the quiz's position items, in the seed's order."""
    return [_question(item) for item in items_for(seed, length=SHEET_LENGTH, myths=0)]


def _question(item: Item) -> Question:
    solution = item.solution
    right = [choice for choice in solution.choices if choice.id in solution.right]
    return Question(item.id, item.ask.name, item.scenario, item.moves, display.question(item),
                    tuple(choice.id for choice in right),
                    wording.word_list([choice.label() for choice in right], current_language()),
                    reasons(item), _key(display.feedback(item, right[0].id)))


def _key(feedback: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    """The quiz's explanation of an item (app.quiz.display.feedback) as the key's lines: each verdict
    with its card and mark, what happened, each hand left counted card by card, the conclusion."""
    lines = [_line(v["message"], v["card"], v["state"]) for v in feedback["verdicts"]]
    lines += [_line(text) for text in feedback["lines"]]
    scoring = feedback["scoring"]
    for row in scoring["rows"] if scoring else ():
        if row["cards"]:
            values = row["values"]
            total = f"{' + '.join(map(str, values))} = {row['sum']}" if len(values) > 1 else str(row["sum"])
            lines.append(_line(str(wording.PAIR) % {"name": row["name"], "value": f"\u2066{total}\u2069"}))
    if feedback["conclusion"]:
        lines.append(_line(feedback["conclusion"]))
    return tuple(lines)


def _line(text: str, card: str | None = None, verdict: str | None = None) -> dict[str, Any]:
    """A line of the key: the engine's words, and the card and verdict (legal, bluff, illegal) they are about."""
    return {"text": text, "card": card, "verdict": verdict, "state": verdict and wording.verdict_label(verdict)}


def reasons(item: Item) -> tuple[Rule, ...]:
    """The rules the answer rests on: for a move's question (may you play this card? which cards
    may you play?) the rules of the engine's verdicts on the right answers; for any other (who plays
    next, how many cards or points) the rules the item teaches, which the engine names for its
    position (tests/web/test_quiz.py holds them to it)."""
    solution = item.solution
    if isinstance(item.ask, (Playable, Allowed)):
        return tuple(dict.fromkeys(verdict.rule for choice, verdict in solution.verdicts.items()
                                   if choice in solution.right))
    return item.rules
