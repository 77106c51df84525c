"""GET /api/v1/quiz?lang=&seed=: a quiz's items for other tools (a printed sheet, a class's screen).

``{"seed", "items": [{"id", "topic", "question", "choices", "scenario", ...}]}``: the items the seed
chooses, in its order, as /<lang>/quiz?seed= asks them; without a seed, a random one (returned).
Each item also carries its ``moves`` (replay ``scenario`` and ``moves`` through POST /api/v1/check
to see the position), ``kind``, the ``rules`` it tests and the engine's ``answer`` (choice ids).
"""
from __future__ import annotations

from flask import Blueprint, request

from ..quiz.display import item_json
from ..quiz.progress import items_for, new_seed

bp = Blueprint("quiz", __name__)


@bp.get("/quiz")
def quiz():
    seed = request.args.get("seed") or new_seed()
    items = items_for(seed)  # or a QuizError: a seed it can't use
    return {"seed": seed, "items": [item_json(item) for item in items]}
