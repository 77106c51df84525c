"""Golden rounds: recorded seeded games replayed move by move, so any change of behaviour shows.

After an intended change, regenerate with ``.venv/bin/python -m tests.engine.make_golden`` and
read the diff of tests/engine/golden/ before committing it.
"""

import json

import pytest

from app.engine import Game, Move

from .make_golden import CASES, GOLDEN


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden__replay(name):
    recorded = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    assert {k: recorded[k] for k in ("rules", "players", "seed")} == CASES[name]
    game, setup = Game.new(recorded["rules"], players=recorded["players"], seed=recorded["seed"])
    for number, round_ in enumerate(recorded["rounds"]):
        if number:
            setup = game.next_round()
        assert [e.to_dict() for e in setup] == round_["setup"]
        for step in round_["moves"]:
            move = Move.from_dict(step["move"])
            assert game.round.check(move).to_dict() == step["verdict"], step["move"]
            assert [e.to_dict() for e in game.apply(move)] == step["events"], step["move"]
        assert game.round.round_points() == round_["points"]
    assert game.scores == recorded["scores"]
    assert game.to_dict() == recorded["final"]
