"""The teacher's side of a live session (issue 37, items 1 to 3): starting one from the class page
(a demo, or the quiz with a timer and a leaderboard switch) by its form without JavaScript and by
JSON, the options refused in the teacher's language, the projector's screen of the session's frame
with its Back, Next and Reveal form and the chart of answers, ending it. On both databases."""
import csv
import html
import io
import re
import time

import pytest
from flask_babel import force_locale, gettext

from app.classroom.classes import student_name
from app.quiz.progress import items_for

from .practice_support import CSRF
from .test_classes import join, make_class, message, student
from .test_live import DEMO, live, start, step

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases


def token(client, path: str) -> str:
    return CSRF.search(client.get(path).text).group(1)


def form_start(client, code, lang="en", **fields):
    """The start form posted with its token and ``fields``."""
    path = f"/{lang}/class/{code}/live/new"
    return client.post(path, data={"csrf_token": token(client, path), **fields})


def field_error(text: str, field: str) -> str:
    found = re.search(rf'<p class="field-error" id="{field}-error">([^<]*)</p>', text)
    assert found, f"no error beside {field}"
    return html.unescape(found.group(1))


# --- starting: the class page, the form, the JSON --------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_class_page_links_to_the_start_form_and_then_to_the_running_session(app, client, lang):
    code = make_class(client)["code"]
    page = client.get(f"/{lang}/class/{code}").text
    assert 'id="live"' in page and f'href="/{lang}/class/{code}/live/new"' in page
    assert "<form" not in page  # the class page holds no form (each teacher's browser gets the same bytes)
    form = client.get(f"/{lang}/class/{code}/live/new")
    assert form.status_code == 200 and f'lang="{lang}"' in form.text
    assert form.headers["Cache-Control"] == "private, no-store"
    assert 'name="what" id="what-quiz" value="quiz" checked' in form.text  # the quiz by default
    assert f'value="{DEMO}"' in form.text and 'name="timer"' in form.text
    assert 'name="leaderboard" id="live-leaderboard">' in form.text  # off by default
    started = form_start(client, code, lang, what=DEMO)
    assert started.status_code == 303 and started.headers["Location"] == f"/{lang}/class/{code}/live/screen"
    page = client.get(f"/{lang}/class/{code}").text
    assert f'href="/{lang}/class/{code}/live/screen"' in page and f'href="/{lang}/class/{code}/live/end"' in page


def test_the_form_starts_the_quiz_with_its_timer_and_leaderboard(app, client):
    code = make_class(client)["code"]
    assert form_start(client, code, what="quiz", seed="lesson7", timer="30", leaderboard="on").status_code == 303
    body = live(client, code).get_json()
    assert body["session"]["quiz"] == "lesson7" and body["kind"] == "item"
    assert body["session"]["timer"] == 30 and body["session"]["leaderboard"] is True
    assert 28 <= body["session"]["remaining"] <= 30


def test_the_quiz_starts_without_a_timer_or_a_leaderboard_unless_asked(app, client):
    code = make_class(client)["code"]
    assert form_start(client, code, what="quiz", seed="lesson7", timer="").status_code == 303
    session = live(client, code).get_json()["session"]
    assert session["timer"] is None and session["leaderboard"] is False
    assert session["deadline"] is None and session["remaining"] is None


