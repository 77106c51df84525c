"""Limits on making games and the cleanup off the request path (issue 19, defects 1 and 2): a
class behind one address starts at once, a script looping on one cookie is refused (429,
Retry-After, the reader's language), the counts are shared by every worker on the database, and
expired games go in batches that never hold the writers' turn long."""
import html
import os
import threading
import time

import pytest

from app import create_app, limits, store as store_module, wording
from app.api import check as check_api
from app.practice import access, limits as game_limits, owners
from app.store import CLEANUP_BATCH, UNPLAYED_TTL, Store, new_token
from app.store.packing import pack

from .practice_support import CSRF, RULES, new_api_game

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

SCHOOL = "203.0.113.7"
PER_OWNER = int(game_limits.PER_OWNER.split()[0])
PER_ADDRESS = int(game_limits.PER_ADDRESS.split()[0])


def browser(app, address=SCHOOL):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def create(client, query=""):
    return client.post(f"/api/v1/games{query}", json={"rules": RULES, "bots": 1})


def message(app, lang, code, **params):
    with app.test_request_context(f"/{lang}/"):
        from flask_babel import force_locale
        with force_locale(lang):
            return wording.error_message(code, **params)


@pytest.fixture
def clock(monkeypatch):
    """time.time, moved on by ``clock.advance(seconds)``."""
    class Clock:
        offset = 0.0

        def advance(self, seconds):
            self.offset += seconds

    real, moved = time.time, Clock()
    monkeypatch.setattr(time, "time", lambda: real() + moved.offset)
    return moved


# --- making games ------------------------------------------------------------------------------

def test_forty_students_behind_one_address_start_games_at_once(app):
    """Forty browsers of one school, each its own owner, half by the form and half by the API."""
    statuses = []
    for n in range(40):
        pupil = browser(app)
        if n % 2:
            token = CSRF.search(pupil.get("/ar/play").text).group(1)
            form = {"csrf_token": token, "preset": "official", "target": "100", "bots": "2", "level": "easy"}
            statuses.append(pupil.post("/ar/play", data=form).status_code)
        else:
            statuses.append(create(pupil).status_code)
    assert statuses == [201 if n % 2 == 0 else 303 for n in range(40)]


def test_forty_students_start_together_from_threads(app):
    results, pupils = [], [browser(app) for _ in range(40)]
    threads = [threading.Thread(target=lambda p=p: results.append(create(p).status_code)) for p in pupils]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [201] * 40


def test_one_owner_making_games_in_a_loop_is_refused_in_its_language(app, clock):
    client = browser(app)
    # the first, without a cookie yet, is counted by its address alone; then PER_OWNER by the cookie
    assert [create(client).status_code for _ in range(PER_OWNER + 1)] == [201] * (PER_OWNER + 1)
    refused = create(client)
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 60
    assert refused.get_json() == {"error": "too-many-creates", "message": message(app, "en", "too-many-creates")}
    arabic = create(client, "?lang=ar")
    assert arabic.status_code == 429 and "Retry-After" in arabic.headers
    assert arabic.get_json()["message"] == message(app, "ar", "too-many-creates")
    by_header = client.post("/api/v1/games", json={}, headers={"Accept-Language": "ar"})
    assert by_header.get_json()["message"] == message(app, "ar", "too-many-creates")
    token = CSRF.search(client.get("/ar/play").text).group(1)
    page = client.post("/ar/play", data={"csrf_token": token, "bots": "2"})  # the table's form: a page in Arabic
    assert page.status_code == 429 and "Retry-After" in page.headers and 'lang="ar"' in page.text
    assert message(app, "ar", "too-many-creates") in html.unescape(page.text)
    assert create(browser(app)).status_code == 201  # another browser behind the same address
    clock.advance(61)
    assert create(client).status_code == 201  # a minute on


def test_one_address_is_refused_past_its_generous_limit(app):
    assert [create(browser(app)).status_code for _ in range(PER_ADDRESS)] == [201] * PER_ADDRESS
    refused = create(browser(app), "?lang=ar")
    assert refused.status_code == 429 and refused.get_json()["error"] == "too-many-creates-here"
    assert refused.get_json()["message"] == message(app, "ar", "too-many-creates-here")
    assert create(browser(app, "192.0.2.9")).status_code == 201


