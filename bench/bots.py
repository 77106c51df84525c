"""How often the practice table's bots forget UNO: forgotten calls, catches and log steps per round.

Run from the repository root (exits 0; the same figures every run, as every round is seeded)::

    .venv/bin/python bench/bots.py                      # 200 rounds per level, 3 bots, then 1 and 5
    .venv/bin/python bench/bots.py --rounds 50 --bots 3 9

Each round is the first round of a practice game (``app/practice/game.py``: ``start``, then ``play``
until the round is over), official rules, seeds 0, 1, 2… in order. The learner in seat 0 plays
the normal bot's own ``decide`` with dice of its own and always calls UNO. When play pauses for a
bot's forgotten UNO, the learner either ``waits`` (answers ``continue``, or plays on when it is its
turn: every catch is a bot's) or ``catches`` (catches the bot itself, as a learner practising
catches does; the bots still catch when the learner does not). Both learners are rows. Per round:

- forgotten: bots' plays of their next-to-last card without UNO. Each one pauses play (the table
  waits for a catch), so they are counted as the answers that end with a bot exposed;
- catches: ``catch`` events in the round's steps;
- steps: the round's log steps, the learner's moves and every bot's (the deal included).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

# The repository root instead of bench/, whose modules (bench/http.py) would shadow the stdlib.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from app.engine import bots  # noqa: E402
from app.engine.moves import Action  # noqa: E402
from app.engine.rules import ruleset  # noqa: E402
from app.practice import game as practice_game  # noqa: E402

HUMAN = practice_game.HUMAN
MAX_REQUESTS = 10_000  # a round still going after this many answers is cut (and counted)
RULES = ruleset("official")


LEARNERS = ("waits", "catches")


def learner_move(practice: practice_game.Practice, learner: str, rng: random.Random) -> dict:
    """What the automatic learner sends: a catch of an exposed bot (if it ``catches``), ``continue``
    while a bot is to move, else the normal bot's choice for seat 0, UNO always called on the
    next-to-last card."""
    state = practice.round
    if learner == "catches" and state.exposed not in (None, HUMAN):
        return {"action": "catch", "target": state.exposed}
    if state.actor() != HUMAN:
        return {"action": practice_game.CONTINUE}
    move = bots.decide(state, HUMAN, "normal", rng).to_dict()
    if move["action"] == Action.PLAY and len(state.hands[HUMAN]) == 2:
        move["uno"] = True
    return move


def play_round(bot_count: int, level: str, learner: str, seed: int) -> tuple[int, int, int, bool]:
    """One seeded round: (forgotten UNO calls, catches, log steps, finished?)."""
    practice, steps = practice_game.start(RULES, bot_count, level, seed)
    rng = random.Random(f"{seed}:learner")
    forgotten = catches = 0
    for _ in range(MAX_REQUESTS):
        forgotten += practice.round.exposed not in (None, HUMAN)
        catches += sum(e["kind"] == "catch" for s in steps for e in s["events"])
        if practice.round.round_over:
            return forgotten, catches, practice.logged, True
        steps = practice_game.play(practice, learner_move(practice, learner, rng))
    return forgotten, catches, practice.logged, False


def spread(values: list[int]) -> str:
    """mean / median / max, in a fixed width."""
    return f"{statistics.mean(values):5.2f} {statistics.median(values):5g} {max(values):4d}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200, help="seeded rounds per level and bot count")
    parser.add_argument("--bots", type=int, nargs="+", default=[3, 1, 5], help="bot counts (default 3 1 5)")
    args = parser.parse_args()
    print(f"{args.rounds} seeded rounds per row (seeds 0-{args.rounds - 1}), official rules; "
          f"FORGET_UNO = {bots.FORGET_UNO}")
    print(f"{'':21}{'forgotten UNO':>17}  {'catches':>16}  {'log steps':>16}")
    print(f"{'level  bots learner':21}" + f"  {'mean':>5} {'med':>5} {'max':>4}" * 3)
    for count in args.bots:
        for level in bots.LEVELS:
            for learner in LEARNERS:
                rounds = [play_round(count, level, learner, seed) for seed in range(args.rounds)]
                forgotten, catches, logged, finished = (list(column) for column in zip(*rounds))
                cut = f"  ({finished.count(False)} cut at {MAX_REQUESTS} answers)" if not all(finished) else ""
                print(f"{level:6} {count:4} {learner:7}  {spread(forgotten)}  {spread(catches)}  {spread(logged)}{cut}")


if __name__ == "__main__":
    main()
