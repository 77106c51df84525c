"""The app factory, its configuration, and the skeleton's pages."""
import pytest

from app import create_app


def test_config(app):
    assert not create_app().testing
    assert app.testing


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.text == "ok"


@pytest.mark.parametrize(
    ("lang", "direction", "title"),
    [("ar", "rtl", "معلّم أونو"), ("en", "ltr", "Uno Tutor")],
)
def test_home_has_language_and_direction(client, lang, direction, title):
    response = client.get("/", query_string={"lang": lang}, follow_redirects=True)
    assert response.status_code == 200
    assert f'<html lang="{lang}" dir="{direction}">' in response.text
    assert f"<title>{title}</title>" in response.text


def test_secret_key_is_generated_once_and_kept(app, tmp_path):
    key_file = tmp_path / "instance" / "secret_key"
    assert app.secret_key == key_file.read_text()
    assert len(app.secret_key) == 64
    assert key_file.stat().st_mode & 0o077 == 0  # private to the server's user
    assert create_app({"TESTING": True}).secret_key == app.secret_key


def test_secret_key_from_environment_or_test_config(app, monkeypatch):
    monkeypatch.setenv("UNO_TUTOR_SECRET_KEY", "from-env")
    assert create_app().secret_key == "from-env"
    assert create_app({"SECRET_KEY": "from-test"}).secret_key == "from-test"


def test_json_keeps_arabic_as_utf8(app):
    assert app.json.dumps({"game": "أونو"}) == '{"game":"أونو"}'
    with app.test_request_context():
        assert app.json.response({"game": "أونو"}).get_data(as_text=True) == '{"game":"أونو"}\n'


def test_json_keeps_the_order_keys_are_given_in(app):
    assert app.json.dumps({"b": 1, "a": {"d": 2, "c": 3}}) == '{"b":1,"a":{"d":2,"c":3}}'
    assert app.json.dumps({"b": 1, "a": 2}, sort_keys=True, indent=None) == '{"a": 2, "b": 1}'
