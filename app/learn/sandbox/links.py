"""The position a sandbox link gives: ``?scenario=`` and ``?moves=`` as JSON, read with a limit on
their length and on their numbers, so that a link the page can't read is refused in words
(SandboxError) and everything else is left for the engine to judge.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...fast_json import NumberTooLarge, read_input
from .builder import SandboxError

MAX_LINK_LENGTH = 8000  # characters of ?scenario= or ?moves= read at most


def read_link(args: Mapping[str, str]) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The position a link gives (``?scenario=`` and ``?moves=`` as JSON), or None without one.
    SandboxError for JSON that can't be read; the engine judges the rest."""
    if "scenario" not in args:
        return None
    scenario = _json(args["scenario"], "scenario")
    moves = _json(args["moves"], "moves") if args.get("moves") else []
    if not isinstance(moves, list):
        raise SandboxError("bad-moves", field="moves")
    return scenario, moves


def _json(text: str, part: str) -> Any:
    if len(text) > MAX_LINK_LENGTH:
        raise SandboxError("link-too-long", field=part, part=part)
    try:
        return read_input(text)
    except NumberTooLarge:
        raise SandboxError("link-number", field=part, part=part) from None
    except ValueError:  # also nesting too deep, or a lone surrogate
        raise SandboxError("link-json", field=part, part=part) from None