def test_the_json_takes_the_same_options(app, client):
    code = make_class(client)["code"]
    started = start(client, code, quiz=7, timer=20, leaderboard=True)
    assert started.status_code == 201
    session = started.get_json()["session"]
    assert session["quiz"] == "7" and session["timer"] == 20 and session["leaderboard"] is True
    assert 18 <= session["remaining"] <= 20


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("body, error, params", [
    ({"quiz": "s", "timer": 2}, "bad-live-timer", {"min": 5, "max": 600}),
    ({"quiz": "s", "timer": 601}, "bad-live-timer", {"min": 5, "max": 600}),
    ({"quiz": "s", "timer": "30"}, "bad-live-timer", {"min": 5, "max": 600}),
    ({"quiz": "s", "timer": 30.5}, "bad-live-timer", {"min": 5, "max": 600}),
    ({"quiz": "s", "timer": True}, "bad-live-timer", {"min": 5, "max": 600}),
    ({"quiz": "s", "leaderboard": "yes"}, "bad-live-leaderboard", {}),
    ({"quiz": "s", "leaderboard": None}, "bad-live-leaderboard", {}),
    ({"demo": DEMO, "timer": 30}, "live-quiz-option", {}),
    ({"demo": DEMO, "leaderboard": True}, "live-quiz-option", {}),
])
def test_bad_options_are_refused_in_the_teachers_language_and_start_nothing(app, client, lang, body, error, params):
    code = make_class(client)["code"]
    refused = client.post(f"/api/v1/classes/{code}/live?lang={lang}", json=body)
    assert refused.status_code == 400
    assert refused.get_json()["error"] == error
    assert refused.get_json()["message"] == message(app, lang, error, **params)
    assert refused.get_json()["field"] in ("timer", "leaderboard")
    assert live(client, code).status_code == 404


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("fields, field, error, params", [
    ({"what": "quiz", "seed": "lesson", "timer": "3"}, "timer", "bad-live-timer", {"min": 5, "max": 600}),
    ({"what": "quiz", "seed": "lesson", "timer": "half a minute"}, "timer", "bad-live-timer", {"min": 5, "max": 600}),
    ({"what": "quiz", "seed": "no spaces!"}, "seed", "bad-seed", {"max": 40}),
    ({"what": "no-such-demo"}, "what", "unknown-demo", {"name": "no-such-demo"}),
])
def test_a_refused_form_comes_back_with_its_message_beside_the_field(app, client, lang, fields, field, error, params):
    code = make_class(client)["code"]
    refused = form_start(client, code, lang, **fields)
    assert refused.status_code == 400 and f'lang="{lang}"' in refused.text
    assert field_error(refused.text, field) == message(app, lang, error, **params)
    assert 'aria-describedby="%s-error"' % field in refused.text
    assert live(client, code).status_code == 404


def test_the_form_needs_its_token_and_a_teacher(app, client):
    code = make_class(client)["code"]
    assert client.post(f"/en/class/{code}/live/new", data={"what": DEMO}).status_code == 400  # no CSRF token
    pupil = student(app)
    join(pupil, code)
    for other in (pupil, student(app, "192.0.2.50")):
        assert other.get(f"/en/class/{code}/live/new").status_code == 403
        assert other.get(f"/en/class/{code}/live/screen").status_code == 403
    assert live(client, code).status_code == 404


# --- the projector's screen ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_screen_shows_the_sessions_frame_and_its_form_steps_it(app, client, lang):
    code = make_class(client)["code"]
    assert start(client, code, demo=DEMO).status_code == 201
    screen = client.get(f"/{lang}/class/{code}/live/screen")
    assert screen.status_code == 200 and screen.headers["Cache-Control"] == "private, no-store"
    text = screen.text
    assert 'data-number="1"' in text and 'data-kind="intro"' in text
    assert f'data-live-step="/api/v1/classes/{code}/live/step' in text
    assert f'action="/{lang}/class/{code}/live/step"' in text and 'name="csrf_token"' in text
    assert 'value="back" data-to="back" disabled' in text and 'value="reveal"' not in text  # the intro asks nothing
    assert "live-chart" not in text
    stepped = client.post(f"/{lang}/class/{code}/live/step", data={"csrf_token": CSRF.search(text).group(1), "to": "next"})
    assert stepped.status_code == 303 and stepped.headers["Location"] == f"/{lang}/class/{code}/live/screen"
    text = client.get(f"/{lang}/class/{code}/live/screen").text
    assert 'data-number="2"' in text and 'data-kind="pause"' in text
    assert 'value="reveal" data-to="reveal"' in text and 'class="live-chart"' in text
    assert re.findall(r'<li data-choice="([^"]+)"', text) == ["RS", "B3", "G8", "draw"]  # the chart's rows, at 0
    assert '<dd data-total>0</dd>' in text and "live-answer" not in text
    assert live(client, code).get_json()["frame"] == 2  # the phones follow the same session


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_after_the_reveal_the_screen_shows_the_engines_answer(app, client, lang):
    code = make_class(client)["code"]
    start(client, code, demo=DEMO)
    step(client, code, "next")
    step(client, code, "reveal")
    text = client.get(f"/{lang}/class/{code}/live/screen").text
    assert 'class="live-answer"' in text and 'value="reveal"' not in text
    answer = text[text.index('class="live-answer"'):text.index('class="live-chart"')]
    assert 'narration-legal' in answer and 'class="why"' in answer  # the class's move, the engine's verdict, its rule
    assert 'class="chart-right"' in text  # the right answer's row is marked


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_screen_shows_a_quiz_item_its_timer_and_its_explanation(app, client, lang):
    code = make_class(client)["code"]
    start(client, code, quiz="lesson", timer=30)
    text = client.get(f"/{lang}/class/{code}/live/screen").text
    assert 'data-kind="item"' in text and 'class="question"' in text and 'class="live-timer"' in text
    assert re.search(r'class="live-clock" dir="ltr">0:(30|29|28)<', text)
    step(client, code, "reveal")
    text = client.get(f"/{lang}/class/{code}/live/screen").text
    assert 'class="live-answer"' in text and "live-timer" not in text


