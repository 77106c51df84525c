"""Static files under names that carry a hash of their bytes: /static/site.3f2a1b9c.css.

A page links each file by its hashed name, so the browser may keep it for a year without asking
again (``immutable``): a changed file has a new name, and the next page links that one. Every
``url_for('static', filename=...)`` gets the hashed name (one URL default here; the templates
are unchanged). The plain name still works, with a short cache, as does a hashed name of a file's
older bytes (a page from before a deploy): those get today's file, cached briefly.
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

from flask import send_from_directory

from .compression import keep_compressed

DIGEST_LENGTH = 8
HASHED_NAME = re.compile(rf"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{{{DIGEST_LENGTH}}})(?P<suffix>\.[A-Za-z0-9]+)$")
IMMUTABLE_AGE = 365 * 24 * 3600
SHORT_AGE = 300  # the plain name: a few minutes, then the browser asks again (a 304 if unchanged)


class StaticNames:
    """The hash of every file in the static folder, made at startup; a file whose size or time
    has changed since (an edit under the development server) is hashed again when next linked."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self._digests: dict[str, tuple[tuple[int, int], str]] = {}
        for path in sorted(self.folder.rglob("*")):
            if path.is_file():
                self.digest(path.relative_to(self.folder).as_posix())

    def digest(self, filename: str) -> str | None:
        """The file's hash, or None for a file the folder does not have."""
        path = self.folder / filename
        try:
            stat = path.stat()
        except OSError:
            return None
        stamp = (stat.st_mtime_ns, stat.st_size)
        known = self._digests.get(filename)
        if known is None or known[0] != stamp:
            known = self._digests[filename] = (stamp, hashlib.sha256(path.read_bytes()).hexdigest()[:DIGEST_LENGTH])
        return known[1]

    def hashed(self, filename: str) -> str:
        """"site.css" -> "site.3f2a1b9c.css"; a name the folder did not have at startup is kept."""
        if filename not in self._digests:
            return filename
        stem, dot, suffix = filename.rpartition(".")
        digest = self.digest(filename)
        return f"{stem}.{digest}.{suffix}" if dot and stem and digest else filename

    def plain(self, filename: str) -> tuple[str, bool]:
        """The file a requested name means, and whether the name is its current hash (immutable).
        Only names known at startup are looked up, so a request never names a path to hash."""
        found = HASHED_NAME.match(filename)
        if found:
            name = found["stem"] + found["suffix"]
            if name in self._digests:
                return name, self.digest(name) == found["digest"]
        return filename, False


def _read_and_close(response) -> None:
    """The file's bytes in memory, the file closed: static files are small, and an answer in one
    piece is compressed whole (and kept) where a file is compressed as a stream each time and
    closed only when the server remembers to."""
    response.direct_passthrough = False
    response.get_data()
    response.close()


def init_app(app) -> None:
    names = app.extensions["static_names"] = StaticNames(app.static_folder)

    @app.url_defaults
    def _hashed_static(endpoint, values):
        if endpoint == "static" and "filename" in values:
            values["filename"] = names.hashed(values["filename"])

    def static(filename: str):
        """Flask's static view, reading hashed names: a year and immutable for the current hash."""
        name, current = names.plain(filename)
        response = send_from_directory(app.static_folder, name, max_age=IMMUTABLE_AGE if current else SHORT_AGE)
        response.cache_control.public = True
        if current:
            response.cache_control.immutable = True
            keep_compressed(f"static:{filename}")  # the hash is in the name: these bytes never change
        _read_and_close(response)
        return response

    app.view_functions["static"] = static
