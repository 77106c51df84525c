"""bench/floor.py, the benchmark's floor, plays the engine's deck and matching rules."""

from collections import Counter

import pytest

from app.engine import DECK, FACES, Action, Color, Kind, Move, RoundState
from bench import floor

COLOURS = {Color.RED: 0, Color.YELLOW: 1, Color.GREEN: 2, Color.BLUE: 3, None: floor.NO_COLOUR}
RANKS = {Kind.SKIP: floor.SKIP, Kind.REVERSE: floor.REVERSE, Kind.DRAW_TWO: floor.DRAW_TWO,
         Kind.WILD: floor.WILD, Kind.WILD_DRAW_FOUR: floor.WILD_DRAW_FOUR}


def as_floor(face) -> int:
    return floor.make_card(COLOURS[face.color], face.number if face.kind is Kind.NUMBER else RANKS[face.kind])


def test_floor__deck_is_the_engines_deck():
    assert Counter(floor.DECK) == Counter(as_floor(face) for face in DECK)


@pytest.mark.parametrize("top", sorted(FACES.values(), key=as_floor), ids=str)
def test_floor__a_card_matches_where_the_engine_accepts_its_play(top):
    hand = list(FACES.values())
    for colour in [top.color] if top.color else list(Color):
        state = RoundState.from_position(hands=[hand, [FACES["R1"]]], discard=[top], color=colour)
        table = floor.Table(2, 0)
        table.colour, table.rank = COLOURS[colour], as_floor(top) & 15
        for face in hand:
            legal = state.check(Move(0, Action.PLAY, face, color=Color.RED if face.is_wild else None)).legal
            assert table.matches(as_floor(face)) is legal, (top, colour, face)


@pytest.mark.parametrize("players", [2, 4, 10])
def test_floor__rounds_end_with_an_empty_hand_and_keep_every_card(players):
    for seed in range(50):
        table = floor.Table(players, seed)
        turns, draw_turns, plays, finished = table.play(10_000)
        assert finished and min(map(len, table.hands)) == 0 and draw_turns < turns <= plays + draw_turns
        assert Counter(table.pile + table.discard + [c for hand in table.hands for c in hand]) == Counter(floor.DECK)
