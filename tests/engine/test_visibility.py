"""Who sees what (app.engine.visibility), over whole games the engine's bots play, for every kind
of viewer: each seat, the table (pass-and-play's log, a watcher without open hands, a teacher), a
watcher with open hands, and the check API's full view.

The games are seeded (the bots' dice too), so they are the same games every run. Every move is
shown to every viewer as a log's step and a view of the state after it, and checked against
what the rules let that viewer know: their own hand, the cards they draw, the hand their own
challenge shows (wild-draw-four.challenge), every card face up on the table. A card face nobody
showed them (another hand's, the draw pile's) must appear nowhere in what they are shown.
"""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

from app.engine import Event, Game, RoundState, Rule, bots, visibility
from app.engine.cards import FACES
from app.engine.visibility import FULL, TABLE, Viewer

GAMES = [  # (rules, players, level, seed): a challenge to bluff into, stacks, 7-0 swaps, long draws
    ("official", 4, "easy", 1), ("official", 3, "normal", 2), ("official", 2, "easy", 3),
    ({"preset": "official", "stacking": True}, 5, "easy", 4),
    ({"preset": "official", "seven_zero": True}, 4, "easy", 5),
    ("guide-long", 6, "easy", 6), ({"preset": "guide-short", "stacking": True, "seven_zero": True}, 3, "normal", 7),
]
MOVES = 400  # per game: several rounds
NOTATION = re.compile(r"^(?:WD4|W|[RYGB](?:D2|S|R|\d))$")
assert all(NOTATION.match(face) for face in FACES)


def viewers(players: int) -> list[Viewer]:
    return [*(visibility.player(seat) for seat in range(players)), TABLE, visibility.watcher(True), FULL]


def notations(value: Any) -> set[str]:
    """Every card face named anywhere in a JSON-like value."""
    if isinstance(value, dict):
        return set().union(*map(notations, value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*map(notations, value))
    return {value} if isinstance(value, str) and NOTATION.match(value) else set()


def played(rules: Any, players: int, level: str, seed: int):
    """Each move of a whole game of bots (new rounds included), as (state before, move, verdict,
    events, state after); a deal has no move."""
    game, events = Game.new(rules, players=players, seed=seed)
    dice = random.Random(seed)
    yield None, None, None, events, game.round
    for _ in range(MOVES):
        state = game.round
        if state.round_over:
            if game.game_over:
                return
            yield None, None, None, game.next_round(), game.round
            continue
        seat = state.actor()
        catcher = next((s for s in range(players) if state.exposed is not None and s != state.exposed), None)
        move = catcher is not None and bots.catch_move(state, catcher, level, dice) or \
            bots.decide(state, seat, level, dice)
        before = state.copy()
        verdict, events = game.attempt(move)
        assert verdict.legal
        yield before, move, verdict, events, game.round


def allowed(viewer: Viewer, events: list[Event], *states: RoundState) -> set[str]:
    """The faces ``viewer`` may know of from ``events`` and ``states``: face up on the table, in a
    hand they may see, or shown to them (a draw of theirs, their challenge's look at a hand)."""
    known = {c.notation for state in states for c in state.discard}
    for state in states:
        known |= {c.notation for seat, hand in enumerate(state.hands) if viewer.open_hands or seat == viewer.seat
                  for c in hand}
        if viewer.privy is not None:
            known |= {c.notation for c in state.hands[viewer.privy]}
    for event in events:
        private = event.params.get("private_to")
        if private is None or viewer.everything or private == viewer.privy:
            known |= notations(event.params)
    return known


def secrets(viewer: Viewer, *states: RoundState) -> set[str]:
    """The faces hidden from ``viewer``: the draw pile's, and the hands they may not see."""
    hidden = {c.notation for state in states for c in state.draw_pile}
    for state in states:
        hidden |= {c.notation for seat, hand in enumerate(state.hands)
                   if not viewer.open_hands and seat not in (viewer.seat, viewer.privy) for c in hand}
    return hidden


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}-{g[1]}p-{g[2]}-seed{g[3]}")
def test_visibility__no_viewer_sees_a_card_nobody_showed_them(game):
    """A face hidden from a viewer appears in no step and no view they are shown, unless something
    they may see holds the same face (the check is by face: a deck has copies). What each viewer
    knows grows through the round and starts again with each deal."""
    rules, players, level, seed = game
    known: dict[Viewer, set[str]] = {}
    for before, move, verdict, events, after in played(*game):
        if move is None:  # a deal: what was known of the last round's cards is no longer true
            known = {}
        states = (after,) if before is None else (before, after)
        for viewer in viewers(players):
            seen = known.setdefault(viewer, set())
            seen |= allowed(viewer, events, *states)
            shown = [visibility.step(move, verdict, events, viewer), visibility.view(after, viewer)]
            leaked = notations(shown) & (secrets(viewer, *states) - seen)
            assert not leaked, (viewer, move, leaked)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}-{g[1]}p-{g[2]}-seed{g[3]}")
