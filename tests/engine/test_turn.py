"""A turn: whose it is, matching, wilds and drawing (``turn.*``, ``match.*``, ``wild.*``, ``draw.*``)."""

import random

import pytest

from app.engine import Action, Color, Game, IllegalMoveError, InvalidMoveError, Move, bots, card

from .helpers import hand, play, position, summary


def test_turn_order__only_the_player_to_move():
    # turn.order: only the player whose turn it is may play or draw.
    state = position(["R1 B2", "R2 G3", "R3"], "R5")
    for move in (play(1, "R2"), Move(2, Action.DRAW), Move(1, Action.PASS)):
        verdict = state.check(move)
        assert (verdict.legal, verdict.rule.value, verdict.params["turn"]) == (False, "turn.order", 0)
    events = state.apply(play(0, "R1"))
    assert summary(events) == [("play", "match.color")] and state.turn == 1


def test_turn_order__follows_direction():
    # turn.order: play passes to the next seat in the direction of play, wrapping round.
    state = position(["R1 B2", "R2 G3", "R3 G4"], "R5", turn=0, direction=-1)
    state.apply(play(0, "R1"))
    assert state.turn == 2


@pytest.mark.parametrize("notation, rule", [("R7", "match.color"), ("B5", "match.number"),
                                            ("GS", "match.none"), ("B7", "match.none")])
def test_match_color__number__none(notation, rule):
    # match.color / match.number: same colour or same number; match.none: neither.
    state = position(["R7 B5 GS B7", "G1"], "R5")
    verdict = state.check(play(0, notation))
    assert (verdict.legal, verdict.rule.value) == (rule != "match.none", rule)
    assert verdict.params == {"card": notation, "top": "R5", "color": "red"}


def test_match_number__changes_colour():
    # match.number: a Blue 5 on a Red 5 makes blue the colour.
    state = position(["B5 B1", "G1"], "R5")
    state.apply(play(0, "B5"))
    assert (state.color, state.top, state.turn) == (Color.BLUE, card("B5"), 1)


def test_match_symbol__skip_on_skip():
    # match.symbol: an action card matches the same symbol in another colour.
    state = position(["BS B1", "G1", "G2"], "RS")
    verdict = state.check(play(0, "BS"))
    assert (verdict.legal, verdict.rule.value) == (True, "match.symbol")


def test_match_none__symbol_needs_same_kind():
    # match.none: Draw Two on Skip shares neither colour nor symbol.
    state = position(["BD2 B1", "G1"], "RS")
    with pytest.raises(IllegalMoveError) as error:
        state.apply(play(0, "BD2"))
    assert error.value.verdict.rule.value == "match.none"


def test_match_color__named_colour_after_a_wild():
    # match.color: after a Wild the named colour is the one to match, not the card's.
    state = position(["G3 R3", "B1"], "W", color="green")
    assert state.check(play(0, "G3")).rule.value == "match.color"
    verdict = state.check(play(0, "R3"))
    assert (verdict.rule.value, verdict.params["case"]) == ("match.none", "wild-top")  # no number on a Wild


def test_move_not_in_hand():
    # move.not-in-hand: a card the seat does not hold.
    state = position(["R1", "R9"], "R5")
    verdict = state.check(play(0, "R9"))
    assert (verdict.legal, verdict.rule.value, verdict.params) == (False, "move.not-in-hand", {"card": "R9"})


def test_wild_any_time__even_with_a_match():
    # wild.any-time: a Wild goes on anything, even when other cards match; any colour, the current included.
    state = position(["W R1 R2", "B1"], "R5")
    verdict = state.check(play(0, "W", "red"))
    assert (verdict.legal, verdict.rule.value, verdict.params["named"]) == (True, "wild.any-time", "red")
    events = state.apply(play(0, "W", "blue"))
    assert summary(events) == [("play", "wild.any-time"), ("color", "wild.any-time")]
    assert (state.color, state.top, state.turn) == (Color.BLUE, card("W"), 1)


@pytest.mark.parametrize("top, color", [("BD2", None), ("GS", None), ("WD4", "yellow")])
def test_wild_any_time__on_an_action_card_or_a_wild(top, color):
    # wild.any-time: a Wild goes on a Draw Two, a Skip or a Wild Draw Four as on a number: the card on
    # top has had its effect, and nothing of it passes to the Wild (nobody draws, nobody is skipped).
    state = position(["W R1", "B1 B2"], top, **({"color": color} if color else {}))
    verdict = state.check(play(0, "W", "red"))
    assert (verdict.legal, verdict.rule.value, verdict.params["named"]) == (True, "wild.any-time", "red")
    events = state.apply(play(0, "W", "green"))
    assert summary(events) == [("play", "wild.any-time"), ("color", "wild.any-time")]
    assert (state.color, state.top, state.turn, state.pending) == (Color.GREEN, card("W"), 1, None)
    assert (hand(state, 0), hand(state, 1), [c.notation for c in state.discard]) == (["R1"], ["B1", "B2"], [top, "W"])


