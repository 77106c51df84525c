"""The secret key and the games are readable by their owner only: the instance folder is made
0700, the key and practice.sqlite3 (with its -wal, -shm and lock files) 0600, whatever the umask."""
import os
import stat

import pytest

from app import create_app


@pytest.fixture
def permissive_umask():
    """A umask that lets the group and others read what is made (Debian's 022, and looser)."""
    before = os.umask(0o002)
    yield
    os.umask(before)


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_instance_folder_key_and_games_are_the_owners_only(tmp_path, monkeypatch, permissive_umask):
    instance = tmp_path / "instance"
    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(instance))
    monkeypatch.delenv("UNO_TUTOR_SECRET_KEY", raising=False)
    client = create_app({"TESTING": True}).test_client()
    assert client.post("/api/v1/games", json={"bots": 1, "seed": 1}).status_code == 201

    assert _mode(instance) == 0o700
    made = {path.name: _mode(path) for path in instance.iterdir()}
    assert {"secret_key", "practice.sqlite3", "practice.sqlite3-wal", "practice.sqlite3-shm",
            "practice.sqlite3.lock"} <= made.keys()
    assert made == dict.fromkeys(made, 0o600)
