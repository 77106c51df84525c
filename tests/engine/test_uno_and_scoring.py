"""Calling UNO, the end of a round, scoring and whole games (``uno.*``, ``round.*``, ``score.*``)."""

import random

import pytest

from app.engine import Action, Game, IllegalMoveError, Move, card, cards
from app.engine.bots import catch_move, decide

from .helpers import hand, play, position, summary


def test_uno_call__with_the_next_to_last_card():
    # uno.call: saying UNO while playing the next-to-last card; nobody may catch.
    state = position(["R1 R2", "G1", "G2"], "R5")
    events = state.apply(play(0, "R1", uno=True))
    assert summary(events) == [("play", "match.color"), ("uno", "uno.call")]
    assert state.uno_said[0] and state.exposed is None
    verdict = state.check(Move(2, Action.CATCH, target=0))
    assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "uno.catch", "called")


def test_uno_call__late_but_before_caught():
    # uno.call: a late call, before being caught and before the next player acts, is safe.
    state = position(["R1 R2", "G1", "G2"], "R5")
    state.apply(play(0, "R1"))
    assert state.exposed == 0
    events = state.apply(Move(0, Action.UNO))
    assert summary(events) == [("uno", "uno.call")] and events[0].params == {"seat": 0, "late": True}
    verdict = state.check(Move(1, Action.CATCH, target=0))
    assert (verdict.legal, verdict.params["case"]) == (False, "called")


def test_uno_call__nothing_to_call():
    # uno.call: a call with more than one card is refused.
    state = position(["R1 R2 R3", "G1"], "R5")
    verdict = state.check(Move(0, Action.UNO))
    assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "uno.call", "nothing-to-call")


class _Forgetful:
    """Dice that always come up low: an easy bot forgets UNO whenever its level lets it."""

    def random(self) -> float:
        return 0.0


def test_uno_call__a_caught_easy_bot_calls_it_from_then_on():
    # uno.call: an easy bot forgets UNO under its dice, but not once it has been caught in the round
    # (``caught``); a normal bot never forgets.
    state = position(["R1 R2", "G1 G3", "G2"], "R5")
    assert decide(state, 0, "easy", _Forgetful()).uno is False
    assert decide(state, 0, "easy", _Forgetful(), caught=True).uno is True
    assert decide(state, 0, "normal", _Forgetful()).uno is True


@pytest.mark.parametrize("rules, penalty", [("official", 2), ("guide-long", 4)])
def test_uno_catch__forgetful_player_draws_penalty(rules, penalty):
    # uno.catch: caught before the next player acts, the forgetful player draws 2 (Official) or 4 (Seed A).
    state = position(["R1 R2", "G1", "G2"], "R5", rules=rules)
    state.apply(play(0, "R1"))
    events = state.apply(Move(2, Action.CATCH, target=0))  # any other player may catch, out of turn
    assert summary(events) == [("catch", "uno.catch"), ("draw", "uno.catch")]
    assert events[0].params == {"seat": 2, "target": 0, "count": penalty}
    assert (len(state.hands[0]), state.exposed, state.turn) == (1 + penalty, None, 1)
    verdict = state.check(Move(1, Action.CATCH, target=0))
    assert (verdict.legal, verdict.params["case"]) == (False, "not-one-card")


def test_uno_catch__too_late_after_next_player_acts():
    # uno.catch: once the next player has acted, the forgotten UNO can no longer be caught.
    state = position(["R1 R2", "G1 G3", "G2"], "R5")
    state.apply(play(0, "R1"))
    state.apply(Move(1, Action.DRAW))
    verdict = state.check(Move(2, Action.CATCH, target=0))
    assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "uno.catch", "too-late")
    assert state.check(Move(0, Action.UNO)).params["case"] == "too-late"  # uno.call: its window closed too


def test_uno_call__called_already():
    # uno.call: a player who called UNO with their next-to-last card has nothing more to call.
    state = position(["R1 R2", "G1"], "R5")
    state.apply(play(0, "R1", uno=True))
    verdict = state.check(Move(0, Action.UNO))
    assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "uno.call", "called")


