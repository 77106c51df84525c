"""app.fast_json: orjson's speed, the standard library's reach."""
from dataclasses import dataclass

import json

import pytest

from app.fast_json import dumps, dumps_bytes, loads


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


@pytest.mark.parametrize("number", [0, -1, 2**63 - 1, -2**63, 2**64 - 1, 2**64, -2**63 - 1, 10**30, -10**30])
def test_loads_keeps_every_integer_exact(number):
    text = dumps({"seed": number, "cards": ["R5", "أونو"]})
    assert loads(text) == json.loads(text)
    assert type(loads(text)["seed"]) is int


def test_loads_reads_what_dumps_wrote():
    value = {"b": "أونو", "a": [1, None, True, 2.5, {"x": []}], "seed": "1234567890123456789012"}
    assert loads(dumps(value)) == value


@pytest.mark.parametrize("body", [
    b'{"version": 3, "move": {"action": "draw"}}', '{"a": "أونو"}'.encode(), b'{"a": NaN, "b": -Infinity}',
    b'{"x": "\\ud800"}', b'\xef\xbb\xbf{"a": 1}', '{"a": 1}'.encode("utf-16"), b' [1, 2.5e3, -0.0] ',
    b'{"seed": 123456789012345678901234567890}', b'{"a": 1, "a": 2}',
])
def test_loads_reads_a_body_as_the_standard_library_does(body):
    assert repr(loads(body)) == repr(json.loads(body))


@pytest.mark.parametrize("body", [b'{"a": ', b'[1,]', b'\xff', b'{"a": 1} x', b''])
def test_loads_refuses_what_the_standard_library_refuses(body):
    with pytest.raises(ValueError):
        json.loads(body)
    with pytest.raises(ValueError):
        loads(body)