def test_wild_any_time__colour_needed():
    # wild.any-time: the player must name a colour.
    state = position(["W R1", "B1"], "R5")
    verdict = state.check(Move(0, Action.PLAY, card("W")))
    assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "wild.any-time", "color-needed")


def test_draw_one__draw_a_playable_card_then_play_it():
    # draw.one: a playable drawn card may be played at once.
    state = position(["B1 B2", "G1"], "R5", draw_pile="R7 G9")
    events = state.apply(Move(0, Action.DRAW))
    assert summary(events) == [("draw", "draw.one")] and events[0].params["cards"] == ["R7"]
    assert state.pending.kind == "drawn" and state.actor() == 0
    events = state.apply(play(0, "R7"))
    assert summary(events) == [("play", "match.color")]
    assert (hand(state, 0), state.top, state.turn, state.pending) == (["B1", "B2"], card("R7"), 1, None)


def test_draw_one__draw_and_play_the_drawn_card_in_one_move():
    # draw.one: a playable drawn card may be played at once; ``play_drawn`` does both in one move,
    # with the events and the state of the two moves one after the other.
    state, apart = position(["B1 B2", "G1"], "R5", draw_pile="R7 G9"), position(["B1 B2", "G1"], "R5", draw_pile="R7 G9")
    move = Move(0, Action.DRAW, play_drawn=True)
    verdict, events = state.attempt(move)
    assert (verdict.legal, verdict.rule.value) == (True, "draw.one")
    assert events == apart.apply(Move(0, Action.DRAW)) + apart.apply(play(0, "R7"))
    assert state.to_dict() == apart.to_dict() and (hand(state, 0), state.turn) == (["B1", "B2"], 1)
    assert Move.from_dict(move.to_dict()) == move and move.to_dict()["play_drawn"] is True


@pytest.mark.parametrize(("drawn", "move", "after"), [
    ("W", Move(0, Action.DRAW, color=Color.BLUE, play_drawn=True), ("B2", "W", None, 1)),  # a wild names the colour
    ("W", Move(0, Action.DRAW, play_drawn=True), ("B2 W", "R5", "drawn", 0)),  # no colour: the choice stays
    ("G9", Move(0, Action.DRAW, play_drawn=True), ("B2 G9", "R5", None, 1)),  # unplayable: kept, turn passes
    ("R7", Move(0, Action.DRAW, uno=True, play_drawn=True), ("B2", "R7", None, 1)),  # UNO called with it
])
def test_draw_one__play_drawn_plays_it_only_as_completed(drawn, move, after):
    state = position(["B2", "G1 G2"], "R5", draw_pile=f"{drawn} Y3")
    state.apply(move)
    pending = state.pending and state.pending.kind
    assert (" ".join(hand(state, 0)), state.top.notation, pending, state.actor()) == after
    played_to_one = len(state.hands[0]) == 1
    assert (state.exposed == 0, state.uno_said[0]) == (played_to_one and not move.uno, played_to_one and move.uno)


def test_draw_one__play_drawn_under_seven_zero_needs_its_target():
    state = position(["B2", "G1 G2", "Y1"], "R5", draw_pile="R7", rules={"preset": "official", "seven_zero": True})
    state.apply(Move(0, Action.DRAW, play_drawn=True))
    assert state.pending.kind == "drawn" and state.top.notation == "R5"
    state = position(["B2", "G1 G2", "Y1"], "R5", draw_pile="R7", rules={"preset": "official", "seven_zero": True})
    events = state.apply(Move(0, Action.DRAW, target=2, play_drawn=True))
    assert summary(events)[-1] == ("swap", "seven-zero") and hand(state, 0) == ["Y1"]


def test_draw_one__drawn_card_read_from_notation_after_a_real_deal():
    # draw.one: the drawn card, named in notation (as the check API sends it), may be played.
    for seed in range(30):
        game, _ = Game.new("official", players=2, seed=seed)
        state = game.round
        if state.pending is None:
            state.apply(Move(state.turn, Action.DRAW))
        if state.pending is not None and state.pending.kind == "drawn":
            break
    drawn = state.pending.card
    move = Move.from_dict({"seat": state.turn, "action": "play", "card": drawn.notation, "color": "red"})
    assert state.check(move).legal


