"""JSON text for answers and for the game store: orjson, with the standard library behind it.

Every practice move stores its state and steps and answers with a few kilobytes of JSON. With
the standard library's encoder, JSON was the biggest single cost of a move; orjson writes the
same text in a small fraction of that time. What orjson refuses (an integer beyond 64 bits, a non-string key) goes to the standard
encoder instead, so anything the standard library could write still can be.

Reading: ``loads`` reads the game store's states (whenever a game is not in the process's memory)
and the JSON API's request bodies, where the standard library's decoder, called from Python,
cost more than the rest of reading a move. Whatever orjson refuses goes to the standard library,
so a body reads exactly as ``json.loads`` reads it.

A client's JSON (an API body, a sandbox link) is read by ``read_input``: as ``loads``, but never
deeper than ``MAX_DEPTH`` levels (a value nested a thousand deep made ``str()`` and ``repr()``
overflow the stack further on), never with a lone surrogate (the answer could not be encoded),
never with NaN or Infinity (not JSON: Python's reader takes them, and messages then said "nan"),
and a number no Python value holds (an integer past ``int``'s 4,300 digits, 1e400) is
``NumberTooLarge``, which a caller can name, not a ValueError deep inside a view (a 500).
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any, TypedDict, Unpack, cast

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider

Default = Callable[[Any], Any] | None


class Hooks(TypedDict, total=False):
    """The ``parse_*`` hooks of ``json.loads`` that ``loads`` passes on."""

    parse_int: Callable[[str], Any]
    parse_float: Callable[[str], Any]
    parse_constant: Callable[[str], Any]


def dumps_bytes(obj: Any, default: Default = None) -> bytes:
    """Compact UTF-8 JSON; keys in the order the code built them."""
    try:
        return orjson.dumps(obj, default=default)
    except TypeError:
        return _fallback(default)(obj).encode()


def dumps(obj: Any, default: Default = None) -> str:
    return dumps_bytes(obj, default).decode()


def loads(text: str | bytes, **hooks: Unpack[Hooks]) -> Any:
    """Parsed JSON, as ``json.loads`` gives it. orjson reads an integer beyond 64 bits as a
    float, so a text with a run of 19 digits or more (a seed can be any integer) goes to the
    standard library, which keeps it exact. (The run is found by mapping every digit to "9":
    the re module takes longer to find it than json.loads takes to read the whole text.) So does
    a text orjson refuses: the standard library also reads NaN, a lone surrogate, UTF-16, or
    says what is wrong. ``hooks`` are ``json.loads``'s ``parse_*`` hooks, for the standard
    library's reading only: orjson reads no text that they would change (it refuses NaN,
    Infinity and a number past a double's range)."""
    data = text.encode() if isinstance(text, str) else text
    if data.translate(_DIGITS_TO_NINES).find(_LONG_NUMBER) < 0:
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text, **hooks)


class NumberTooLarge(ValueError):
    """A client's JSON number that no Python number holds: an integer of more digits than ``int``
    reads (4,300), or a number past a float's range (1e400, which Python reads as infinity)."""


def _client_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # the only one int() raises for JSON's digits: too many of them
        raise NumberTooLarge("integer too long") from None


def _client_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise NumberTooLarge("number too large")
    return value


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON")


_CLIENT_HOOKS: Hooks = {"parse_int": _client_int, "parse_float": _client_float, "parse_constant": _not_json}


MAX_DEPTH = 32  # levels of arrays and objects in a client's JSON; the API's deepest body has four


def read_input(text: str | bytes) -> Any:
    """A client's JSON, as ``loads`` reads it; ValueError if it cannot be read, nests deeper
    than ``MAX_DEPTH`` levels, holds a lone surrogate (a string no UTF-8 can write) or NaN or
    Infinity; NumberTooLarge (a ValueError) for a number too large to read."""
    data = text.encode(errors="surrogatepass") if isinstance(text, str) else text
    try:
        value = loads(data, **_CLIENT_HOOKS)
    except RecursionError:  # nesting deeper than the standard library's parser goes
        raise ValueError("nested too deep") from None
    # Only so many brackets can nest so deep, and only an escape (\ud800) or a byte beyond ASCII
    # can make a lone surrogate (orjson refuses one, the standard library reads it, even from
    # UTF-8 or UTF-16 bytes): a move's body needs no walk.
    if data.count(b"[") + data.count(b"{") > MAX_DEPTH or b"\\" in data or not data.isascii():
        _check(value)
    return value


def _check(value: Any) -> None:
    """Walk ``value`` (without recursion: it may be deep) for its depth and lone surrogates."""
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            if not item.isascii():
                item.encode()  # UnicodeEncodeError, a ValueError, for a lone surrogate
        elif isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise ValueError("nested too deep")
            if isinstance(item, dict):
                pending.extend((key, depth) for key in item)
                item = item.values()
            pending.extend((child, depth + 1) for child in item if isinstance(child, (str, dict, list)))


_DIGITS_TO_NINES = bytes(b"9"[0] if b"0"[0] <= b <= b"9"[0] else b" "[0] for b in range(256))
_LONG_NUMBER = b"9" * 19


def _fallback(default: Default) -> Callable[[Any], str]:
    return json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=default).encode


class CompactJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider writing with ``dumps_bytes``: compact, keys unsorted, Arabic as
    UTF-8 rather than \\u escapes. Explicit options (``indent=``, ``sort_keys=``...) still go
    to Flask's own provider."""

    ensure_ascii = False
    sort_keys = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(obj, **kwargs) if kwargs else dumps(obj, self.default)

    def response(self, *args: Any, **kwargs: Any):
        body = dumps_bytes(self._prepare_response_obj(args, kwargs), self.default)
        # The full Content-Type given (JSON takes no charset), so werkzeug need not work it out.
        # The app is a Flask, whose responses take a body; the provider's annotation names the
        # sansio base class, whose responses don't.
        response_class = cast("type[Response]", self._app.response_class)
        return response_class(body + b"\n", content_type=self.mimetype)
