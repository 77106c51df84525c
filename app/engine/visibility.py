"""Who sees what: the one place that decides what of a round each viewer may see.

It sits in the engine, a leaf (no Flask, no words), because it decides from the engine's own
values — events, the round's state, its pending decision, verdicts — and every page and answer
that shows a game sits above the engine: a change to who may see a card touches this module only.

A ``Viewer`` is one of:

- ``player(seat)``: someone holding a seat (the learner, the pass-and-play holder, a lesson's
  learner, a person at a table of people: app.tables). They see their own hand, the cards they draw, the hand their own challenge shows
  (wild-draw-four.challenge: to the challenger only), their own drawn card waiting to be played or
  kept, and the verdict on their own Wild Draw Four. Of the other seats: counts only.
- ``TABLE``: someone at the table who holds no seat and no hand: the log every pass-and-play
  player reads, the pass screen, a watch link without open hands (a teacher's is always one).
  Counts only, no card anyone drew, no hand a challenge showed.
- ``watcher(open_hands=True)``: every hand as cards, and the log as the game's owner (seat 0)
  reads it: the owner's drawn cards, nobody else's. Holds no seat.
- ``FULL``: the check API and the presenter's demos, teaching tools: every hand, every drawn
  card, every fact.

Nobody ever sees the draw pile's order (its size only), nor ``Pending.guilty``. Whether another
seat's Wild Draw Four was a bluff is never shown before a challenge: the engine's play event
leaves the bluff out (``applying._play_wild``); what could still tell it is the verdict — its rule
(challenge for a bluff, restriction for an honest play) and its facts (``held``, ``case``) — so
another seat's unstacked Wild Draw Four is judged, to its viewers, by the restriction, whatever it
was, and its play is told by the effect, as the engine tells it. Inside a stack there is no bluff
to hide: the stacking rule stays. Once a round is over every hand is shown
(``revealed``): the points are counted in the open.

Logs are stored already narrowed for their reader (``step``); ``narrow`` narrows such a stored
step further, for a watcher of the owner's game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .moves import Move
from .round import RoundState, hand_notations
from .rules import Rule
from .verdict import Event, Verdict
from .vocabulary import EventKind, PendingKind

OWNER = 0  # the seat a practice game's owner holds: a watcher with open hands reads their log


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: ``seat``, the seat held (None: none); ``privy``, the seat whose private cards
    are seen (drawn cards, a challenge's showing; None: nobody's); ``open_hands``: every hand seen
    as cards; ``everything``: every private card and fact (the check API)."""

    seat: int | None = None
    privy: int | None = None
    open_hands: bool = False
    everything: bool = False

    def sees(self, owner: int | None) -> bool:
        """Whether the private cards of ``owner``'s seat reach this viewer."""
        return self.everything or (owner is not None and owner == self.privy)


def player(seat: int) -> Viewer:
    """Someone holding ``seat``."""
    return Viewer(seat, seat)


TABLE = Viewer()
FULL = Viewer(open_hands=True, everything=True)


def watcher(open_hands: bool) -> Viewer:
    """Someone following the owner's game from a watch link: with open hands every hand as cards
    and the owner's log as it is stored; without, what the table sees."""
    return Viewer(None, OWNER, True) if open_hands else TABLE


# --- events ---------------------------------------------------------------------------------------

_RESTRICTION = Rule.WILD_DRAW_FOUR_RESTRICTION
_TELLS_BLUFF = ("held", "case")  # a Wild Draw Four's facts that tell a bluff from an honest play
_PRIVATE_CARDS = frozenset({EventKind.DRAW, EventKind.CHALLENGE})  # events whose ``cards`` are one seat's to see


def hides_bluff(card: str | None, rule: Rule, mover: int | None, viewer: Viewer) -> bool:
    """Whether a play of ``card`` by ``mover``, judged or carried out by ``rule``, is another
    seat's Wild Draw Four whose bluff ``viewer`` may not learn (a stacked one has none)."""
    return card == "WD4" and rule is not Rule.STACKING and mover != viewer.privy and not viewer.everything


def _rule_seen(card: str | None, rule: Rule, mover: int | None, viewer: Viewer) -> Rule:
    """The rule ``viewer`` is shown for a play: another seat's Wild Draw Four judged by the
    challenge rule (a bluff) reads as the restriction, as an honest one is judged."""
    if rule is Rule.WILD_DRAW_FOUR_CHALLENGE and hides_bluff(card, rule, mover, viewer):
        return _RESTRICTION
    return rule