def test_draw_one__keep_the_drawn_card_and_pass():
    # draw.one: the player may keep a playable drawn card; the turn passes.
    state = position(["B1 B2", "G1"], "R5", draw_pile="R7")
    state.apply(Move(0, Action.DRAW))
    events = state.apply(Move(0, Action.PASS))
    assert summary(events) == [("pass", "draw.one")]
    assert (hand(state, 0), state.turn, state.pending) == (["B1", "B2", "R7"], 1, None)


def test_draw_one__unplayable_card_turn_passes():
    # draw.one: an unplayable drawn card is kept and the turn passes at once.
    state = position(["B1 B2", "G1"], "R5", draw_pile="G9 R7")
    events = state.apply(Move(0, Action.DRAW))
    assert summary(events) == [("draw", "draw.one"), ("pass", "draw.one")]
    assert (hand(state, 0), state.turn, state.pending) == (["B1", "B2", "G9"], 1, None)


def test_draw_one__no_other_card_after_drawing():
    # draw.one: after drawing, no other card from the hand may be played, nor another draw.
    state = position(["R1 B2", "G1"], "R5", draw_pile="R7")
    state.apply(Move(0, Action.DRAW))
    for move in (play(0, "R1"), Move(0, Action.DRAW)):
        verdict = state.check(move)
        assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "draw.one", "only-drawn")


def test_draw_one__pass_without_drawing_refused():
    # draw.one: passing is only for keeping a drawn card.
    state = position(["R1", "G1"], "R5")
    verdict = state.check(Move(0, Action.PASS))
    assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "draw.one", "nothing-pending")


def test_draw_one__may_draw_with_a_playable_card():
    # draw.one: a player may choose not to play and draw instead.
    state = position(["R1", "G1"], "R5", draw_pile="B9")
    assert state.check(Move(0, Action.DRAW)).legal
    assert summary(state.apply(Move(0, Action.DRAW))) == [("draw", "draw.one"), ("pass", "draw.one")]


def test_draw_until_playable__keeps_drawing():
    # draw.until-playable: draw until a playable card comes, then play it or keep it.
    state = position(["B1", "G1"], "R5", draw_pile="G9 B8 Y5 G2", rules="guide-long")
    events = state.apply(Move(0, Action.DRAW))
    assert summary(events) == [("draw", "draw.until-playable")]
    assert events[0].params["cards"] == ["G9", "B8", "Y5"] and events[0].params["count"] == 3
    assert state.pending.card == card("Y5")
    assert summary(state.apply(play(0, "Y5"))) == [("play", "match.number")]
    assert hand(state, 0) == ["B1", "G9", "B8"] and state.turn == 1


def test_draw_until_playable__nothing_playable_anywhere():
    # draw.until-playable: with no playable card left, the whole pile is drawn and the turn passes.
    state = position(["B1", "G1"], "R5", draw_pile="G9 B8", rules="guide-long")
    events = state.apply(Move(0, Action.DRAW))
    assert summary(events) == [("draw", "draw.until-playable"), ("pass", "draw.until-playable")]
    assert (len(state.hands[0]), len(state.draw_pile), state.turn) == (3, 0, 1)


def test_draw_reshuffle__empty_pile_takes_the_discards():
    # draw.reshuffle: an empty draw pile becomes the discards except the top card, shuffled.
    state = position(["B1", "G1"], "Y3 G8 R5", draw_pile="")
    events = state.apply(Move(0, Action.DRAW))
    assert summary(events)[0] == ("reshuffle", "draw.reshuffle") and events[0].params["count"] == 2
    assert state.discard == [card("R5")] and state.reshuffles == 1
    assert sorted(hand(state, 0) + [c.notation for c in state.draw_pile]) == ["B1", "G8", "Y3"]


def test_draw_reshuffle__one_card_under_the_top():
    # draw.reshuffle: a discard pile of two still reshuffles: the one card under the top is the new pile.
    state = position(["B1", "G1"], "G8 R5", draw_pile="")
    events = state.apply(Move(0, Action.DRAW))
    assert summary(events) == [("reshuffle", "draw.reshuffle"), ("draw", "draw.one"), ("pass", "draw.one")]
    assert events[0].params == {"count": 1} and events[1].params["cards"] == ["G8"]
    assert (hand(state, 0), state.draw_pile, state.discard, state.reshuffles, state.turn) == (
        ["B1", "G8"], [], [card("R5")], 1, 1)


