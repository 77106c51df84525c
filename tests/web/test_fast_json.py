"""app.fast_json: orjson's speed, the standard library's reach."""
from dataclasses import dataclass

from app.fast_json import dumps, dumps_bytes


def test_compact_utf8_and_keys_in_the_order_given():
    assert dumps({"b": "أونو", "a": [1, None, True, 2.5]}) == '{"b":"أونو","a":[1,null,true,2.5]}'
    assert dumps_bytes({"b": "أونو"}) == '{"b":"أونو"}'.encode()


def test_what_orjson_refuses_goes_to_the_standard_library():
    assert dumps({"seed": 10**30}) == '{"seed":1000000000000000000000000000000}'
    assert dumps({1: "x", "cards": {0: "R5"}}) == '{"1":"x","cards":{"0":"R5"}}'


def test_default_is_used_by_both_encoders():
    class Card:
        def __str__(self):
            return "R5"
    assert dumps({"card": Card()}, str) == '{"card":"R5"}'
    assert dumps({1: Card()}, str) == '{"1":"R5"}'


def test_dataclasses_are_objects():
    @dataclass
    class Point:
        x: int
    assert dumps([Point(1)]) == '[{"x":1}]'
