"""Deck, dealer, deal and the first card turned (``deck.*``, ``setup.*``, ``first.*``)."""

from collections import Counter

import pytest

from app.engine import COPIES, DECK, FACES, Action, Color, Game, InvalidCardError, Kind, Move, RuleSetError, card, ruleset
from app.engine.scenario import ScenarioError, from_scenario
from app.engine.setup import choose_dealer

from .helpers import hand, stacked_deck, summary


def deal(turned, players=3, dealer=0, rules="official", hands=None, seed=0):
    return from_scenario({"players": players, "dealer": dealer, "rules": rules, "seed": seed,
                          "deck": stacked_deck(players, dealer, turned, hands)})


def test_deck_composition__108_cards():
    # deck.composition: per colour one 0, two each of 1-9, two Skip/Reverse/Draw Two; 4 Wild, 4 WD4.
    assert len(DECK) == 108 and len(FACES) == 54 and sum(COPIES.values()) == 108
    for color in Color:
        mine = [c for c in DECK if c.color is color]
        assert len(mine) == 25
        assert Counter(c.notation[1:] for c in mine) == {"0": 1, **{str(n): 2 for n in range(1, 10)},
                                                         "S": 2, "R": 2, "D2": 2}
    assert DECK.count(card("W")) == 4 and DECK.count(card("WD4")) == 4


def test_deck_blank__not_in_default_deck():
    # deck.blank: blank cards are explained, not part of the default game.
    assert {c.kind for c in DECK} == set(Kind)
    with pytest.raises(InvalidCardError):
        card("BLANK")


def test_setup_dealer__highest_card_deals_ties_draw_again():
    # setup.dealer: highest number deals; action cards count 0; tied players draw again.
    rules = ruleset("official")
    ties = 0
    for seed in range(40):
        dealer, events = choose_dealer(rules, 4, seed)
        draws = [e for e in events if e.kind == "dealer-draw"]
        assert summary(events)[-1] == ("dealer", "setup.dealer")
        assert events[-1].params == {"dealer": dealer, "method": "highest"}
        contenders = set(range(4))
        for event in draws:
            drawn = {int(s): card(c) for s, c in event.params["cards"].items()}
            assert set(drawn) == contenders  # only the tied players draw again
            best = max(c.number or 0 for c in drawn.values())
            contenders = {s for s, c in drawn.items() if (c.number or 0) == best}
        assert contenders == {dealer}
        ties += len(draws) > 1
    assert ties > 0  # the seeds include at least one tie


def test_setup_dealer__random():
    # setup.dealer (Seed B): a seat at random, no cards drawn.
    rules = ruleset("guide-short")
    dealers = set()
    for seed in range(20):
        dealer, events = choose_dealer(rules, 5, seed)
        assert summary(events) == [("dealer", "setup.dealer")]
        assert events[0].params == {"dealer": dealer, "method": "random"}
        dealers.add(dealer)
    assert dealers <= set(range(5)) and len(dealers) > 1


def test_setup_deal__one_at_a_time_from_the_dealers_left():
    # setup.deal: seven cards each, one at a time starting left of the dealer; then the first card.
    hands = ["R1 R2 R3 R4 R6 R7 R8", "B1 B2 B3 B4 B6 B7 B8", "G1 G2 G3 G4 G6 G7 G8"]
    state, events = deal("Y5", dealer=1, hands=hands)
    assert [hand(state, s) for s in range(3)] == [h.split() for h in hands]
    deck = stacked_deck(3, 1, "Y5", hands)
    assert deck[:3] == ["G1", "R1", "B1"]  # seat 2 (dealer's left) gets the first card
    assert state.top == card("Y5") and state.dealer == 1
    assert len(state.draw_pile) == 108 - 21 - 1
    assert summary(events)[0] == ("deal", "setup.deal")


def test_setup_first_player__left_of_dealer_clockwise():
    # setup.first-player: the player to the dealer's left starts; play goes clockwise.
    state, _ = deal("Y5", players=4, dealer=3)
    assert (state.turn, state.direction) == (0, 1)


