"""Class codes: six characters a class reads off the board (their QR code is app.links').

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

