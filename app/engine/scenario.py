"""Scenarios: a position described in card notation, as the check API and the lessons give it.

Either mid-round (``hands``, ``discard``, ``color``, ``turn``, ``direction``, ``draw_pile``, and
``dealer``: who dealt this round) or a fresh deal (``players``, ``dealer``, ``deck``). Either may
carry the game so far: ``scores``, each seat's total before this round (every one below the rule
set's target, else the game would be over), so that the round's end adds its points to them and
says whether the game is over and who deals next (app.engine.game). Anything impossible raises
ScenarioError with a stable code, never a half-built state; its params hold what was sent, as sent
(the web layer words them).

>>> state, events = from_scenario({"hands": [["R1", "W"], ["B2"]], "discard": ["G5", "R5"]})
>>> state.color, state.turn, len(state.draw_pile)
(<Color.RED: 'red'>, 0, 103)
>>> from .moves import Action, Move
>>> game, _ = game_from_scenario({"hands": [["R1"], ["B2", "W"]], "discard": ["R5"], "dealer": 1,
...                               "scores": [450, 120]})
>>> [str(e.kind) for e in game.apply(Move(0, Action.PLAY, card("R1")))], game.scores, game.game_over
(['play', 'round-end', 'points', 'game-end'], [502, 120], True)
>>> game, _ = game_from_scenario({"hands": [["R1"], ["B2", "W"], ["G3"]], "discard": ["R5"], "dealer": 2,
...                               "direction": -1, "scores": [300, 120, 80]})
>>> _ = game.apply(Move(0, Action.PLAY, card("R1")))
>>> game.scores, game.game_over, game.next_dealer  # the deal passes to the left, whatever the direction
([355, 120, 80], False, 0)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import COPIES, Card, Color, InvalidCardError, card, color
from .game import Game
from .round import RoundState
from .rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet, RuleSetError, ruleset
from .setup import deal
from .verdict import Event

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "ScenarioError", "from_scenario", "game_from_scenario"]


class ScenarioError(ValueError):
    """An impossible scenario; ``code`` is stable (the API returns it), ``params`` say what."""

    def __init__(self, code: str, **params: Any):
        super().__init__(code, params)
        self.code = code
        self.params = params


def _cards(value: Any, field: str) -> list[Card]:
    if not isinstance(value, list):
        raise ScenarioError("bad-scenario", field=field)
    try:
        return [card(v) for v in value]
    except InvalidCardError as error:
        raise ScenarioError("unknown-card", card=error.args[0]) from None


def _seat(value: Any, players: int, field: str) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise ScenarioError("bad-seat", field=field, players=players)
    return value


def _check_copies(used: list[Card]) -> None:
    for face, count in Counter(used).items():
        if count > COPIES[face]:
            raise ScenarioError("too-many-copies", card=face.notation, count=count, copies=COPIES[face])


def _rules(spec: Any) -> RuleSet:
    try:
        return ruleset(spec)
    except (RuleSetError, TypeError) as error:
        raise ScenarioError("unknown-option", detail=str(error)) from None


def from_scenario(scenario: Any) -> tuple[RoundState, list[Event]]:
    """Build the round a scenario describes, with the events of its deal (none mid-round)."""
    game, events = game_from_scenario(scenario)
    return game.round, events


def game_from_scenario(scenario: Any) -> tuple[Game, list[Event]]:
    """The round a scenario describes inside the game it carries (``scores`` before this round;
    none: the game's first round, every total 0), with the events of its deal."""
    if not isinstance(scenario, dict):
        raise ScenarioError("bad-scenario", field="scenario")
    rules = _rules(scenario.get("rules", "official"))
    seed = scenario.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise ScenarioError("bad-scenario", field="seed")
    if "deck" in scenario:
        state, events = _fresh_deal(scenario, rules, seed)
    else:
        state, events = _mid_round(scenario, rules, seed), []
    return Game(rules, seed, state, scores=_scores(scenario.get("scores"), state.players, rules)), events


def _scores(value: Any, players: int, rules: RuleSet) -> list[int]:
    """Each seat's game total before this round: whole numbers, one per seat, each below the target
    (a total at the target has ended the game: no round comes after it)."""
    if value is None:
        return [0] * players
    if (not isinstance(value, list) or len(value) != players
            or not all(type(total) is int and total >= 0 for total in value)):
        raise ScenarioError("bad-scores", players=players)
    for total in value:
        if total >= rules.target:
            raise ScenarioError("scores-at-target", score=total, target=rules.target)
    return list(value)


def _fresh_deal(scenario: dict[str, Any], rules: RuleSet, seed: int | str) -> tuple[RoundState, list[Event]]:
    players = scenario.get("players", rules.players)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ScenarioError("bad-players", min=MIN_PLAYERS, max=MAX_PLAYERS)
    dealer = _seat(scenario.get("dealer", 0), players, "dealer")
    deck = _cards(scenario["deck"], "deck")
    if Counter(deck) != Counter(COPIES):
        _check_copies(deck)
        raise ScenarioError("incomplete-deck", count=len(deck))
    return deal(rules, players, dealer, deck, seed)


def _mid_round(scenario: dict[str, Any], rules: RuleSet, seed: int | str) -> RoundState:
    raw_hands = scenario.get("hands")
    if not isinstance(raw_hands, list) or not MIN_PLAYERS <= len(raw_hands) <= MAX_PLAYERS:
        raise ScenarioError("bad-players", min=MIN_PLAYERS, max=MAX_PLAYERS)
    hands = [_cards(hand, "hands") for hand in raw_hands]
    discard = _cards(scenario.get("discard"), "discard")
    if not discard:
        raise ScenarioError("no-discard")
    draw_pile = None if scenario.get("draw_pile") is None else _cards(scenario["draw_pile"], "draw_pile")
    _check_copies([*discard, *(c for hand in hands for c in hand), *(draw_pile or [])])
    turn = _seat(scenario.get("turn", 0), len(hands), "turn")
    direction = scenario.get("direction", 1)
    if direction not in (1, -1) or isinstance(direction, bool):
        raise ScenarioError("bad-direction")
    dealer = _seat(scenario.get("dealer", 0), len(hands), "dealer")
    return RoundState.from_position(hands, discard, _active_color(scenario.get("color"), discard[-1]),
                                    turn, direction, draw_pile, rules, seed, dealer)


def _active_color(value: Any, top: Card) -> Color | None:
    """The active colour: the top card's own, or for a wild on top the one named (required)."""
    if value is None:
        if top.is_wild:
            raise ScenarioError("color-needed", top=top.notation)
        return top.color
    try:
        named = color(value)
    except InvalidCardError:
        raise ScenarioError("unknown-color", color=value) from None
    if not top.is_wild and named is not top.color:
        raise ScenarioError("color-mismatch", top=top.notation, color=named.value)
    return named
