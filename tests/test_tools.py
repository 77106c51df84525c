"""One answer to "are we in CI" for every suite: the browser checks and the hypothesis profile."""
import pytest
from hypothesis import settings

from tests import tools


@pytest.mark.parametrize("value", ["1", "true", "yes", "TRUE", "Yes", " true "])
def test_in_ci__accepts_what_ci_services_set(monkeypatch, value):
    monkeypatch.setenv("CI", value)
    assert tools.in_ci()


@pytest.mark.parametrize("value", ["", "0", "false", "no"])
def test_in_ci__refuses_anything_else(monkeypatch, value):
    monkeypatch.setenv("CI", value)
    assert not tools.in_ci()


def test_in_ci__without_the_variable_is_false(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    assert not tools.in_ci()


def test_missing_tool__fails_in_ci_and_skips_elsewhere(monkeypatch):
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="CI needs PostgreSQL"):
        tools.missing("PostgreSQL")
    monkeypatch.setenv("CI", "no")
    with pytest.raises(pytest.skip.Exception, match="no PostgreSQL"):
        tools.missing("PostgreSQL")


def test_hypothesis_profile__follows_the_same_answer():
    """The conftest loads the derandomized "ci" profile exactly when in_ci() says so."""
    assert (settings.default.derandomize is True) == tools.in_ci()


def test_postgres_server__answers_a_query(postgres_url):
    """The server the PostgreSQL leg runs against is up (a throwaway one, or UNO_TEST_POSTGRES_URL's)."""
    import psycopg  # the postgres extra, which scripts/test.sh installs

    with psycopg.connect(postgres_url, connect_timeout=10) as db:
        assert db.execute("SELECT 1 + 1").fetchone() == (2,)
