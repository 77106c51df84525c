"""Card faces drawn once per face, size and language, then handed out as kept HTML.

A card's face (macros/card_face.html) depends on nothing but the card, the size it is drawn at
and the language of its accessible name: the same "Red 5" is drawn alike on every page and every
table. A page shows dozens (the sandbox's palette alone has 54), each of which was a macro call
with a translated name; now each face is drawn the first time it is asked for and kept with the
app, so every later ``card`` macro call (macros/cards.html) is a dictionary lookup. The keys are
the deck's faces, SIZES and the site's languages, so what is kept is bounded (54 × 3 × 2). With
templates reloading (the development server) every face is drawn afresh, as the pages are.
"""
from __future__ import annotations

from flask import get_template_attribute
from markupsafe import Markup

from app.engine.cards import card
from app.i18n import current_language
from app.proxied import the_app

SIZES = ("small", "medium", "large")
TEMPLATE = "macros/card_face.html"


def drawn_card(notation: str, size: str = "medium") -> Markup:
    """The HTML of the card ``notation`` names (any case, as the engine reads it) at ``size``,
    in the request's language: drawn once, then kept. InvalidCardError for a notation that names
    no card, ValueError for a size that is none of SIZES."""
    if size not in SIZES:
        raise ValueError(f"{size!r} is not one of the card sizes {SIZES}")
    app = the_app()
    key = (card(notation).notation, size, current_language())
    faces: dict[tuple[str, str, str], Markup] = app.extensions.setdefault("card_faces", {})
    face = None if app.jinja_env.auto_reload else faces.get(key)
    if face is None:
        face = faces[key] = Markup(get_template_attribute(TEMPLATE, "face_of")(key[0], size))
    return face
