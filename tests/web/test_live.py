"""A class's live session (issue 37, items 1 and 6): the teacher starts a demo or the quiz, steps
it and ends it; the class's students read the frame in their own language; strangers get 403. On
both databases."""
import threading

import pytest

from app.live import frames
from app.presenter.frames import frames as demo_frames
from app.quiz.progress import items_for

from .test_classes import join, make_class, message, student

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

DEMO = "action-cards"  # 1 intro, 2 pause ("What would you play?"), 3 the move and "Who plays next?"


def live(client, code, lang="en"):
    return client.get(f"/api/v1/classes/{code}/live?lang={lang}")


def start(client, code, **body):
    return client.post(f"/api/v1/classes/{code}/live", json=body)


def step(client, code, to):
    return client.post(f"/api/v1/classes/{code}/live/step", json={"to": to})


def a_class(app, client, students=1):
    """A class with a demo's session started; (its code, its students' clients)."""
    code = make_class(client)["code"]
    pupils = [student(app, f"198.51.100.{n + 1}") for n in range(students)]
    for pupil in pupils:
        assert join(pupil, code).status_code == 201
    assert start(client, code, demo=DEMO).status_code == 201
    return code, pupils


def test_the_teacher_starts_a_demo_and_reads_its_first_frame(app, client):
    code = make_class(client)["code"]
    started = start(client, code, demo=DEMO)
    assert started.status_code == 201
    body = started.get_json()
    assert body["frame"] == 1 and body["kind"] == "intro" and body["question"] is None
    assert body["session"]["demo"] == DEMO and body["session"]["frames"] == len(demo_frames(DEMO))
    assert body["session"]["revealed"] is False and body["session"]["ended"] is False
    assert body["answers"] == {"total": 0, "right": 0, "by_answer": {}, "by_rule": {}}
    shown = live(client, code)
    assert shown.status_code == 200 and shown.get_json() == body
    assert shown.headers["Cache-Control"] == "private, no-store"


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_student_reads_the_frame_in_their_own_language_without_the_answers(app, client, lang):
    code, (pupil,) = a_class(app, client)
    step(client, code, "next")
    shown = live(pupil, code, lang)
    assert shown.status_code == 200
    body = shown.get_json()
    assert set(body) == {"session", "frame", "kind", "question", "choices"}  # no answers, no answer
    assert body["frame"] == 2 and body["kind"] == "pause"
    with app.test_request_context(f"/{lang}/"):
        assert body == {**body, **frames.view("demo", DEMO, 2, False, lang)}
    assert body["question"] == {"en": "What would you play?", "ar": "ماذا كنت ستلعب؟"}[lang]
    assert [choice["id"] for choice in body["choices"]] == ["RS", "B3", "G8", "draw"]


def test_two_students_read_one_frame_each_in_their_language(app, client):
    code, (arabic, english) = a_class(app, client, students=2)
    step(client, code, "next")
    ar, en = live(arabic, code, "ar").get_json(), live(english, code, "en").get_json()
    assert ar["frame"] == en["frame"] == 2 and ar["session"] == en["session"]
    assert ar["question"] != en["question"] and [c["id"] for c in ar["choices"]] == [c["id"] for c in en["choices"]]


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_stranger_and_a_removed_student_get_403_in_their_language(app, client, lang):
    code, (pupil, other) = a_class(app, client, students=2)
    stranger = student(app, "192.0.2.50")
    answer = live(stranger, code, lang)
    assert answer.status_code == 403 and answer.get_json()["error"] == "live-forbidden"
    assert answer.get_json()["message"] == message(app, lang, "live-forbidden")
    assert stranger.get(f"/api/v1/classes/{code}/live/events").status_code == 403
    for anyone in (stranger, pupil):  # only a teacher steps, starts or ends
        assert step(anyone, code, "next").status_code == 403
        assert start(anyone, code, demo=DEMO).status_code == 403
        assert anyone.post(f"/api/v1/classes/{code}/live/end").status_code == 403
    students = client.get(f"/api/v1/classes/{code}").get_json()["students"]
    number = next(s["number"] for s in students if s["number"] == 1)
    assert client.delete(f"/api/v1/classes/{code}/students/{number}").status_code == 204
    gone = live(pupil, code, lang)
    assert gone.status_code == 403 and gone.get_json()["error"] == "removed-from-class"
    assert live(other, code, lang).status_code == 200