def test_the_live_games_of_one_owner_are_capped(app, clock):
    client = browser(app)
    made = []
    for _ in range(access.MAX_LIVE_GAMES // PER_OWNER + 1):
        made += [create(client).status_code for _ in range(PER_OWNER)]  # as many as the rate allows
        clock.advance(61)
    assert made[:access.MAX_LIVE_GAMES] == [201] * access.MAX_LIVE_GAMES
    assert set(made[access.MAX_LIVE_GAMES:]) == {429}
    refused = create(client, "?lang=ar")
    assert refused.status_code == 429 and refused.get_json() == {
        "error": "too-many-games", "message": message(app, "ar", "too-many-games", max=access.MAX_LIVE_GAMES)}
    # the first game expires UNPLAYED_TTL after it was made, some minutes ago
    assert UNPLAYED_TTL - 10 * 60 < int(refused.headers["Retry-After"]) <= UNPLAYED_TTL
    clock.advance(UNPLAYED_TTL)  # never played, they have expired: the cap counts live games only
    assert create(client).status_code == 201


def test_a_finished_game_does_not_count_towards_the_cap(app, clock):
    client = browser(app)
    ids = []
    for _ in range(access.MAX_LIVE_GAMES // PER_OWNER):
        ids += [create(client).get_json()["id"] for _ in range(PER_OWNER)]
        clock.advance(61)
    assert create(client).status_code == 429
    with app.app_context():
        record = access.store().load(ids[0])
        assert access.store().save(record, record.state, True)
    assert create(client).status_code == 201


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_the_counts_are_shared_by_every_worker_on_the_database(tmp_path, monkeypatch):
    """A second worker process (forked, with its own app, as gunicorn's) on the same database:
    a client sent to both gets its limit once, not once per worker (memory:// would give it
    twice)."""
    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    config = {"TESTING": True, "PRACTICE_DATABASE": str(tmp_path / "shared.sqlite3")}  # or DATABASE_URL's
    first = browser(create_app(config))
    assert create(first).status_code == 201  # the cookie's first game: counted by address alone
    token = first.get_cookie(owners.OWNER_COOKIE).value
    half = PER_OWNER // 2
    assert [create(first).status_code for _ in range(half)] == [201] * half
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the other worker
        try:
            other = browser(create_app(config))
            other.set_cookie(owners.OWNER_COOKIE, token)
            os.write(write, bytes([create(other).status_code == 201 for _ in range(PER_OWNER - half)]))
        finally:
            os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    assert list(os.read(read, 64)) == [1] * (PER_OWNER - half)
    assert create(first).status_code == 429


def test_class_code_limits_count_in_the_same_store(app):
    client = browser(app)
    code = client.post("/api/v1/classes", json={"rules": RULES}).get_json()["code"]
    client.post("/api/v1/classes", json={"rules": RULES})  # with its cookie: the browser's limit too
    assert client.post("/api/v1/classes/ACDEFH/games", json={}).status_code == 404
    assert client.post(f"/api/v1/classes/{code}/games", json={}).status_code == 201
    create(client)
    check(client)
    with app.app_context():
        keys = {key for key, in access.store()._all("SELECT key FROM hits")}
    scopes = {"class-code-lookups", "class-code-lookups-browser", "class-joins", "class-creates-address",
              "class-creates-browser", "game-creates-address", "game-creates-owner", "checks-address"}
    assert {scope for scope in scopes if any(scope in key for key in keys)} == scopes


def test_the_limiter_is_one_for_the_app(app):
    from app.classroom import limits as class_limits

    assert class_limits.limiter is game_limits.limiter is limits.limiter
    assert type(limits.limiter.storage).__name__ == "PracticeStoreStorage"


# --- the check API ---------------------------------------------------------------------------------

CHECK = {"scenario": {"hands": [["R1", "B7"], ["G2"]], "discard": ["R5"]}, "moves": [{"seat": 0, "action": "draw"}]}


def check(client, query=""):
    return client.post(f"/api/v1/check{query}", json=CHECK)


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_check_api_is_limited_per_address_in_the_requests_language(app, lang):
    allowed = int(check_api.CHECKS_PER_ADDRESS.split()[0])
    assert allowed >= 40 * 60 // 4  # forty students behind one address, each checking every four seconds
    client = browser(app)
    assert {check(client).status_code for _ in range(allowed)} == {200}
    refused = check(client, f"?lang={lang}")
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 60
    assert refused.get_json() == {"error": "too-many-checks", "message": message(app, lang, "too-many-checks")}
    assert check(browser(app, "192.0.2.9")).status_code == 200  # another address


# --- expiry and the cleanup ----------------------------------------------------------------------

def test_a_game_never_played_goes_after_hours_a_played_one_stays(backend):
    store = backend.store(clean_every=None)
    unplayed = store.create(new_token(), {})
    played = store.save(store.create(new_token(), {}), {"n": 1}, False)
    now = time.time()
    assert store.cleanup(now + UNPLAYED_TTL - 60) == 0
    assert store.cleanup(now + UNPLAYED_TTL + 60) == 1
    assert store.load(unplayed.id) is None and store.load(played.id) is not None


def _expired_games(store, count):
    """``count`` games a month and a day old, each with its log, written in one go."""
    old = time.time() - store_module.IDLE_TTL - 24 * 3600
    with store._write() as db:
        db.executemany("INSERT INTO games (id, owner, version, state, finished, updated) VALUES (?, 'o', 3, '{}', 0, ?)",
                       [(f"g{n}", old) for n in range(count)])
        db.executemany("INSERT INTO log (game, n, steps) VALUES (?, 0, ?)", [(f"g{n}", pack([{}])) for n in range(count)])


def test_ten_thousand_expired_games_go_in_small_transactions(backend, monkeypatch):
    """No transaction deletes more than CLEANUP_BATCH games (counted at every commit), and a
    writer gets its turn between two batches."""
    store = backend.store(clean_every=None)
    _expired_games(store, 10_000)
    live = store.save(store.create(new_token(), {"n": 0}), {"n": 1}, False)
    counts = []
    committed = store._committed
    monkeypatch.setattr(store, "_committed", lambda: (counts.append(
        store._one("SELECT COUNT(*) FROM games")[0]), committed()))
    batches = store.cleanup_batches()
    assert next(batches) == CLEANUP_BATCH
    saved = []
    other = threading.Thread(target=lambda: saved.append(store.save(live, {"n": 2}, False)))
    other.start()  # between two batches: the writers' turn is free, so this save goes through
    other.join(timeout=30)
    assert not other.is_alive() and saved[0] is not None
    rest = list(batches)
    assert CLEANUP_BATCH + sum(rest) == 10_000 and max(rest) <= CLEANUP_BATCH
    deleted = [before - after for before, after in zip([10_001] + counts, counts) if before > after]
    assert sum(deleted) == 10_000 and max(deleted) <= CLEANUP_BATCH and len(deleted) == 10_000 // CLEANUP_BATCH
    assert store.load(live.id).state == {"n": 2} and store.steps("g0", 0) == []


def test_making_a_game_no_longer_cleans_up(app, monkeypatch):
    # The test client answers on this thread; another store's cleaner thread (an earlier test's,
    # waking by chance during this one) must still clean as it does, or its failure would be
    # reported against this test.
    requests = threading.current_thread()

    def refusing(name):
        cleaning = getattr(Store, name)

        def refuse(*args, **kwargs):
            if threading.current_thread() is requests:
                raise AssertionError("cleanup inside a request")
            return cleaning(*args, **kwargs)

        return refuse

    for name in ("cleanup", "cleanup_batches"):
        monkeypatch.setattr(Store, name, refusing(name))
    client = browser(app)
    new_api_game(client)
    assert client.post("/api/v1/classes", json={"rules": RULES}).status_code == 201


def test_each_process_cleans_on_a_thread_of_its_own(tmp_path, monkeypatch):
    """The cleaner starts with the first game made (not at import), and cleans without a request."""
    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"TESTING": True, "PRACTICE_CLEANUP_EVERY": 0.05})
    with app.app_context():
        _expired_games(access.store(), 3)
    new_api_game(browser(app))
    with app.app_context():
        store = access.store()
        deadline = time.monotonic() + 30
        while store._one("SELECT COUNT(*) FROM games")[0] != 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert store._one("SELECT COUNT(*) FROM games")[0] == 1  # the new game alone
        assert sum(thread.name == "practice-cleanup" for thread in threading.enumerate()) >= 1


def test_the_cleanup_command_cleans_now(app):
    with app.app_context():
        _expired_games(access.store(), 250)
    result = app.test_cli_runner().invoke(args=["cleanup"])
    assert result.exit_code == 0 and result.output.strip() == "250 games deleted"
    with app.app_context():
        assert access.store()._one("SELECT COUNT(*) FROM games")[0] == 0


def test_expired_rate_limit_counts_are_cleaned_too(app, clock):
    create(browser(app))
    with app.app_context():
        store = access.store()
        assert store._one("SELECT COUNT(*) FROM hits")[0] == 1  # no cookie yet: by its address alone
        clock.advance(61)
        store.cleanup()
        assert store._one("SELECT COUNT(*) FROM hits")[0] == 0
