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
    )
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    app.json = CompactJSONProvider(app)

    i18n.init_app(app)

    from . import api, compression, handouts, pages, practice, quiz, security, site, static_files, unavailable
    from .practice import access, store

    store.check_url(access.database_url(app))  # a wrong DATABASE_URL is said now, not at the first request
    from .learn import sandbox_page
    from .learn.lessons import api as lessons_api, views as lessons
    from .presenter import views as presenter

    security.init_app(app)
    unavailable.init_app(app)
    static_files.init_app(app)
    compression.init_app(app)

    app.register_blueprint(site.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(practice.bp)
    app.register_blueprint(quiz.bp)
    app.register_blueprint(sandbox_page.bp)
    app.register_blueprint(lessons.bp)
    app.register_blueprint(lessons_api.bp)
    app.register_blueprint(presenter.bp)
    app.register_blueprint(handouts.bp)

    from . import classroom, limits

    classroom.init_app(app)
    limits.init_app(app, classroom.LIMITED, classroom.LIMIT_PAGES)
    return app


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
