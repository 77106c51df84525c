"""Class codes (issue 17, item 2): a teacher's class, every student's game dealt alike, the
teacher's view of their progress (its teacher's alone), expiry, bad codes, rate limits and
nicknames shown escaped."""
import html
import re
import threading
import time

import pytest
from flask_babel import force_locale

from app import limits as app_limits, wording
from app.classroom import class_pages as classes_page, classes, codes, limits
from app.engine.rules import Rule
from app.links import qr_svg
from app.practice import access
from app import store as store_module
from app.practice.game import HUMAN
from app.store import SQLiteStore, new_token

from .practice_support import CSRF, RULES, csrf, learner_holds, old_sqlite_file, rewrite, sqlite_only, stored

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

SCHOOL = "203.0.113.7"  # one school's address, seen by the server for all its students
CLASS_FORM = {"preset": "official", "target": "100", "bots": "2", "level": "easy"}


def make_class(client, **body):
    answer = client.post("/api/v1/classes", json={"rules": RULES, "bots": 2, "level": "easy", "seed": "lesson-3",
                                                  **body})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def student(app, address="198.51.100.1"):
    """A browser of its own (its own cookies), from ``address``."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def join(client, code, nickname=None):
    return client.post(f"/api/v1/classes/{code}/games", json={"nickname": nickname})


def message(app, lang, code, **params):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        return wording.error_message(code, **params)


# --- a class and its students ------------------------------------------------------------------

def test_thirty_students_get_the_same_first_deal_and_their_own_games(app, client):
    made = make_class(client)
    code = made["code"]
    assert set(made) == {"code", "url", "qr", "teacher_link"}
    assert made["url"].endswith(f"/en/join/{code}") and made["qr"].startswith('<svg role="img"')
    games = []
    for n in range(30):
        answer = join(student(app, f"198.51.100.{n}"), code, f"S{n}")
        assert answer.status_code == 201, answer.get_json()
        body = answer.get_json()
        assert set(body) == {"id", "version", "view", "results"}  # as POST /api/v1/games answers
        games.append(body)
    assert len({game["id"] for game in games}) == 30
    deals = set()
    for game in games:
        _, practice = stored(app, game["id"])
        state = practice.round
        deals.add((repr(state.hands), repr(state.draw_pile), repr(state.discard), practice.game.seed))
    assert len(deals) == 1  # one deal: every hand, the draw pile's order, the first card
    assert len({repr(game["view"]["hands"][HUMAN]) for game in games}) == 1
    shown = client.get(f"/api/v1/classes/{code}")
    assert shown.headers["Cache-Control"] == "private, no-store"
    teacher = shown.get_json()
    assert [s["number"] for s in teacher["students"]] == list(range(1, 31))
    assert [s["nickname"] for s in teacher["students"]] == [f"S{n}" for n in range(30)]
    assert all(s["round"] == 1 and s["cards_left"] == 7 and not s["finished"] for s in teacher["students"])
    assert teacher["bots"] == 2 and teacher["level"] == "easy" and teacher["seed"] == "lesson-3"


def test_students_never_reach_each_others_games(app, client):
    code = make_class(client)["code"]
    first, second = student(app, "198.51.100.1"), student(app, "198.51.100.2")
    mine = join(first, code).get_json()
    theirs = join(second, code).get_json()
    assert first.get(f"/api/v1/games/{theirs['id']}").status_code == 403
    assert first.get(f"/en/play/{theirs['id']}").status_code == 403
    assert first.get(f"/en/play/{mine['id']}").status_code == 200
    # The teacher's view holds counts and rule ids, never a card.
    teacher = client.get(f"/api/v1/classes/{code}").get_json()
    _, practice = stored(app, mine["id"])
    faces = {c.notation for c in practice.round.hands[HUMAN]}
    assert not faces & set(re.findall(r"\b(?:WD4|W|[RYGB](?:D2|S|R|\d))\b", repr(teacher["students"])))


def test_the_same_seed_and_rules_give_the_class_the_practice_games_deal(app, client):
    """A class deals as a practice game with its options does (a teacher's link, the same seed)."""
    code = make_class(client, seed=77, bots=3)["code"]
    joined = join(student(app), code).get_json()
    alone = client.post("/api/v1/games", json={"rules": RULES, "bots": 3, "level": "easy", "seed": 77}).get_json()
    assert joined["view"]["hands"] == alone["view"]["hands"] and joined["view"]["top"] == alone["view"]["top"]


def test_a_class_without_a_seed_still_shares_one_deal(app, client):
    code = make_class(client, seed=None)["code"]
    hands = {repr(join(student(app, f"198.51.100.{n}"), code).get_json()["view"]["hands"]) for n in range(3)}
    assert len(hands) == 1


def test_the_teachers_view_counts_refusals_by_rule(app, client):
    code = make_class(client)["code"]
    first, second, third = (student(app, f"198.51.100.{n}") for n in range(3))
    one, two = join(first, code).get_json()["id"], join(second, code).get_json()["id"]
    join(third, code)

    for game in (one, two):  # cards that match neither the colour nor the number on top
        rewrite(app, game, learner_holds(["R1", "B2"], top="G7"))
    for client_, game in ((first, one), (first, one), (second, two)):  # two refusals by the API, one by the form
        version, _ = stored(app, game)
        refused = client_.post(f"/api/v1/games/{game}/moves", json={"version": version,
                                                                     "move": {"action": "play", "card": "R1"}})
        assert refused.status_code == 422
    version, _ = stored(app, two)
    form = second.post(f"/en/play/{two}", data={"csrf_token": csrf(second), "version": version, "action": "play",
                                                "card": "B2"})
    assert form.status_code == 422
    teacher = client.get(f"/api/v1/classes/{code}").get_json()
    by_number = {s["number"]: s for s in teacher["students"]}
    rule = Rule.MATCH_NONE.value
    assert by_number[1]["refusals"] == {rule: 2} and by_number[1]["refused"] == 2
    assert by_number[2]["refusals"] == {rule: 2} and by_number[3]["refused"] == 0
    assert by_number[1]["most_refused"]["rule"] == rule and by_number[3]["most_refused"] is None
    assert teacher["refusals"] == [{"rule": rule, "title": teacher["refusals"][0]["title"],
                                    "url": f"/en/rules/turn#{rule}", "count": 4}]
    page = client.get(f"/en/class/{code}").text
    assert f'<a href="/en/rules/turn#{rule}">' in page
    arabic = client.get(f"/api/v1/classes/{code}?lang=ar").get_json()
    assert arabic["refusals"][0]["url"] == f"/ar/rules/turn#{rule}"
    assert re.search("[\u0600-\u06ff]", arabic["refusals"][0]["title"]) and arabic["students"][2]["name"] != "Student 3"


def test_a_refusal_outside_any_class_writes_nothing(app, client):
    game = client.post("/api/v1/games", json={"rules": RULES, "seed": 5}).get_json()["id"]
    with app.app_context():
        assert access.store().note_refusal(game, Rule.MATCH_NONE.value) is False
        assert access.store()._one("SELECT COUNT(*) FROM refusals")[0] == 0


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_student_and_a_stranger_get_403_on_the_class(app, client, lang):
    code = make_class(client)["code"]
    pupil = student(app)
    join(pupil, code)
    for other in (pupil, student(app, "192.0.2.9")):
        page = other.get(f"/{lang}/class/{code}")
        assert page.status_code == 403
        assert message(app, lang, "class-forbidden") in html.unescape(page.text)
        assert code not in re.sub(f"/(?:ar|en)/class/{code}", "", page.text)  # no code, link or QR code for them
        answer = other.get(f"/api/v1/classes/{code}?lang={lang}")
        assert answer.status_code == 403
        assert answer.get_json() == {"error": "class-forbidden", "message": message(app, lang, "class-forbidden")}
    assert client.get(f"/{lang}/class/{code}").status_code == 200


def test_the_class_page_shows_the_code_its_qr_code_the_link_and_the_students(app, client):
    code = make_class(client)["code"]
    join(student(app), code, "Noor")
    page = client.get(f"/en/class/{code.lower()}", follow_redirects=True)
    assert page.status_code == 200 and page.request.path == f"/en/class/{code}"
    text = page.text
    assert codes.shown(code) in text and f"/en/join/{code}" in text
    assert '<svg role="img" viewBox=' in text and "<title>" in text  # the QR code, drawn on the server
    assert "<bdi data-field=\"name\">Noor</bdi>" in text and "/en/watch/" in text
    assert page.headers["Cache-Control"] == "private, no-store"
    assert re.search(r'data-api="/api/v1/classes/' + code + r'\?lang=en"', text)
    # Refreshed every few seconds: class.js reads the JSON; without JavaScript the page reloads itself.
    head = text.split("</head>")[0]
    every = classes_page.REFRESH_EVERY
    assert 0 < every <= 10 and f'<noscript><meta http-equiv="refresh" content="{every}"></noscript>' in head
    assert f'data-refresh="{every}"' in text and re.search(r"/static/class\.[0-9a-f]{8}\.js", head)


def test_the_projector_view_shows_how_to_join_and_no_student(app, client):
    """Issue 35, item 12: the class page for the room's screen, its teacher's alone as the page is."""
    code = make_class(client)["code"]
    join(student(app), code, "Noor")
    page = client.get(f"/en/class/{code.lower()}/projector", follow_redirects=True)
    assert page.status_code == 200 and page.request.path == f"/en/class/{code}/projector"
    assert codes.shown(code) in page.text and f"/en/join/{code}" in page.text and '<svg role="img"' in page.text
    assert "Noor" not in page.text and "data-field" not in page.text and "/api/v1/classes" not in page.text
    assert page.headers["Cache-Control"] == "private, no-store"
    assert student(app, "192.0.2.9").get(f"/en/class/{code}/projector").status_code == 403


def test_the_qr_code_is_the_join_address(app, client):
    """The page's QR code is segno's drawing of the join address, sized by CSS, named for screen readers."""
    code = make_class(client)["code"]
    page = client.get(f"/ar/class/{code}").text
    with app.test_request_context("/ar/"), force_locale("ar"):
        drawn = qr_svg(f"http://localhost/ar/join/{code}", "QR")
    assert drawn.split("</title>")[1] in page  # the same modules: the same address
    assert drawn.startswith('<svg role="img" viewBox="0 0 ') and "width=" not in drawn.split(">")[0]


# --- joining through the pages --------------------------------------------------------------

def test_a_student_joins_through_the_form(app, client):
    code = make_class(client)["code"]
    pupil = student(app)
    page = pupil.get(f"/ar/join/{code}")  # the QR code's address: the code filled in, nothing made
    assert page.status_code == 200 and f'value="{codes.shown(code)}"' in page.text
    assert client.get(f"/api/v1/classes/{code}").get_json()["students"] == []
    token = CSRF.search(page.text).group(1)
    joined = pupil.post("/ar/join", data={"csrf_token": token, "code": f" {code.lower()[:3]}-{code.lower()[3:]} ",
                                          "nickname": "  Lina   M "})
    assert joined.status_code == 303 and re.fullmatch(r"/ar/play/[\w-]+", joined.headers["Location"])
    assert pupil.get(joined.headers["Location"]).status_code == 200
    assert client.get(f"/api/v1/classes/{code}").get_json()["students"][0]["nickname"] == "Lina M"


def test_joining_needs_the_forms_token(app, client):
    code = make_class(client)["code"]
    assert student(app).post("/en/join", data={"code": code}).status_code == 400
    assert client.get(f"/api/v1/classes/{code}").get_json()["students"] == []


def test_a_teacher_makes_a_class_through_the_form(app, client):
    token = CSRF.search(client.get("/en/class/new").text).group(1)
    made = client.post("/en/class/new", data={"csrf_token": token, "preset": "guide-long", "target": "200",
                                              "bots": "4", "level": "normal", "seed": "", "stacking": "on"})
    assert made.status_code == 303
    code = made.headers["Location"].rsplit("/", 1)[1]
    assert codes.normalise(code) == code
    shown = client.get(f"/api/v1/classes/{code}").get_json()
    assert shown["bots"] == 4 and shown["level"] == "normal" and isinstance(shown["seed"], int)
    assert shown["rules"]["stacking"] is True and shown["rules"]["target"] == 200 and shown["rules"]["players"] == 5
    page = client.get(f"/en/class/{code}").text
    assert "<li>Long Arabic guide</li>" in page and "<li>Stacking (house rule): yes</li>" in page
    assert "<li>Points that end the game: 200</li>" in page and "<li>4 bots</li>" in page


def test_a_bad_class_form_comes_back_with_its_error(app, client):
    token = CSRF.search(client.get("/ar/class/new").text).group(1)
    refused = client.post("/ar/class/new", data={"csrf_token": token, "preset": "official", "target": "500",
                                                 "bots": "42", "level": "easy"})
    assert refused.status_code == 400 and 'id="bots-error"' in refused.text and 'lang="ar"' in refused.text


# --- bad codes, nicknames, expiry ----------------------------------------------------------

@pytest.mark.parametrize("typed", ["kdm-47x", "KDM 47X", " k d m 4 7 x ", "KDM٤٧X", "kdm–47x"])
def test_a_code_is_read_in_any_case_with_spaces_or_dashes(typed):
    assert codes.normalise(typed) == "KDM47X"


@pytest.mark.parametrize("typed", ["KDM47", "KDM47XX", "KDM470", "KDM4OX", "SDM47X", "", "x" * 41, None, 7])
def test_a_code_with_a_look_alike_or_the_wrong_length_is_no_code(typed):
    assert codes.normalise(typed) is None


def test_codes_use_the_alphabet_without_look_alikes():
    assert not set("0O1IL5S2Z8B6GUVQ") & set(codes.ALPHABET)
    drawn = {codes.new_code() for _ in range(200)}
    assert len(drawn) == 200 and all(codes.normalise(code) == code for code in drawn)


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("typed, status, error", [("KD-4", 400, "bad-code"), ("ACDEFH", 404, "class-not-found")])
def test_a_bad_code_is_refused_in_the_readers_language(app, client, lang, typed, status, error):
    api = client.post(f"/api/v1/classes/{typed}/games?lang={lang}", json={})
    assert api.status_code == status and api.get_json() == {"error": error, "message": message(app, lang, error)}
    token = CSRF.search(client.get(f"/{lang}/join").text).group(1)
    form = client.post(f"/{lang}/join", data={"csrf_token": token, "code": typed, "nickname": "x"})
    assert form.status_code == status and 'id="code-error"' in form.text
    assert message(app, lang, error) in html.unescape(form.text)
    assert client.get(f"/{lang}/join/{typed}").status_code == status


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("body, field", [({"bots": 42}, "bots"), ({"level": "expert"}, "level"),
                                         ({"rules": "no-such-rules"}, "rules"), ({"seed": [1]}, "seed")])
def test_a_bad_class_is_refused_in_the_requests_language_and_makes_nothing(app, client, lang, body, field):
    answer = client.post(f"/api/v1/classes?lang={lang}", json=body)
    assert answer.status_code == 400
    refused = answer.get_json()
    assert refused["error"] == "bad-options" and refused["field"] == field
    assert bool(re.search("[\u0600-\u06ff]", refused["message"])) == (lang == "ar")
    with app.app_context():
        assert access.store()._one("SELECT COUNT(*) FROM classes")[0] == 0


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_body_that_isnt_a_json_object_is_refused_in_the_requests_language(app, client, lang):
    code = make_class(client)["code"]
    for path in ("/api/v1/classes", f"/api/v1/classes/{code}/games"):
        for send, error in (({"data": "x"}, "not-json"), ({"data": "{", "content_type": "application/json"},
                                                          "malformed-json"), ({"json": [1]}, "bad-request")):
            answer = student(app).post(f"{path}?lang={lang}", **send)
            assert answer.status_code == 400
            assert answer.get_json() == {"error": error, "message": message(app, lang, error)}
    assert client.get(f"/api/v1/classes/{code}").get_json()["students"] == []


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("typed, status, error", [("KD-4", 400, "bad-code"), ("ACDEFH", 404, "class-not-found")])
def test_a_teacher_asking_for_a_bad_or_unknown_code_is_told_in_their_language(app, client, lang, typed, status,
                                                                               error):
    make_class(client)
    answer = client.get(f"/api/v1/classes/{typed}?lang={lang}")
    assert answer.status_code == status and answer.get_json() == {"error": error, "message": message(app, lang, error)}
    page = client.get(f"/{lang}/class/{typed}")
    assert page.status_code == status and message(app, lang, error) in html.unescape(page.text)


@pytest.mark.parametrize("nickname", ["n" * 21, 7, ["x"], "a\x00b"])
def test_a_nickname_that_cant_be_used_is_refused_and_joins_nobody(app, client, nickname):
    code = make_class(client)["code"]
    answer = join(student(app), code, nickname)
    assert answer.status_code == 400 and answer.get_json()["error"] == "bad-nickname"
    assert client.get(f"/api/v1/classes/{code}").get_json()["students"] == []


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("nickname", ["<script>x()</script>", '<b>x</b>&"\'<i>'])
def test_a_nickname_is_shown_escaped_everywhere(app, client, lang, nickname):
    assert len(nickname) <= classes.MAX_NICKNAME
    code = make_class(client)["code"]
    join(student(app), code, nickname)
    teacher = client.get(f"/api/v1/classes/{code}").get_json()
    assert teacher["students"][0]["nickname"] == nickname  # JSON carries it as it was typed
    escaped = html.escape(nickname, quote=False)
    page = client.get(f"/{lang}/class/{code}").text
    assert nickname not in page and "<script>x" not in page and "<b>x" not in page
    assert f'<bdi data-field="name">{escaped}</bdi>' in page.replace("&#34;", '"').replace("&#39;", "'")
    watched = client.get(teacher["students"][0]["watch"].replace("http://localhost", "")).text
    assert nickname not in watched and "<script>x" not in watched
    assert escaped in watched.replace("&#34;", '"').replace("&#39;", "'")


def test_a_class_is_full_at_its_size(app, client, monkeypatch):
    monkeypatch.setattr(classes, "MAX_STUDENTS", 2)
    code = make_class(client)["code"]
    assert [join(student(app, f"198.51.100.{n}"), code).status_code for n in range(3)] == [201, 201, 409]
    assert join(student(app), code).get_json()["error"] == "class-full"
    assert len(client.get(f"/api/v1/classes/{code}").get_json()["students"]) == 2


def test_a_class_and_its_games_expire_after_a_week(app, client, monkeypatch):
    code = make_class(client)["code"]
    pupil = student(app)
    game = join(pupil, code).get_json()["id"]
    watch = client.get(f"/api/v1/classes/{code}").get_json()["students"][0]["watch"].replace("http://localhost", "")
    lone = client.post("/api/v1/games", json={"rules": RULES}).get_json()["id"]  # outside the class: a month idle
    with app.app_context():  # once played (a new version): a game never played goes after two hours
        record = access.store().load(lone)
        assert access.store().save(record, record.state, False)
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + classes.CLASS_TTL - 60)
    assert client.get(f"/en/class/{code}").status_code == 200  # a minute before the week is out
    monkeypatch.setattr(time, "time", lambda: now + classes.CLASS_TTL + 1)
    assert client.get(f"/en/class/{code}").status_code == 404
    assert client.get(f"/api/v1/classes/{code}").get_json()["error"] == "class-not-found"
    assert join(student(app, "192.0.2.1"), code).status_code == 404
    with app.app_context():
        assert access.store().cleanup() == 1  # the student's game, not the lone one
        store = access.store()
        assert [store._one(f"SELECT COUNT(*) FROM {table}")[0]
                for table in ("classes", "students", "watches", "refusals")] == [0, 0, 0, 0]
    assert pupil.get(f"/api/v1/games/{game}").status_code == 404
    assert client.get(watch).status_code == 404
    assert client.get(f"/api/v1/games/{lone}").status_code == 200


