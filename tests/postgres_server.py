"""The PostgreSQL server of the store's PostgreSQL leg: the one UNO_TEST_POSTGRES_URL names (CI
starts one in .ci/run), else a throwaway one (bench/postgres_server.py) started the first time a
test asks, and stopped when the tests end. Without a PostgreSQL server that leg skips, saying why,
and fails in CI."""
import os
from contextlib import contextmanager

from bench import postgres_server
from tests.tools import missing


@contextmanager
def server_url():
    """Yield the URL of a server whose `postgres` database any test may use to make its own."""
    named = os.environ.get("UNO_TEST_POSTGRES_URL")
    if named:
        yield named
    elif not postgres_server.installed():
        missing("PostgreSQL server for the store's PostgreSQL leg (Debian package postgresql)")
    else:
        with postgres_server.throwaway() as url:
            yield url
