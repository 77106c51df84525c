"""The teacher's class from any device (issue 37, item 4): the teacher link (shown once, its QR
code, a new one ends the old), removing a student, ending the class; each by a form without
JavaScript and by JSON, on both databases."""
import hashlib
import html
import re
import threading
import time
from urllib.parse import urlsplit

import pytest

from app.classroom import classes, limits
from app.practice import access
from app.store import RemovedFromClass, new_token, owner_hash, schema

from .practice_support import CSRF, sqlite_only, store_at_migration
from .test_classes import SCHOOL, make_class, message, join, student

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

LINK = re.compile(r"/(ar|en)/class/([A-Z0-9]{6})/teacher/([A-Za-z0-9_-]{43})")


def path_of(url: str) -> str:
    return urlsplit(url).path


def token(client, path: str) -> str:
    return CSRF.search(client.get(path).text).group(1)


def opened(client, link: str):
    """``client`` opens the teacher link (its path): the answer, not followed."""
    return client.get(path_of(link))


def form_class(client, lang="en") -> tuple[str, str]:
    """A class made by the form; (its code, the class page's text right after)."""
    made = client.post(f"/{lang}/class/new", data={"csrf_token": token(client, f"/{lang}/class/new"),
                                                   "preset": "official", "target": "100", "bots": "2",
                                                   "level": "easy", "seed": "lesson"})
    assert made.status_code == 303
    code = made.headers["Location"].rsplit("/", 1)[1]
    return code, client.get(made.headers["Location"]).text


# --- the teacher link --------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_teacher_link_makes_another_browser_the_classs_teacher(app, client, lang):
    made = make_class(client)
    code, link = made["code"], made["teacher_link"]
    assert link.startswith("http://localhost/") and LINK.fullmatch(path_of(link).replace("/en/", f"/{lang}/"))
    computer = student(app, "192.0.2.10")  # the classroom's computer: cookies of its own
    assert computer.get(f"/api/v1/classes/{code}").status_code == 403
    answer = opened(computer, link.replace("/en/", f"/{lang}/"))
    assert answer.status_code == 303 and answer.headers["Location"] == f"/{lang}/class/{code}"  # no secret in it
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert answer.headers["Cache-Control"] == "private, no-store"
    shown = computer.get(f"/api/v1/classes/{code}")
    assert shown.status_code == 200 and shown.get_json()["code"] == code
    page = computer.get(f"/{lang}/class/{code}")
    assert page.status_code == 200 and f'lang="{lang}"' in page.text
    assert LINK.search(page.text) is None  # the secret is shown once, to the maker, not on every page
    # Students and strangers still get 403.
    pupil = student(app, "198.51.100.3")
    join(pupil, code)
    for other in (pupil, student(app, "192.0.2.99")):
        assert other.get(f"/{lang}/class/{code}").status_code == 403
        assert other.get(f"/api/v1/classes/{code}").status_code == 403
    assert client.get(f"/api/v1/classes/{code}").status_code == 200  # the maker still is the teacher


def test_the_link_is_stored_only_as_a_hash(app, client):
    made = make_class(client)
    secret = LINK.search(made["teacher_link"]).group(3)
    with app.app_context():
        store = access.store()
        rows = store._all("SELECT * FROM classes") + store._all("SELECT * FROM class_teachers")
        found = store.load_class(made["code"])
    assert secret not in repr(rows)
    assert found is not None and found.teacher_link == hashlib.sha256(secret.encode()).hexdigest()
    changed = secret[:-1] + ("A" if secret[-1] != "A" else "B")  # a secret may already end in "A"
    assert found.has_teacher_link(secret) and not found.has_teacher_link(changed)


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_wrong_link_is_refused_in_the_readers_language_and_changes_nothing(app, client, lang):
    made = make_class(client)
    code, link = made["code"], made["teacher_link"]
    secret = LINK.search(link).group(3)
    stranger = student(app, "192.0.2.20")
    for wrong in (secret[:-1] + ("A" if secret[-1] != "A" else "B"), "short", secret + "x"):
        answer = stranger.get(f"/{lang}/class/{code}/teacher/{wrong}")
        assert answer.status_code == 403 and f'lang="{lang}"' in answer.text
        assert message(app, lang, "teacher-link-wrong") in html.unescape(answer.text)
    assert stranger.get(f"/api/v1/classes/{code}").status_code == 403
    other = make_class(client)["code"]  # the right secret with another class's code opens neither
    assert stranger.get(f"/{lang}/class/{other}/teacher/{secret}").status_code == 403
    assert stranger.get(f"/api/v1/classes/{other}").status_code == 403
    assert stranger.get(f"/{lang}/class/ACDEFH/teacher/{secret}").status_code == 404  # no such class


