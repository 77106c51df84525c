import secrets
from urllib.parse import quote

import pytest
from flask import template_rendered
from hypothesis import HealthCheck, settings

from app import create_app
from app.store import SQLiteStore
from tests import postgres_server
from tests.tools import in_ci

# In CI, property tests draw the same examples every run (a red CI must mean a real regression, not
# an unlucky draw) and are not failed for being slow on a shared machine; locally they stay random.
settings.register_profile("ci", derandomize=True, suppress_health_check=[HealthCheck.too_slow])
if in_ci():
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def postgres_url():
    """A PostgreSQL server's URL for the whole run, started only if some test asks for it."""
    with postgres_server.server_url() as url:
        yield url


class Backend:
    """One database for one test: ``store()`` opens a store on it; every app the test makes uses
    it (DATABASE_URL; the SQLite leg: the app's own file in its instance folder)."""

    def __init__(self, name: str, tmp_path, url: str | None = None):
        self.name, self.url, self.path = name, url, tmp_path / "g.sqlite3"

    def store(self, **options):
        if self.url is None:
            return SQLiteStore(self.path, **options)
        from app.store.postgres import PostgresStore

        return PostgresStore(self.url, max_size=POOL_MAX, timeout=POOL_TIMEOUT, **options)


POOL_MAX, POOL_TIMEOUT = 20, 5  # a test's forty requests at once share twenty connections


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request, tmp_path, monkeypatch):
    """Each database the store runs on. The PostgreSQL leg runs on the ``postgres_url`` server and
    gives each test a schema of its own, migrated, dropped after; without a server it skips,
    saying why, except in CI, where it fails."""
    if request.param == "sqlite":
        monkeypatch.delenv("DATABASE_URL", raising=False)
        yield Backend("sqlite", tmp_path)
        return
    server = request.getfixturevalue("postgres_url")  # skips without a server, fails in CI
    import psycopg
    from app.store.postgres import PostgresStore

    name = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {name}")
    joiner = "&" if "?" in server else "?"
    found = Backend("postgres", tmp_path, f"{server}{joiner}options={quote(f'-csearch_path={name}')}")
    monkeypatch.setenv("DATABASE_URL", found.url)
    monkeypatch.setenv("DATABASE_POOL_MAX", str(POOL_MAX))
    monkeypatch.setenv("DATABASE_POOL_TIMEOUT", str(POOL_TIMEOUT))
    opened, real_init = [], PostgresStore.__init__

    def tracked(store, *args, **kwargs):  # every store a test opens (its apps' too) is closed after it
        real_init(store, *args, **kwargs)
        opened.append(store)

    monkeypatch.setattr(PostgresStore, "__init__", tracked)
    migrator = found.store(clean_every=None)
    migrator.upgrade()
    migrator.close()
    try:
        yield found
    finally:
        for store in opened:
            store.close()
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {name} CASCADE")


@pytest.fixture
def app(tmp_path, monkeypatch, request):
    """A test app whose instance folder (and so its generated secret key) lives in tmp_path; in a
    test that uses ``backend`` (``pytestmark = pytest.mark.usefixtures("backend")``), on each
    database in turn."""
    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("UNO_TUTOR_SECRET_KEY", raising=False)
    if "backend" in request.fixturenames:
        request.getfixturevalue("backend")  # sets DATABASE_URL first
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def renders(app):
    """The templates rendered while the test runs, by name."""
    seen = []

    def record(sender, template, context, **extra):
        seen.append(template.name)

    template_rendered.connect(record, app)
    yield seen
    template_rendered.disconnect(record, app)


@pytest.fixture(scope="module")
def module_client(request, tmp_path_factory):
    """One test client for a whole module (pages rendered once and checked many ways), its
    instance folder in a temporary directory of its own; the module's APP_CONFIG, if any, added
    to the app's config."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path_factory.mktemp("instance")))
        env.delenv("UNO_TUTOR_SECRET_KEY", raising=False)
        yield create_app({"TESTING": True, **getattr(request.module, "APP_CONFIG", {})}).test_client()
