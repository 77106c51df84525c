"""The site's pages (home, cards, rules, sources, glossary, about) rendered once, and revalidated.

A page is the same bytes for every reader of a language: it depends only on the code, the
catalogues and the address (its language, its path, a ``?lang=``), never on a cookie or a form.
So each is rendered once per process and kept with a strong ETag made from its bytes; a browser
that sends that ETag back gets a 304 and no body. Nothing in these pages is per request: no
form (so no CSRF token) and no query string other than ``?lang=`` reaches them. With templates
reloading (the development server), every request renders again.
"""
from __future__ import annotations

import hashlib
from typing import Callable

from flask import Response, request

from app.compression import keep_compressed
from app.proxied import the_app

def page(key: tuple[str, ...], render: Callable[[], str]) -> Response:
    """The page ``key`` names (language, address language, path), from memory after the first time."""
    app = the_app()
    pages = app.extensions.setdefault("rendered_pages", {})
    found = None if app.jinja_env.auto_reload else pages.get(key)
    if found is None:
        body = render().encode()
        found = pages[key] = (body, hashlib.sha256(body).hexdigest()[:20])
    body, etag = found
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
