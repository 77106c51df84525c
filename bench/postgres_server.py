"""A throwaway PostgreSQL server for benchmarks and tests (scripts/postgres.sh): a temporary
folder, a free port of 127.0.0.1, stopped and removed after; a new database in a server, and the
app's schema put in it (``flask --app app db-upgrade``)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "postgres.sh"


def installed() -> bool:
    """Whether this machine has a PostgreSQL server to start (Debian's postgresql)."""
    return subprocess.run(["bash", str(SCRIPT), "bindir"], capture_output=True).returncode == 0


@contextmanager
def throwaway(as_deployed: bool = False):
    """Yield the URL of a new server's `postgres` database; the server is gone afterwards. A test's
    server flushes nothing to disk (fsync off); ``as_deployed``, a benchmark's, is as an operator's
    server is (fsync on, the server's defaults), so that a commit costs there what it costs them."""
    folder = tempfile.mkdtemp(prefix="uno-postgres-")  # not pytest's tmp_path: `nobody` must reach it
    try:
        command = ["bash", str(SCRIPT), "start", folder] + (["as-deployed"] if as_deployed else [])
        started = subprocess.run(command, capture_output=True, text=True)
        if started.returncode:
            raise RuntimeError(f"scripts/postgres.sh could not start a server: {started.stderr.strip()}")
        try:
            yield started.stdout.strip()
        finally:
            subprocess.run(["bash", str(SCRIPT), "stop", folder], capture_output=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def new_database(server: str, prefix: str):
    """Yield the URL of a new, empty database in ``server`` (any database's URL there); dropped after."""
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def upgrade(url: str) -> None:
    """Bring the database at ``url`` to the app's schema, as README tells an operator to."""
    subprocess.run([sys.executable, "-m", "flask", "--app", "app", "db-upgrade"], cwd=ROOT, check=True,
                   capture_output=True, env={**os.environ, "DATABASE_URL": url})
