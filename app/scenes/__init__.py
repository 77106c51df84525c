"""Every scene the site shows, as data, and the one notation they are written in.

A scene is a position in the check API's scenario notation, the moves made on it, and what is
asked or shown about it; the engine says the rest when a page is built. Lessons, demos, the quiz's
items ("Check yourself", the quiz, the printed quiz) and the pages' worked examples all draw from
this package, so a position is written once (``notation`` builds them; shared ones are named in
``positions``) and no two features can tell the same rule two ways.

This package imports the engine, app.wording and flask_babel's lazy strings only, never a
feature (quiz, learn, pages, handouts, presenter, practice, api): the features import it.
``catalogue()`` lists every scene under a stable id (app.scenes.listing).
"""

from .listing import Scene, catalogue

__all__ = ["Scene", "catalogue"]
