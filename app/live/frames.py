"""What a live session's frame shows, in the reader's language: the presenter's demo frames
(app.presenter.frames, the one catalogue of scenes the projector shows) or the quiz's items
(app.quiz), nothing written twice.

A frame is worked out from the session's kind, source, frame number and revealed flag alone, so
its view is kept per those and the language (``FRAMES``): a class of 200 following a step costs
one view per language, not one per phone. What it shows is what the projector shows: in a demo
every hand is open on the screen too; a question's answer only once the teacher reveals it (or
the demo's next frame shows it).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import UserError
from ..learn import position
from ..learn.lessons.judge import solution
from ..lru import LRU
from ..presenter.frames import ANSWER, PAUSE, frames, scene
from ..quiz.display import question as quiz_question
from ..quiz.progress import items_for, valid_seed
from ..scenes.demos import DEMOS
from ..scenes.lesson import LEARNER, NEXT_SEAT, POINTS
from ..wording import card_name

DEMO, QUIZ = "demo", "quiz"
ITEM = "item"  # a quiz's frame kind: one of its items asked
MAX_SOURCE = 40  # characters of a demo's id or a quiz's seed kept


def frame_count(kind: str, source: str) -> int:
    """How many frames the session has: the demo's, or the quiz's items."""
    return len(frames(source)) if kind == DEMO else len(items_for(source))


def check_source(kind: str, source: Any) -> str:
    """The demo's id or the quiz's seed a teacher asked for, as kept; a UserError for one that
    is none (its message in the reader's language)."""
    if kind == DEMO:
        if not isinstance(source, str) or source not in DEMOS:
            raise UserError("unknown-demo", 400, name=source)
        return source
    seed = str(source) if type(source) is int or isinstance(source, str) else ""
    if not valid_seed(seed):
        raise UserError("bad-seed", 400, max=MAX_SOURCE)
    return seed


def view(kind: str, source: str, number: int, revealed: bool, language: str) -> dict[str, Any]:
    """Frame ``number`` as every reader of ``language`` sees it (kept in ``FRAMES``): its kind, the
    question it asks and the answers to choose from, and once revealed the right answer."""
    key = (kind, source, number, revealed, language)
    shown = FRAMES.get(key)
    if shown is None:
        shown = FRAMES[key] = (_demo_frame if kind == DEMO else _quiz_frame)(source, number, revealed)
    return shown


def asks(kind: str, source: str, number: int, language: str) -> bool:
    """Whether the frame asks a question, so that there is an answer to reveal."""
    return bool(view(kind, source, number, False, language)["question"])


def _demo_frame(demo_id: str, number: int, revealed: bool) -> dict[str, Any]:
    demo = DEMOS[demo_id]
    shown = scene(demo, number)
    step = shown.step
    found: dict[str, Any] = {"kind": shown.frame.kind, "question": shown.question or None, "choices": []}
    if not shown.question:
        return found
    if shown.frame.kind == PAUSE:
        found["choices"] = _decisions(shown.view)
        answer: Any = _next_move(demo_id, number)
    elif step.ask == NEXT_SEAT:
        names = shown.view.names
        found["choices"] = [{"id": str(seat), "label": name} for seat, name in enumerate(names)]
        answer = _answered(demo, number)
    else:  # POINTS: a number to give
        assert step.ask == POINTS
        answer = _answered(demo, number)
    if revealed:
        found["answer"] = answer
    return found


def _decisions(table: position.Position) -> list[dict[str, Any]]:
    """The class's choices at a pause: each card of the hand (a wrong one too: the engine will say
    why), then the table's own answers without a card (draw, challenge or accept, catch), worded
    as the decision panel on the projector words them."""
    cards = [{"id": card.notation, "label": card_name(card.notation), "card": card.notation}
             for card in dict.fromkeys(table.game.round.hands[LEARNER])]
    others = table.board.decision.options if table.board.decision else ()
    return cards + [{"id": choice_id(option.move), "label": option.label} for option in others if option.url is None]


def choice_id(move: Mapping[str, Any]) -> str:
    """A move's choice at a pause: the card played (its notation), else the action with the
    player or colour it names ("draw", "challenge", "catch:1", "color:green")."""
    return move.get("card") or ":".join(str(move[key]) for key in ("action", "target", "color") if key in move)


def _next_move(demo_id: str, number: int) -> str:
    """The class's move the frame after a pause plays: its choice's id (a card, or an action)."""
    following = frames(demo_id)[number]  # a pause always comes before the class's move
    return choice_id(solution(DEMOS[demo_id].steps[following.step])[following.played - 1])


def _answered(demo, number: int) -> Any:
    """The step's answer, as its answer frame gives it (the seat, or the points)."""
    return answer_line(demo, number)["value"]


def answer_line(demo, number: int) -> dict[str, Any]:
    """The answer to the question frame ``number`` asks, as the step's answer frame says it: its
    sentence, its value, and for points the scoring rule's title and link."""
    answer = scene(demo, answering(demo.id, number)).answer
    assert answer is not None  # an answer frame answers
    return answer


def answering(demo_id: str, number: int) -> int:
    """The frame that answers frame ``number``'s question: after a pause, the next one (the class's
    move, which the engine judges); else the step's answer frame (the seat, or the points)."""
    if frames(demo_id)[number - 1].kind == PAUSE:
        return number + 1
    return next(n for n, frame in enumerate(frames(demo_id)[number - 1:], start=number) if frame.kind == ANSWER)


def _quiz_frame(seed: str, number: int, revealed: bool) -> dict[str, Any]:
    item = items_for(seed)[number - 1]
    asked = quiz_question(item)
    found: dict[str, Any] = {"kind": ITEM, "question": asked["text"],
                             "choices": [{key: value for key, value in choice.items() if value is not None}
                                         for choice in asked["choices"]]}
    if revealed:
        found["answer"] = sorted(item.solution.right)
    return found


# Frame views by (kind, source, number, revealed, language): every demo frame in both languages,
# both revealed and not, is some 500; a few quizzes beside them.
FRAMES: LRU[tuple[str, str, int, bool, str], dict[str, Any]] = LRU(2000)
