"""What the engine says back: verdicts for checks, events for state changes.

Both are values, never sentences: a rule id and parameters that the web layer words in the
reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rules import Rule


@dataclass(slots=True)
class Verdict:
    """Whether a move is legal, which rule says so, and the facts the explanation needs."""

    legal: bool
    rule: Rule
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"legal": self.legal, "rule": str(self.rule), "params": self.params}


@dataclass(slots=True)
class Event:
    """One change to the state, with the rule that caused it.

    ``kind`` names the change (``play``, ``draw``, ``skip``…); ``params`` carries seats, cards,
    colours and counts. Cards drawn by a seat are in ``params["cards"]``, marked ``private_to``
    that seat: app.engine.visibility hides them from everyone else.
    """

    kind: str
    rule: Rule
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "rule": str(self.rule), "params": self.params}


class IllegalMoveError(Exception):
    """A well-formed move that the rules forbid; carries the verdict. The state is unchanged."""

    def __init__(self, verdict: Verdict):
        super().__init__(f"{verdict.rule}: {verdict.params}")
        self.verdict = verdict


class InvalidMoveError(ValueError):
    """A move that cannot even be read (unknown action, bad notation, seat out of range)."""