def test_uno_catch__needs_another_target():
    # uno.catch: a catch names another player.
    state = position(["R1 R2", "G1"], "R5")
    state.apply(play(0, "R1"))
    for move in (Move(1, Action.CATCH), Move(0, Action.CATCH, target=0)):
        verdict = state.check(move)
        assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "uno.catch", "target")


def test_uno_catch__bots_catch_a_forgotten_uno():
    # uno.catch: a normal bot always notices; the catch it proposes is legal.
    state = position(["R1 R2", "G1", "G2"], "R5")
    state.apply(play(0, "R1"))
    move = catch_move(state, 2, "normal", random.Random(0))
    assert move == Move(2, Action.CATCH, target=0) and state.check(move).legal
    assert catch_move(state, 0, "normal", random.Random(0)) is None


def test_round_end__last_card():
    # round.end: the round ends when a player plays the last card; no more moves.
    state = position(["R1", "G1 B7", "G2 YS"], "R5")
    events = state.apply(play(0, "R1"))
    assert summary(events) == [("play", "match.color"), ("round-end", "round.end"),
                               ("points", "score.winner-collects")]
    assert (state.winner, state.round_over, state.actor()) == (0, True, None)
    for move in (play(1, "G1"), Move(2, Action.CATCH, target=0)):
        verdict = state.check(move)
        assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "round.end", "over")
    assert state.legal_moves() == []


@pytest.mark.parametrize("last, drawn", [("RD2", 2), ("WD4", 4)])
def test_round_end__last_draw_card_still_makes_next_draw(last, drawn):
    # round.end: a last Draw Two or Wild Draw Four still makes the next player draw (and they count).
    state = position([last, "G1", "G2"], "R5", draw_pile="Y9 Y9 B9 B9")
    events = state.apply(play(0, last, "blue" if last == "WD4" else None))
    assert ("draw", "round.end") in summary(events) and state.pending is None
    assert len(state.hands[1]) == 1 + drawn
    assert state.round_points() == [1 + 9 * drawn + 2, 0, 0]


def test_round_end__stacked_total_on_the_last_card():
    # round.end: a last Draw Two on a stack passes on the whole total.
    state = position(["RD2 R1", "BD2", "G2 G3"], "R5", rules={"stacking": True})
    state.apply(play(0, "RD2"))
    events = state.apply(play(1, "BD2"))
    assert ("round-end", "round.end") in summary(events)
    assert len(state.hands[2]) == 2 + 4


def test_score_values__face_value_20_and_50():
    # score.values: numbers at face value; Skip, Reverse, Draw Two 20; Wild, Wild Draw Four 50.
    assert [c.points for c in cards("R0 B9 G5 YS RR BD2 W WD4")] == [0, 9, 5, 20, 20, 20, 50, 50]
    state = position(["R1", "B9 GS", "W WD4 Y0"], "R5")
    state.apply(play(0, "R1"))
    assert state.round_points() == [29 + 100, 0, 0]


def test_score_winner_collects__everyone_elses_cards():
    # score.winner-collects: the round's winner scores the total of everyone else's cards.
    state = position(["R1", "B9 GS", "W"], "R5")
    events = state.apply(play(0, "R1"))
    assert events[-1].params == {"winner": 0, "points": [79, 0, 0]}


def test_score_tally_lowest__each_charged_own_cards():
    # score.tally-lowest: each player is charged the cards left in their own hand; the winner 0.
    state = position(["B9 GS", "R1", "W"], "R5", rules="guide-long", turn=1)
    events = state.apply(play(1, "R1"))
    assert summary(events)[-1] == ("points", "score.tally-lowest")
    assert state.round_points() == [29, 0, 50]


