"""The scoring page's worked example: a round's last card, the hands left in the other players'
hands, and the round's points counted by the engine by both scoring methods.

The position is data (the check API's notation); every value, sum and total is the engine's
(card points, RoundState.round_points), so the page can't add up differently from the game.
"""
from __future__ import annotations

from typing import Any

from app import wording
from app.engine.rules import Rule
from app.engine.vocabulary import EventKind
from app.scenes.rule_examples import WORKED_SCORING

from ..replay import play
from .display import scoring

METHODS = (Rule.SCORE_WINNER_COLLECTS, Rule.SCORE_TALLY_LOWEST)
SCORING_OPTION = {Rule.SCORE_WINNER_COLLECTS: "winner-collects", Rule.SCORE_TALLY_LOWEST: "tally-lowest"}


def worked_scoring() -> dict[str, Any]:
    """The last card played and, for each method, the hands with their values and the points."""
    methods = []
    for method in METHODS:
        played = play({**WORKED_SCORING.scenario, "rules": {"scoring": SCORING_OPTION[method]}}, WORKED_SCORING.moves)
        (points,) = [e for e in played.steps[-1].events if e.kind == EventKind.POINTS]
        table = scoring(played.after)
        sums = [row["sum"] for row in table["rows"] if not row["winner"]]
        methods.append({**table, "said": wording.event_message(points),
                        "sum": " + ".join(map(str, sums)) + f" = {sum(sums)}" if method is METHODS[0] else None})
    return {"winner": wording.seat_name(0), "card": WORKED_SCORING.moves[-1]["card"], "methods": methods}


WORKED = {"rules/scoring": worked_scoring}


def worked_example(page: str) -> dict[str, Any] | None:
    """The worked example at the end of a rules page, if it has one."""
    make = WORKED.get(page)
    return make() if make else None