def test_a_new_link_ends_the_old_one_and_the_devices_that_opened_it(app, client):
    made = make_class(client)
    code, old = made["code"], made["teacher_link"]
    computer, phone = student(app, "192.0.2.11"), student(app, "192.0.2.12")
    assert opened(computer, old).status_code == 303 and opened(phone, old).status_code == 303
    renewed = computer.post(f"/api/v1/classes/{code}/teacher-link")  # the computer asks: it stays
    assert renewed.status_code == 201
    new = renewed.get_json()["teacher_link"]
    assert new != old and LINK.search(new) and renewed.get_json()["qr"].startswith('<svg role="img"')
    assert computer.get(f"/api/v1/classes/{code}").status_code == 200
    assert client.get(f"/api/v1/classes/{code}").status_code == 200  # the maker always
    assert phone.get(f"/api/v1/classes/{code}").status_code == 403  # opened the old link: no longer
    again = opened(phone, old)
    assert again.status_code == 403 and phone.get(f"/api/v1/classes/{code}").status_code == 403
    assert opened(phone, new).status_code == 303 and phone.get(f"/api/v1/classes/{code}").status_code == 200
    assert student(app).post(f"/api/v1/classes/{code}/teacher-link").status_code == 403


def test_the_link_is_shown_once_on_the_class_page_after_it_is_made(app, client):
    code, first = form_class(client)
    found = LINK.search(first)
    assert found and found.group(2) == code
    assert "QR code of the teacher link" in first and 'id="teacher-link-url"' in first
    assert LINK.search(client.get(f"/en/class/{code}").text) is None  # once
    assert LINK.search(client.get(f"/en/class/{code}/projector").text) is None  # never on the projector
    computer = student(app, "192.0.2.13")
    assert opened(computer, found.group(0)).status_code == 303
    assert LINK.search(computer.get(f"/en/class/{code}").text) is None
    # A new link by the page's form (its CSRF token), shown once; the one before it opens nothing.
    refused = client.post(f"/en/class/{code}/teacher-link")
    assert refused.status_code == 400
    asked = client.get(f"/en/class/{code}/teacher-link")  # what a new link does, and its button
    assert asked.status_code == 200 and f'action="/en/class/{code}/teacher-link"' in asked.text
    assert f'href="/en/class/{code}/teacher-link"' in client.get(f"/en/class/{code}").text
    assert computer.get(f"/en/class/{code}/teacher-link").status_code == 200  # the computer is a teacher too
    assert student(app, "192.0.2.15").get(f"/en/class/{code}/teacher-link").status_code == 403
    renewed = client.post(f"/en/class/{code}/teacher-link", data={"csrf_token": CSRF.search(asked.text).group(1)})
    assert renewed.status_code == 303 and renewed.headers["Location"] == f"/en/class/{code}"
    page = client.get(f"/en/class/{code}").text
    new = LINK.search(page)
    assert new and new.group(0) != found.group(0)
    assert LINK.search(client.get(f"/en/class/{code}").text) is None
    assert computer.get(f"/en/class/{code}").status_code == 403
    assert opened(student(app, "192.0.2.14"), found.group(0)).status_code == 403
    assert opened(student(app, "192.0.2.14"), new.group(0)).status_code == 303


def test_wrong_links_are_counted_as_wrong_codes_and_a_class_still_gets_in(app, client):
    made = make_class(client)
    code, link = made["code"], made["teacher_link"]
    prankster = student(app, SCHOOL)
    prankster.post("/api/v1/games", json={"rules": {"preset": "official"}})  # a browser of the site: its cookie
    for n in range(limits.GUESSES_PER_BROWSER):
        assert prankster.get(f"/en/class/{code}/teacher/{'x' * 42}{n}").status_code == 403
    refused = opened(prankster, link)  # the right link too, as the right code is
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert prankster.get(f"/api/v1/classes/{code}").status_code == 429
    assert [join(student(app, SCHOOL), code).status_code for _ in range(40)] == [201] * 40
    assert opened(student(app, SCHOOL), link).status_code == 303  # the teacher's computer, behind the school's address


def test_a_teacher_is_never_counted_on_its_own_class(app, client):
    made = make_class(client)
    code = made["code"]
    for _ in range(limits.GUESSES_PER_BROWSER + 2):
        assert client.get(f"/en/class/{code}/teacher/{'y' * 43}").status_code == 403
    assert opened(client, made["teacher_link"]).status_code == 303
    assert client.get(f"/en/class/{code}").status_code == 200


# --- removing a student ------------------------------------------------------------------------

