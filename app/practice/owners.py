"""Who owns a game: the browser that started it, by a random owner token in a signed cookie.

The token is stored in the game's row as a hash and compared in constant time (``Record.owned_by``);
the cookie is HttpOnly and signed with the app's secret key (as Flask signs its session), so that
only a token this server issued is taken: one a client made up owns nothing, and a new one is
issued in its place when a token is needed. A cookie of the random part alone (as tokens were
issued before they were signed) is refused: it can't be told from the bare half of a signed
cookie, which must own nothing without its signature. A class's teacher is known the same way
(app.classroom), and the limits on making games count by it (app.practice.limits).

A whole signed cookie can still be planted: a sibling subdomain, or a plain-HTTP answer on the way,
may set a cookie for this site, and a browser that plays under a planted token plays games its
planter owns. Over HTTPS the cookie is therefore ``__Host-uno_owner``, and only that name is read:
browsers accept a ``__Host-`` cookie only from this very host, over HTTPS, with ``Secure`` and
``Path=/`` and no ``Domain``, so no one else can set it. Over plain HTTP (a development server)
no cookie can be kept from being planted, and the plain name is used.
"""
from __future__ import annotations

import hashlib
import re
from typing import Literal, overload

from flask import g, request
from itsdangerous import BadSignature, Signer

from ..lru import LRU
from ..proxied import secret_key, the_app, the_request
from ..store import new_token

OWNER_COOKIE = "uno_owner"  # over plain HTTP
SECURE_OWNER_COOKIE = "__Host-uno_owner"  # over HTTPS: only this host can set it (module docstring)
OWNER_COOKIE_AGE = 365 * 24 * 3600
_OWNER_IN_HEADER = {secure: re.compile(rf"(?:^|;)\s*{name}=([A-Za-z0-9_.-]+)\s*(?:;|$)")
                    for secure, name in ((False, OWNER_COOKIE), (True, SECURE_OWNER_COOKIE))}
# new_token's form (43 characters of URL-safe base64), signed: a dot and the HMAC-SHA256 of it, in
# the same alphabet.
_SIGNED = re.compile(r"[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}")
_UNREAD = object()
# Signed cookies whose signature this app has checked, with their tokens: a browser sends the same
# cookie with every move, and checking it (two HMACs and the code around them) cost more than the
# rest of the owner check. Only a cookie that passed the check is kept, so no forged one is ever
# taken from here; bounded, as many browsers play at once.
VERIFIED_COOKIES = 4096


@overload
def owner_token(create: Literal[True]) -> str: ...
@overload
def owner_token(create: bool = False) -> str | None: ...


def owner_token(create: bool = False) -> str | None:
    """This browser's token, if this server issued it; with ``create``, a new one is made if not
    (and set by ``set_owner_cookie``).

    Read straight from the Cookie header: a token is URL-safe base64, so there is no quoting to
    undo, and parsing every cookie into a MultiDict cost more than the rest of the owner check.
    """
    found_g = g._get_current_object()
    token = found_g.get("owner_token", _UNREAD)
    if token is _UNREAD:
        found_request = the_request()
        found = _OWNER_IN_HEADER[found_request.is_secure].search(found_request.environ.get("HTTP_COOKIE", ""))
        token = found_g.owner_token = _issued(found[1]) if found else None
    if token is None and create:
        token = found_g.owner_token = found_g.new_owner_token = new_token()
    return token


def _issued(cookie: str) -> str | None:
    """The token in the cookie's value if it is one this server issued, else None. A cookie
    checked once is known after (``VERIFIED_COOKIES``, per app: per secret key)."""
    verified = _verified()
    token = verified.get(cookie)
    if token is not None:
        return token
    if not _SIGNED.fullmatch(cookie):
        return None
    try:
        token = _signer().unsign(cookie).decode()
    except BadSignature:
        return None
    verified[cookie] = token
    return token


def _verified() -> LRU[str, str]:
    """This app's memory of checked cookies (``VERIFIED_COOKIES``)."""
    app = the_app()
    found = app.extensions.get("owner_cookies")
    if found is None:
        found = app.extensions.setdefault("owner_cookies", LRU(VERIFIED_COOKIES))
    return found


def _signer() -> Signer:
    """The owner cookie's signer, made once per app from its secret key (as Flask's session)."""
    app = the_app()
    found = app.extensions.get("owner_signer")
    if found is None:
        found = app.extensions["owner_signer"] = Signer(secret_key(), salt="uno-owner-token",
                                                        key_derivation="hmac", digest_method=hashlib.sha256)
    return found


def set_owner_cookie(response):
    """After a request that made a token, give it to the browser, signed (HttpOnly, SameSite=Lax)."""
    token = g.get("new_owner_token")
    if token is not None:
        secure = request.is_secure
        response.set_cookie(SECURE_OWNER_COOKIE if secure else OWNER_COOKIE, _signer().sign(token).decode(),
                            max_age=OWNER_COOKIE_AGE, path="/", httponly=True, samesite="Lax", secure=secure)
    return response
