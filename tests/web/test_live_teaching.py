"""The teacher's side of a live session (issue 37, items 1 to 3): starting one from the class page
(a demo, or the quiz with a timer and a leaderboard switch) by its form without JavaScript and by
JSON, the options refused in the teacher's language, the projector's screen of the session's frame
with its Back, Next and Reveal form and the chart of answers, ending it. On both databases."""
import html
import re
import time

import pytest

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
