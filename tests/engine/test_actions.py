"""Action cards and house rules (``skip.*``, ``reverse.*``, ``draw-two.*``, ``wild-draw-four.*``,
``stacking``, ``seven-zero``)."""

import pytest

from app.engine import Action, Color, IllegalMoveError, Move, bots, visibility

from .helpers import hand, play, position, summary


def test_skip_effect__next_player_loses_turn():
    # skip.effect: the next player loses their turn.
    state = position(["RS R1", "R2", "R3"], "R5")
    events = state.apply(play(0, "RS"))
    assert summary(events) == [("play", "match.color"), ("skip", "skip.effect")]
    assert events[1].params == {"seat": 1} and state.turn == 2


def test_reverse_effect__direction_changes():
    # reverse.effect: with three or more players, play goes the other way.
    state = position(["R1", "RR R2", "R3", "R4"], "R5", turn=1)
    events = state.apply(play(1, "RR"))
    assert summary(events) == [("play", "match.color"), ("reverse", "reverse.effect")]
    assert (state.direction, state.turn) == (-1, 0)
    state = position(["R1", "RR R2", "R3", "R4"], "R5", turn=1, direction=-1)
    state.apply(play(1, "RR"))
    assert (state.direction, state.turn) == (1, 2)


def test_reverse_two_players__acts_like_skip():
    # reverse.two-players: with two players the one who played Reverse plays again.
    state = position(["RR R1", "R2"], "R5")
    events = state.apply(play(0, "RR"))
    assert summary(events) == [("play", "match.color"), ("skip", "reverse.two-players")]
    assert (state.turn, state.direction) == (0, 1)


def test_draw_two_effect__next_draws_two_and_loses_turn():
    # draw-two.effect: the next player draws 2 and loses the turn.
    state = position(["RD2 R1", "G2", "G3"], "R5", draw_pile="B1 B2 B3")
    events = state.apply(play(0, "RD2"))
    assert summary(events) == [("play", "match.color"), ("draw", "draw-two.effect"), ("skip", "draw-two.effect")]
    assert (hand(state, 1), state.turn, state.pending) == (["G2", "B1", "B2"], 2, None)


def test_wild_draw_four_effect__with_challenge_option_then_accept():
    # wild-draw-four.effect: colour named; the next player (who may challenge) accepts, draws 4, loses turn.
    state = position(["WD4 B1", "G2", "G3"], "R5", draw_pile="Y1 Y2 Y3 Y4 Y5")
    events = state.apply(play(0, "WD4", "blue"))
    assert summary(events) == [("play", "wild-draw-four.effect"), ("color", "wild.any-time"),
                               ("pending", "wild-draw-four.challenge")]
    assert (state.pending.kind, state.actor(), state.color) == ("challenge", 1, Color.BLUE)
    events = state.apply(Move(1, Action.ACCEPT))
    assert summary(events) == [("draw", "wild-draw-four.effect"), ("skip", "wild-draw-four.effect")]
    assert (hand(state, 1), state.turn, state.color) == (["G2", "Y1", "Y2", "Y3", "Y4"], 2, Color.BLUE)


def test_wild_draw_four_effect__without_challenge_option():
    # wild-draw-four.effect: with no challenge option the next player draws 4 at once.
    state = position(["WD4 B1", "G2", "G3"], "R5", rules="guide-short")
    events = state.apply(play(0, "WD4", "green"))
    assert summary(events)[2:] == [("draw", "wild-draw-four.effect"), ("skip", "wild-draw-four.effect")]
    assert (len(state.hands[1]), state.turn, state.pending) == (5, 2, None)


def test_wild_draw_four_restriction__only_without_current_colour():
    # wild-draw-four.restriction: a number or symbol match, or another wild, does not count as the colour.
    state = position(["WD4 B5 W", "G2"], "R5", rules="guide-short")
    verdict = state.check(play(0, "WD4", "blue"))
    assert (verdict.legal, verdict.rule.value) == (True, "wild-draw-four.restriction")