def test_steps_go_next_back_and_reveal_and_each_grows_the_version(app, client):
    code, (pupil,) = a_class(app, client)
    versions = [live(client, code).get_json()["session"]["version"]]
    assert step(client, code, "back").get_json()["session"]["version"] == versions[0]  # the first frame: no change
    refused = step(client, code, "reveal")  # the intro asks nothing
    assert refused.status_code == 409 and refused.get_json()["error"] == "nothing-to-reveal"
    moved = step(client, code, "next").get_json()
    assert moved["frame"] == 2 and moved["session"]["version"] > versions[0]
    assert "answer" not in live(pupil, code).get_json()
    revealed = step(client, code, "reveal").get_json()
    assert revealed["session"]["revealed"] and revealed["answer"] == "RS"
    assert revealed["session"]["version"] > moved["session"]["version"]
    assert live(pupil, code).get_json()["answer"] == "RS"  # the projector shows it now: so do the phones
    assert step(client, code, "reveal").get_json() == revealed  # again: nothing changes
    after = step(client, code, "next").get_json()
    assert after["frame"] == 3 and not after["session"]["revealed"] and after["question"] == "Who plays next?"
    assert step(client, code, "reveal").get_json()["answer"] == 2  # the engine's seat
    assert step(client, code, "back").get_json()["frame"] == 2
    for _ in range(len(demo_frames(DEMO)) + 2):
        last = step(client, code, "next").get_json()
    assert last["frame"] == len(demo_frames(DEMO))


@pytest.mark.parametrize("body", [{"to": "forward"}, {"to": None}, {}])
def test_a_step_that_is_none_is_refused(app, client, body):
    code, _ = a_class(app, client)
    answer = client.post(f"/api/v1/classes/{code}/live/step", json=body)
    assert answer.status_code == 400 and answer.get_json()["error"] == "bad-live-step"


