"""What the engine says back: verdicts for checks, events for state changes.

Both are values, never sentences: a rule id and parameters that the web layer words in the
reader's language. Both are immutable (tuples: no field can be set afterwards), and the engine
never writes into a ``params`` it has handed out, so a verdict's facts stay as they were judged.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple, Self, SupportsIndex, overload

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


class Events(list[Event]):
    """The events of one move (or deal), recorded compactly and made into ``Event`` values when read.

    The engine records each change as the plain triple ``(kind, rule, params)`` (``record`` is
    ``list.append`` itself) and makes the Event of it the first time the list's items are read: in
    place, once, so every reader after that holds the same values. Counting them (``len``, truth)
    reads no item, so a caller that only counts — the engine bench, a look-ahead that wants the
    state — makes none. An Event is a tuple subclass, and making and freeing one costs more than
    its params dict: recording the triples took the engine bench's turn (bench/engine.py, 2
    players, callgrind) from 44,008 instructions to 42,719.

    Every way of reading items builds them first (iterating, indexing, slicing, ``reversed``,
    ``pop``, ``copy``, ``+`` either side, ``+=``, ``repr``, pickling). What C reads without asking —
    ``==``, ``in``, ``index``, ``count``, ``json`` — compares or writes the triple, which equals
    its Event: an Event is the same tuple, with names for its parts.
    """

    __slots__ = ()

    if TYPE_CHECKING:
        def record(self, event: tuple[EventKind, Rule, dict[str, Any]], /) -> None: ...
    else:
        record = list.append

    def _build(self) -> None:
        for index, item in enumerate(list.__iter__(self)):
            if type(item) is tuple:
                list.__setitem__(self, index, Event(item))

    def __iter__(self) -> Iterator[Event]:
        self._build()
        return list.__iter__(self)

    def __reversed__(self) -> Iterator[Event]:
        self._build()
        return list.__reversed__(self)

    @overload
    def __getitem__(self, index: SupportsIndex, /) -> Event: ...

    @overload
    def __getitem__(self, index: slice, /) -> list[Event]: ...

    def __getitem__(self, index: SupportsIndex | slice, /) -> Event | list[Event]:
        self._build()
        return list.__getitem__(self, index)

    def pop(self, index: SupportsIndex = -1, /) -> Event:
        self._build()
        return list.pop(self, index)

    def copy(self) -> list[Event]:
        self._build()
        return list.copy(self)

    def __add__(self, other: list[Event]) -> list[Event]:  # type: ignore[override]
        return [*self, *other]

    def __radd__(self, other: list[Event]) -> list[Event]:
        return [*other, *self]

    def __iadd__(self, other: Iterable[Event]) -> Self:  # type: ignore[override]
        self.extend(other)  # in place, as a list's: defining ``+`` would otherwise make it a new list
        return self

    def __repr__(self) -> str:
        self._build()
        return list.__repr__(self)

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        self._build()
        return list.__reduce_ex__(self, protocol)


class IllegalMoveError(Exception):
    """A well-formed move that the rules forbid; carries the verdict. The state is unchanged."""

    def __init__(self, verdict: Verdict):
        super().__init__(f"{verdict.rule}: {verdict.params}")
        self.verdict = verdict


class InvalidMoveError(ValueError):
    """A move that cannot even be read (unknown action, bad notation, seat out of range)."""
