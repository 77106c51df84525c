"""What the engine's fast paths rely on (see bench/engine.py for the figures).

``legal_moves`` is built from the state rather than by checking every candidate, so it is pinned
here, and only here, to the one source of legality: ``check`` (app.engine.checking.judge). Over
random play with every preset and house rule, 2 to 10 players, it is ``candidate_moves`` filtered by
``check`` (same moves, same order), and no canonical move outside the candidates is legal. Cards
compare by identity, so every way of making one must give the interned face.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from app.engine import (COPIES, DECK, FACES, OPTIONS, PRESETS, Action, Card, Color, Game, IllegalMoveError,
                        InvalidMoveError, Kind, Move, RuleSet, card, ruleset)
from app.engine.cards import shuffle

from .helpers import candidates

RULE_SETS = [
    "official", "guide-long", "guide-short",
    {"preset": "official", "stacking": True, "seven_zero": True},
    {"preset": "guide-short", "stacking": True, "draw": "until-playable"},
]


def positions(rules, players, seed, moves):
    """The game at each position of random play, up to ``moves`` of them (a new round dealt when
    one ends), with the dice the test throws for the move it then applies."""
    game, _ = Game.new(rules, players=players, seed=seed)
    rng = random.Random(players)
    for _ in range(moves):
        if game.round.round_over:
            if game.game_over:
                return
            game.next_round()
            continue
        yield game, rng


@pytest.mark.parametrize("players", [2, 3, 5, 10])
@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_engine__legal_moves_are_the_candidates_check_accepts_in_order(rules, players):
    for game, rng in positions(rules, players, f"fast-{players}", 120):
        state = game.round
        by_seat = [[m for m in state.candidate_moves(s) if state.check(m).legal] for s in range(players)]
        assert [state.legal_moves(s) for s in range(players)] == by_seat
        assert state.legal_moves() == [m for moves in by_seat for m in moves]
        assert {m for m in candidates(state) if state.check(m).legal} == set(state.legal_moves())
        move = rng.choice(state.legal_moves())
        if move.action is Action.PLAY and rng.random() < 0.5:
            move = dataclasses.replace(move, uno=True)  # else forgotten UNOs leave catches to find
        game.apply(move)


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_engine__a_drawn_card_played_at_once_is_judged_as_its_play_would_be(rules, players):
    # ``play_drawn`` judges a drawn card that needs nothing more by the matching rule its draw found
    # (applying._play_drawn): the same events and state as drawing, then playing it through ``check``.
    for game, rng in positions(rules, players, f"drawn-{players}", 150):
        state = game.round
        seat = state.actor()
        if state.pending is None:
            color, uno = rng.choice(list(Color)), rng.random() < 0.5
            at_once, apart = state.copy(), state.copy()
            events = at_once.apply(Move(seat, Action.DRAW, color=color, uno=uno, play_drawn=True))
            expected = apart.apply(Move(seat, Action.DRAW))
            drawn = apart.pending and apart.pending.card
            if drawn is not None and not (drawn.number == 7 and apart.rules.seven_zero):
                verdict, played = apart.attempt(Move(seat, Action.PLAY, drawn, color if drawn.is_wild else None, uno))
                expected += played if verdict.legal else []
            assert events == expected and at_once.to_dict() == apart.to_dict()
        game.apply(rng.choice(state.legal_moves(seat)))


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_engine__apply_judges_every_move_as_attempt_does(rules, players):
    # ``apply`` sends the actor's play or draw with nothing pending straight to its own check
    # (applying.TURN): every candidate, legal or not, and a play with no card, must come out as
    # ``attempt`` (through ``check``) says, with the same events and the same state after.
    for game, rng in positions(rules, players, f"apply-{players}", 100):
        state = game.round
        for move in [*candidates(state), Move(state.turn, Action.PLAY)]:
            applied, attempted = state.copy(), state.copy()
            try:
                verdict, expected = attempted.attempt(move)
            except InvalidMoveError:
                with pytest.raises(InvalidMoveError):
                    applied.apply(move)
                continue
            if verdict.legal:
                assert applied.apply(move) == expected
            else:
                with pytest.raises(IllegalMoveError) as refused:
                    applied.apply(move)
                assert refused.value.verdict == verdict
            assert applied.to_dict() == attempted.to_dict()
        game.apply(rng.choice(state.legal_moves(state.actor())))


def test_engine__legal_moves_refuse_a_seat_that_does_not_exist():
    game, _ = Game.new("official", players=2, seed=1)
    for seat in (-1, 2):
        with pytest.raises(ValueError):
            game.round.legal_moves(seat)


def test_engine__every_way_of_making_a_card_gives_the_one_instance():
    red5 = card("R5")
    assert Card(Kind.NUMBER, Color.RED, 5) is red5
    assert Card("number", "red", 5) is red5
    assert dataclasses.replace(red5) is red5
    assert copy.copy(red5) is red5 and copy.deepcopy(red5) is red5
    assert pickle.loads(pickle.dumps(red5)) is red5
    assert Move.from_dict({"seat": 0, "action": "play", "card": "r5"}).card is red5
    assert all(FACES[face.notation] is face for face in [*DECK, *COPIES])
    assert red5 != card("R6") and red5 == card(" r5 ") and hash(red5) == hash(card("R5"))


def test_engine__rule_sets_read_back_alternately_are_each_their_own():
    sets = [PRESETS["official"], PRESETS["guide-long"], ruleset({"preset": "guide-short", "stacking": True})]
    for rules in [*sets, *reversed(sets), *sets, sets[0]]:
        read = RuleSet.from_dict(rules.to_dict())
        assert read == rules and read.to_dict() == rules.to_dict()
        assert list(read.to_dict()) == list(OPTIONS)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 8, 9, 64, 65, 107, 108])
def test_engine__shuffle_gives_the_standard_order(size):
    # Seeded games replay only if cards.shuffle orders a pile exactly as random.Random.shuffle.
    for seed in ["2024:1:deck", "x:reshuffle:3", 0, 12345]:
        pile, expected = list(DECK[:size]), list(DECK[:size])
        standard, rng = random.Random(seed), random.Random(seed)
        standard.shuffle(expected)
        shuffle(pile, rng)
        assert pile == expected and rng.getstate() == standard.getstate()  # the same draws, too


def test_engine__moves_read_twice_are_equal_immutable_values():
    data = {"seat": 2, "action": "play", "card": "W", "color": "green", "uno": True}
    move = Move.from_dict(data)
    assert move == Move.from_dict(dict(data)) and hash(move) == hash(Move.from_dict(dict(data)))
    assert move.to_dict() == {**data, "card": "W"}
    assert move == Move(2, Action.PLAY, card("W"), color=Color.GREEN, uno=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.seat = 3  # type: ignore[misc]