def test_steps_from_two_devices_at_once_are_each_made(app, client):
    code, _ = a_class(app, client)
    before = live(client, code).get_json()["session"]["version"]
    answers = []

    def press():
        answers.append(step(client, code, "next").get_json())

    threads = [threading.Thread(target=press) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    now = live(client, code).get_json()
    assert now["frame"] == 7 and now["session"]["version"] == before + 6
    assert sorted(a["frame"] for a in answers) == [2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_quiz_by_its_seed_asks_its_items(app, client, lang):
    code = make_class(client)["code"]
    pupil = student(app)
    join(pupil, code)
    started = start(client, code, quiz=123)
    assert started.status_code == 201 and started.get_json()["session"]["quiz"] == "123"
    first = items_for("123")[0]
    shown = live(pupil, code, lang).get_json()
    assert shown["kind"] == "item" and shown["session"]["frames"] == len(items_for("123"))
    assert [c["id"] for c in shown["choices"]] == [c.id for c in first.solution.choices]
    revealed = step(client, code, "reveal").get_json()
    assert revealed["answer"] == sorted(first.solution.right)


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("body, error", [({"demo": "no-such-demo"}, "unknown-demo"), ({"demo": 3}, "unknown-demo"),
                                         ({"quiz": "not a seed"}, "bad-seed"), ({}, "bad-live-start"),
                                         ({"demo": DEMO, "quiz": 1}, "bad-live-start")])
def test_a_session_that_cant_be_started_is_refused_in_the_readers_language(app, client, lang, body, error):
    code = make_class(client)["code"]
    answer = client.post(f"/api/v1/classes/{code}/live?lang={lang}", json=body)
    assert answer.status_code == 400 and answer.get_json()["error"] == error
    assert answer.get_json()["message"] not in ("", None)
    assert live(client, code).status_code == 404


def test_one_session_at_a_time_and_a_new_one_after_the_end(app, client):
    code, (pupil,) = a_class(app, client)
    again = start(client, code, quiz="7")
    assert again.status_code == 409 and again.get_json()["error"] == "live-session-on"
    step(client, code, "next")
    ended = client.post(f"/api/v1/classes/{code}/live/end")
    assert ended.status_code == 200 and ended.get_json()["session"]["ended"] is True
    for reader in (client, pupil):
        gone = live(reader, code)
        assert gone.status_code == 404 and gone.get_json()["error"] == "no-live-session"
    assert client.post(f"/api/v1/classes/{code}/live/end").status_code == 404
    assert step(client, code, "next").status_code == 404
    renewed = start(client, code, quiz="7").get_json()
    assert renewed["frame"] == 1 and renewed["session"]["version"] > ended.get_json()["session"]["version"]
    assert renewed["session"]["id"] != ended.get_json()["session"]["id"]


def test_ending_the_class_ends_its_session_and_starts_none(app, client):
    code, (pupil,) = a_class(app, client)
    assert client.post(f"/api/v1/classes/{code}/end").status_code == 200
    assert live(pupil, code).status_code == 404
    refused = start(client, code, demo=DEMO)
    assert refused.status_code == 410 and refused.get_json()["error"] == "class-ended"


def test_a_teacher_on_another_device_steps_the_same_session(app, client):
    made = make_class(client)
    code = made["code"]
    computer = student(app, "192.0.2.10")
    computer.get(made["teacher_link"].split("localhost", 1)[1])
    assert start(computer, code, demo=DEMO).status_code == 201
    assert step(client, code, "next").get_json()["frame"] == 2
    assert live(computer, code).get_json()["frame"] == 2


# --- the student's phone page --------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_phone_page_shows_the_frame_in_the_pages_language(app, client, lang):
    code, (pupil,) = a_class(app, client)
    step(client, code, "next")
    page = pupil.get(f"/{lang}/class/{code}/live")
    assert page.status_code == 200 and f'lang="{lang}"' in page.text
    assert page.headers["Cache-Control"] == "private, no-store"
    shown = live(pupil, code, lang).get_json()
    assert f'data-version="{shown["session"]["version"]}"' in page.text and 'data-frame="2"' in page.text
    assert f'<p class="live-question">{shown["question"]}</p>' in page.text
    assert page.text.count("data-choice=") == len(shown["choices"])
    assert 'id="live"' in page.text  # the table, drawn by the position macro
    assert f'/api/v1/classes/{code}/live/events?lang={lang}' in page.text
    other = "en" if lang == "ar" else "ar"
    assert f'href="/{other}/class/{code}/live"' in page.text


def test_the_phone_page_waits_for_a_session_and_shows_a_quiz_item(app, client):
    code = make_class(client)["code"]
    pupil = student(app)
    join(pupil, code)
    waiting = pupil.get(f"/en/class/{code}/live")
    assert waiting.status_code == 200 and 'class="live-waiting"' in waiting.text
    assert '<meta http-equiv="refresh"' in waiting.text  # without JavaScript: it reloads itself
    start(client, code, quiz="5")
    page = pupil.get(f"/en/class/{code}/live")
    assert 'data-kind="item"' in page.text and "quiz-position" in page.text


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_stranger_gets_403_on_the_phone_page_in_their_language(app, client, lang):
    code, _ = a_class(app, client)
    page = student(app, "192.0.2.60").get(f"/{lang}/class/{code}/live")
    assert page.status_code == 403 and f'lang="{lang}"' in page.text
    assert client.get(f"/{lang}/class/{code}/live").status_code == 200  # the teacher sees it too