def test_without_a_session_the_screen_goes_to_the_class_page(app, client):
    code = make_class(client)["code"]
    answer = client.get(f"/en/class/{code}/live/screen")
    assert answer.status_code == 303 and answer.headers["Location"] == f"/en/class/{code}#live"


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_teacher_ends_the_session_by_its_form(app, client, lang):
    code = make_class(client)["code"]
    start(client, code, demo=DEMO)
    path = f"/{lang}/class/{code}/live/end"
    asked = client.get(path)
    assert asked.status_code == 200 and f'action="{path}"' in asked.text
    ended = client.post(path, data={"csrf_token": CSRF.search(asked.text).group(1)})
    assert ended.status_code == 303 and ended.headers["Location"] == f"/{lang}/class/{code}#live"
    assert live(client, code).status_code == 404
    assert f'href="/{lang}/class/{code}/live/new"' in client.get(f"/{lang}/class/{code}").text


# --- the timer's deadline ----------------------------------------------------------------------

def test_each_step_sets_a_new_deadline_and_a_reveal_keeps_it(app, client, monkeypatch):
    code = make_class(client)["code"]
    clock = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    first = start(client, code, quiz="lesson", timer=30).get_json()["session"]
    assert first["deadline"] == 1_000_030.0 and first["remaining"] == 30
    clock[0] += 40
    assert live(client, code).get_json()["session"]["remaining"] == 0  # past it
    revealed = step(client, code, "reveal").get_json()["session"]
    assert revealed["deadline"] == 1_000_030.0
    moved = step(client, code, "next").get_json()["session"]
    assert moved["deadline"] == 1_000_070.0 and moved["remaining"] == 30
    back = step(client, code, "back").get_json()
    assert back["session"]["deadline"] == 1_000_070.0 and back["frame"] == 1



@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_phone_shows_the_time_left_until_the_reveal(app, client, lang):
    code = make_class(client)["code"]
    pupil = student(app)
    join(pupil, code)
    start(client, code, quiz="lesson", timer=45)
    phone = pupil.get(f"/{lang}/class/{code}/live").text
    assert re.search(r'class="live-timer" data-remaining="(45|44|43)"', phone) and "/static/live_timer." in phone
    step(client, code, "reveal")
    assert "live-timer" not in pupil.get(f"/{lang}/class/{code}/live").text


# --- answers after the deadline, the summary, its CSV, the leaderboard --------------------------

def answer(client, code, frame, given, lang="en"):
    return client.post(f"/api/v1/classes/{code}/live/answers?lang={lang}", json={"frame": frame, "answer": given})


def choices(seed, number):
    """A quiz item's (right choice's id, a wrong choice's id)."""
    item = items_for(seed)[number - 1]
    ids = [choice.id for choice in item.solution.choices]
    return sorted(item.solution.right)[0], next(c for c in ids if c not in item.solution.right)


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_an_answer_after_the_deadline_is_refused_and_counts_nothing(app, client, lang, monkeypatch):
    code = make_class(client)["code"]
    pupil, late = student(app), student(app, "198.51.100.2")
    join(pupil, code)
    join(late, code)
    clock = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    start(client, code, quiz="lesson", timer=30)
    right, _wrong = choices("lesson", 1)
    clock[0] += 30  # the last second still counts
    assert answer(pupil, code, 1, right, lang).status_code == 200
    clock[0] += 1
    refused = answer(late, code, 1, right, lang)
    assert refused.status_code == 409 and refused.get_json()["error"] == "live-time-up"
    assert refused.get_json()["message"] == message(app, lang, "live-time-up")
    assert live(client, code).get_json()["answers"]["total"] == 1
    step(client, code, "next")  # the next item has a deadline of its own
    assert answer(late, code, 2, choices("lesson", 2)[0], lang).status_code == 200


