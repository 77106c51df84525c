import pytest

from app import create_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A test app whose instance folder (and so its generated secret key) lives in tmp_path."""
    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("UNO_TUTOR_SECRET_KEY", raising=False)
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()