def run_game(rules, players, seed, limit=5000):
    """A whole game between normal bots; returns it and every event, round by round."""
    game, _ = Game.new(rules, players=players, seed=seed)
    rng, dealers, rounds = random.Random(seed), [game.round.dealer], []
    for _ in range(limit):
        state = game.round
        if state.round_over:
            rounds.append((state.winner, state.round_points()))
            if game.game_over:
                return game, dealers, rounds
            game.next_round()
            dealers.append(game.round.dealer)
            continue
        game.apply(decide(state, state.actor(), "normal", rng))
    raise AssertionError("game did not end")


@pytest.mark.parametrize("rules", [{"preset": "official", "target": 150}, {"preset": "guide-long", "target": 150}])
def test_score_winner_collects__and_tally_lowest_whole_game(rules):
    # score.*: rounds add up to the target; the dealer moves on; most points (collects) or fewest (tally) wins.
    game, dealers, rounds = run_game(rules, 3, seed=4)
    assert len(rounds) == game.number >= 2
    assert dealers == [(dealers[0] + r) % 3 for r in range(len(dealers))]
    assert game.scores == [sum(points[s] for _, points in rounds) for s in range(3)]
    before_last = [sum(points[s] for _, points in rounds[:-1]) for s in range(3)]
    assert max(game.scores) >= 150 > max(before_last)
    pick = min if game.rules.scoring == "tally-lowest" else max
    assert game.winner == game.scores.index(pick(game.scores))
    if game.rules.scoring == "winner-collects":
        assert game.scores[game.winner] >= 150
    with pytest.raises(IllegalMoveError) as error:
        game.next_round()
    assert error.value.verdict.params["case"] == "game-over"


def test_round_end__next_round_refused_while_playing():
    # round.end: the next round is dealt only once this one is over.
    game, _ = Game.new("official", players=3, seed=1)
    with pytest.raises(IllegalMoveError) as error:
        game.next_round()
    assert (error.value.verdict.rule.value, error.value.verdict.params["case"]) == ("round.end", "not-over")


def test_score_tally_lowest__game_end_event():
    # score.tally-lowest: when someone reaches the target, the lowest total wins.
    game, _ = Game.new({"preset": "guide-long", "target": 10}, players=2, seed=0)
    game.round = position(["R1", "B9 G5"], "R5", rules=game.rules)
    events = game.apply(play(0, "R1"))
    assert summary(events)[-1] == ("game-end", "score.tally-lowest")
    assert events[-1].params == {"winner": 0, "scores": [0, 14]} and game.winner == 0
    assert hand(game.round, 1) == ["B9", "G5"] and card("R1") == game.round.top


@pytest.mark.parametrize("before, hands, target, winners", [
    ([4, 0, 20], ["R1", "G4", "B9"], 10, [0, 1]),  # seat 0 goes out and ties with seat 1
    ([9, 2, 2], ["R1", "G5", "B5"], 9, [1, 2]),  # seat 0 ends the game at 9; seats 1 and 2 tie at 7
])
def test_score_tally_lowest__a_tie_is_shared(before, hands, target, winners):
    # score.tally-lowest: the official rules name no tie-break, so all who share the fewest points win.
    game, _ = Game.new({"preset": "guide-long", "target": target}, players=3, seed=0)
    game.scores = list(before)
    game.round = position(hands, "R5", rules=game.rules)
    events = game.apply(play(0, "R1"))
    assert summary(events)[-1] == ("game-end", "score.tally-lowest")
    assert events[-1].params == {"winner": winners[0], "winners": winners, "scores": game.scores}
    assert (game.winners, game.winner) == (winners, winners[0])


def test_score_tally_lowest__no_tie_no_winners_param():
    # score.tally-lowest: without a tie the event names the one winner, and no list.
    game, _ = Game.new({"preset": "guide-long", "target": 10}, players=3, seed=0)
    game.scores = [4, 1, 20]
    game.round = position(["R1", "G4", "B9"], "R5", rules=game.rules)
    assert game.apply(play(0, "R1"))[-1].params == {"winner": 0, "scores": [4, 5, 29]}
    assert game.winners == [0]