def test_wild_draw_four_restriction__illegal_without_challenge_option():
    # wild-draw-four.restriction: holding the current colour, WD4 is illegal when it cannot be challenged.
    state = position(["WD4 R1", "G2"], "R5", rules="guide-short")
    before = state.to_dict()
    with pytest.raises(IllegalMoveError) as error:
        state.apply(play(0, "WD4", "blue"))
    verdict = error.value.verdict
    assert (verdict.legal, verdict.rule.value, verdict.params["held"]) == (False, "wild-draw-four.restriction", "R1")
    assert state.to_dict() == before


def test_wild_draw_four_restriction__legal_bluff_with_challenge_option():
    # wild-draw-four.restriction: with the challenge option the bluff is legal; the verdict says so.
    state = position(["WD4 R1", "G2"], "R5")
    verdict = state.check(play(0, "WD4", "blue"))
    assert (verdict.legal, verdict.rule.value) == (True, "wild-draw-four.challenge")
    assert (verdict.params["case"], verdict.params["held"]) == ("bluff", "R1")


class _Dice:
    def __init__(self, value: float):
        self.value = value

    def random(self) -> float:
        return self.value


@pytest.mark.parametrize("level", bots.LEVELS)
def test_wild_draw_four_challenge__bots_sometimes_bluff_so_a_challenge_can_pay(level):
    # wild-draw-four.challenge: holding the colour, a bot now and then plays its WD4 first (its dice
    # under BLUFF); never where no challenge is allowed, since the bluff would be illegal there.
    below, above = _Dice(bots.BLUFF[level] / 2), _Dice((1 + bots.BLUFF[level]) / 2)
    assert bots.decide(position(["WD4 R1 G2", "G2 B3"], "R5"), 0, level, below).card.notation == "WD4"
    assert bots.decide(position(["WD4 R1 G2", "G2 B3"], "R5"), 0, level, above).card.notation == "R1"
    no_challenge = position(["WD4 R1 G2", "G2 B3"], "R5", rules="guide-short")
    assert bots.decide(no_challenge, 0, level, below).card.notation == "R1"


def test_wild_draw_four_challenge__bluff_hidden_from_others():
    # wild-draw-four.challenge: before a challenge nobody else can tell a bluff from an honest play.
    bluff = position(["WD4 R1", "G2 B3", "G3"], "R5")
    honest = position(["WD4 B1", "G2 B3", "G3"], "R5")
    seat_1 = visibility.player(1)
    seen = [[visibility.event_dict(e, seat_1) for e in state.apply(play(0, "WD4", "green"))] for state in (bluff, honest)]
    assert seen[0] == seen[1]
    assert visibility.view(bluff, seat_1)["pending"] == visibility.view(honest, seat_1)["pending"] \
        == {"kind": "challenge", "seat": 1}


def test_wild_draw_four_challenge__guilty():
    # wild-draw-four.challenge: guilty — the offender draws 4, the challenger draws nothing and plays.
    state = position(["WD4 R1 R2", "G2", "G3"], "R5", draw_pile="Y1 Y2 Y3 Y4")
    state.apply(play(0, "WD4", "green"))
    events = state.apply(Move(1, Action.CHALLENGE))
    assert summary(events) == [("challenge", "wild-draw-four.challenge"), ("draw", "wild-draw-four.challenge")]
    assert events[0].params["guilty"] is True and events[0].params["cards"] == ["R1", "R2"]
    assert events[1].params["seat"] == 0 and events[1].params["count"] == 4
    assert (hand(state, 0), hand(state, 1)) == (["R1", "R2", "Y1", "Y2", "Y3", "Y4"], ["G2"])
    assert (state.turn, state.color, state.pending) == (1, Color.GREEN, None)  # named colour stands


def test_wild_draw_four_challenge__innocent():
    # wild-draw-four.challenge: innocent — the challenger draws 6 and loses the turn.
    state = position(["WD4 B1", "G2", "G3"], "R5", draw_pile="Y1 Y2 Y3 Y4 Y5 Y6 Y7")
    state.apply(play(0, "WD4", "green"))
    events = state.apply(Move(1, Action.CHALLENGE))
    assert summary(events) == [("challenge", "wild-draw-four.challenge"), ("draw", "wild-draw-four.challenge"),
                               ("skip", "wild-draw-four.challenge")]
    assert events[0].params["guilty"] is False and events[1].params["count"] == 6
    assert (len(state.hands[0]), len(state.hands[1]), state.turn, state.color) == (1, 7, 2, Color.GREEN)