@pytest.mark.parametrize("rules, rule", [("official", "draw.one"), ("guide-long", "draw.until-playable")])
def test_draw_reshuffle__nothing_to_reshuffle(rules, rule):
    # draw.reshuffle: with only the top card left, nothing can be drawn; the turn passes (drawing
    # until playable too: it stops at once rather than waiting for a card that cannot come).
    state = position(["B1", "G1"], "R5", draw_pile="", rules=rules)
    events = state.apply(Move(0, Action.DRAW))
    assert summary(events) == [("draw", rule), ("pass", rule)] and events[0].params["count"] == 0
    assert (state.turn, state.pending, hand(state, 0)) == (1, None, ["B1"])


@pytest.mark.parametrize("drawn, kept", [("RR", True), ("RS", True), ("RD2", False), ("WD4", False), ("R9", False)])
@pytest.mark.parametrize("level", bots.LEVELS)
@pytest.mark.parametrize("rules", ["official", "guide-long"])
def test_draw_reshuffle__a_bot_keeps_a_drawn_reverse_or_skip_once_the_pile_is_exhausted(drawn, kept, level, rules):
    # draw.one: a playable card drawn "may be played at once". A bot that has just drawn the last card
    # there was to draw keeps a Reverse or a Skip (played, it could hand the turn back and forth between
    # two seats for ever: app/engine/bots.py says how) and plays any other; with cards left to draw,
    # it plays either.
    exhausted = position(["B1 G1", "B2", "B3"], f"{drawn} R5", draw_pile="", rules=rules)
    exhausted.apply(Move(0, Action.DRAW))
    assert exhausted.draw_pile == [] and exhausted.pending.card == card(drawn)
    move = bots.decide(exhausted, 0, level, random.Random(0))
    assert (move.action, move.card) == ((Action.PASS, None) if kept else (Action.PLAY, card(drawn)))
    exhausted.apply(move)
    assert (drawn in hand(exhausted, 0)) is kept
    more_to_draw = position(["B1 G1", "B2", "B3"], "R5", draw_pile=f"{drawn} Y9", rules=rules)
    more_to_draw.apply(Move(0, Action.DRAW))
    assert bots.decide(more_to_draw, 0, level, random.Random(0)).card == card(drawn)


@pytest.mark.parametrize("hands, discard, direction", [
    # Seats 0 and 1, holding nothing to play on a Reverse, would each draw the one under the top and play it.
    (["B1 Y2", "B3 Y4", "R1 G1", "R2 G2"], "GR RR", -1),
    # Seats 0 and 2 likewise with Skips, each skipping the seat after it.
    (["B1 Y2", "R1 G1", "B3 Y4", "R2 G2"], "GS RS", 1),
])
def test_draw_reshuffle__bots_never_keep_the_turn_between_two_seats(hands, discard, direction):
    # draw.reshuffle: with nothing left to draw but the one card under the top, two bots playing that card
    # at once would turn play back (or skip) to each other for ever; keeping it, they let every seat play.
    state = position(hands, discard, draw_pile="", direction=direction, rules="guide-long")
    rng, seats = random.Random(0), set()
    while not state.round_over and len(seats) < 4:
        seats.add(state.actor())
        state.apply(bots.decide(state, state.actor(), "normal", rng))
        assert state.reshuffles < 8  # each seat has had its turn well before this
    assert seats == {0, 1, 2, 3}


def test_turn_order__unreadable_moves_are_invalid_not_illegal():
    # turn.order: a seat or target that does not exist, or a play naming no card, cannot be read at all.
    state = position(["R1", "G1"], "R5")
    for move, field in ((Move(2, Action.DRAW), "seat"), (Move(-1, Action.DRAW), "seat"),
                        (Move(0, Action.CATCH, target=5), "target"), (Move(0, Action.PLAY), "card")):
        with pytest.raises(InvalidMoveError, match=f"^{field}$"):
            state.check(move)
        with pytest.raises(InvalidMoveError, match=f"^{field}$"):
            state.apply(move)


@pytest.mark.parametrize("data, field", [
    ({"seat": "0", "action": "draw"}, "seat"),
    ({"seat": 0, "action": "fly"}, "action"),
    ({"seat": 0, "action": "catch", "target": "1"}, "target"),
    ({"seat": 0, "action": "catch", "target": 1.5}, "target"),
    ({"seat": 0, "action": "play", "card": "X9"}, "card"),
    ({"seat": 0, "action": "play"}, "card"),
    ({"seat": 0, "action": "play", "card": "W", "color": "purple"}, "color"),
    ({"seat": 0, "action": "color", "color": 3}, "color"),
    ({"seat": 0, "action": "play", "card": "R1", "uno": "yes"}, "uno"),
])
def test_turn_order__an_unreadable_move_names_the_field_to_fix(data, field):
    # The API answers a bad move with this field: the client is told what to correct.
    with pytest.raises(InvalidMoveError, match=f"^{field}$"):
        Move.from_dict(data)
