"""The learner's moves in a step, carried by the page itself: a token signed with the app's secret
key (itsdangerous, as Flask's session cookie is), so no lesson state is ever stored on the server
and every step works through plain GET forms. The token names its lesson and step, so it means
nothing elsewhere; a forged or foreign one is refused (the step starts again).
"""
from __future__ import annotations

from typing import Any

from itsdangerous import BadSignature, URLSafeSerializer

from ...proxied import secret_key
from .judge import ProgressError

SALT = "uno-tutor.lesson-progress"


def _signer() -> URLSafeSerializer:
    return URLSafeSerializer(secret_key(), salt=SALT)


def dumps(lesson_id: str, step: int, moves: list[dict[str, Any]]) -> str:
    """The token for ``moves`` (the learner's, without seats) in step ``step`` of a lesson; "" for none."""
    return _signer().dumps([lesson_id, step, moves]) if moves else ""


def loads(token: str, lesson_id: str, step: int) -> list[dict[str, Any]]:
    """The learner's moves in the token; ProgressError if it was not made for this step."""
    if not token:
        return []
    try:
        named_lesson, named_step, moves = _signer().loads(token)
    except (BadSignature, ValueError, TypeError):
        raise ProgressError("unreadable token") from None
    if named_lesson != lesson_id or named_step != step or not isinstance(moves, list):
        raise ProgressError("a token for another step")
    return moves