def test_without_a_timer_answers_are_taken_until_the_reveal(app, client, monkeypatch):
    code = make_class(client)["code"]
    pupil = student(app)
    join(pupil, code)
    clock = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    start(client, code, quiz="lesson")
    clock[0] += 3600
    assert answer(pupil, code, 1, choices("lesson", 1)[0]).status_code == 200


def quiz_answered(app, client, leaderboard=False, seed="lesson"):
    """A quiz where three students answered the first two items: item 1 right, right, wrong; item 2
    wrong, wrong, (none). (code, nicknames)."""
    code = make_class(client)["code"]
    pupils = [student(app, f"198.51.100.{n + 1}") for n in range(3)]
    nicknames = ["Amal", "=1+1", None]
    for pupil, nickname in zip(pupils, nicknames):
        assert join(pupil, code, nickname).status_code == 201
    assert start(client, code, quiz=seed, leaderboard=leaderboard).status_code == 201
    right, wrong = choices(seed, 1)
    for pupil, given in zip(pupils, [right, right, wrong]):
        assert answer(pupil, code, 1, given).status_code == 200
    step(client, code, "next")
    right, wrong = choices(seed, 2)
    for pupil in pupils[:2]:
        assert answer(pupil, code, 2, wrong).status_code == 200
    return code


def test_the_summary_counts_by_question_topic_and_rule(app, client):
    code = quiz_answered(app, client)
    body = client.get(f"/api/v1/classes/{code}/live/summary?lang=en")
    assert body.status_code == 200 and body.headers["Cache-Control"] == "private, no-store"
    shown = body.get_json()
    assert shown["quiz"] == "lesson" and shown["answers"] == 5 and shown["right"] == 2
    items = items_for("lesson")
    assert [(q["number"], q["answers"], q["right"]) for q in shown["questions"][:3]] == [(1, 3, 2), (2, 2, 0), (3, 0, 0)]
    assert len(shown["questions"]) == len(items)
    topics = {t["topic"]: t for t in shown["topics"]}
    assert sum(t["questions"] for t in topics.values()) == len(items)
    first, second = items[0].topic, items[1].topic
    if first != second:
        assert (topics[first]["answers"], topics[first]["right"]) == (3, 2)
        assert (topics[second]["answers"], topics[second]["right"]) == (2, 0)
    assert sum(rule["wrong"] for rule in shown["rules"]) == 3  # the wrong answers, by the rule they went against
    assert [r["wrong"] for r in shown["rules"]] == sorted((r["wrong"] for r in shown["rules"]), reverse=True)
    assert all(rule["lesson"]["url"].startswith("/en/") for rule in shown["rules"])
    assert shown["leaderboard"] is None  # off: no names anywhere
    assert "Amal" not in body.text


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_csv_holds_the_same_numbers_in_the_readers_language(app, client, lang):
    code = quiz_answered(app, client, leaderboard=True)
    shown = client.get(f"/api/v1/classes/{code}/live/summary?lang={lang}").get_json()
    got = client.get(f"/api/v1/classes/{code}/live/summary.csv?lang={lang}")
    assert got.status_code == 200 and got.mimetype == "text/csv"
    assert got.headers["Content-Disposition"] == f'attachment; filename="class-{code}-summary.csv"'
    text = got.get_data(as_text=True)
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert rows[0] == ["section", "id", "title", "answers", "right", "wrong", "link"]
    questions = [row for row in rows if row[0] == "question"]
    assert [(int(r[1]), r[2], int(r[3]), int(r[4]), int(r[5])) for r in questions] == [
        (q["number"], q["question"], q["answers"], q["right"], q["answers"] - q["right"]) for q in shown["questions"]]
    assert [(r[1], r[2], int(r[5])) for r in rows if r[0] == "rule"] == [
        (r["rule"], r["title"], r["wrong"]) for r in shown["rules"]]
    assert [r[1] for r in rows if r[0] == "topic"] == [t["topic"] for t in shown["topics"]]
    students = [row for row in rows if row[0] == "student"]
    assert [(r[2], int(r[4])) for r in students] == [("Amal", 1), ("'=1+1", 1), (message_name(app, lang, 3), 0)]


