"""One error model: a refusal carries a wording code, an HTTP status and the code's parameters,
and this module alone turns it into the answer, in the reader's language — JSON under /api/
(``{"error": code, "message": text, ...extra}``, README "Errors"), else a page.

Views and hooks raise ``UserError`` (or a class of it that says whose refusal it is: a game's,
a class's, a form's...); an error from elsewhere (an HTTP error, a rate limit, a database that
can't be reached) is turned into one by a converter ``init_app`` is given. ``init_app`` is the
app's only place that registers error handlers. A page is the site's error page, unless a
blueprint asked for its own for some kinds of refusal (``page``): the classroom's has the ways
on to a class. No traceback ever reaches a reader: a bug is a 500 with an apology.

A leaf: it imports Flask, the wording and the languages, nothing of the features above it.
"""
from __future__ import annotations

import math
from typing import Any, Callable, TypeVar

from flask import jsonify, make_response, render_template, request
from werkzeug.exceptions import HTTPException

from . import wording
from .i18n import LANGUAGES, current_language, in_language, is_api

# Codes for the HTTP errors raised outside any view: a wrong address, a wrong method, a body too
# large, a bug. Any other HTTP error under /api/ gets a generic code, and outside it werkzeug's page.
HTTP_CODES = {404: "not-found", 405: "method-not-allowed", 413: "too-large", 500: "server-error"}
SITE_PAGE = "practice/error.html"


class UserError(Exception):
    """A request refused: ``code`` names its message (app.wording.ERRORS), ``params`` fill it.

    ``extra`` goes into a JSON answer's body as it is (e.g. ``{"move": 3}``); ``retry_after``
    (seconds, rounded up, at least one) says when to try again (a 429 or a 503).
    """

    def __init__(self, code: str, status: int = 400, extra: dict[str, Any] | None = None,
                 retry_after: float | None = None, **params: Any):
        super().__init__(code)
        self.code, self.status, self.extra, self.params = code, status, extra or {}, params
        self.retry_after = None if retry_after is None else max(1, math.ceil(retry_after))


Refusal = TypeVar("Refusal", bound=UserError)
# A blueprint's page per kind of refusal. Its draw takes that kind (Any here: a table of many kinds),
# and ``answer`` calls it only with a refusal of that kind or a subclass.
_PAGES: dict[tuple[str, type[UserError]], Callable[[Any], Any]] = {}


def page(blueprint: str, *kinds: type[Refusal]) -> Callable[[Callable[[Refusal], Any]], Callable[[Refusal], Any]]:
    """Decorate the function that draws ``blueprint``'s own page for refusals of ``kinds`` (and
    their subclasses); any other refusal on its pages gets the site's page (``site_page``)."""

    def register(draw: Callable[[Refusal], Any]) -> Callable[[Refusal], Any]:
        for kind in kinds:
            _PAGES[blueprint, kind] = draw
        return draw

    return register


def site_page(error: UserError):
    """The site's error page: what happened, in the reader's language, and a way on."""
    return render_template(SITE_PAGE, message=wording.error_message(error.code, **error.params),
                           status=error.status), error.status


def answer(error: UserError):
    """The one answer to a refusal: JSON under /api/, else the blueprint's page or the site's."""
    if is_api(request.path):
        response = jsonify({"error": error.code, "message": wording.error_message(error.code, **error.params),
                            **error.extra})
        response.status_code = error.status
    else:
        blueprint = request.blueprint or ""
        draw = next((_PAGES[blueprint, kind] for kind in type(error).__mro__ if (blueprint, kind) in _PAGES),
                    site_page)
        response = make_response(draw(error))
    if error.retry_after is not None:
        response.headers["Retry-After"] = str(error.retry_after)
    return response


# Per kind of error, what turns it into a refusal. A converter takes its own kind (Any here: a
# table of many kinds), and Flask calls it only with that kind or a subclass.
Converter = Callable[[Any], UserError | None]


def init_app(app, converters: dict[type[Exception], Converter]) -> None:
    """Every error handler of the app: refusals, HTTP errors, and each of ``converters``' kinds
    of error, turned into a refusal (or None: not the reader's fault, a bug, answered 500)."""
    app.register_error_handler(UserError, answer)
    app.register_error_handler(HTTPException, _http_error)
    for kind, convert in converters.items():
        app.register_error_handler(kind, _converted(convert))


def _converted(convert: Converter) -> Callable[[Exception], Any]:
    def handle(error: Exception):
        refusal = convert(error)
        if refusal is None:
            raise error  # a bug: the 500's (``_http_error``)
        return answer(refusal)

    return handle


def _http_error(error: HTTPException):
    """A wrong address or method in the address's language (``/en/…`` is English even if
    unknown), the methods a wrong method's address takes, a body too large, and a bug (500:
    Flask hands every unhandled exception here as an InternalServerError) as a refusal."""
    status = error.code or 500
    api = is_api(request.path)
    if not api and status not in HTTP_CODES:
        return error  # werkzeug's own page, as before any handler
    code = HTTP_CODES.get(status) or ("server-error" if status >= 500 else "request-error")
    if status in (404, 405) and not api:
        with in_language(_address_language()):
            page_drawn = ((render_template("pages/404.html"), 404) if status == 404
                          else site_page(UserError(code, status)))
        response = make_response(page_drawn)
    else:
        response = answer(UserError(code, status))
    if status == 405:
        response.headers["Allow"] = ", ".join(getattr(error, "valid_methods", None) or ())
    return response


def _address_language() -> str:
    lang = request.path.split("/")[1]
    return lang if lang in LANGUAGES else current_language()
