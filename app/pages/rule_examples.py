"""Worked examples on the rules pages, by rule id: played by the engine when a page is shown.

Both languages show the same examples, so they live here once. Each entry is (scenario, moves,
last_legal): the scenario and moves as app.pages.examples.run_example takes them, and whether the
page means its last move to be allowed (tests/web/test_rules_pages.py holds the engine to it).
"""
from app.scenes.notation import act, first_card, play, position, with_rules


THREE = ("B1 B2", "Y1 Y2")  # two other players, for effects on "the next player"
BLUFF = position("R2 G7 WD4", "R5", "G1 Y2", "Y3 B4")
HONEST = position("B2 G7 WD4", "R5", "G1 Y2", "Y3 B4")
LAST_CARD = position("R7", "R5", "G1 WD4", "Y1 BS")

EXAMPLES: dict[str, tuple[tuple[dict, list[dict], bool], ...]] = {
    # The first card: Player 2, on the dealer's left, tries to play or names the colour.
    "first.number": ((first_card("R7"), [play(1, "R0")], True),),
    "first.skip": ((first_card("RS"), [play(1, "R0")], False),),
    "first.reverse": ((first_card("BR"), [play(1, "R0")], False),),
    "first.draw-two": ((first_card("YD2"), [play(1, "R0")], False),),
    "first.wild": ((first_card("W"), [act(1, "color", color="blue")], True),),
    "turn.order": ((position("B7 R2", "R5", "G1 R9"), [play(1, "R9")], False),),
    "match.color": (
        (position("R7 B5 G2", "R5", "Y1 Y2"), [play(0, "R7")], True),
        (position("G3 B5", "W", "Y1 Y2", color="green"), [play(0, "G3")], True),
        (position("RS B7", "R5", "Y1 Y2"), [play(0, "RS")], True),  # an action card on a number: by colour
    ),
    "match.number": ((position("R7 B5 G2", "R5", "Y1 Y2"), [play(0, "B5")], True),),
    "match.symbol": ((position("BS B7", "GS", *THREE), [play(0, "BS")], True),),
    "match.none": (
        (position("B7 G2", "R5", "Y1 Y2"), [play(0, "B7")], False),
        (position("BS G2", "R5", "Y1 Y2"), [play(0, "BS")], False),  # an action card must match too
    ),
    "draw.one": (
        ({**position("B7 G2", "R5", "Y1 Y2"), "draw_pile": ["R1"]}, [act(0, "draw"), play(0, "R1")], True),
        ({**position("B7 G2", "R5", "Y1 Y2"), "draw_pile": ["Y4"]}, [act(0, "draw")], True),
    ),
    "draw.reshuffle": (
        ({"hands": [["B7", "G2"], ["Y1", "Y2"]], "discard": ["G9", "Y3", "B2", "R5"], "draw_pile": []},
         [act(0, "draw")], True),
    ),
    "move.not-in-hand": ((position("B7 G2", "R5", "Y1 Y2"), [play(0, "R9")], False),),
    "skip.effect": ((position("RS G3", "R5", *THREE), [play(0, "RS")], True),),
    "reverse.effect": ((position("RR G3", "R5", *THREE), [play(0, "RR")], True),),
    "draw-two.effect": ((position("RD2 G3", "R5", *THREE), [play(0, "RD2")], True),),
    "wild.any-time": ((position("R7 W", "R5", "B1 B2"), [play(0, "W", color="blue")], True),),
    "wild-draw-four.effect": (
        (position("B7 WD4 G2", "R5", *THREE), [play(0, "WD4", color="green"), act(1, "accept")], True),
    ),
    "wild-draw-four.restriction": (
        (position("B5 G7 WD4", "R5", "Y1 Y2"), [play(0, "WD4", color="blue")], True),
        (position("R2 G7 WD4", "R5", "Y1 Y2"), [play(0, "WD4", color="blue")], True),  # a bluff: allowed, at a risk
        (with_rules("guide-short", position("R2 G7 WD4", "R5", "Y1 Y2")), [play(0, "WD4", color="blue")], False),
    ),
    "wild-draw-four.challenge": (
        (BLUFF, [play(0, "WD4", color="blue"), act(1, "challenge")], True),
        (HONEST, [play(0, "WD4", color="blue"), act(1, "challenge")], True),
    ),
    "uno.call": ((position("R7 B7", "R5", "G1 G2", "Y1 Y2"), [play(0, "R7", uno=True)], True),),
    "uno.catch": (
        (position("R7 B7", "R5", "G1 R2", "Y1 Y2"), [play(0, "R7"), act(2, "catch", target=0)], True),
        (position("R7 B7", "R5", "G1 R2", "Y1 Y2"),
         [play(0, "R7"), play(1, "R2"), act(2, "catch", target=0)], False),
        (position("R7 B7", "R5", "G1 R2", "Y1 Y2"),
         [play(0, "R7"), act(0, "uno"), act(2, "catch", target=0)], False),
    ),
    "round.end": (
        ({**position("RD2", "R5", "G1 Y3", "Y1 B2"), "draw_pile": ["B4", "G6"]}, [play(0, "RD2")], True),
    ),
    "score.winner-collects": ((LAST_CARD, [play(0, "R7")], True),),
    "score.tally-lowest": ((with_rules({"scoring": "tally-lowest"}, LAST_CARD), [play(0, "R7")], True),),
    "reverse.two-players": (
        (position("RR R7 G2", "R5", "G1 Y2"), [play(0, "RR"), play(0, "R7")], True),
        (position("RS R7 G2", "R5", "G1 Y2"), [play(0, "RS"), play(0, "R7")], True),
        (position("RD2 R7 G2", "R5", "G1 Y2"), [play(0, "RD2"), play(0, "R7")], True),
    ),
    "stacking": (
        (with_rules({"stacking": True}, position("RD2 B7", "R5", "GD2 Y1", "Y2 B3")),
         [play(0, "RD2"), play(1, "GD2")], True),
    ),
    "draw.until-playable": (
        (with_rules({"draw": "until-playable"}, position("B7 G2", "R5", "Y1 Y2"), draw_pile=["Y4", "G8", "R1"]),
         [act(0, "draw"), play(0, "R1")], True),
    ),
    "seven-zero": (
        (with_rules({"seven_zero": True}, position("R7 B7", "R5", "G1 Y2 B3 G4", "Y3 B4")),
         [play(0, "R7", target=1)], True),
    ),
}