def test_visibility__every_viewer_sees_what_the_rules_give_them(game):
    """Each seat its own hand and drawn card, others' as counts; open hands every hand; nobody the
    draw pile or whether a Wild Draw Four was a bluff unless they played it (or see everything);
    a drawn card and a challenge's look at a hand to the one seat they are for."""
    rules, players, level, seed = game
    bluffs = 0
    for _before, move, verdict, events, after in played(*game):
        mover = move and move.seat
        bluffs += bool(verdict and verdict.rule is Rule.WILD_DRAW_FOUR_CHALLENGE and move.card)
        for viewer in viewers(players):
            step = visibility.step(move, verdict, events, viewer)
            for event, raw in zip(step["events"], events, strict=True):
                params = event["params"]
                assert "private_to" not in params
                assert "guilty" not in params or event["kind"] == "challenge"  # a challenge tells everyone
                if event["kind"] in ("draw", "challenge"):
                    assert ("cards" in params) == viewer.sees(params["seat"]), (viewer, event)
                    assert raw.params["private_to"] == params["seat"]  # the drawer; the challenger
                if event["kind"] == "play" and params["card"] == "WD4" and not viewer.sees(params["seat"]):
                    assert not {"held", "case"} & set(params) and event["rule"] != Rule.WILD_DRAW_FOUR_CHALLENGE.value
            if move is not None and move.card is not None and move.card.notation == "WD4" and not viewer.sees(mover):
                assert step["rule"] in (Rule.WILD_DRAW_FOUR_RESTRICTION.value, Rule.STACKING.value)
            view = visibility.view(after, viewer)
            assert "draw_pile" not in view and "guilty" not in repr(view)
            for seat, hand in enumerate(after.hands):
                shows = viewer.open_hands or seat == viewer.seat
                assert view["hands"][seat] == ([c.notation for c in hand] if shows else len(hand))
            waiting = after.pending
            if waiting is not None:
                mine = waiting.kind == "drawn" and waiting.seat == viewer.privy and not viewer.everything
                assert view["pending"] == {"kind": waiting.kind, "seat": waiting.seat,
                                           **({"card": waiting.card.notation} if mine else {})}
                assert visibility.pending(after, viewer)["card"] == (
                    None if waiting.kind == "drawn" and not viewer.sees(waiting.seat) else waiting.card and
                    waiting.card.notation)
    if rules == "official" and level == "easy":
        assert bluffs, "the game should hold a bluff to hide"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}-{g[1]}p-{g[2]}-seed{g[3]}")
def test_visibility__a_watcher_reads_the_owners_log_as_it_would_see_the_game(game):
    """The owner's stored log, narrowed for a watcher, is what the watcher would be shown of the
    game itself; and a pass-and-play log, written for the table, stays as it is."""
    owner = visibility.player(visibility.OWNER)
    for _before, move, verdict, events, _after in played(*game):
        stored = visibility.step(move, verdict, events, owner)
        for open_hands in (False, True):
            watcher = visibility.watcher(open_hands)
            assert visibility.narrow(stored, owner, watcher) == visibility.step(move, verdict, events, watcher)
        shared = visibility.step(move, verdict, events, TABLE)
        assert visibility.narrow(shared, TABLE, TABLE) == shared


BLUFF = Event(("play", Rule.WILD_DRAW_FOUR_CHALLENGE,
              {"seat": 2, "card": "WD4", "case": "bluff", "held": "R3", "color": "red", "named": "blue"}))


@pytest.mark.parametrize("viewer", [visibility.player(0), TABLE, visibility.watcher(True)], ids=repr)
def test_wild_draw_four_challenge__bluff_hidden_from_every_other_viewer(viewer):
    """wild-draw-four.challenge: whether another seat's Wild Draw Four was a bluff stays hidden,
    even from an event that carried the verdict's facts; its player and the full view see them."""
    shown = visibility.event_dict(BLUFF, viewer)
    assert "held" not in shown["params"] and "case" not in shown["params"]
    assert shown["rule"] == Rule.WILD_DRAW_FOUR_RESTRICTION.value  # the same rule an honest play shows
    for privy in (visibility.player(2), FULL):
        assert visibility.event_dict(BLUFF, privy)["params"]["held"] == "R3"


def test_draw_one__drawn_card_shown_to_its_drawer_only():
    drawn = Event(("draw", Rule.DRAW_ONE, {"seat": 1, "count": 1, "cards": ["R5"], "private_to": 1}))
    hidden = {"kind": "draw", "rule": "draw.one", "params": {"seat": 1, "count": 1}}
    for viewer in (visibility.player(0), visibility.player(2), TABLE, visibility.watcher(True)):
        assert visibility.event_dict(drawn, viewer) == hidden
    for viewer in (visibility.player(1), FULL):
        assert visibility.event_dict(drawn, viewer)["params"] == {"seat": 1, "count": 1, "cards": ["R5"]}
    assert drawn.params["private_to"] == 1  # the engine's event is left as it was
