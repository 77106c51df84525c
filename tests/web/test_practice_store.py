"""The practice store on both databases: compare-and-set saves, the log, owner tokens, cleanup;
and SQLite's own: WAL mode, the writers' lock file, checkpoints."""
import os
import sqlite3
import threading
import time
import warnings

import pytest

from app.store import FINISHED_TTL, IDLE_TTL, TOUCH_EVERY, SQLiteStore, new_token, sqlite as store_module


def test_created_on_first_use_in_wal_mode(tmp_path):
    path = tmp_path / "instance" / "games.sqlite3"
    store = SQLiteStore(path)
    assert not path.exists()
    store.create(new_token(), {"n": 1})
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_compare_and_set_applies_one_save_per_version(backend):
    store = backend.store()
    record = store.create(new_token(), {"n": 1}, steps=[{"step": 0}])
    first = store.save(record, {"n": 2}, False, [{"step": 1}], first=1)
    assert first is not None and first.version == 2
    assert store.save(record, {"n": 3}, False, [{"step": 1}], first=1) is None  # same version: refused
    assert store.load(record.id).state == {"n": 2}
    assert store.steps(record.id, 0) == [{"step": 0}, {"step": 1}]


def test_the_log_is_read_from_any_step_whichever_request_wrote_it(backend):
    store = backend.store()
    record = store.create(new_token(), {}, steps=[{"step": 0}, {"step": 1}])
    record = store.save(record, {}, False, [{"step": 2}, {"step": 3}, {"step": 4}], first=2)
    store.save(record, {}, False, [], first=5)  # a request that logged nothing
    for first in range(6):
        assert store.steps(record.id, first) == [{"step": n} for n in range(first, 5)]


def test_owner_token_is_stored_hashed_and_checked(backend):
    store = backend.store()
    token = new_token()
    record = store.load(store.create(token, {}).id)
    assert token not in record.owner
    assert record.owned_by(token) and not record.owned_by(new_token()) and not record.owned_by(None)


def test_ids_are_unguessable(backend):
    store = backend.store()
    ids = {store.create(new_token(), {}).id for _ in range(50)}
    assert len(ids) == 50 and all(len(game_id) >= 20 for game_id in ids)


def test_cleanup_removes_old_finished_and_idle_games_with_their_log(backend):
    store = backend.store()
    finished = store.create(new_token(), {}, finished=True, steps=[{"step": 0}])
    idle = store.save(store.create(new_token(), {}), {}, False)  # played: a new version
    recent = store.save(store.create(new_token(), {}), {}, False)
    now = time.time()
    assert store.cleanup(now + FINISHED_TTL + 10) == 1  # the finished game, a day later
    assert store.load(finished.id) is None and store.steps(finished.id, 0) == []
    assert store.load(idle.id) is not None
    assert store.cleanup(now + IDLE_TTL + 10) == 2
    assert store.load(recent.id) is None and store.load(idle.id) is None


