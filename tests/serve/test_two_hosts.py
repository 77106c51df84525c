"""Two app hosts on one database: two servers run by README's production command (waitress,
app/production.py), each a process with its own threads and its own memory of recent games,
sharing only the store (a PostgreSQL database; or one SQLite file, as two servers on one machine
would). Twenty identical moves on one version, spread over both hosts, must apply exactly once,
in every one of fifty tries: the compare-and-set on the version holds across hosts, and neither
host's memory of the game lets a stale move through."""
import json
import threading


from bench.slow_clients import HOST

TRIES = 50
MOVES = 20  # per try, on the same version, alternating between the hosts


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
