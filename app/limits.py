"""Rate limits, with Flask-Limiter: one limiter for the whole app (classes and class codes in
app.classroom.limits, making games in app.practice.limits, the check API in app.api.check), its
counts in the game store
(app.limits_storage), so that every worker and every host counts alike.

A client is counted by its address, an IPv6 one by its /64 (which one household or phone
holds); behind a proxy, UNO_TUTOR_TRUSTED_PROXIES says how many proxies' X-Forwarded-For to
believe (else every client would be the proxy's address). RATELIMIT_STORAGE_URI (the
environment variable or the app's config) may name another storage of the ``limits`` package,
e.g. ``redis://host:6379``.

A refusal is a 429 with Retry-After and a message in the reader's language (``LimitReached``, which
app.errors answers: JSON under /api/, else a page). Each limit's scope names its message
(``refusal``); ``refused`` turns Flask-Limiter's error into a ``LimitReached``, which also answers a
refusal that is no rate (the live games' cap).

Flask-Limiter checks its limits in hooks on every request of the app; here they run only for
the blueprints that need them (a limit that counts failures, after the answer: ``init_app``'s
``hooked``); a decorated view checks its own limits, so a move or a page pays nothing.
"""
from __future__ import annotations

import ipaddress
import math
import os
import time
from typing import Any, Callable

from flask import request
from flask_limiter import Limiter, RateLimitExceeded
from werkzeug.middleware.proxy_fix import ProxyFix

from .errors import UserError
from .limits_storage import SCHEME


def client() -> str:
    """The address a limit counts by: the client's, an IPv6 one by its /64."""
    address = request.remote_addr or ""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 4:
        return address
    if parsed.ipv4_mapped:  # ::ffff:a.b.c.d is an IPv4 client
        return str(parsed.ipv4_mapped)
    return str(ipaddress.ip_network(f"{parsed}/64", strict=False))


limiter = Limiter(client, strategy="moving-window")

# scope -> (wording's error code, its parameters from the wait in seconds)
_REFUSALS: dict[str, tuple[str, Callable[[int], dict[str, Any]]]] = {}


def refusal(scope: str, code: str, params: Callable[[int], dict[str, Any]] = lambda wait: {}) -> str:
    """Say a refusal by the limits of ``scope`` with ``code``'s message; returns the scope."""
    _REFUSALS[scope] = code, params
    return scope


class LimitReached(UserError):
    """A limit reached, a rate's or the live games' cap: a 429 with Retry-After (``wait`` seconds)."""

    def __init__(self, code: str, wait: float, **params: Any):
        super().__init__(code, 429, retry_after=wait, **params)


def init_app(app, hooked: tuple[str, ...] = ()) -> None:
    """Start the limiter, its hooks moved from every request to ``hooked`` blueprints' requests."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", os.environ.get("RATELIMIT_STORAGE_URI") or f"{SCHEME}://")
    # The limiter is one object for the process; left unset, an app would inherit the last app's
    # RATELIMIT_ENABLED (Flask-Limiter defaults it to its own current state).
    app.config.setdefault("RATELIMIT_ENABLED", True)
    proxies = int(os.environ.get("UNO_TUTOR_TRUSTED_PROXIES") or 0)
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)
    registries = (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs)
    before = [list(registry.get(None, ())) for registry in registries]
    limiter.init_app(app)
    for registry, had in zip(registries, before):
        added = [hook for hook in registry.get(None, ()) if hook not in had]
        registry[None] = had
        for name in hooked:
            registry.setdefault(name, []).extend(added)


def refused(error: RateLimitExceeded) -> LimitReached:
    """Flask-Limiter's refusal in words (its scope's, ``refusal``), with Retry-After: how long
    until the next try is let through (app.errors answers it)."""
    current, window = limiter.current_limit, error.limit.limit.get_expiry()
    # reset_at is in whole seconds, rounded up: never say more than the window itself
    wait = min(window, max(1, math.ceil(current.reset_at - time.time()))) if current else window
    scope = error.limit.scope
    assert isinstance(scope, str)  # each limit here is declared with its refusal's name as its scope
    code, params = _REFUSALS[scope]
    return LimitReached(code, wait, **params(wait))
