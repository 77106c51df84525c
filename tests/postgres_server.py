"""The PostgreSQL server of the store's PostgreSQL leg: the one UNO_TEST_POSTGRES_URL names (CI
starts one in .ci/run), else a throwaway one started by scripts/postgres.sh the first time a test
asks, and stopped when the tests end. Without a PostgreSQL server that leg skips, saying why, and
fails in CI."""
import os
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path

from tests.tools import missing

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "postgres.sh"


def installed() -> bool:
    return subprocess.run(["bash", str(SCRIPT), "bindir"], capture_output=True).returncode == 0


@contextmanager
def server_url():
    """Yield the URL of a server whose `postgres` database any test may use to make its own."""
    named = os.environ.get("UNO_TEST_POSTGRES_URL")
    if named:
        yield named
        return
    if not installed():
        missing("PostgreSQL server for the store's PostgreSQL leg (Debian package postgresql)")
    folder = tempfile.mkdtemp(prefix="uno-postgres-")  # not pytest's tmp_path: `nobody` must reach it
    try:
        started = subprocess.run(["bash", str(SCRIPT), "start", folder], capture_output=True, text=True)
        if started.returncode:
            raise RuntimeError(f"scripts/postgres.sh could not start a server: {started.stderr.strip()}")
        try:
            yield started.stdout.strip()
        finally:
            subprocess.run(["bash", str(SCRIPT), "stop", folder], capture_output=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
