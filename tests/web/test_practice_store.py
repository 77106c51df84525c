"""The practice store: SQLite in WAL mode, compare-and-set saves, owner tokens, cleanup."""
import os
import sqlite3
import threading
import time

import pytest

from app.practice.store import FINISHED_TTL, IDLE_TTL, TOUCH_EVERY, Store, new_token


def test_created_on_first_use_in_wal_mode(tmp_path):
    path = tmp_path / "instance" / "games.sqlite3"
    store = Store(path)
    assert not path.exists()
    store.create(new_token(), {"n": 1})
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_compare_and_set_applies_one_save_per_version(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    record = store.create(new_token(), {"n": 1}, steps=[{"step": 0}])
    first = store.save(record, {"n": 2}, False, [{"step": 1}], first=1)
    assert first is not None and first.version == 2
    assert store.save(record, {"n": 3}, False, [{"step": 1}], first=1) is None  # same version: refused
    assert store.load(record.id).state == {"n": 2}
    assert store.steps(record.id, 0) == [{"step": 0}, {"step": 1}]


def test_the_log_is_read_from_any_step_whichever_request_wrote_it(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    record = store.create(new_token(), {}, steps=[{"step": 0}, {"step": 1}])
    record = store.save(record, {}, False, [{"step": 2}, {"step": 3}, {"step": 4}], first=2)
    store.save(record, {}, False, [], first=5)  # a request that logged nothing
    for first in range(6):
        assert store.steps(record.id, first) == [{"step": n} for n in range(first, 5)]


def test_a_log_written_one_row_per_step_still_reads(tmp_path):
    """Logs from before one row per request: each row one step's object."""
    store = Store(tmp_path / "g.sqlite3")
    record = store.create(new_token(), {})
    store._db().executemany("INSERT INTO steps (game, n, step) VALUES (?, ?, ?)",
                            [(record.id, n, f'{{"step": {n}}}') for n in range(3)])
    store.save(record, {}, False, [{"step": 3}, {"step": 4}], first=3)
    assert store.steps(record.id, 1) == [{"step": n} for n in range(1, 5)]
    assert store.steps(record.id, 4) == [{"step": 4}]


def test_owner_token_is_stored_hashed_and_checked(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    token = new_token()
    record = store.load(store.create(token, {}).id)
    assert token not in record.owner
    assert record.owned_by(token) and not record.owned_by(new_token()) and not record.owned_by(None)


def test_ids_are_unguessable(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    ids = {store.create(new_token(), {}).id for _ in range(50)}
    assert len(ids) == 50 and all(len(game_id) >= 20 for game_id in ids)


def test_cleanup_removes_old_finished_and_idle_games_with_their_log(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    finished = store.create(new_token(), {}, finished=True, steps=[{"step": 0}])
    idle = store.create(new_token(), {})
    recent = store.create(new_token(), {})
    now = time.time()
    assert store.cleanup(now + FINISHED_TTL + 10) == 1  # the finished game, a day later
    assert store.load(finished.id) is None and store.steps(finished.id, 0) == []
    assert store.load(idle.id) is not None
    store._last_cleanup = 0
    assert store.cleanup(now + IDLE_TTL + 10) == 2
    assert store.load(recent.id) is None and store.load(idle.id) is None


def test_a_save_rewrites_the_time_only_when_it_is_old_or_the_game_ends(tmp_path, monkeypatch):
    """The cleanup's clock (and its index) is written at most every TOUCH_EVERY seconds a game."""
    store, clock = Store(tmp_path / "g.sqlite3"), [1000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    record = store.create(new_token(), {})

    def stored_time():
        return store._db().execute("SELECT updated FROM games WHERE id = ?", (record.id,)).fetchone()[0]

    clock[0] += TOUCH_EVERY - 1
    record = store.save(record, {"n": 1}, False)
    assert stored_time() == record.updated == 1000.0
    clock[0] += 1
    record = store.save(record, {"n": 2}, False)
    assert stored_time() == record.updated == 1000.0 + TOUCH_EVERY
    clock[0] += 1
    record = store.save(record, {"n": 3}, True)  # finished: the day's grace starts now
    assert stored_time() == record.updated == 1001.0 + TOUCH_EVERY and store.load(record.id).finished


def test_survives_a_new_store_on_the_same_file(tmp_path):
    record = Store(tmp_path / "g.sqlite3").create(new_token(), {"n": 7})
    assert Store(tmp_path / "g.sqlite3").load(record.id).state == {"n": 7}


def test_writers_queue_on_the_lock_file_and_always_let_go(tmp_path):
    """Every write transaction holds the lock file's flock, whatever way it ends."""
    fcntl = pytest.importorskip("fcntl")
    store = Store(tmp_path / "g.sqlite3")
    record = store.create(new_token(), {"n": 1})
    other = os.open(store.lock_path, os.O_RDWR)  # another writer's handle

    def free() -> bool:
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(other, fcntl.LOCK_UN)
        return True

    with store._write():
        assert not free()
    assert free()
    with pytest.raises(RuntimeError), store._write():
        raise RuntimeError("a failed write rolls back")
    assert free()
    assert store.save(record, {"n": 2}, False) is not None
    assert store.save(record, {"n": 3}, False) is None  # refused: stale version
    assert free() and store.load(record.id).state == {"n": 2}
    os.close(other)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts open files in /proc")
def test_threads_share_one_handle_on_the_lock_file(tmp_path):
    """A connection per thread, but one open lock file per process: a threaded server starts a
    thread per request, and a handle per thread would never be closed."""
    store = Store(tmp_path / "g.sqlite3")
    record = store.create(new_token(), {"n": 0})
    saved = []

    def save(n):
        saved.append(store.save(store.load(record.id), {"n": n}, False, [{"step": n}], first=n))

    threads = [threading.Thread(target=save, args=(n,)) for n in range(1, 21)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    applied = [s for s in saved if s is not None]
    assert applied and store.load(record.id).version == 1 + len(applied)  # each save on the version it read
    handles = [fd for fd in os.listdir("/proc/self/fd") if _target(fd) == str(store.lock_path)]
    assert len(handles) == 1


def _target(fd: str) -> str:
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return ""