def test_wild_draw_four_challenge__hand_shown_only_to_challenger():
    # wild-draw-four.challenge: the offender's hand is shown to the challenger alone.
    state = position(["WD4 B1", "G2", "G3"], "R5")
    state.apply(play(0, "WD4", "green"))
    shown = state.apply(Move(1, Action.CHALLENGE))[0]
    assert visibility.event(shown, visibility.player(1)).params["cards"] == ["B1"]
    assert "cards" not in visibility.event(shown, visibility.player(2)).params
    assert "cards" not in visibility.event(shown, visibility.TABLE).params


def test_wild_draw_four_challenge__only_the_pending_seat():
    # wild-draw-four.challenge: only the player who must draw may challenge.
    state = position(["WD4 B1", "G2", "G3"], "R5")
    state.apply(play(0, "WD4", "green"))
    for seat in (0, 2):
        verdict = state.check(Move(seat, Action.CHALLENGE))
        assert (verdict.legal, verdict.rule.value) == (False, "turn.order")
    for move in (Move(1, Action.DRAW), play(1, "G2"), Move(1, Action.PASS)):
        verdict = state.check(move)
        assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (
            False, "wild-draw-four.challenge", "challenge-or-accept")


def test_wild_draw_four_challenge__not_after_accepting():
    # wild-draw-four.challenge: only before drawing; after accepting there is nothing to challenge.
    state = position(["WD4 B1", "G2", "G3"], "R5")
    state.apply(play(0, "WD4", "green"))
    state.apply(Move(1, Action.ACCEPT))
    verdict = state.check(Move(1, Action.CHALLENGE))
    assert (verdict.legal, verdict.rule.value) == (False, "turn.order")
    verdict = state.check(Move(2, Action.CHALLENGE))
    assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (
        False, "wild-draw-four.challenge", "nothing-pending")


def test_stacking__off_no_answer_to_draw_two():
    # stacking (house rule, off by default): a Draw Two is not answered; the next player just draws.
    state = position(["RD2 R1", "BD2 G2", "G3"], "R5")
    state.apply(play(0, "RD2"))
    assert (len(state.hands[1]), state.turn) == (4, 2)


def test_stacking__draw_two_on_draw_two_passes_the_total_on():
    # stacking: a Draw Two answered with a Draw Two; the next player draws 4.
    state = position(["RD2 R1", "BD2 G2", "G3 G4"], "R5", rules={"stacking": True})
    events = state.apply(play(0, "RD2"))
    assert summary(events)[-1] == ("pending", "stacking") and events[-1].params == {"seat": 1, "count": 2}
    for move, case in ((play(1, "G2"), "stack-or-accept"), (Move(1, Action.DRAW), "stack-or-accept")):
        verdict = state.check(move)
        assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "stacking", case)
    events = state.apply(play(1, "BD2"))
    assert summary(events) == [("play", "stacking"), ("pending", "stacking")] and events[0].params["count"] == 4
    events = state.apply(Move(2, Action.ACCEPT))
    assert summary(events) == [("draw", "draw-two.effect"), ("skip", "draw-two.effect")]
    assert (len(state.hands[2]), state.turn, state.pending) == (6, 0, None)


def test_stacking__wild_draw_four_on_wild_draw_four():
    # stacking: a Wild Draw Four answered with a Wild Draw Four instead of a challenge; the next draws 8.
    state = position(["WD4 B1", "WD4 G2", "G3"], "R5", rules={"stacking": True})
    state.apply(play(0, "WD4", "yellow"))
    assert state.check(play(1, "WD4")).rule.value == "wild.any-time"  # still must name a colour
    events = state.apply(play(1, "WD4", "green"))
    assert summary(events) == [("play", "stacking"), ("color", "wild.any-time"), ("pending", "stacking")]
    events = state.apply(Move(2, Action.ACCEPT))
    assert summary(events) == [("draw", "wild-draw-four.effect"), ("skip", "wild-draw-four.effect")]
    assert (len(state.hands[2]), state.turn, state.color) == (9, 0, Color.GREEN)


