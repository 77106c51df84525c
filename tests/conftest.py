import pytest
from hypothesis import HealthCheck, settings

from app import create_app
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


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A test app whose instance folder (and so its generated secret key) lives in tmp_path."""
    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("UNO_TUTOR_SECRET_KEY", raising=False)
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def module_client(request, tmp_path_factory):
    """One test client for a whole module (pages rendered once and checked many ways), its
    instance folder in a temporary directory of its own; the module's APP_CONFIG, if any, added
    to the app's config."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path_factory.mktemp("instance")))
        env.delenv("UNO_TUTOR_SECRET_KEY", raising=False)
        yield create_app({"TESTING": True, **getattr(request.module, "APP_CONFIG", {})}).test_client()
