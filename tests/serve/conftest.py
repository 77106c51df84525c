"""What the tests that start README's production command need."""
import pytest

from tests.tools import missing


@pytest.fixture(scope="session")
def production_installed():
    """README's production command runs waitress (app/production.py), from the ``serve`` extra."""
    try:
        import waitress  # noqa: F401
    except ImportError:
        missing("waitress (pip install -e '.[serve]')")
