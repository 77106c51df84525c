"""What the tests that start README's production command need."""
import pytest

from bench.postgres_server import new_database, upgrade
from bench.slow_clients import free_port, production
from tests.tools import missing

SECRET = "two-hosts"  # both hosts sign and read the owner cookie with the same key, as a real deployment must


@pytest.fixture(scope="session")
def production_installed():
    """README's production command runs waitress (app/production.py), from the ``serve`` extra."""
    try:
        import waitress  # noqa: F401
    except ImportError:
        missing("waitress (pip install -e '.[serve]')")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """The environment that points both hosts at one store."""
    if request.param == "sqlite":
        yield {"UNO_TUTOR_INSTANCE_PATH": str(tmp_path)}
        return
    with new_database(request.getfixturevalue("postgres_url"), "two_hosts") as url:
        upgrade(url)
        yield {"DATABASE_URL": url}


@pytest.fixture
def hosts(production_installed, database, tmp_path):
    """The two hosts' ports, each README's production command."""
    ports = [free_port(), free_port()]
    env = {"UNO_TUTOR_SECRET_KEY": SECRET, "UNO_TUTOR_CLEANUP_EVERY": "0", **database}
    if "DATABASE_URL" in database:  # each host a folder of its own: only the database is shared
        first, second = ({**env, "UNO_TUTOR_INSTANCE_PATH": str(tmp_path / name)} for name in ("a", "b"))
    else:
        first = second = env
    with production(ports[0], first), production(ports[1], second):
        yield ports