def test_stacking__only_the_same_card():
    # stacking: a Draw Two does not answer a Wild Draw Four.
    state = position(["WD4 B1", "YD2 G2", "G3"], "R5", rules={"stacking": True})
    state.apply(play(0, "WD4", "yellow"))
    verdict = state.check(play(1, "YD2"))
    assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "stacking", "stack-or-accept")


def test_seven_zero__seven_swaps_hands():
    # seven-zero (house rule): a 7 swaps hands with the chosen player.
    state = position(["R7 B1 B2", "G2", "G3 G4"], "R5", rules={"seven_zero": True})
    for target in (None, 0):
        verdict = state.check(play(0, "R7", target=target))
        assert (verdict.legal, verdict.rule.value, verdict.params["case"]) == (False, "seven-zero", "target-needed")
    events = state.apply(play(0, "R7", target=2))
    assert summary(events) == [("play", "match.color"), ("swap", "seven-zero")]
    assert [hand(state, s) for s in range(3)] == [["G3", "G4"], ["G2"], ["B1", "B2"]] and state.turn == 1


def test_seven_zero__zero_rotates_hands_in_direction_of_play():
    # seven-zero: a 0 passes every hand on to the next player in the direction of play.
    state = position(["R0 B1", "G2", "G3 G4"], "R5", rules={"seven_zero": True})
    events = state.apply(play(0, "R0"))
    assert summary(events) == [("play", "match.color"), ("rotate", "seven-zero")]
    assert [hand(state, s) for s in range(3)] == [["G3", "G4"], ["B1"], ["G2"]]
    state = position(["R0 B1", "G2", "G3 G4"], "R5", rules={"seven_zero": True}, direction=-1)
    state.apply(play(0, "R0"))
    assert [hand(state, s) for s in range(3)] == [["G2"], ["G3", "G4"], ["B1"]]


def test_seven_zero__off_by_default():
    # seven-zero: without the switch a 7 and a 0 are plain number cards.
    state = position(["R7 B1", "G2"], "R5")
    assert summary(state.apply(play(0, "R7"))) == [("play", "match.color")]
    assert hand(state, 0) == ["B1"]


def test_stacking__no_bluff_inside_a_stack():
    # stacking: a stacked Wild Draw Four cannot be challenged, so it must be honest.
    state = position(["WD4 B1", "WD4 Y2", "G3"], "R5", rules={"stacking": True})
    state.apply(play(0, "WD4", "yellow"))
    verdict = state.check(play(1, "WD4", "green"))
    assert (verdict.legal, verdict.rule.value, verdict.params["held"]) == (False, "wild-draw-four.restriction", "Y2")


@pytest.mark.parametrize("level", bots.LEVELS)
def test_stacking__a_bot_stacks_like_any_play(level):
    # stacking, uno.call: a bot stacking its next-to-last card calls UNO (an easy bot forgets only
    # under its dice), and a stacked Wild Draw Four names the bot's strongest colour.
    state = position(["RD2 B1", "BD2 G9", "G3"], "R5", rules={"stacking": True})
    state.apply(play(0, "RD2"))
    move = bots.decide(state, 1, level, _Dice(bots.FORGET_UNO[level]))
    assert (move.card.notation, move.uno) == ("BD2", True) and state.check(move).legal
    state = position(["WD4 B1", "WD4 B2 B3 Y4", "G3"], "R5", rules={"stacking": True})
    state.apply(play(0, "WD4", "green"))
    move = bots.decide(state, 1, level, _Dice(0.5))
    assert (move.card.notation, move.color, move.uno) == ("WD4", Color.BLUE, False) and state.check(move).legal


def test_stacking__draw_two_names_no_colour():
    # stacking: a stacked Draw Two keeps its own colour; a stray colour in the move is not narrated.
    state = position(["RD2 R1", "BD2 G2", "G3"], "R5", rules={"stacking": True})
    state.apply(play(0, "RD2"))
    events = state.apply(play(1, "BD2", "green"))
    assert events[0].params["named"] is None and state.color is Color.BLUE
