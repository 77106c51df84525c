"""Rule sets, presets and impossible scenarios: configuration refused loudly, never half-built."""

import pytest

from app.engine import HOUSE_RULES, OPTIONS, PRESETS, Rule, RuleSet, RuleSetError, ruleset
from app.engine.scenario import ScenarioError, from_scenario

from .helpers import stacked_deck


def test_presets__option_values():
    # Variants as rule sets: the presets bundle the sources' choices (RULES.md table).
    assert ruleset("official") == RuleSet() == ruleset(None)
    assert ruleset("official").to_dict() == {
        "players": 4, "dealer": "highest", "first_wild": "first-player-names", "draw": "one", "uno_penalty": 2,
        "challenge": True, "scoring": "winner-collects", "target": 500, "stacking": False, "seven_zero": False}
    long, short = ruleset("guide-long").to_dict(), ruleset("guide-short").to_dict()
    assert {k: v for k, v in long.items() if v != PRESETS["official"].to_dict()[k]} == {
        "draw": "until-playable", "uno_penalty": 4, "scoring": "tally-lowest"}
    assert {k: v for k, v in short.items() if v != PRESETS["official"].to_dict()[k]} == {
        "dealer": "random", "first_wild": "redraw", "challenge": False, "scoring": "tally-lowest"}
    assert set(OPTIONS) == set(long)


def test_rule_set__dict_is_the_callers_own():
    # Read once per (frozen) rule set, handed out as a new dict: a caller's change stays its own.
    rules = ruleset("guide-long")
    written = rules.to_dict()
    written["players"] = 9
    assert rules.to_dict()["players"] == 4 and RuleSet.from_dict(rules.to_dict()) == rules


def test_presets__override_and_house_rules():
    # stacking / seven-zero / draw.until-playable: switches on top of a preset, marked as house rules.
    rules = ruleset({"preset": "guide-short", "stacking": True, "seven_zero": True})
    assert (rules.dealer, rules.stacking, rules.seven_zero) == ("random", True, True)
    assert set(rules.house_rules()) == {Rule.STACKING, Rule.SEVEN_ZERO}
    assert ruleset("guide-long").house_rules() == [Rule.DRAW_UNTIL_PLAYABLE]
    assert HOUSE_RULES == {Rule.STACKING, Rule.SEVEN_ZERO, Rule.DRAW_UNTIL_PLAYABLE}
    assert ruleset("official").house_rules() == []


@pytest.mark.parametrize("spec", [
    "house", {"preset": "nope"}, {"jump_in": True}, {"draw": "two"}, {"dealer": "lowest"},
    {"first_wild": "ignore"}, {"scoring": "highest"}, {"players": 11}, {"players": 1}, {"players": "4"},
    {"uno_penalty": -1}, {"uno_penalty": 2.0}, {"challenge": 1}, {"stacking": "yes"}, {"seven_zero": None},
    {"target": 0}, {"target": True}, 42, ["official"],
])
def test_rule_set__rejects_unknown_options_and_values(spec):
    # RuleSet: an unknown preset, option or value is refused, not silently ignored.
    with pytest.raises(RuleSetError):
        ruleset(spec)


DECK = stacked_deck(2, 0, "R5")


@pytest.mark.parametrize("scenario, code", [
    ("R5", "bad-scenario"),
    ({"hands": [["R1"], ["B1"]], "discard": ["R5"], "rules": {"nope": 1}}, "unknown-option"),
    ({"hands": [["R1"], ["B1"]], "discard": ["R5"], "seed": 1.5}, "bad-scenario"),
    ({"hands": [["R1"]], "discard": ["R5"]}, "bad-players"),
    ({"hands": [["R1"]] * 11, "discard": ["R5"]}, "bad-players"),
    ({"hands": "R1", "discard": ["R5"]}, "bad-players"),
    ({"hands": [["R1"], "B1"], "discard": ["R5"]}, "bad-scenario"),
    ({"hands": [["R1"], ["X9"]], "discard": ["R5"]}, "unknown-card"),
    ({"hands": [["R1"], [5]], "discard": ["R5"]}, "unknown-card"),
    ({"hands": [["R1"], ["B1"]], "discard": []}, "no-discard"),
    ({"hands": [["R1"], ["B1"]]}, "bad-scenario"),
    ({"hands": [["R0"], ["B1"]], "discard": ["R0"]}, "too-many-copies"),
    ({"hands": [["W", "W", "W"], ["W"]], "discard": ["W"], "color": "red"}, "too-many-copies"),
    ({"hands": [["R1"], ["B1"]], "discard": ["R5"], "draw_pile": ["R1", "R1"]}, "too-many-copies"),
    ({"hands": [["R1"], ["B1"]], "discard": ["R5"], "turn": 2}, "bad-seat"),
    ({"hands": [["R1"], ["B1"]], "discard": ["R5"], "turn": True}, "bad-seat"),
    ({"hands": [["R1"], ["B1"]], "discard": ["R5"], "direction": 0}, "bad-direction"),
    ({"hands": [["R1"], ["B1"]], "discard": ["R5"], "direction": True}, "bad-direction"),
    ({"hands": [["R1"], ["B1"]], "discard": ["W"]}, "color-needed"),
    ({"hands": [["R1"], ["B1"]], "discard": ["W"], "color": "purple"}, "unknown-color"),
    ({"hands": [["R1"], ["B1"]], "discard": ["R5"], "color": "blue"}, "color-mismatch"),
    ({"players": 2, "deck": DECK[:-1]}, "incomplete-deck"),
    ({"players": 2, "deck": DECK + ["R5"]}, "too-many-copies"),
    ({"players": 2, "deck": "R5"}, "bad-scenario"),
    ({"players": 2, "dealer": 2, "deck": DECK}, "bad-seat"),
    ({"players": "2", "deck": DECK}, "bad-players"),
])
def test_scenario__impossible_positions_have_stable_codes(scenario, code):
    # Scenarios: anything impossible raises ScenarioError with a stable code.
    with pytest.raises(ScenarioError) as error:
        from_scenario(scenario)
    assert error.value.code == code