def message_name(app, lang, number):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        return student_name(number, None)


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_summary_page_links_each_rule_to_its_lesson_and_names_no_one_unless_asked(app, client, lang):
    code = quiz_answered(app, client)
    page = client.get(f"/{lang}/class/{code}/live/summary")
    assert page.status_code == 200 and f'lang="{lang}"' in page.text
    assert 'class="summary-rules"' in page.text and 'class="summary-topics"' in page.text
    assert f'href="/api/v1/classes/{code}/live/summary.csv?lang={lang}"' in page.text
    assert "summary-leaderboard" not in page.text and "Amal" not in page.text
    shown = client.get(f"/api/v1/classes/{code}/live/summary?lang={lang}").get_json()
    for rule in shown["rules"]:
        assert f'<tr data-rule="{rule["rule"]}">' in page.text and f'href="{rule["lesson"]["url"]}"' in page.text
    # The class page links to the last quiz's summary, and the projector's last item to it.
    assert f'href="/{lang}/class/{code}/live/summary"' in client.get(f"/{lang}/class/{code}").text


def test_the_leaderboard_shows_nicknames_most_right_first_when_switched_on(app, client):
    code = quiz_answered(app, client, leaderboard=True)
    shown = client.get(f"/api/v1/classes/{code}/live/summary?lang=en").get_json()
    assert shown["leaderboard"] == [{"name": "Amal", "right": 1, "answers": 2}, {"name": "=1+1", "right": 1, "answers": 2},
                                    {"name": "Student 3", "right": 0, "answers": 1}]
    page = client.get(f"/en/class/{code}/live/summary").text
    assert 'class="summary-leaderboard"' in page and "<bdi>Amal</bdi>" in page and "<bdi>=1+1</bdi>" in page


def test_only_the_teacher_reads_the_summary(app, client):
    code = quiz_answered(app, client)
    pupil = student(app, "198.51.100.1")
    for path in (f"/api/v1/classes/{code}/live/summary", f"/api/v1/classes/{code}/live/summary.csv",
                 f"/en/class/{code}/live/summary"):
        assert pupil.get(path).status_code == 403
        assert student(app, "192.0.2.80").get(path).status_code == 403
    fresh = make_class(client)["code"]
    assert client.get(f"/api/v1/classes/{fresh}/live/summary").status_code == 404


def test_the_summary_stays_after_the_session_ends(app, client):
    code = quiz_answered(app, client)
    client.post(f"/api/v1/classes/{code}/live/end")
    shown = client.get(f"/api/v1/classes/{code}/live/summary").get_json()
    assert shown["ended"] is True and shown["answers"] == 5


# --- the students' ways into the session ---------------------------------------------------------

def _join_by_form(pupil, code, lang):
    token = CSRF.search(pupil.get(f"/{lang}/join/{code}").text).group(1)
    return pupil.post(f"/{lang}/join", data={"csrf_token": token, "code": code})


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_student_who_joins_while_a_session_runs_goes_to_it_and_after_its_end_to_the_table(app, client, lang):
    code = make_class(client)["code"]
    assert start(client, code, demo=DEMO).status_code == 201
    joined = _join_by_form(student(app, "198.51.100.7"), code, lang)
    assert joined.status_code == 303 and joined.headers["Location"] == f"/{lang}/class/{code}/live"
    assert client.post(f"/api/v1/classes/{code}/live/end", json={}).status_code == 200
    later = _join_by_form(student(app, "198.51.100.8"), code, lang)
    assert later.status_code == 303 and re.fullmatch(rf"/{lang}/play/[\w-]+", later.headers["Location"])


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_students_table_leads_to_the_classs_live_session_and_a_game_outside_a_class_does_not(app, client, lang):
    code = make_class(client)["code"]
    pupil = student(app, "198.51.100.9")
    joined = _join_by_form(pupil, code, lang)
    table = pupil.get(joined.headers["Location"])
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        words = gettext("Your class's live session")
    link = re.search(r'<p class="class-live"><a href="([^"]+)">([^<]+)</a></p>', table.text)
    assert link and link.group(1) == f"/{lang}/class/{code}/live" and html.unescape(link.group(2)) == words
    assert pupil.get(f"/{lang}/class/{code}/live").status_code == 200  # the page that waits for a session
    own = client.post("/api/v1/games", json={"rules": {"preset": "official"}, "bots": 2})
    assert own.status_code == 201
    assert 'class="class-live"' not in client.get(f"/{lang}/play/{own.get_json()['id']}").text
