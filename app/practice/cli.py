"""The app's commands for its store: ``flask cleanup`` and ``flask db-upgrade`` (the app's own,
not a group's: README's deployment runs them by these names)."""
from __future__ import annotations

import click
from flask.cli import with_appcontext

from ..store.opened import store


@click.command("cleanup")
@with_appcontext
def cleanup_command():
    """Delete expired games, classes and rate-limit counts now, in batches (each process's
    cleaner thread does it too; PRACTICE_CLEANUP_EVERY = None leaves it to this command)."""
    click.echo(f"{store().cleanup()} games deleted")


@click.command("db-upgrade")
@with_appcontext
def db_upgrade_command():
    """Apply the schema's migrations the database lacks (app.store.schema), with their
    version, one host at a time. PostgreSQL needs it before the app's first start and after each
    update of the app; a SQLite file is upgraded by the app itself when it opens it."""
    opened = store()
    applied = opened.upgrade()
    done = f"applied {', '.join(map(str, applied))}" if applied else "already up to date"
    click.echo(f"schema at version {opened.schema_version()} ({done})")


def init_app(app) -> None:
    """Give the app its commands."""
    for command in (cleanup_command, db_upgrade_command):
        app.cli.add_command(command)
