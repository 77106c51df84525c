"""What the engine says back: verdicts for checks, events for state changes.

Both are values, never sentences: a rule id and parameters that the web layer words in the
reader's language. Both are immutable (tuples: no field can be set afterwards), and the engine
never writes into a ``params`` it has handed out, so a verdict's facts stay as they were judged.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from .rules import Rule
from .vocabulary import EventKind


class Verdict(NamedTuple):
    """Whether a move is legal, which rule says so, and the facts the explanation needs."""

    legal: bool
    rule: Rule
    params: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"legal": self.legal, "rule": str(self.rule), "params": self.params}


class Event(tuple[EventKind, Rule, dict[str, Any]]):
    """One change to the state, with the rule that caused it: ``Event((kind, rule, params))``.

    ``kind`` names the change (app.engine.vocabulary); ``params`` carries seats, cards, colours
    and counts. Cards drawn by a seat are in ``params["cards"]``, marked ``private_to`` that seat:
    app.engine.visibility hides them from everyone else.

    Built from one triple, as ``time.struct_time`` is: a tuple subclass with no ``__new__`` of its
    own is made by C alone. Every move makes one or two, and a named tuple's generated ``__new__``
    (or a frozen dataclass's ``object.__setattr__``) made the engine's turn some 5 % (25 %)
    slower than the mutable dataclass it replaces (bench/engine.py); this one is faster than that.
    """

    __slots__ = ()

    if TYPE_CHECKING:
        @property
        def kind(self) -> EventKind: ...

        @property
        def rule(self) -> Rule: ...

        @property
        def params(self) -> dict[str, Any]: ...
    else:
        kind, rule, params = (property(itemgetter(i)) for i in range(3))

    def __repr__(self) -> str:
        return f"Event({tuple(self)!r})"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "rule": str(self.rule), "params": self.params}


class IllegalMoveError(Exception):
    """A well-formed move that the rules forbid; carries the verdict. The state is unchanged."""

    def __init__(self, verdict: Verdict):
        super().__init__(f"{verdict.rule}: {verdict.params}")
        self.verdict = verdict


class InvalidMoveError(ValueError):
    """A move that cannot even be read (unknown action, bad notation, seat out of range)."""
