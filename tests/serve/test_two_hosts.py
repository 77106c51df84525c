"""Two app hosts on one database: two servers run by README's production command (waitress,
app/production.py), each a process with its own threads and its own memory of recent games,
sharing only the store (a PostgreSQL database; or one SQLite file, as two servers on one machine
would). Twenty identical moves on one version, spread over both hosts, must apply exactly once,
in every one of fifty tries: the compare-and-set on the version holds across hosts, and neither
host's memory of the game lets a stale move through."""
import json
import threading

import pytest

from bench.postgres_server import new_database, upgrade
from bench.slow_clients import HOST, free_port, production

TRIES = 50
MOVES = 20  # per try, on the same version, alternating between the hosts
SECRET = "two-hosts"  # both hosts sign and read the owner cookie with the same key, as a real deployment must


def _request(port, method, path, body=None, cookie=None):
    """(status, Set-Cookie, JSON) over a socket of its own (bench/ has an http.py of its own)."""
    import http.client

    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    headers = {"Content-Type": "application/json", **({"Cookie": cookie} if cookie else {})}
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    answer = conn.getresponse()
    data = json.loads(answer.read() or b"null")
    conn.close()
    return answer.status, answer.getheader("Set-Cookie"), data


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


def _next_move(view):
    from bench.http import next_move

    return next_move(view)


def test_two_hosts__identical_moves_on_one_version_apply_exactly_once(hosts):
    status, set_cookie, game = _request(hosts[0], "POST", "/api/v1/games",
                                        {"rules": {"preset": "official", "target": 100_000}, "bots": 3, "seed": 7})
    assert status == 201, game
    cookie, path = set_cookie.split(";")[0], f"/api/v1/games/{game['id']}"
    version, view = game["version"], game["view"]
    for attempt in range(TRIES):
        # Both hosts have the game in memory at this version before the race.
        for port in hosts:
            status, _, seen = _request(port, "GET", path, cookie=cookie)
            assert status == 200 and seen["version"] == version, (attempt, port, seen)
        body = {"version": version, "move": _next_move(view)}
        start, answers = threading.Barrier(MOVES), [None] * MOVES

        def send(n):
            start.wait()
            answers[n] = _request(hosts[n % 2], "POST", f"{path}/moves", body, cookie)

        threads = [threading.Thread(target=send, args=(n,)) for n in range(MOVES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [200] + [409] * (MOVES - 1), (attempt, body, statuses)
        assert all(data["error"] == "stale-version" for status, _, data in answers if status == 409)
        applied = next(data for status, _, data in answers if status == 200)
        version, view = applied["version"], applied["view"]
        for port in hosts:  # the host that refused knows the new version, not its remembered one
            status, _, seen = _request(port, "GET", path, cookie=cookie)
            assert status == 200 and seen["version"] == version and seen["view"] == view, (attempt, port)
