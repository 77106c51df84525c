"""A page's worked example as a scene: a position, the moves played on it, and what the engine
must say about the last move.

The page never shows ``legal`` or ``rule``: it plays the moves on the engine when it is built and
shows the engine's verdicts (app.pages.examples). They are what the page's prose means the
example to show, so tests/web/test_scene_catalogue.py holds the page and the check API to them: a
change in the engine that turns an example around fails there, not silently on the page.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine.rules import Rule


@dataclass(frozen=True, eq=False)
class Example:
    scenario: dict[str, Any]
    moves: tuple[dict[str, Any], ...]  # every one but the last is legal (app.replay insists)
    legal: bool  # the engine allows the last move
    rule: Rule  # the rule of the engine's verdict on the last move


def allowed(rule: Rule, scenario: dict[str, Any], *moves: dict[str, Any]) -> Example:
    """An example whose last move the engine allows, by ``rule``."""
    return Example(scenario, moves, True, rule)


def refused(rule: Rule, scenario: dict[str, Any], *moves: dict[str, Any]) -> Example:
    """An example whose last move the engine refuses, by ``rule``."""
    return Example(scenario, moves, False, rule)
