"""Copies to play on (``RoundState.copy``, ``Game.copy``): built field by field for speed, so a
field added to the state and forgotten in its copy must fail here."""
from app.engine import RoundState
from app.engine.game import Game

from .helpers import assert_carried, every_field_own, position


def test_engine__a_rounds_copy_carries_every_field_and_owns_its_lists():
    state = every_field_own(RoundState)
    copied = state.copy()
    assert_carried(copied, state)
    assert copied.hands[0] is not state.hands[0]
    assert all(copied.__dict__[name] is not state.__dict__[name] for name in ("hands", "draw_pile", "discard", "uno_said"))


def test_engine__a_games_copy_carries_every_field_and_plays_on_its_own_round():
    game = every_field_own(Game, round=position(["R1 G2", "B3"], "R5"))
    copied = game.copy()
    assert_carried(copied, game)
    assert copied.round is not game.round and copied.scores is not game.scores