def test_a_save_rewrites_the_time_only_when_it_is_old_or_the_game_ends(backend, monkeypatch):
    """The cleanup's clock (and its index) is written at most every TOUCH_EVERY seconds a game."""
    store, clock = backend.store(), [1000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    record = store.create(new_token(), {})

    def stored_time():
        return store._one("SELECT updated FROM games WHERE id = ?", (record.id,))[0]

    clock[0] += TOUCH_EVERY - 1
    record = store.save(record, {"n": 1}, False)
    assert stored_time() == record.updated == 1000.0
    clock[0] += 1
    record = store.save(record, {"n": 2}, False)
    assert stored_time() == record.updated == 1000.0 + TOUCH_EVERY
    clock[0] += 1
    record = store.save(record, {"n": 3}, True)  # finished: the day's grace starts now
    assert stored_time() == record.updated == 1001.0 + TOUCH_EVERY and store.load(record.id).finished


def test_survives_a_new_store_on_the_same_database(backend):
    record = backend.store().create(new_token(), {"n": 7})
    assert backend.store().load(record.id).state == {"n": 7}


def test_writers_queue_on_the_lock_file_and_always_let_go(tmp_path):
    """Every write transaction holds the lock file's flock, whatever way it ends."""
    fcntl = pytest.importorskip("fcntl")
    store = SQLiteStore(tmp_path / "g.sqlite3")
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


def test_checkpoints_run_beside_the_saves(tmp_path, monkeypatch):
    """Every CHECKPOINT_EVERY commits, a thread of the store's copies the log into the database
    file; until then the commits are in the log only: no save runs a checkpoint itself."""
    monkeypatch.setattr(store_module, "CHECKPOINT_EVERY", 4)
    store = SQLiteStore(tmp_path / "g.sqlite3")
    started = _checkpointers_of(store, monkeypatch)
    store._db()
    store._commits = 0  # counted from here: the file's upgrade on first use was a commit too
    record = store.create(new_token(), {"n": 0})  # the first commit
    for n in (1, 2):
        record = store.save(record, {"n": n}, False)
    assert _version_in_database_file(store, record.id) is None and not started
    record = store.save(record, {"n": 3}, False)  # the fourth commit
    _wait_for(lambda: _version_in_database_file(store, record.id) == 4)
    for n in range(4, 12):  # two more wake-ups: the same thread
        record = store.save(record, {"n": n}, False)
    _wait_for(lambda: _version_in_database_file(store, record.id) == 12)
    assert len(started) == 1


def test_the_checkpointer_outlives_a_database_that_fails_it_at_its_start(tmp_path, monkeypatch, caplog):
    """A checkpointer that can't open its connection says so in the log, and the next wake-up tries
    again, on the same thread: checkpoints go on."""
    monkeypatch.setattr(store_module, "CHECKPOINT_EVERY", 1)
    store, failed = SQLiteStore(tmp_path / "g.sqlite3"), threading.Event()
    started, connection = _checkpointers_of(store, monkeypatch), store._db

    def failing_once():
        if threading.current_thread().name == "practice-checkpoints" and not failed.is_set():
            failed.set()
            raise sqlite3.OperationalError("disk I/O error")
        return connection()

    monkeypatch.setattr(store, "_db", failing_once)
    record = store.create(new_token(), {"n": 0})
    _wait_for(lambda: "tried again" in caplog.text)
    assert failed.is_set() and "disk I/O error" in caplog.text
    record = store.save(record, {"n": 1}, False)
    _wait_for(lambda: _version_in_database_file(store, record.id) == 2)
    assert len(started) == 1


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_process_starts_its_own_checkpointer(tmp_path, monkeypatch):
    """A child process has none of its parent's threads: its first wake-up starts one."""
    monkeypatch.setattr(store_module, "CHECKPOINT_EVERY", 1)
    store = SQLiteStore(tmp_path / "g.sqlite3")
    record = store.create(new_token(), {"n": 0})  # the parent's checkpointer starts...
    _wait_for(lambda: _version_in_database_file(store, record.id) == 1)  # ...and is idle again
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Python 3.12+: fork in a threaded process
        child = os.fork()
    if child == 0:  # only the wake-up here: a SQLite connection must not cross a fork
        status = 1
        try:
            store._committed()
            status = 0 if store._checkpointer[0] == os.getpid() and len(_checkpointers()) == 1 else 2
        finally:
            os._exit(status)
    assert os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]) == 0


def _version_in_database_file(store: SQLiteStore, game_id: str) -> int | None:
    """The game's version in the database file itself, not counting the log (None: not there)."""
    db = sqlite3.connect(store.path.as_uri() + "?immutable=1", uri=True)
    try:
        row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
    except sqlite3.DatabaseError:  # not even the table yet, or a page read as it was written
        return None
    finally:
        db.close()
    return row and row[0]


def _checkpointers() -> list[threading.Thread]:
    """The process's checkpointer threads (a forked child has only those it started itself)."""
    return [t for t in threading.enumerate() if t.name == "practice-checkpoints"]


def _checkpointers_of(store: SQLiteStore, monkeypatch) -> list[threading.Thread]:
    """The checkpointer threads this store starts, each recorded as it begins: counting the
    process's threads by name also counted other tests' stores, whose threads start when those
    stores' last commits come, which made these tests fail by chance."""
    started: list[threading.Thread] = []
    checkpoints = store._checkpoints

    def recorded(wanted: threading.Event) -> None:
        started.append(threading.current_thread())
        checkpoints(wanted)

    monkeypatch.setattr(store, "_checkpoints", recorded)
    return started


def _wait_for(condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts open files in /proc")
def test_threads_share_one_handle_on_the_lock_file(tmp_path):
    """A connection per thread, but one open lock file per process: a threaded server starts a
    thread per request, and a handle per thread would never be closed."""
    store = SQLiteStore(tmp_path / "g.sqlite3")
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
