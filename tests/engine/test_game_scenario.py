"""A scenario that carries the game so far ("scores" before this round, "dealer" of this round):
the round's end adds its points, says whether the game is over, who won it and who deals next."""

import pytest

from app.engine import Action, Move, card
from app.engine.scenario import ScenarioError, from_scenario, game_from_scenario


def scenario(**extra):
    return {"hands": [["R1"], ["G1", "WD4"], ["B7"], ["Y2"]], "discard": ["R5"], **extra}


def win(game):
    return game.apply(Move(0, Action.PLAY, card("R1")))


def test_scenario__no_game_given_is_the_first_round_of_a_game_dealt_by_seat_0():
    game, _ = game_from_scenario(scenario())
    assert (game.scores, game.round.dealer, game.game_over, game.next_dealer) == ([0, 0, 0, 0], 0, False, None)


@pytest.mark.parametrize("direction", [1, -1])
@pytest.mark.parametrize("dealer, next_dealer", [(0, 1), (2, 3), (3, 0)])
def test_setup_dealer__the_deal_passes_to_the_left_whatever_the_direction(direction, dealer, next_dealer):
    # setup.dealer: after each round the deal passes to the left (the next seat clockwise).
    game, _ = game_from_scenario(scenario(dealer=dealer, direction=direction, scores=[300, 420, 80, 0]))
    assert game.next_dealer is None  # the round goes on
    win(game)
    assert (game.scores, game.game_over, game.next_dealer) == ([360, 420, 80, 0], False, next_dealer)
    game.next_round()
    assert game.round.dealer == next_dealer and game.scores == [360, 420, 80, 0]


def test_score_winner_collects__the_first_to_the_target_wins_and_no_round_follows():
    game, _ = game_from_scenario(scenario(dealer=1, scores=[450, 499, 0, 0]))
    events = win(game)
    assert [e.kind for e in events][-1] == "game-end" and events[-1].params["winner"] == 0
    assert (game.scores, game.game_over, game.winners, game.next_dealer) == ([510, 499, 0, 0], True, [0], None)


def test_score_tally_lowest__reaching_the_target_ends_the_game_and_the_lowest_total_wins():
    game, _ = game_from_scenario(scenario(scores=[430, 470, 380, 460], rules={"preset": "official",
                                                                             "scoring": "tally-lowest"}))
    win(game)
    assert game.scores == [430, 521, 387, 462] and game.winners == [2] and game.next_dealer is None


def test_scenario__a_fresh_deal_carries_the_game_and_its_dealer():
    from app.engine.cards import DECK
    game, events = game_from_scenario({"players": 3, "dealer": 1, "deck": [c.notation for c in DECK],
                                       "scores": [5, 6, 7]})
    assert events and (game.scores, game.round.dealer) == ([5, 6, 7], 1)


def test_scenario__the_round_alone_is_the_same_round():
    carried = scenario(dealer=2, scores=[1, 2, 3, 4])
    state, _ = from_scenario(carried)
    assert state.dealer == 2 and state.to_dict() == game_from_scenario(carried)[0].round.to_dict()


@pytest.mark.parametrize("extra, code", [
    ({"scores": "120"}, "bad-scores"),
    ({"scores": [1, 2, 3]}, "bad-scores"),  # one per seat
    ({"scores": [1, 2, 3, -1]}, "bad-scores"),
    ({"scores": [1, 2, 3, 4.0]}, "bad-scores"),
    ({"scores": [1, 2, 3, False]}, "bad-scores"),
    ({"scores": [1, 2, 3, 500]}, "scores-at-target"),  # the game would be over already
    ({"scores": [1, 2, 3, 100], "rules": {"preset": "official", "target": 100}}, "scores-at-target"),
    ({"dealer": 4}, "bad-seat"),
    ({"dealer": "1"}, "bad-seat"),
])
def test_scenario__an_impossible_game_is_refused(extra, code):
    with pytest.raises(ScenarioError) as error:
        game_from_scenario(scenario(**extra))
    assert error.value.code == code
    with pytest.raises(ScenarioError):  # every reader of a scenario refuses it, not only the game's
        from_scenario(scenario(**extra))
