"""Worked examples on the rules pages, by rule id: played by the engine when a page is shown.

Both languages show the same examples, so they live here once. Each entry is (scenario, moves,
last_legal): the scenario and moves as app.pages.examples.run_example takes them, and whether the
page means its last move to be allowed (tests/web/test_rules_pages.py holds the engine to it).
"""
from app.engine.cards import DECK, card
from app.engine.round import HAND_SIZE

from .cards import _play, _position


def _rules(rules: dict | str, scenario: dict, **extra) -> dict:
    return {**scenario, "rules": rules, **extra}


def _seat(seat: int, action: str, **extra) -> dict:
    return {"seat": seat, "action": action, **extra}


def _first_card(*notations: str, players: int = 3) -> dict:
    """A fresh deal by seat 0 (Player 1) from an unshuffled deck whose first turned card is
    ``notations[0]`` (the next ones come next, for a first card that goes back)."""
    deck = list(DECK)
    for place, notation in enumerate(notations, HAND_SIZE * players):
        deck.remove(card(notation))
        deck.insert(place, card(notation))
    return {"players": players, "dealer": 0, "deck": [face.notation for face in deck]}


THREE = ("B1 B2", "Y1 Y2")  # two other players, for effects on "the next player"
BLUFF = _position("R2 G7 WD4", "R5", "G1 Y2", "Y3 B4")
HONEST = _position("B2 G7 WD4", "R5", "G1 Y2", "Y3 B4")
LAST_CARD = _position("R7", "R5", "G1 WD4", "Y1 BS")

EXAMPLES: dict[str, tuple[tuple[dict, list[dict], bool], ...]] = {
    # The first card: Player 2, on the dealer's left, tries to play or names the colour.
    "first.number": ((_first_card("R7"), [_play("R0", seat=1)], True),),
    "first.skip": ((_first_card("RS"), [_play("R0", seat=1)], False),),
    "first.reverse": ((_first_card("BR"), [_play("R0", seat=1)], False),),
    "first.draw-two": ((_first_card("YD2"), [_play("R0", seat=1)], False),),
    "first.wild": ((_first_card("W"), [_seat(1, "color", color="blue")], True),),
    "turn.order": ((_position("B7 R2", "R5", "G1 R9"), [_play("R9", seat=1)], False),),
    "match.color": (
        (_position("R7 B5 G2", "R5", "Y1 Y2"), [_play("R7")], True),
        (_position("G3 B5", "W", "Y1 Y2", color="green"), [_play("G3")], True),
        (_position("RS B7", "R5", "Y1 Y2"), [_play("RS")], True),  # an action card on a number: by colour
    ),
    "match.number": ((_position("R7 B5 G2", "R5", "Y1 Y2"), [_play("B5")], True),),
    "match.symbol": ((_position("BS B7", "GS", *THREE), [_play("BS")], True),),
    "match.none": (
        (_position("B7 G2", "R5", "Y1 Y2"), [_play("B7")], False),
        (_position("BS G2", "R5", "Y1 Y2"), [_play("BS")], False),  # an action card must match too
    ),
    "draw.one": (
        ({**_position("B7 G2", "R5", "Y1 Y2"), "draw_pile": ["R1"]}, [_seat(0, "draw"), _play("R1")], True),
        ({**_position("B7 G2", "R5", "Y1 Y2"), "draw_pile": ["Y4"]}, [_seat(0, "draw")], True),
    ),
    "draw.reshuffle": (
        ({"hands": [["B7", "G2"], ["Y1", "Y2"]], "discard": ["G9", "Y3", "B2", "R5"], "draw_pile": []},
         [_seat(0, "draw")], True),
    ),
    "move.not-in-hand": ((_position("B7 G2", "R5", "Y1 Y2"), [_play("R9")], False),),
    "skip.effect": ((_position("RS G3", "R5", *THREE), [_play("RS")], True),),
    "reverse.effect": ((_position("RR G3", "R5", *THREE), [_play("RR")], True),),
    "draw-two.effect": ((_position("RD2 G3", "R5", *THREE), [_play("RD2")], True),),
    "wild.any-time": ((_position("R7 W", "R5", "B1 B2"), [_play("W", "blue")], True),),
    "wild-draw-four.effect": (
        (_position("B7 WD4 G2", "R5", *THREE), [_play("WD4", "green"), _seat(1, "accept")], True),
    ),
    "wild-draw-four.restriction": (
        (_position("B5 G7 WD4", "R5", "Y1 Y2"), [_play("WD4", "blue")], True),
        (_position("R2 G7 WD4", "R5", "Y1 Y2"), [_play("WD4", "blue")], True),  # a bluff: allowed, at a risk
        (_rules("guide-short", _position("R2 G7 WD4", "R5", "Y1 Y2")), [_play("WD4", "blue")], False),
    ),
    "wild-draw-four.challenge": (
        (BLUFF, [_play("WD4", "blue"), _seat(1, "challenge")], True),
        (HONEST, [_play("WD4", "blue"), _seat(1, "challenge")], True),
    ),
    "uno.call": ((_position("R7 B7", "R5", "G1 G2", "Y1 Y2"), [{**_play("R7"), "uno": True}], True),),
    "uno.catch": (
        (_position("R7 B7", "R5", "G1 R2", "Y1 Y2"), [_play("R7"), _seat(2, "catch", target=0)], True),
        (_position("R7 B7", "R5", "G1 R2", "Y1 Y2"),
         [_play("R7"), _play("R2", seat=1), _seat(2, "catch", target=0)], False),
        (_position("R7 B7", "R5", "G1 R2", "Y1 Y2"),
         [_play("R7"), _seat(0, "uno"), _seat(2, "catch", target=0)], False),
    ),
    "round.end": (
        ({**_position("RD2", "R5", "G1 Y3", "Y1 B2"), "draw_pile": ["B4", "G6"]}, [_play("RD2")], True),
    ),
    "score.winner-collects": ((LAST_CARD, [_play("R7")], True),),
    "score.tally-lowest": ((_rules({"scoring": "tally-lowest"}, LAST_CARD), [_play("R7")], True),),
    "reverse.two-players": (
        (_position("RR R7 G2", "R5", "G1 Y2"), [_play("RR"), _play("R7")], True),
        (_position("RS R7 G2", "R5", "G1 Y2"), [_play("RS"), _play("R7")], True),
        (_position("RD2 R7 G2", "R5", "G1 Y2"), [_play("RD2"), _play("R7")], True),
    ),
    "stacking": (
        (_rules({"stacking": True}, _position("RD2 B7", "R5", "GD2 Y1", "Y2 B3")),
         [_play("RD2"), _play("GD2", seat=1)], True),
    ),
    "draw.until-playable": (
        (_rules({"draw": "until-playable"}, _position("B7 G2", "R5", "Y1 Y2"), draw_pile=["Y4", "G8", "R1"]),
         [_seat(0, "draw"), _play("R1")], True),
    ),
    "seven-zero": (
        (_rules({"seven_zero": True}, _position("R7 B7", "R5", "G1 Y2 B3 G4", "Y3 B4")),
         [{**_play("R7"), "target": 1}], True),
    ),
}
