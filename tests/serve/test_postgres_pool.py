"""gunicorn workers on PostgreSQL start, serve and exit without a word on stderr but gunicorn's own
log: each worker's first requests come at once, and every few requests the worker exits and a new
one starts (--max-requests). Each first request at once opened a store and a pool of its own, and
a dropped pool's last reference, let go in one of its own threads, printed a "cannot join current
thread" traceback; a worker's pool is also closed when it exits (app.store.postgres)."""
import os
import threading

import pytest

from bench.postgres_server import new_database, upgrade

from .plain_gunicorn import request, served

THREADS = 8
RESTARTS = 4  # workers that exit, one after another
MAX_REQUESTS = 3 * THREADS  # a worker's requests before it exits: three bursts


@pytest.fixture
def environment(postgres_url, tmp_path):
    with new_database(postgres_url, "pool_exit") as url:
        upgrade(url)
        yield {**os.environ, "DATABASE_URL": url, "UNO_TUTOR_INSTANCE_PATH": str(tmp_path / "instance"),
               "UNO_TUTOR_SECRET_KEY": "pool-exit", "UNO_TUTOR_CLEANUP_EVERY": "0"}


def _burst(port: int) -> list[int]:
    """THREADS requests that need the store, let go together: their statuses."""
    start, statuses = threading.Barrier(THREADS, timeout=60), []

    def ask():
        start.wait()
        statuses.append(request(port, "GET", "/api/v1/games/no-such-game")[0])

    threads = [threading.Thread(target=ask) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_workers_on_postgresql_start_and_exit_without_a_traceback(environment, tmp_path):
    with served(environment, tmp_path, 1, THREADS, "--max-requests", str(MAX_REQUESTS)) as (port, log):
        statuses = [status for _ in range(RESTARTS * MAX_REQUESTS // THREADS + 1) for status in _burst(port)]
    assert set(statuses) == {404}
    assert sum("Worker exiting" in line for line in log) > RESTARTS  # the last one, stopped with the server
    assert [line for line in log if "[INFO]" not in line] == []
