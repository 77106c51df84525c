"""Protections every response and every form gets: CSRF tokens, security headers, a body limit.

CSRF is a synchronizer token kept in the signed session (no extra dependency): every form
carries ``csrf_token()``, masked afresh in every answer (BREACH), and every POST outside /api/
to a page that takes it must send it back. The JSON API needs no
token: it accepts only application/json, which a cross-site form cannot send, and the owner
cookie is SameSite=Lax.

A form on a page that is the same bytes for every reader (the home page's "Play now",
app.pages.rendered) can carry no token, which is one reader's: its view is marked
``checked_by_origin`` and its POST must come from this site's own pages instead, as the browser
says (``Sec-Fetch-Site``, else ``Origin``, else ``Referer``: OWASP's "verifying origin with
standard headers"). Such a view must change nothing a forged click could harm: it only starts a
new game for the browser that clicked.
"""
from __future__ import annotations

import base64
import hmac
import io
import secrets
from urllib.parse import urlsplit

from flask import request, session
from flask.sessions import SecureCookieSessionInterface

from .errors import UserError
from .i18n import LANGUAGE_HEADERS, is_api
from .proxied import the_app, the_request

CSRF_FIELD = "csrf_token"
MAX_CONTENT_LENGTH = 64 * 1024  # request bodies (API JSON, forms) are small; more is refused (413)
HEADERS = {
    # No inline script anywhere: scripts are files from this site; no plugins; no framing.
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
# Over HTTPS only (a browser ignores it over HTTP): a year of "this site is HTTPS only".
HSTS = "max-age=31536000"
# A game's answers and the pages that show one (the table, a watch link, a class) are one reader's
# and live: never kept by the browser or any cache on the way. The blueprints whose every answer
# is one (the API's children by their full names).
PRIVATE = "private, no-store"
PRIVATE_BLUEPRINTS = frozenset({"practice", "watch", "classroom", "api.games", "api.watch", "api.classes",
                                "api.live", "api.tables", "live_pages", "live_teaching",
                                "table_pages", "table_teaching"})


class CSRFError(UserError):
    """A form POST without the session's token: refused before the view runs."""

    def __init__(self) -> None:
        super().__init__("csrf", 400)


class CrossSiteError(UserError):
    """A POST to a ``checked_by_origin`` view that did not come from this site's pages."""

    def __init__(self) -> None:
        super().__init__("cross-site", 403)


def checked_by_origin(view):
    """Mark a view whose form is on a page shared by every reader (no token there): its POST is
    taken only from this site's own pages (``from_this_site``) instead of by its token."""
    view.checked_by_origin = True
    return view


def init_app(app) -> None:
    if app.config.get("MAX_CONTENT_LENGTH") is None:  # Flask's default is None (no limit), not unset
        app.config["MAX_CONTENT_LENGTH"] = MAX_CONTENT_LENGTH
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:  # Flask's default is None, not unset
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.session_interface = ApiFreeSessions()
    app.wsgi_app = SizedBodies(app.wsgi_app, app.config)
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.before_request(_check_csrf)
    app.after_request(_headers)


class ApiFreeSessions(SecureCookieSessionInterface):
    """The signed session holds only the CSRF token, which the JSON API never uses: /api/
    requests get Flask's null session, so they neither verify nor re-sign the cookie (a move
    answers sooner). Reading it is empty; writing it would be a bug, and fails loudly."""

    def open_session(self, app, request):
        if is_api(request.path):
            return self.make_null_session(app)
        return super().open_session(app, request)

    def get_cookie_secure(self, app) -> bool:
        """Secure whenever the request came over HTTPS, as the owner cookie is."""
        return app.config["SESSION_COOKIE_SECURE"] or request.is_secure


class SizedBodies:
    """WSGI middleware: a body sent without a length (chunked) is read here, up to one byte past
    MAX_CONTENT_LENGTH, and handed on with its length. werkzeug stops reading such a body at the
    limit without a word, so a longer one was cut short and used; now it is refused (413) like a
    body whose Content-Length is too large."""

    def __init__(self, wsgi_app, config):
        self.wsgi_app, self.config = wsgi_app, config

    def __call__(self, environ, start_response):
        if "HTTP_TRANSFER_ENCODING" in environ and not environ.get("CONTENT_LENGTH"):
            body = environ["wsgi.input"].read(self.config["MAX_CONTENT_LENGTH"] + 1)
            environ["wsgi.input"], environ["CONTENT_LENGTH"] = io.BytesIO(body), str(len(body))
            del environ["HTTP_TRANSFER_ENCODING"]  # else werkzeug ignores the length: no longer chunked
        return self.wsgi_app(environ, start_response)


def csrf_token() -> str:
    """This session's token (made on first use) for a hidden field in every form, masked afresh
    each time it is written: a new random mask, then the token XORed with it (as Django does).
    A compressed page that echoes the reader's input (``?seed=``) beside a secret that never
    changes lets an attacker who sees only the answers' sizes guess the secret a character at a
    time (BREACH); a masked token is different bytes in every answer, so there is nothing to guess."""
    secret = session.get(CSRF_FIELD)
    if secret is None:
        secret = session[CSRF_FIELD] = secrets.token_urlsafe(32)
    secret_bytes = secret.encode()
    mask = secrets.token_bytes(len(secret_bytes))
    return base64.urlsafe_b64encode(mask + _xor(mask, secret_bytes)).decode()


# A page drawn once and kept for many answers (app.drawn_pages) holds this in each form's token
# field instead of a token: drawn for nobody's session, it is every reader's. Each answer puts a
# token of its own reader's session in every hole (``with_tokens``), masked afresh for each, so
# the answer is what ``csrf_token`` would have written. Random per process, longer than any name
# a reader may type (so no typed text is ever taken for a hole), and only letters, digits and
# dashes (so HTML escaping leaves it whole).
TOKEN_HOLE = f"csrf-token-hole-{secrets.token_hex(16)}"


def token_hole() -> str:
    """What a page drawn for every reader writes where ``csrf_token`` would (``TOKEN_HOLE``)."""
    return TOKEN_HOLE


def with_tokens(html: str) -> str:
    """``html`` with a freshly masked token of this request's session in each ``TOKEN_HOLE``."""
    parts = html.split(TOKEN_HOLE)
    filled = [parts[0]]
    for part in parts[1:]:
        filled += (csrf_token(), part)
    return "".join(filled)


def _unmasked(sent: str) -> bytes | None:
    """The token a masked one hides (``csrf_token``), or None if ``sent`` is not a masked token."""
    try:
        raw = base64.b64decode(sent, altchars=b"-_", validate=True)
    except ValueError:  # binascii.Error, and a str with characters beyond ASCII
        return None
    half = len(raw) // 2
    return _xor(raw[:half], raw[half:]) if half and len(raw) == 2 * half else None


def _xor(mask: bytes, data: bytes) -> bytes:
    return (int.from_bytes(mask) ^ int.from_bytes(data)).to_bytes(len(data))


def _check_csrf() -> None:
    """Refuse a form POST without this session's token. A POST to no page (a 404) or to a page
    that takes no POST (405) is answered as such: there is no form there to protect."""
    req = the_request()  # one context lookup for every question
    if req.method != "POST" or req.routing_exception is not None or is_api(req.path):
        return
    if getattr(the_app().view_functions.get(req.endpoint or ""), "checked_by_origin", False):
        if not from_this_site(req):
            raise CrossSiteError()
        return
    expected = session.get(CSRF_FIELD)
    sent = request.form.get(CSRF_FIELD)  # a body over MAX_CONTENT_LENGTH raises 413 here
    unmasked = _unmasked(sent) if sent else None
    if not expected or unmasked is None or not hmac.compare_digest(str(expected).encode(), unmasked):
        raise CSRFError()


def from_this_site(req) -> bool:
    """Whether the browser says the request came from this site's own pages. ``Sec-Fetch-Site``
    (every current browser sends it) must be "same-origin", or "none" (typed or bookmarked);
    "same-site" is a sibling subdomain, which may be someone else's. A browser without it is
    judged by ``Origin``, else ``Referer`` (this site's Referrer-Policy sends it to itself), whose
    host must be the one asked; one with neither is refused. The host alone is compared, not the
    scheme: behind a proxy that ends TLS the app may see http where the browser said https."""
    headers = req.headers
    fetch_site = headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site in ("same-origin", "none")
    sender = headers.get("Origin") or headers.get("Referer")
    if not sender:
        return False
    try:
        return urlsplit(sender).netloc.lower() == req.host.lower()  # an Origin of "null" has none: refused
    except ValueError:  # not a URL
        return False


def _headers(response):
    req = the_request()
    headers = response.headers
    for name, value in HEADERS.items():
        headers.setdefault(name, value)
    varying = []
    if req.blueprint in PRIVATE_BLUEPRINTS:
        headers["Cache-Control"] = PRIVATE
        varying.append("Cookie")  # the owner's cookie says whose game it is
    # The headers the language was chosen by (``/``, the API, a 404 outside /<lang>/) vary the answer.
    if asked := req.environ.get(LANGUAGE_HEADERS):
        varying += asked
    if varying:
        _vary(headers, varying)
    if req.is_secure:
        headers.setdefault("Strict-Transport-Security", HSTS)
        _secure_cookies(headers)
    return response


def _vary(headers, names: list[str]) -> None:
    """Add ``names`` to the answer's Vary, each once (compared without case), in one write: what
    ``response.vary`` does, without parsing the header into a set and writing it back for each
    change (a move's answer adds two)."""
    found = headers.get("Vary")
    listed = [found] if found else []
    seen = {name.strip().lower() for name in found.split(",")} if found else set()
    for name in names:
        if name.lower() not in seen:
            seen.add(name.lower())
            listed.append(name)
    headers["Vary"] = ", ".join(listed)


def _secure_cookies(headers) -> None:
    """Over HTTPS every cookie is Secure, whoever set it (the session's and owner's already are)."""
    cookies = headers.getlist("Set-Cookie")
    if any("; secure" not in cookie.lower() for cookie in cookies):
        headers.setlist("Set-Cookie", [c if "; secure" in c.lower() else c + "; Secure" for c in cookies])

