"""Uno Tutor: a bilingual (Arabic/English) web app that teaches the rules of UNO.

The web layer lives here; the pure rules engine lives in app.engine and imports nothing from it.
"""
import os
import secrets
from pathlib import Path

from flask import Flask

from .fast_json import CompactJSONProvider
from .private_files import create_private


def create_app(test_config=None):
    """Build the app; test_config overrides the defaults (the Flask tutorial's factory)."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        # Lets tests and deployments keep the instance folder (secret key) elsewhere.
        instance_path=os.environ.get("UNO_TUTOR_INSTANCE_PATH") or None,
    )
    from . import i18n

    app.config.from_mapping(
        BABEL_DEFAULT_LOCALE=i18n.DEFAULT_LANGUAGE,
        BABEL_TRANSLATION_DIRECTORIES=str(i18n.TRANSLATIONS),
        # The site's own address for absolute links (hreflang alternates), never the request's Host
        # header, which anyone can set (and a shared cache would keep); without it they are relative.
        SITE_URL=os.environ.get("UNO_TUTOR_SITE_URL", "").rstrip("/"),
        # Live sessions' event streams a process holds open at once, each on one of its server's
        # threads (app.live.stream): app.production and gunicorn.conf.py set it from their threads.
        LIVE_STREAMS=int(os.environ.get("UNO_TUTOR_LIVE_STREAMS") or LIVE_STREAMS),
        # Seconds after which a table's seat whose holder was not seen (reading the table, its
        # stream, moving) is away, played by a bot until they are back (app.tables.seating).
        TABLE_AWAY_AFTER=int(os.environ.get("UNO_TUTOR_TABLE_AWAY_AFTER") or TABLE_AWAY_AFTER),
    )
    if os.environ.get("UNO_TUTOR_LIVE_HEARTBEAT"):
        # Seconds between two heartbeats of a quiet event stream (app.live.stream's HEARTBEAT, 15,
        # unless set): shorter for a proxy that closes quiet connections sooner; bench/live.py's --heartbeat.
        app.config["LIVE_HEARTBEAT"] = float(os.environ["UNO_TUTOR_LIVE_HEARTBEAT"])
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    app.json = CompactJSONProvider(app)

    i18n.init_app(app)
    app.url_map.converters["lang"] = i18n.LanguageConverter  # before any route that names it

    # Imported here, not at the top: ``import app.engine`` (the bench, the engine's tests) must
    # not load the web layer.
    from flask_limiter import RateLimitExceeded

    from . import (api, compression, errors, handouts, limits, pages, quiz, security, site, static_files, store,
                   unavailable)
    from .classroom import class_pages, watch_pages
    from .learn import sandbox_page
    from .live import pages as live_pages, teaching as live_teaching
    from .learn.lessons import views as lessons
    from .practice import cli as practice_cli, views as practice
    from .presenter import views as presenter
    from .store.opened import database_url
    from .tables import pages as table_pages, teaching as table_teaching

    store.check_url(database_url(app))  # a wrong DATABASE_URL is said now, not at the first request
    security.init_app(app)
    static_files.init_app(app)
    compression.init_app(app)
    practice_cli.init_app(app)
    errors.init_app(app, {RateLimitExceeded: limits.refused, **dict.fromkeys(store.error_types(), unavailable.refusal)})

    for blueprint in (site.bp, pages.bp, api.bp, practice.bp, quiz.bp, sandbox_page.bp, lessons.bp, presenter.bp,
                      handouts.bp, class_pages.bp, watch_pages.bp, live_pages.bp, live_teaching.bp, table_pages.bp):
        app.register_blueprint(blueprint)
    table_teaching.init_app(app)  # after the class pages: its part of theirs
    # The blueprints whose limits count failures after the answer: Flask-Limiter's hooks run for them.
    limits.init_app(app, hooked=(class_pages.bp.name, live_pages.bp.name, live_teaching.bp.name, table_teaching.bp.name,
                                 table_pages.bp.name, f"{api.bp.name}.{api.classes.bp.name}",
                                 f"{api.bp.name}.{api.live.bp.name}", f"{api.bp.name}.{api.tables.bp.name}"))
    return app


TABLE_AWAY_AFTER = 90  # a phone asleep for a minute and a half: long past a stream's heartbeat (15 s)
LIVE_STREAMS = 4  # streams per process where the server did not say (app.production's default threads, less 4)


def _secret_key(instance: Path) -> str:
    """The key from UNO_TUTOR_SECRET_KEY, else one made on first run and kept in the instance folder.

    Kept on disk so sessions survive restarts and every worker process signs with the same key.
    """
    if key := os.environ.get("UNO_TUTOR_SECRET_KEY"):
        return key
    path = instance / "secret_key"
    if not path.exists():  # the first worker's key is every worker's (create_private says how)
        create_private(path, secrets.token_hex(32))
    return path.read_text().strip()
