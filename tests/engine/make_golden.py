"""Record the golden rounds: seeded games between bots, every verdict and event, into golden/*.json.

Run by hand after an intended change of behaviour, then read the diff before committing:

    .venv/bin/python -m tests.engine.make_golden
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from app.engine import Game
from app.engine.bots import catch_move, decide

GOLDEN = Path(__file__).parent / "golden"
CASES: dict[str, dict[str, Any]] = {
    "official-4": {"rules": "official", "players": 4, "seed": 11},
    "guide-long-3": {"rules": "guide-long", "players": 3, "seed": 22},
    "guide-short-stacking-5": {"rules": {"preset": "guide-short", "stacking": True}, "players": 5, "seed": 33},
    "official-seven-zero-stacking-2": {"rules": {"preset": "official", "seven_zero": True, "stacking": True},
                                       "players": 2, "seed": 44},
}
ROUNDS = 2
MOVE_LIMIT = 2000


def record(rules: Any, players: int, seed: int) -> dict[str, Any]:
    """The first rounds of a seeded game between bots (easy on odd seats, so UNO gets forgotten and caught)."""
    game, setup = Game.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    rounds = [{"setup": [e.to_dict() for e in setup], "moves": []}]
    for _ in range(MOVE_LIMIT):
        state = game.round
        if state.round_over:
            rounds[-1]["points"] = state.round_points()
            if len(rounds) == ROUNDS or game.game_over:
                break
            rounds.append({"setup": [e.to_dict() for e in game.next_round()], "moves": []})
            continue
        catches = (catch_move(state, s, "easy", rng) for s in range(players))
        move = next((m for m in catches if m is not None), None) or \
            decide(state, state.actor(), "easy" if state.actor() % 2 else "normal", rng)
        verdict = state.check(move)
        rounds[-1]["moves"].append({"move": move.to_dict(), "verdict": verdict.to_dict(),
                                    "events": [e.to_dict() for e in game.apply(move)]})
    return {"rules": rules, "players": players, "seed": seed, "rounds": rounds,
            "scores": game.scores, "final": game.to_dict()}


def dump(data: dict[str, Any]) -> str:
    """JSON with one move a line, so a change of behaviour reads as a short diff."""
    rounds = [" {\"setup\": %s, \"points\": %s, \"moves\": [\n%s]}" % (
        json.dumps(r["setup"]), json.dumps(r.get("points")), ",\n".join("  " + json.dumps(m) for m in r["moves"]))
        for r in data["rounds"]]
    rest = json.dumps({k: v for k, v in data.items() if k != "rounds"})
    return "{\"rounds\": [\n" + ",\n".join(rounds) + "\n],\n " + rest[1:] + "\n"


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, case in CASES.items():
        path = GOLDEN / f"{name}.json"
        data = record(**case)
        assert json.loads(dump(data)) == json.loads(json.dumps(data))
        path.write_text(dump(data), encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main()
