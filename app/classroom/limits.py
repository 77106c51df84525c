"""Rate limits on class codes, with Flask-Limiter: a code is a capability, not a secret worth
guessing.

Two limits, per client address (an IPv6 client by its /64, which one household or phone holds):

- ``joins``: joining a class makes a game. JOINS allows a whole class behind one school address
  (40 students within a minute, and a second class beside it), not a script filling the store.
- ``lookups``: every look-up of a code (joining, the join page a QR code opens, the class page
  and its JSON) shares one budget of failures: a code that no class has (404), or a class page
  asked for by someone not its teacher (403, which would say that the code exists). GUESSES such
  failures from one address, and every look-up from it is refused (429) until the oldest failure
  is WINDOW old. A class of 40 behind one school address, every student mistyping the code once
  (a look-alike or a short code is no failure: it can't be a code), stays below it; its teacher
  is never refused their own class's page. A guesser gets 8,640 tries a day against 20⁶ = 64
  million codes: with ten classes live, one found about every two years.

The counts are kept in memory (Flask-Limiter's ``memory://``), in each worker process: one host,
as README "Running in production" describes it; RATELIMIT_STORAGE_URI may name a shared store.
Behind a proxy, UNO_TUTOR_TRUSTED_PROXIES says how many proxies' X-Forwarded-For to believe
(else every client would be the proxy's address).

Flask-Limiter checks its limits in hooks on every request of the app; here they run only for the
blueprints that have limits (``init_app``), so a move or a page pays nothing for them.
"""
from __future__ import annotations

import ipaddress
import math
import os
import time

from flask import make_response, request
from flask_limiter import Limiter, RateLimitExceeded
from werkzeug.middleware.proxy_fix import ProxyFix

from ..api.errors import error_response
from ..i18n import API_PREFIX

JOINS = "80 per minute"
GUESSES, WINDOW = 60, 10 * 60
LOOKUP_SCOPE = "class-code-lookups"


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


limiter = Limiter(client, storage_uri="memory://", strategy="moving-window")


def _failed(response) -> bool:
    return response.status_code in (403, 404)


def lookups(exempt_when=None):
    """A view that looks up a class code: failures count towards GUESSES (``exempt_when``: a
    request never refused, its class's teacher's)."""
    return limiter.shared_limit(f"{GUESSES} per {WINDOW} seconds", scope=LOOKUP_SCOPE, deduct_when=_failed,
                                exempt_when=exempt_when)


joins = limiter.shared_limit(JOINS, scope="class-joins")  # a view that makes a student's game


def init_app(app, blueprints: tuple[str, ...], page) -> None:
    """Start the limiter, its hooks moved from every request to ``blueprints``' requests, and
    answer a refusal in the reader's language: JSON under /api/, else ``page(code, status,
    **params)``."""
    proxies = int(os.environ.get("UNO_TUTOR_TRUSTED_PROXIES") or 0)
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)
    registries = (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs)
    before = [list(registry.get(None, ())) for registry in registries]
    limiter.init_app(app)
    for registry, had in zip(registries, before):
        added = [hook for hook in registry.get(None, ()) if hook not in had]
        registry[None] = had
        for name in blueprints:
            registry.setdefault(name, []).extend(added)
    app.register_error_handler(RateLimitExceeded, lambda error: _refused(error, page))


def _refused(error: RateLimitExceeded, page):
    """429 with Retry-After: how long until the next try is let through."""
    current, window = limiter.current_limit, error.limit.limit.get_expiry()
    # reset_at is in whole seconds, rounded up: never say more than the window itself
    wait = min(window, max(1, math.ceil(current.reset_at - time.time()))) if current else window
    guessing = error.limit.scope == LOOKUP_SCOPE
    code, params = ("too-many-codes", {"minutes": math.ceil(wait / 60)}) if guessing else ("too-many-joins", {})
    if request.path.startswith(API_PREFIX):
        response = error_response(code, 429, **params)
    else:
        response = make_response(page(code, 429, **params))
    response.headers["Retry-After"] = str(wait)
    return response
