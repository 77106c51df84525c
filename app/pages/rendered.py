"""Pages rendered once, kept, and revalidated: the same bytes for every reader of an address.

The site's pages (home, cards, rules, sources, glossary, about) depend only on the code, the
catalogues and the address (its language, its path, a ``?lang=``), never on a cookie or a form
(``page``). The learner's pages (a lesson step, the sandbox, a quiz: ``address_page``) are as
fixed for their whole address, query string included: everything they show travels in it (the
moves so far as a signed token, a position as JSON, a quiz's seed and answers), and their forms
are GET forms, so no CSRF token, which is one session's, is ever in them.

So each is rendered once per process and language, kept with a strong ETag made from its bytes
(``Cache-Control: no-cache``: a browser asks each time), and a browser that sends that ETag back
gets a 304 and no body. The site's pages are a few dozen and all kept; the learner's addresses
are as many as anyone cares to make up, so at most MAX_ADDRESSES of them are kept, the least
recently used forgotten first (app.lru). An answer that is not a 200 (a link the sandbox can't
read, a lesson link cut short) is rendered each time and never kept. With templates reloading
(the development server), every request renders again.
"""
from __future__ import annotations

import hashlib
from typing import Callable

from flask import Response, request

from app.compression import keep_compressed
from app.i18n import current_language
from app.lru import LRU
from app.proxied import the_app, the_request

# Learner's pages kept by address: a lesson step is about 10 KB, the sandbox 44 KB (with their
# compressed copies, app.compression), so at most about 20 MB.
MAX_ADDRESSES = 500
Kept = tuple[bytes, str]  # a page's bytes and its ETag


def page(key: tuple[str, ...], render: Callable[[], str]) -> Response:
    """The page ``key`` names (language, address language, path), from memory after the first time."""
    app = the_app()
    pages: dict[tuple[str, ...], Kept] = app.extensions.setdefault("rendered_pages", {})
    found = None if app.jinja_env.auto_reload else pages.get(key)
    if found is None:
        found = pages[key] = _kept(render())
    return _answer(*found)


def address_page(render: Callable[[], tuple[str, int]]) -> Response:
    """The page at this request's address (path and query string) in the request's language, from
    memory after the first time; ``render`` gives its HTML and status, and only a 200 is kept."""
    app, environ = the_app(), the_request().environ
    key = (current_language(), environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", ""))
    pages: LRU[tuple[str, str, str], Kept] = app.extensions.setdefault("rendered_addresses", LRU(MAX_ADDRESSES))
    found = None if app.jinja_env.auto_reload else pages.get(key)
    if found is None:
        html, status = render()
        if status != 200:
            return Response(html, status, mimetype="text/html")
        found = pages[key] = _kept(html)
    return _answer(*found)


def _kept(html: str) -> Kept:
    body = html.encode()
    return body, hashlib.sha256(body).hexdigest()[:20]


def _answer(body: bytes, etag: str) -> Response:
    """The kept page, or a 304 when the browser already has it."""
    sent = _matching(etag)
    if sent:
        response = Response(status=304)
        response.set_etag(sent)
    else:
        response = Response(body, mimetype="text/html")
        response.set_etag(etag)
        keep_compressed(etag)
    response.cache_control.no_cache = True
    return response


def _matching(etag: str) -> str | None:
    """The If-None-Match tag that names these bytes: the ETag itself, or as the compression
    names its encoded form ("<etag>:br"), whichever the browser has."""
    sent = request.if_none_match
    if sent.star_tag:
        return etag
    for tag in sent.as_set(include_weak=True):
        if tag == etag or tag.startswith(etag + ":"):
            return tag
    return None
