"""Addresses given away, to be typed or scanned off a screen or a sheet of paper: a page's whole
address and its QR code. One place decides which host such an address names and how its QR code is
drawn, for the classroom (a class's join link, a game's watch link) and the handouts (the rules'
address printed at a sheet's foot).
"""
from __future__ import annotations

from functools import lru_cache

import segno
from flask import current_app, request


def absolute(path: str) -> str:
    """``path`` on SITE_URL when it is set, else on the host this request reached: its scheme as the
    server believes it (waitress takes X-Forwarded-Proto from the trusted proxy only) and the Host
    the proxy passed on. A cache keys what it keeps by that host, so a forged Host header is only
    ever answered to whoever forged it."""
    site = current_app.config.get("SITE_URL") or request.host_url.rstrip("/")
    return site + path


@lru_cache(maxsize=256)
def qr_svg(url: str, label: str) -> str:
    """The QR code of ``url`` as inline SVG, sized by CSS (no width or height of its own), named
    ``label`` for screen readers. Medium error correction: a projector's glare or a phone held at
    an angle still reads it. Drawn once per address and label (choosing its mask is most of a
    class page's drawing): the class page shows the same code at every refresh."""
    svg = segno.make(url, error="m").svg_inline(scale=1, border=4, dark="#000", light="#fff", title=label,
                                                svgclass="qr", lineclass=None, omitsize=True)
    return svg.replace("<svg ", '<svg role="img" ', 1)