def test_setup_players__two_to_ten():
    # setup.players: 2-10 players, in rule sets, scenarios and games.
    for bad in (1, 11):
        with pytest.raises(RuleSetError):
            ruleset({"players": bad})
        with pytest.raises(ScenarioError) as error:
            from_scenario({"players": bad, "deck": [c.notation for c in DECK]})
        assert error.value.code == "bad-players"
        with pytest.raises(RuleSetError):
            Game.new("official", players=bad, seed=0)
    with pytest.raises(ScenarioError) as error:
        from_scenario({"hands": [["R1"]], "discard": ["R5"]})
    assert error.value.code == "bad-players"
    for good in (2, 10):
        game, _ = Game.new("official", players=good, seed=0)
        assert game.round.players == good and all(len(h) >= 7 for h in game.round.hands)


def test_first_number__nothing_special():
    # first.number: the first player plays on it.
    state, events = deal("Y5")
    assert summary(events) == [("deal", "setup.deal"), ("first", "first.number")]
    assert (state.turn, state.color, state.pending) == (1, Color.YELLOW, None)


def test_first_skip__first_player_skipped():
    # first.skip: the player left of the dealer is skipped.
    state, events = deal("YS")
    assert summary(events)[1:] == [("first", "first.skip"), ("skip", "first.skip")]
    assert events[-1].params["seat"] == 1 and state.turn == 2


@pytest.mark.parametrize("players", [3, 2])
def test_first_reverse__dealer_starts_other_way(players):
    # first.reverse: the dealer plays first and play goes the other way.
    state, events = deal("YR", players=players, dealer=1)
    assert summary(events)[1:] == [("first", "first.reverse"), ("reverse", "first.reverse")]
    assert (state.turn, state.direction) == (1, -1)
    assert state.next_seat(1) == 0


def test_first_draw_two__first_player_draws_two_and_is_skipped():
    # first.draw-two: the first player draws 2 and loses the turn.
    state, events = deal("YD2")
    assert summary(events)[1:] == [("first", "first.draw-two"), ("draw", "first.draw-two"),
                                   ("skip", "first.draw-two")]
    assert len(state.hands[1]) == 9 and state.turn == 2 and len(state.draw_pile) == 108 - 21 - 1 - 2


def test_first_wild__first_player_names_colour():
    # first.wild (Official): the first player names the colour, then plays.
    state, events = deal("W")
    assert summary(events)[1:] == [("first", "first.wild")]
    assert state.pending.kind == "color" and state.actor() == 1 and state.color is None
    assert state.check(Move(1, Action.PLAY, state.hands[1][0])).rule.value == "first.wild"
    assert not state.check(Move(1, Action.PLAY, state.hands[1][0])).legal
    events = state.apply(Move(1, Action.COLOR, color=Color.GREEN))
    assert summary(events) == [("color", "first.wild")]
    assert (state.color, state.pending, state.turn) == (Color.GREEN, None, 1)


def test_first_wild__redraw_option():
    # first.wild (Seed B): the Wild goes back into the pile and another card is turned.
    state, events = deal("W R5", rules="guide-short")
    assert summary(events)[1:] == [("redraw", "first.wild"), ("first", "first.number")]
    assert state.top == card("R5") and card("W") in state.draw_pile and state.pending is None
    assert len(state.draw_pile) == 108 - 21 - 1


@pytest.mark.parametrize("first_wild", ["first-player-names", "redraw"])
def test_first_wild_draw_four__always_redrawn(first_wild):
    # first.wild-draw-four: returned to the pile and another card turned, whatever first_wild says.
    state, events = deal("WD4 B7", rules={"first_wild": first_wild})
    assert summary(events)[1:] == [("redraw", "first.wild-draw-four"), ("first", "first.number")]
    assert state.top == card("B7") and state.color is Color.BLUE
    assert state.draw_pile.count(card("WD4")) == 4 - sum(h.count(card("WD4")) for h in state.hands)