def students(client, code) -> list[dict]:
    return client.get(f"/api/v1/classes/{code}").get_json()["students"]


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_removed_students_results_and_games_go_and_they_cant_join_again(app, client, lang):
    code = make_class(client)["code"]
    rude, kind = student(app, "198.51.100.1"), student(app, "198.51.100.2")
    first = join(rude, code, "Rude word").get_json()["id"]
    second = join(rude, code, "Again").get_json()["id"]  # the same browser's second game
    kept = join(kind, code, "Noor").get_json()["id"]
    number = next(s["number"] for s in students(client, code) if s["nickname"] == "Rude word")
    assert rude.delete(f"/api/v1/classes/{code}/students/{number}").status_code == 403  # the teacher's alone
    assert client.delete(f"/api/v1/classes/{code}/students/{number}").status_code == 204
    assert [s["nickname"] for s in students(client, code)] == ["Noor"]
    page = client.get(f"/{lang}/class/{code}").text
    assert "Rude word" not in page and "Again" not in page and "Noor" in page
    for game in (first, second):  # the phone's table says why its game has gone
        table = rude.get(f"/{lang}/play/{game}")
        assert table.status_code == 410 and message(app, lang, "student-removed") in html.unescape(table.text)
        answer = rude.get(f"/api/v1/games/{game}?lang={lang}")
        assert answer.status_code == 410 and answer.get_json() == {
            "error": "student-removed", "message": message(app, lang, "student-removed")}
    again = rude.post(f"/api/v1/classes/{code}/games?lang={lang}", json={"nickname": "New name"})
    assert again.status_code == 403 and again.get_json() == {
        "error": "removed-from-class", "message": message(app, lang, "removed-from-class")}
    form = rude.post(f"/{lang}/join", data={"csrf_token": token(rude, f"/{lang}/join"), "code": code})
    assert form.status_code == 403 and message(app, lang, "removed-from-class") in html.unescape(form.text)
    assert kind.get(f"/{lang}/play/{kept}").status_code == 200  # nobody else is touched
    assert join(kind, code).status_code == 201
    gone = client.delete(f"/api/v1/classes/{code}/students/{number}?lang={lang}")
    assert gone.status_code == 404 and gone.get_json()["error"] == "student-not-found"


def test_a_student_is_removed_by_the_pages_form(app, client):
    code = make_class(client)["code"]
    pupil = student(app)
    game = join(pupil, code, "Rude word").get_json()["id"]
    page = client.get(f"/en/class/{code}").text
    action = f"/en/class/{code}/students/1/remove"
    assert f'href="{action}"' in page and "Removing a student deletes their games in this class" in page
    assert "<form" not in page  # the same bytes for every teacher's browser: the forms are on the pages that ask
    asked = client.get(action)
    assert asked.status_code == 200 and f'action="{action}"' in asked.text
    assert "Remove \u2068Rude word\u2069 from the class?" in html.unescape(asked.text)
    assert client.get(f"/en/class/{code}/students/9/remove").status_code == 404
    assert client.post(action).status_code == 400  # no CSRF token
    done = client.post(action, data={"csrf_token": CSRF.search(asked.text).group(1)})
    assert done.status_code == 303 and done.headers["Location"] == f"/en/class/{code}#progress"
    assert "Rude word" not in client.get(f"/en/class/{code}").text
    assert pupil.get(f"/en/play/{game}").status_code == 410
    stranger = student(app, "192.0.2.30")
    refused = stranger.post(f"/en/class/{code}/students/1/remove",
                            data={"csrf_token": token(stranger, "/en/join")})
    assert refused.status_code == 403


# --- ending the class --------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_ending_the_class_stops_joining_and_its_watch_links_and_loses_nothing_else(app, client, lang):
    code = make_class(client)["code"]
    pupil = student(app)
    game = join(pupil, code, "Noor").get_json()["id"]
    watch = path_of(students(client, code)[0]["watch"])
    assert client.get(watch).status_code == 200
    before = client.get(f"/{lang}/class/{code}").text  # drawn and kept: ending must draw it anew
    assert "/join/" in before and f"/{lang}/class/{code}/end" in before
    ask = client.get(f"/{lang}/class/{code}/end")  # the confirmation step
    assert ask.status_code == 200 and f'action="/{lang}/class/{code}/end"' in ask.text
    assert student(app, "192.0.2.40").get(f"/{lang}/class/{code}/end").status_code == 403
    assert client.post(f"/{lang}/class/{code}/end").status_code == 400  # no CSRF token
    done = client.post(f"/{lang}/class/{code}/end", data={"csrf_token": CSRF.search(ask.text).group(1)})
    assert done.status_code == 303 and done.headers["Location"] == f"/{lang}/class/{code}"
    page = client.get(f"/{lang}/class/{code}")
    assert page.status_code == 200 and "data-ended" in page.text and 'class="join-panel"' not in page.text
    assert "Noor" in page.text  # the results stay
    shown = client.get(f"/api/v1/classes/{code}").get_json()
    assert shown["ended"] and [s["nickname"] for s in shown["students"]] == ["Noor"] and shown["students"][0]["watch"] is None
    refused = student(app, "192.0.2.41").post(f"/api/v1/classes/{code}/games?lang={lang}", json={})
    assert refused.status_code == 410 and refused.get_json() == {
        "error": "class-ended", "message": message(app, lang, "class-ended")}
    assert join(pupil, code).status_code == 410  # a student of the class too
    assert message(app, lang, "class-ended") in html.unescape(student(app).get(f"/{lang}/join/{code}").text)
    stopped = client.get(watch)
    assert stopped.status_code == 410
    assert client.get(f"/api/v1/watch/{watch.rsplit('/', 1)[1]}").get_json()["error"] == "watch-class-ended"
    assert pupil.get(f"/{lang}/play/{game}").status_code == 200  # the student's own game goes on
    projector = client.get(f"/{lang}/class/{code}/projector").text
    assert 'class="join-panel"' not in projector and "<svg" not in projector and "/join/" not in projector
    assert client.get(f"/{lang}/class/{code}/end").status_code == 303  # nothing left to ask


