"""JSON errors for /api/: ``{"error": code, "message": text}``, never an HTML page or a traceback.

Views raise ``ApiError(code, status, extra, **params)``; the message comes from
``app.wording.error_message(code, **params)`` in the request's language (``?lang=``, then
Accept-Language, then English: ``app.i18n.select_locale``). HTTP errors on /api/
paths (404, 405, 413, 500...) get the same shape, so a client only ever parses one format.
"""
from __future__ import annotations

from typing import Any

from flask import Request, current_app, jsonify, request
from werkzeug.exceptions import HTTPException
from werkzeug.wsgi import get_content_length

from .. import wording
from ..fast_json import NumberTooLarge, read_input
from ..i18n import API_PREFIX
from . import bp

# Codes for the HTTP errors an /api/ path can meet outside our views.
# (413 and 500 have handlers of their own, by status code, in app.security.)
HTTP_CODES = {404: "not-found", 405: "method-not-allowed"}


class ApiError(Exception):
    """Bad input to an API view: answered with ``status`` and the code's message.

    ``extra`` goes into the JSON body as is (e.g. ``{"move": 3}``); ``params`` fill the message.
    """

    def __init__(self, code: str, status: int = 400, extra: dict[str, Any] | None = None, **params: Any):
        super().__init__(code, params)
        self.code, self.status, self.extra, self.params = code, status, extra or {}, params


def json_object() -> dict[str, Any]:
    """The request's JSON object, else the ApiError that says what is wrong (every API view's body)."""
    req = request._get_current_object()  # the request itself, read several times: the proxy finds it anew each time
    if not _is_json(req.environ.get("CONTENT_TYPE", "")):
        raise ApiError("not-json")
    try:  # not get_json: one parse, no cached copy
        body = read_input(_body(req))
    except NumberTooLarge:
        raise ApiError("number-too-large") from None
    except ValueError:  # also nesting past fast_json.MAX_DEPTH, or a lone surrogate
        raise ApiError("malformed-json") from None
    if not isinstance(body, dict):
        raise ApiError("bad-request")
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
    if length is not None and length <= current_app._get_current_object().config["MAX_CONTENT_LENGTH"]:
        return req.environ["wsgi.input"].read(length)
    return req.get_data(cache=False)


def error_response(code: str, status: int, extra: dict[str, Any] | None = None, **params: Any):
    """The JSON error answer; also used by other modules' handlers for /api/ paths (413, 404)."""
    response = jsonify({"error": code, "message": wording.error_message(code, **params), **(extra or {})})
    response.status_code = status
    return response


@bp.errorhandler(ApiError)
def _api_error(error: ApiError):
    return error_response(error.code, error.status, error.extra, **error.params)


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    """JSON for the HTTP errors on /api/ paths that no status-specific handler takes (404 and 405
    come through app.pages; 413 and 500 go to app.security).

    App-wide because a 404 or 405 is raised before any blueprint is chosen.
    """
    if not request.path.startswith(API_PREFIX):
        return error
    status = error.code or 500
    # Any other status gets a code with wording's generic message ("could not be completed").
    default = "server-error" if status >= 500 else "request-error"
    return error_response(HTTP_CODES.get(status, default), status)

