"""The builder's fields read back from a position: the other half of the round trip
(app.learn.sandbox.builder writes a position from the fields), so that a link loads into the form it
would be built from. A lead-in the form can't say is kept as pending "link"; a scenario the engine
refused is read as far as it can be (``raw_values``), for the learner to mend.
"""
from __future__ import annotations

from typing import Any

from ...engine.cards import FACES, Color, Kind, card
from ...engine.round import RoundState
from ...engine.rules import OPTIONS, PRESETS, RuleSet
from ...engine.scenario import from_scenario
from .builder import Builder


def from_position(scenario: dict[str, Any], moves: list[dict[str, Any]]) -> Builder:
    """The fields that describe ``scenario`` and its lead-in (as far as the form can say it; other
    lead-in moves are kept as pending "link"). The scenario must be one the engine accepts."""
    state, _setup = from_scenario(scenario)
    hands = [[c.notation for c in hand] for hand in state.hands]
    preset, switches, extras = _rules_fields(scenario.get("rules", "official"), state.rules)
    built = Builder(hand=hands[0], top=state.top.notation, color=state.color and state.color.value,
                    players=state.players, turn=state.turn, direction=state.direction, preset=preset,
                    switches=switches, extra_rules=extras)
    pending = _pending_move(state, moves)
    if pending == "drawn":
        built.pending, built.drawn = "drawn", state.draw_pile[-1].notation
    elif pending in ("wild-draw-four", "draw-two"):
        offender, played = state.turn, moves[0]["card"]
        hands[offender].remove(card(played).notation)
        built.pending, built.turn = pending, state.next_seat(offender)
        if pending == "wild-draw-four":
            built.named = moves[0].get("color")
            built.bluff = any(c.color is state.color for c in state.hands[offender] if not c.is_wild)
        if offender == 0:
            built.hand = hands[0]
    elif moves:
        built.pending, built.moves = "link", list(moves)
    built.counts = {seat: len(hands[seat]) for seat in range(1, state.players)}
    built.others = {seat: hands[seat] for seat in range(1, state.players)}
    return built


def _pending_move(state: RoundState, moves: list[dict[str, Any]]) -> str | None:
    """Which of the builder's pending decisions a lead-in is, if it is one of them."""
    if len(moves) != 1 or not isinstance(moves[0], dict) or moves[0].get("seat") != state.turn:
        return None
    move = moves[0]
    if set(move) == {"seat", "action"} and move["action"] == "draw" and state.draw_pile:
        return "drawn"
    if move.get("action") != "play" or set(move) - {"seat", "action", "card", "color"}:
        return None
    played = FACES.get(str(move.get("card", "")).upper())
    if played is None or played.notation != move["card"] or played not in state.hands[state.turn]:
        return None
    if played.kind is Kind.WILD_DRAW_FOUR and move.get("color") in {c.value for c in Color}:
        return "wild-draw-four"
    if played.kind is Kind.DRAW_TWO and played.color is state.color and "color" not in move:
        return "draw-two"
    return None


def _rules_fields(spec: Any, rules: RuleSet) -> tuple[str, frozenset[str], dict[str, Any]]:
    """The preset, the house-rule switches on, and the other options set beside the preset."""
    preset = spec if isinstance(spec, str) else spec.get("preset", "official") if spec else "official"  # null: official
    base = PRESETS[preset]
    switches = frozenset(name for name, on in (("stacking", rules.stacking), ("seven_zero", rules.seven_zero),
                                               ("draw_until_playable", rules.draw == "until-playable")) if on)
    extras = {name: getattr(rules, name) for name in OPTIONS  # the switches are fields of their own
              if name not in ("stacking", "seven_zero", "draw", "players") and getattr(rules, name) != getattr(base, name)}
    return preset, switches, extras


def raw_values(scenario: Any) -> dict[str, str]:
    """The form's fields read from a scenario the engine refused, as far as they can be read, so
    the learner sees what the link said and can mend it (the engine says what is wrong)."""
    if not isinstance(scenario, dict):
        return {}
    values: dict[str, str] = {}
    hands, discard = scenario.get("hands"), scenario.get("discard")
    if isinstance(hands, list) and hands and all(isinstance(hand, list) for hand in hands):
        values["hand"] = " ".join(map(str, hands[0]))
        values["players"] = str(len(hands))
        values.update({f"count{seat}": str(len(hand)) for seat, hand in enumerate(hands) if seat})
    if isinstance(discard, list) and discard:
        values["top"] = str(discard[-1])
    for name in ("color", "turn", "direction"):
        if name in scenario:
            values[name] = str(scenario[name])
    rules = scenario.get("rules", "official")
    values["preset"] = rules if isinstance(rules, str) else str(rules.get("preset", "official")) \
        if isinstance(rules, dict) else "official"
    return values
