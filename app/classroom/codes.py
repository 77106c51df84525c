"""Class codes: six characters a class reads off the board, and the QR code that carries them.

The alphabet leaves out every character that reads as another on a board or a projector (0/O/Q,
1/I/L, 5/S, 2/Z, 8/B, 6/G, U/V), so what a student copies is what the teacher wrote: 20
characters, 20⁶ = 64 million codes, drawn with ``secrets``.
Students may type a code in either case, with spaces or dashes, and in Arabic-Indic digits.

>>> normalise(" kdm-47x "), normalise("KDM 4 7 X"), normalise("KDM٤٧X")
('KDM47X', 'KDM47X', 'KDM47X')
>>> normalise("KDM47"), normalise("KDM470"), normalise("")
(None, None, None)
>>> shown("KDM47X")
'KDM-47X'
"""
from __future__ import annotations

import re
import secrets

import segno

ALPHABET = "ACDEFHJKMNPRTWXY3479"
LENGTH = 6
MAX_TYPED = 40  # what a student may type around a code (spaces, dashes) before it is refused unread
_SEPARATORS = re.compile(r"[\s\-‐‑‒–—_.·]+")
_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "01234567890123456789")
_CODE = re.compile(f"[{ALPHABET}]{{{LENGTH}}}")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(typed: object) -> str | None:
    """The code a student typed, as stored; None if it can't be one."""
    if not isinstance(typed, str) or len(typed) > MAX_TYPED:
        return None
    code = _SEPARATORS.sub("", typed.translate(_DIGITS)).upper()
    return code if _CODE.fullmatch(code) else None


def shown(code: str) -> str:
    """The code as the class reads it: two groups of three."""
    return f"{code[:3]}-{code[3:]}"


def qr_svg(url: str, label: str) -> str:
    """The QR code of ``url`` as inline SVG, sized by CSS (no width or height of its own), named
    ``label`` for screen readers. Medium error correction: a projector's glare or a phone held at
    an angle still reads it."""
    svg = segno.make(url, error="m").svg_inline(scale=1, border=4, dark="#000", light="#fff", title=label,
                                                svgclass="qr", lineclass=None, omitsize=True)
    return svg.replace("<svg ", '<svg role="img" ', 1)
