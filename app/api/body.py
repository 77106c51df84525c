"""An API request's JSON body: ``json_object`` reads it, or raises the refusal that says what is
wrong with it (app.errors answers it as JSON in the request's language).
"""
from __future__ import annotations

from typing import Any

from flask import Request
from werkzeug.wsgi import get_content_length

from ..errors import UserError
from ..fast_json import NumberTooLarge, read_input
from ..proxied import the_app, the_request


def json_object() -> dict[str, Any]:
    """The request's JSON object, else the UserError that says what is wrong (every API view's body)."""
    req = the_request()  # the request itself, read several times: the proxy finds it anew each time
    if not _is_json(req.environ.get("CONTENT_TYPE", "")):
        raise UserError("not-json")
    try:  # not get_json: one parse, no cached copy
        body = read_input(_body(req))
    except NumberTooLarge:
        raise UserError("number-too-large") from None
    except ValueError:  # also nesting past fast_json.MAX_DEPTH, or a lone surrogate
        raise UserError("malformed-json") from None
    if not isinstance(body, dict):
        raise UserError("bad-request")
    return body


def _is_json(content_type: str) -> bool:
    """``Request.is_json`` on the Content-Type header: the media type is what comes before any
    ``;``, as werkzeug's parse_options_header finds it, which also parses the parameters, and
    was most of the cost of reading a move's body."""
    media = content_type.partition(";")[0].strip(" \t").lower()
    return media == "application/json" or media.startswith("application/") and media.endswith("+json")


def _body(req: Request) -> bytes:
    """The request body. A declared length within the limit is read straight from wsgi.input, as
    PEP 3333 has it (werkzeug's stream wrapper cost more than parsing a move); anything else, a
    chunked or too large body, goes through werkzeug, which reads it or answers 413."""
    length = get_content_length(req.environ)  # as req.content_length, without building its headers
    if length is not None and length <= the_app().config["MAX_CONTENT_LENGTH"]:
        return req.environ["wsgi.input"].read(length)
    return req.get_data(cache=False)