def test_a_finished_students_game_stays_for_the_teacher(app, client, monkeypatch):
    """A finished game is deleted after a day, but a class's stays with its class."""
    code = make_class(client)["code"]
    game = join(student(app), code).get_json()["id"]
    with app.app_context():
        record = access.store().load(game)
        assert access.store().save(record, record.state, True)
        assert access.store().cleanup(time.time() + store_module.FINISHED_TTL + 10) == 0
    assert client.get(f"/api/v1/classes/{code}").get_json()["students"][0]["finished"] is True


# --- the store: joins at once, an older database file -----------------------------------------

def test_many_joins_at_once_each_get_a_game_and_a_number(app, client):
    code = make_class(client)["code"]
    answers, barrier = [], threading.Barrier(40, timeout=30)

    def run(n):
        pupil = student(app, SCHOOL)
        barrier.wait()
        answers.append(join(pupil, code, f"P{n}"))

    threads = [threading.Thread(target=run, args=(n,)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(a.status_code for a in answers) == [201] * 40
    teacher = client.get(f"/api/v1/classes/{code}").get_json()["students"]
    assert sorted(s["number"] for s in teacher) == list(range(1, 41))
    assert len({a.get_json()["id"] for a in answers}) == 40


def test_two_processes_joining_one_class_never_share_a_number(backend):
    """Two stores on one database (two workers, or two hosts): the writers' turn (SQLite), the
    class's row lock (PostgreSQL) makes each join see the last number."""
    first, second = backend.store(), backend.store()
    teacher = new_token()
    made = first.create_class("ACDEFH", teacher, {"seed": 1}, 3600)
    assert made is not None and second.create_class("ACDEFH", new_token(), {}, 3600) is None  # the code is taken
    numbers = []

    def run(store):
        for _ in range(15):
            numbers.append(store.join_class("ACDEFH", new_token(), {}, False, [], None, new_token(), 100, 1)[1])

    threads = [threading.Thread(target=run, args=(store,)) for store in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(numbers) == list(range(1, 31))


OLD_SCHEMA = (
    """CREATE TABLE games (id TEXT PRIMARY KEY, owner TEXT NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL,
                           finished INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL)""",
    "CREATE INDEX games_updated ON games (updated)",
    """CREATE TABLE steps (game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, n INTEGER NOT NULL,
                           step TEXT NOT NULL, PRIMARY KEY (game, n)) WITHOUT ROWID""",
)


@sqlite_only
def test_a_database_file_from_before_classes_opens_and_gains_them(tmp_path):
    """The schema only adds tables: a file with the games of the last release keeps them, and
    classes and watch links work in it."""
    path = tmp_path / "practice.sqlite3"
    owner = old_sqlite_file(path, OLD_SCHEMA)
    store = SQLiteStore(path)
    record = store.load("g1")
    assert record.version == 3 and record.owned_by(owner) and store.steps("g1", 0) == [{"step": 0}]
    assert store.save(record, {"n": 2}, False) is not None
    assert store.create_class("ACDEFH", owner, {"seed": 1}, 3600) is not None
    joined, number = store.join_class("ACDEFH", new_token(), {}, False, [], "Ali", new_token(), 10, 1)
    assert number == 1 and store.student(joined.id) == (1, "Ali")
    assert store.share("g1", True, "tok").token == "tok" and store.load_watch("tok").open_hands


# --- rate limits -------------------------------------------------------------------------------

def wrong_codes(count):
    """``count`` codes of the alphabet, of no class (a class's code is drawn at random: 1 in 64 million)."""
    digits = str.maketrans("0123456789", "ACDEFHJKMN")
    return [f"ACD{n:03d}".translate(digits) for n in range(count)]


def test_guessing_codes_from_one_address_is_refused_for_a_while(app, client, monkeypatch):
    code = make_class(client)["code"]
    guesser = student(app, "192.0.2.66")  # a script: no cookie, so counted by its address
    for wrong in wrong_codes(limits.GUESSES_PER_ADDRESS):
        assert join(guesser, wrong).status_code == 404
    refused = join(guesser, code)  # now even the right code is refused: else it would answer the guesser
    assert refused.status_code == 429 and refused.get_json()["error"] == "too-many-codes"
    assert 0 < int(refused.headers["Retry-After"]) <= limits.ADDRESS_WINDOW
    minutes = limits.ADDRESS_WINDOW // 60
    arabic = guesser.post(f"/api/v1/classes/{code}/games?lang=ar", json={})
    assert arabic.status_code == 429 and "Retry-After" in arabic.headers
    assert arabic.get_json() == {"error": "too-many-codes",
                                 "message": message(app, "ar", "too-many-codes", minutes=minutes)}
    page = guesser.get(f"/ar/join/{code}")
    assert page.status_code == 429 and 'lang="ar"' in page.text
    assert message(app, "ar", "too-many-codes", minutes=minutes) in html.unescape(page.text)
    assert guesser.get(f"/en/class/{code}").status_code == 429  # a stranger probing the class page too
    assert join(student(app, "192.0.2.67"), code).status_code == 201  # another address is not refused
    assert client.get(f"/en/class/{code}").status_code == 200
    later = time.time() + limits.ADDRESS_WINDOW + 1
    monkeypatch.setattr(time, "time", lambda: later)
    assert join(guesser, code).status_code == 201  # the window has passed


def test_sixty_wrong_codes_then_forty_students_behind_that_address_all_join(app, client):
    """A burst of wrong codes from a school's address (issue 31: it locked the school out for ten
    minutes) leaves the class's students, typing the code or scanning its QR code, all let in."""
    code = make_class(client)["code"]
    burst = student(app, SCHOOL)
    assert [join(burst, wrong).status_code for wrong in wrong_codes(60)] == [404] * 60
    statuses = []
    for n in range(40):
        pupil = student(app, SCHOOL)
        if n % 2:  # half scan the QR code (its page, then its form), half join by the JSON API
            token = CSRF.search(pupil.get(f"/ar/join/{code}").text).group(1)
            statuses.append(pupil.post("/ar/join", data={"csrf_token": token, "code": codes.shown(code)}).status_code)
        else:
            statuses.append(join(pupil, code.lower()).status_code)
    assert statuses == [201 if n % 2 == 0 else 303 for n in range(40)]
    assert len(client.get(f"/api/v1/classes/{code}").get_json()["students"]) == 40


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_browser_guessing_codes_is_refused_alone(app, client, lang):
    """A browser (its owner cookie) is refused after GUESSES_PER_BROWSER wrong codes, the right
    code too, in its language; its neighbours behind the same address are not."""
    code = make_class(client)["code"]
    prankster = student(app, SCHOOL)
    prankster.post("/api/v1/games", json={"rules": RULES})  # a browser of the site: it has its cookie
    for wrong in wrong_codes(limits.GUESSES_PER_BROWSER):
        assert join(prankster, wrong).status_code == 404
    refused = prankster.post(f"/api/v1/classes/{code}/games?lang={lang}", json={})
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= limits.BROWSER_WINDOW
    assert refused.get_json() == {"error": "too-many-wrong-codes", "message": message(
        app, lang, "too-many-wrong-codes", minutes=limits.BROWSER_WINDOW // 60)}
    page = prankster.get(f"/{lang}/join/{code}")
    assert page.status_code == 429 and f'lang="{lang}"' in page.text
    assert join(student(app, SCHOOL), code).status_code == 201


def test_a_student_of_the_class_is_never_refused_its_code(app, client):
    """Past the address's failures, a browser that already has a game in the class (its device
    cookie, as OWASP recommends) still opens the QR link and joins again; a new one is refused."""
    code = make_class(client)["code"]
    pupil = student(app, SCHOOL)
    assert join(pupil, code).status_code == 201
    for wrong in wrong_codes(limits.GUESSES_PER_ADDRESS):
        assert join(student(app, SCHOOL), wrong).status_code == 404
    assert join(student(app, SCHOOL), code).status_code == 429
    assert pupil.get(f"/en/join/{code}").status_code == 200
    assert join(pupil, code).status_code == 201  # a second game
    token = CSRF.search(pupil.get("/en/join").text).group(1)
    assert pupil.post("/en/join", data={"csrf_token": token, "code": codes.shown(code)}).status_code == 303
    assert pupil.get(f"/en/class/{code}").status_code == 403  # still the teacher's alone


def test_the_teacher_is_never_refused_their_own_class(app):
    teacher = student(app, SCHOOL)
    code = make_class(teacher)["code"]
    pupil = student(app, SCHOOL)
    for _ in range(limits.GUESSES_PER_ADDRESS):
        assert join(pupil, "ACDEFH").status_code == 404  # students mistyping, behind the school's address
    assert join(pupil, code).status_code == 429
    assert teacher.get(f"/en/class/{code}").status_code == 200
    assert teacher.get(f"/api/v1/classes/{code}").status_code == 200


def test_a_wrong_looking_code_or_nickname_does_not_count_as_a_guess(app, client):
    code = make_class(client)["code"]
    pupil = student(app)
    for n in range(limits.GUESSES_PER_ADDRESS + 5):  # more than the address's failures
        assert (join(pupil, code, "n" * 30) if n % 2 else join(pupil, "KD4")).status_code == 400
    assert join(pupil, code).status_code == 201


def test_forty_students_behind_one_school_address_join_within_a_minute(app, client):
    code = make_class(client)["code"]
    statuses = []
    for n in range(40):
        pupil = student(app, SCHOOL)
        if n % 2:  # half through the form, half through the JSON
            token = CSRF.search(pupil.get(f"/en/join/{code}").text).group(1)
            statuses.append(pupil.post("/en/join", data={"csrf_token": token, "code": code}).status_code)
        else:
            statuses.append(join(pupil, code).status_code)
    assert statuses == [201 if n % 2 == 0 else 303 for n in range(40)]
    assert len(client.get(f"/api/v1/classes/{code}").get_json()["students"]) == 40


def test_forty_students_behind_one_address_join_though_each_mistypes_the_code_once(app, client):
    """Typing mistakes a code could hold (not a look-alike: those aren't codes) are failures; a
    whole class making one each is still let in."""
    code = make_class(client)["code"]
    wrong = codes.ALPHABET[(codes.ALPHABET.index(code[0]) + 1) % len(codes.ALPHABET)] + code[1:]
    statuses = []
    for _ in range(40):
        pupil = student(app, SCHOOL)
        token = CSRF.search(pupil.get("/ar/join").text).group(1)
        statuses.append(pupil.post("/ar/join", data={"csrf_token": token, "code": wrong}).status_code)
        statuses.append(pupil.post("/ar/join", data={"csrf_token": token, "code": code}).status_code)
    assert statuses == [404, 303] * 40
    assert len(client.get(f"/api/v1/classes/{code}").get_json()["students"]) == 40


def per(limit):
    """The counts of a limit's string, first to last: "80 per minute; 1000 per day" -> [80, 1000]."""
    return [int(part.split()[0]) for part in limit.split(";")]


def test_joins_from_one_address_are_limited(app, client):
    code = make_class(client)["code"]
    allowed = per(limits.JOINS)[0]
    made = [join(student(app, SCHOOL), code).status_code for _ in range(allowed)]
    assert made == [201] * allowed
    refused = join(student(app, SCHOOL), code)
    assert refused.status_code == 429 and refused.get_json()["error"] == "too-many-joins"
    assert join(student(app, "192.0.2.1"), code).status_code == 201


@sqlite_only  # a thousand joins: the counting is the store's, tested on both by the minute's bound
def test_class_games_from_one_address_are_bounded_by_the_day(app, client, monkeypatch):
    """Joins at the minute's pace all day make no more than the day's bound of games: a week of it
    is the most one address makes (7,000 where it was 800,000)."""
    per_minute, per_day = per(limits.JOINS)
    now, made, code = time.time(), 0, None
    monkeypatch.setattr(time, "time", lambda: now)
    while made < per_day:
        if made % classes.MAX_STUDENTS == 0:
            code = make_class(client)["code"]
        assert join(student(app, SCHOOL), code).status_code == 201
        made += 1
        if made % per_minute == 0:
            now += 61
    refused = join(student(app, SCHOOL), code)
    assert refused.status_code == 429 and refused.get_json()["error"] == "too-many-joins"
    assert int(refused.headers["Retry-After"]) > 23 * 3600  # until the first of the day's joins is a day old


def test_wrong_codes_do_not_count_as_joins(app, client):
    code = make_class(client)["code"]
    allowed = per(limits.JOINS)[0]
    assert [join(student(app, SCHOOL), "ACDEFH").status_code for _ in range(allowed)] == [404] * allowed
    assert join(student(app, SCHOOL), code).status_code == 201


def test_a_students_games_count_towards_the_browsers_live_games(app, client):
    """A joined game is a game of the browser's like any other: MAX_LIVE_GAMES unfinished at once
    (it escaped the cap), and the class keeps no student for a join refused."""
    code = make_class(client)["code"]
    pupil = student(app)
    assert [join(pupil, code).status_code for _ in range(access.MAX_LIVE_GAMES)] == [201] * access.MAX_LIVE_GAMES
    refused = pupil.post(f"/api/v1/classes/{code}/games?lang=ar", json={})
    assert refused.status_code == 429 and refused.get_json() == {
        "error": "too-many-games", "message": message(app, "ar", "too-many-games", max=access.MAX_LIVE_GAMES)}
    assert 0 < int(refused.headers["Retry-After"]) <= store_module.UNPLAYED_TTL  # the first goes unplayed
    assert pupil.post("/api/v1/games", json={"rules": RULES}).get_json()["error"] == "too-many-games"
    assert len(client.get(f"/api/v1/classes/{code}").get_json()["students"]) == access.MAX_LIVE_GAMES
    token = CSRF.search(pupil.get(f"/en/join/{code}").text).group(1)
    page = pupil.post("/en/join", data={"csrf_token": token, "code": code})
    assert page.status_code == 429 and message(app, "en", "too-many-games", max=access.MAX_LIVE_GAMES) in \
        html.unescape(page.text)


def test_a_joined_game_never_played_goes_after_two_hours_as_any_other(app, client):
    code = make_class(client)["code"]
    idle = join(student(app, "198.51.100.1"), code, "Idle").get_json()["id"]
    played = join(student(app, "198.51.100.2"), code, "Played").get_json()["id"]
    with app.app_context():
        store = access.store()
        record = store.load(played)
        assert store.save(record, record.state, False)  # a move: a new version
        now = time.time()
        assert store.cleanup(now + store_module.UNPLAYED_TTL - 60) == 0
        assert store.cleanup(now + store_module.UNPLAYED_TTL + 60) == 1
        assert store.load(idle) is None and store.load(played) is not None
    assert [s["nickname"] for s in client.get(f"/api/v1/classes/{code}").get_json()["students"]] == ["Played"]


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_making_classes_from_one_address_is_limited(app, lang):
    """Each from a new browser (no cookie: its address alone counts), by the API and the form."""
    allowed = per(limits.CLASSES_PER_ADDRESS)[0]
    for n in range(allowed):
        teacher = student(app, SCHOOL)
        if n % 2:
            token = CSRF.search(teacher.get(f"/{lang}/class/new").text).group(1)
            assert teacher.post(f"/{lang}/class/new", data={"csrf_token": token, **CLASS_FORM}).status_code == 303
        else:
            make_class(teacher)
    refused = student(app, SCHOOL).post(f"/api/v1/classes?lang={lang}", json={})
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 3600
    assert refused.get_json() == {"error": "too-many-classes-here",
                                  "message": message(app, lang, "too-many-classes-here")}
    teacher = student(app, SCHOOL)
    token = CSRF.search(teacher.get(f"/{lang}/class/new").text).group(1)
    page = teacher.post(f"/{lang}/class/new", data={"csrf_token": token, **CLASS_FORM})
    assert page.status_code == 429 and "Retry-After" in page.headers and f'lang="{lang}"' in page.text
    assert message(app, lang, "too-many-classes-here") in html.unescape(page.text)
    make_class(student(app, "192.0.2.9"))  # another address is not refused
    with app.app_context():
        assert access.store()._one("SELECT COUNT(*) FROM classes")[0] == allowed + 1


def test_one_browser_making_classes_is_limited(app):
    teacher = student(app, SCHOOL)
    allowed = per(limits.CLASSES_PER_BROWSER)[0]
    for _ in range(allowed + 1):  # the first, without a cookie yet, is counted by its address alone
        make_class(teacher)
    refused = teacher.post("/api/v1/classes?lang=ar", json={})
    assert refused.status_code == 429 and refused.get_json() == {
        "error": "too-many-classes", "message": message(app, "ar", "too-many-classes")}
    make_class(student(app, SCHOOL))  # another browser behind the same address


@pytest.mark.parametrize("address, key", [("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
                                          ("2001:db8:1:2::9", "2001:db8:1:2::/64"),
                                          ("::ffff:192.0.2.5", "192.0.2.5"), ("192.0.2.5", "192.0.2.5")])
def test_a_client_is_counted_by_its_address_an_ipv6_one_by_its_64(app, address, key):
    with app.test_request_context("/", environ_base={"REMOTE_ADDR": address}):
        assert app_limits.client() == key


def test_a_trusted_proxy_passes_on_the_clients_address(monkeypatch, tmp_path):
    from app import create_app

    monkeypatch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("UNO_TUTOR_TRUSTED_PROXIES", "1")
    app = create_app({"TESTING": True})
    proxy = student(app, "127.0.0.1")
    code = make_class(proxy)["code"]
    guesser = student(app, "127.0.0.1")  # through the proxy, without the teacher's cookie
    for _ in range(limits.GUESSES_PER_ADDRESS):
        guesser.post("/api/v1/classes/ACDEFH/games", json={}, headers={"X-Forwarded-For": "192.0.2.1"})
    for forwarded, status in (("192.0.2.1", 429), ("192.0.2.2", 201)):  # the guesser, and another client
        answer = student(app, "127.0.0.1").post(f"/api/v1/classes/{code}/games", json={},
                                                headers={"X-Forwarded-For": forwarded})
        assert answer.status_code == status


def test_the_limits_hooks_run_only_for_the_classes_requests(app):
    """Flask-Limiter's hooks are the class pages' and the classes API's, not every request's."""
    for registry in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs):
        mine = [hook for name, hooks in registry.items() for hook in hooks if "limiter" in repr(hook).lower()]
        assert mine and all(hook not in registry.get(None, []) for hook in mine)
        assert set(registry) >= {"classroom", "api.classes"}
