"""Pages drawn once for a state and a reader, and kept: the practice table, a watch link, a class.

These pages are live and one reader's (never kept by a browser: app.security's PRIVATE), but a
reader asks for the same one again and again — a table reloaded, forty watchers of one link, a
teacher's page — and between two changes of what it shows, its HTML is the same. So a view names
everything its page is drawn from (``key``: the game's id and version, the language, the reader's
seat or link, the options that change it...) and the page is drawn once per key, then answered
from memory: a move makes a new version, so a new key, and the old page is never shown again.

The one part of such a page that is a reader's own, each form's CSRF token, is not in what is
kept: the page is drawn with a hole for every token (app.security's ``token_hole``), filled in
every answer with the reader's own session's token (``with_tokens``). What else a request adds
(a refusal's message, a status other than 200) is drawn each time, outside this memory. A page
with no form (a watch link's, a class page) is the same bytes for each of its readers: those are
compressed once too (app.compression's ``keep_compressed``), not for every answer.

At most MAX_PAGES are kept per process, the least recently used forgotten first (app.lru): the
keys are as many as there are games and versions. With templates reloading (the development
server), every request draws again.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from flask import render_template

from .compression import keep_compressed
from .lru import LRU
from .proxied import the_app
from .security import TOKEN_HOLE, token_hole, with_tokens

# A table page is about 40 KB of HTML (a watch page a little less, a class page less): at most
# about 20 MB per process.
MAX_PAGES = 500
# A page kept, and the name of its bytes when they are every reader's (no form, so no token: a
# watch link's, a class page's), under which their compressed copies are kept too (app.compression).
Drawn = tuple[str, str | None]


def page(key: Hashable, template: str, context: Callable[[], Mapping[str, Any]]) -> str:
    """``template`` drawn with ``context()`` the first time ``key`` is asked for, from memory
    after that; either way with this reader's CSRF tokens. ``key`` must name everything the page
    shows that the request decides (each caller's docstring says what)."""
    app = the_app()
    if app.jinja_env.auto_reload:
        return with_tokens(render_template(template, **context(), csrf_token=token_hole))
    kept: LRU[Hashable, Drawn] = app.extensions.setdefault("drawn_pages", LRU(MAX_PAGES))
    found = kept.get(key)
    if found is None:
        html = render_template(template, **context(), csrf_token=token_hole)
        found = kept[key] = (html, None if TOKEN_HOLE in html else hashlib.sha256(html.encode()).hexdigest()[:20])
    html, same_bytes = found
    if same_bytes is None:
        return with_tokens(html)
    keep_compressed(f"drawn-{same_bytes}")
    return html