def event_dict(event: Event, viewer: Viewer, mover: int | None = None) -> dict[str, Any]:
    """``event`` as ``viewer`` may see it, as the JSON's dict (``mover``: who made the move, for
    events that name no seat). Built directly, no Event made on the way: this runs for every event
    of every move. The engine's event is left as it was."""
    params = event.params
    if "private_to" in params:  # the marker goes; the cards stay only for whom they are private to
        params = params.copy()
        private = params.pop("private_to")
        if not (viewer.everything or private is not None and private == viewer.privy):  # ``sees``, inline
            params.pop("cards", None)
    kind, rule = event.kind, event.rule
    if kind == EventKind.PLAY and params.get("card") == "WD4" and hides_bluff("WD4", rule, params.get("seat", mover), viewer):
        rule = _rule_seen("WD4", rule, params.get("seat", mover), viewer)
        params = {k: v for k, v in params.items() if k not in _TELLS_BLUFF}
    return {"kind": kind, "rule": str(rule), "params": params}


def event(event: Event, viewer: Viewer, mover: int | None = None) -> Event:
    """``event`` as ``viewer`` may see it (``event_dict``), as an Event to word."""
    shown = event_dict(event, viewer, mover)
    return Event((shown["kind"], Rule(shown["rule"]), shown["params"]))


def step(move: Move | None, verdict: Verdict | None, events: list[Event], viewer: Viewer) -> dict[str, Any]:
    """One move, its verdict's rule and its events as ``viewer`` may see them: a log's step (a deal
    or a new round has no move)."""
    seat = rule = None
    if move is not None:
        assert verdict is not None  # a move always comes with its verdict
        seat = move.seat
        rule = str(_rule_seen(verdict.params.get("card"), verdict.rule, seat, viewer))
    return {"seat": seat, "move": move and move.to_dict(), "rule": rule,
            "events": [event_dict(e, viewer, seat) for e in events]}


def narrow(stored: dict[str, Any], written_for: Viewer, viewer: Viewer) -> dict[str, Any]:
    """A step of a log stored as ``written_for`` sees it (``step``), as ``viewer`` may see it,
    who sees no more than that reader (a watcher of the owner's log). Cards still in the stored
    draws and challenges are ``written_for``'s own: they go unless ``viewer`` sees that seat's."""
    owner = written_for.privy
    if viewer.sees(owner):
        return stored
    move, rule = stored["move"], stored["rule"]
    if move and move.get("card") == "WD4":
        rule = str(_rule_seen("WD4", Rule(rule), stored["seat"], viewer))
    events = [{**e, "params": {k: v for k, v in e["params"].items() if k != "cards"}}
              if e["kind"] in _PRIVATE_CARDS and "cards" in e["params"] else e for e in stored["events"]]
    return {**stored, "rule": rule, "events": events}


# --- the state ------------------------------------------------------------------------------------

def pending(state: RoundState, viewer: Viewer) -> dict[str, Any] | None:
    """The decision play waits for as ``viewer`` may see it: never whether a Wild Draw Four was a
    bluff, and a drawn card only to the seat that drew it (a penalty card lies on the pile)."""
    waiting = state.pending
    if waiting is None:
        return None
    card = waiting.card
    if waiting.kind == PendingKind.DRAWN and not viewer.sees(waiting.seat):
        card = None
    return {"kind": waiting.kind, "seat": waiting.seat, "card": card and card.notation,
            "amount": waiting.amount, "offender": waiting.offender}


def view(state: RoundState, viewer: Viewer) -> dict[str, Any]:
    """The state in the check API's names as ``viewer`` may see it: the hands they may see as
    cards, the others' as counts; the draw pile's size, never its cards; the pending decision's
    kind and seat, and the drawn card to its drawer; ``seat``, the seat held (not in the full
    view)."""
    waiting = state.pending
    hands = [hand_notations([hand])[0] if viewer.open_hands or s == viewer.seat else len(hand)
             for s, hand in enumerate(state.hands)]
    shown: dict[str, Any] = {
        "turn": state.turn, "direction": state.direction, "color": state.color and str(state.color),
        "top": state.top.notation, "hands": hands,
        "draw_pile_size": len(state.draw_pile), "discard_size": len(state.discard),
        "pending": waiting and {"kind": waiting.kind, "seat": waiting.seat}, "uno": list(state.uno_said),
        "round_over": state.round_over, "winner": state.winner, "round_points": state.round_points(),
    }
    if viewer.everything:
        return shown
    if waiting is not None and waiting.kind == PendingKind.DRAWN and waiting.seat == viewer.privy:
        shown["pending"]["card"] = waiting.card and waiting.card.notation
    shown["seat"] = viewer.seat
    return shown


def revealed(state: RoundState) -> list[list[str]] | None:
    """Every hand, to every viewer, once the round is over (the points are counted in the open);
    None while it goes on."""
    return hand_notations(state.hands) if state.round_over else None