def test_ending_the_class_by_json_is_done_once(app, client):
    code = make_class(client)["code"]
    assert student(app).post(f"/api/v1/classes/{code}/end").status_code == 403
    assert client.get(f"/api/v1/classes/{code}").get_json()["ended"] is None
    first = client.post(f"/api/v1/classes/{code}/end")
    assert first.status_code == 200 and first.get_json()["ended"] and first.get_json()["code"] == code
    time.sleep(0.01)
    second = client.post(f"/api/v1/classes/{code}/end").get_json()
    assert second["ended"] == first.get_json()["ended"]
    computer = student(app, "192.0.2.50")  # the teacher link still opens the class, to read its results
    link = client.post(f"/api/v1/classes/{code}/teacher-link").get_json()["teacher_link"]
    assert opened(computer, link).status_code == 303 and computer.get(f"/api/v1/classes/{code}").status_code == 200


def test_an_expired_class_takes_its_teachers_devices_and_removed_students_with_it(app, client, monkeypatch):
    made = make_class(client)
    code = made["code"]
    assert opened(student(app, "192.0.2.60"), made["teacher_link"]).status_code == 303
    join(student(app), code)
    assert client.delete(f"/api/v1/classes/{code}/students/1").status_code == 204
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + classes.CLASS_TTL + 1)
    with app.app_context():
        store = access.store()
        store.cleanup()
        assert [store._one(f"SELECT COUNT(*) FROM {table}")[0]
                for table in ("classes", "class_teachers", "removed_students")] == [0, 0, 0]


def test_a_browser_joining_while_it_is_removed_is_left_with_no_game_in_the_class(backend):
    """Two stores on one database: one browser joins again and again while its student is removed.
    The removal holds the class as a join does, so each join is made before it (and removed) or
    refused after it: never a game left in the class."""
    joining, removing = backend.store(), backend.store()
    rude = new_token()
    assert joining.create_class("ACDEFH", new_token(), {"seed": 1}, 3600) is not None
    joining.join_class("ACDEFH", rude, {}, False, [], "Rude", new_token(), 200, 100)
    started = threading.Event()

    def join_again():
        for _ in range(30):
            try:
                joining.join_class("ACDEFH", rude, {}, False, [], "Again", new_token(), 200, 100)
            except RemovedFromClass:
                pass
            started.set()

    thread = threading.Thread(target=join_again)
    thread.start()
    started.wait(10)
    assert removing.remove_student("ACDEFH", 1)
    thread.join()
    with pytest.raises(RemovedFromClass):  # and any join after it
        joining.join_class("ACDEFH", rude, {}, False, [], "Later", new_token(), 200, 100)
    assert not joining.in_class("ACDEFH", owner_hash(rude))
    assert joining.class_games("ACDEFH") == []


@sqlite_only
def test_a_class_made_before_migration_3_keeps_its_teacher_and_has_no_link_until_one_is_made(backend, monkeypatch):
    teacher = new_token()
    with store_at_migration(backend, monkeypatch, 2) as old, old._write() as db:
        db.execute("INSERT INTO classes (code, teacher, options, created, expires) VALUES (?, ?, '{}', ?, ?)",
                   ("ACDEFH", owner_hash(teacher), time.time(), time.time() + 3600))
    store = backend.store()
    store.upgrade()
    assert store.schema_version() == schema.LATEST
    found = store.load_class("ACDEFH")
    assert found is not None and found.taught_by(teacher) and found.teacher_link is None and found.ended is None
    assert not found.has_teacher_link("x" * 43) and not store.open_teacher_link("ACDEFH", "", owner_hash(new_token()))
    store.new_teacher_link("ACDEFH", owner_hash("secret"), owner_hash(teacher))
    assert store.load_class("ACDEFH").has_teacher_link("secret")
