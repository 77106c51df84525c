"""Issue 36 item 1: a class's data version (ClassRecord's ``version``, read by ``Store.load_class``), which its page is drawn once
per (app.classroom.class_pages): every change the page shows gives a version the class never had
before, on both databases, and a class made before migration 7 has one too."""
import time

import pytest

from app.store import UNPLAYED_TTL, new_token, owner_hash, schema

from .practice_support import sqlite_only, store_at_migration

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases
WEEK = 7 * 24 * 3600  # longer than the cleanup's wait for a game never played


def join(store, nickname: str) -> str:
    record, _number = store.join_class("ACDEFH", new_token(), {"n": 0}, False, [], nickname, new_token(), 200, 100)
    return record.id


def test_every_change_the_class_page_shows_gives_a_version_never_seen(backend):
    store = backend.store()
    assert store.load_class("ACDEFH") is None  # no such class
    assert store.create_class("ACDEFH", new_token(), {"seed": 1}, WEEK) is not None
    store.create_class("CDEFHJ", new_token(), {"seed": 1}, WEEK)
    versions = [store.load_class("ACDEFH").version]

    def changed() -> None:
        version = store.load_class("ACDEFH").version
        assert version not in versions
        versions.append(version)

    huda, lina = join(store, "Huda"), join(store, "Lina")
    join(store, "Sami")
    changed()
    for game in (huda, lina):  # a move of Huda's, then Lina's: each one's game a version on
        assert store.save(store.load(game), {"n": 1}, False, [{"step": 1}], first=1) is not None
        changed()
    assert store.note_refusal(huda, "match.none")
    changed()
    # Sami's game was never played: the cleanup deletes it (so the sum of versions falls, and
    # with a move after, comes back to what it was; the count of students does not)
    assert store.cleanup(time.time() + UNPLAYED_TTL + 60) == 1
    changed()
    assert store.save(store.load(lina), {"n": 2}, False, [{"step": 2}], first=2) is not None
    changed()
    assert store.remove_student("ACDEFH", 1)
    changed()
    join(store, "Sara")  # as many students again, and as many moves, as before the removal
    changed()
    store.end_class("ACDEFH")
    changed()
    store.end_class("ACDEFH")  # ending it again changes nothing
    assert store.load_class("ACDEFH").version == versions[-1]
    assert not store.remove_student("ACDEFH", 9) and store.load_class("ACDEFH").version == versions[-1]
    assert store.load_class("CDEFHJ").version == versions[0]  # another class's changes are its own


@sqlite_only
def test_a_class_made_before_migration_4_has_a_version_and_changes_it(backend, monkeypatch):
    teacher = new_token()
    with store_at_migration(backend, monkeypatch, 3) as old:
        assert old.create_class("ACDEFH", teacher, {"seed": 1}, WEEK) is not None
    store = backend.store()
    assert store.schema_version() == schema.LATEST  # upgraded as it opened the file
    found = store.load_class("ACDEFH")
    assert found is not None and found.taught_by(teacher) and found.version == (0, 0, 0)
    join(store, "Huda")
    assert store.load_class("ACDEFH").version == (1, 1, 1) and store.in_class("ACDEFH", owner_hash(teacher)) is False
