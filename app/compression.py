"""Answers compressed as the browser accepts (zstd, brotli, gzip), by Flask-Compress.

Its defaults hold: nothing under 500 bytes is compressed, nor an answer that is not text,
JSON or SVG, nor a 304. A compressed answer's ETag gets the encoding's name ("<etag>:br"), and
a request that sends one back gets a 304 (app.pages.rendered accepts both forms). The site's
pages (app.pages.rendered) and the static files under their hashed names (app.static_files) are
the same bytes every time: a view names them (``keep_compressed``) and their compressed bytes are
kept, so the same bytes are never compressed twice; nothing else is kept. The learner's pages are
kept by address, as many as anyone makes up, so at most MAX_KEPT compressed answers are kept, the
least recently used forgotten first.
"""
from __future__ import annotations

from flask import request
from flask_compress import Compress

from .lru import LRU

KEPT = "uno_tutor.keep_compressed"  # WSGI environ: the name of this answer's unchanging bytes
# Compressed answers kept, each in one encoding: every static file and site page in the three a
# browser asks for, and the learner's pages kept by address (app.pages.rendered).
MAX_KEPT = 2000


class KeptPagesOnly:
    """Flask-Compress's cache: it asks for every answer, by "<encoding>;<key>"; only answers
    named by ``keep_compressed`` have a key, the rest are compressed each time, never kept."""

    def __init__(self) -> None:
        self._compressed: LRU[str, bytes] = LRU(MAX_KEPT)

    def get(self, key: str) -> bytes | None:
        return self._compressed.get(key)

    def set(self, key: str, value: bytes) -> None:
        if not key.endswith(";"):
            self._compressed[key] = value


def keep_compressed(name: str) -> None:
    """This answer's bytes are always the same under ``name`` (an ETag, a hashed file name):
    compress them once and keep the result."""
    request.environ[KEPT] = name


def _kept_name(req) -> str:
    return req.environ.get(KEPT, "")


def init_app(app) -> None:
    # Brotli first when the browser takes several: a rule page is 5.2 KB in it, 6.0 KB in zstd.
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "zstd", "gzip", "deflate"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "zstd", "deflate"])  # static files
    app.config.setdefault("COMPRESS_CACHE_BACKEND", KeptPagesOnly)
    app.config.setdefault("COMPRESS_CACHE_KEY", _kept_name)
    Compress(app)
