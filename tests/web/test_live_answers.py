"""Answers from phones in a live session (issue 37, item 2): each answer judged by the engine on
the frame's position and said to the student in their language with the rule; one answer per
student per frame, whatever the races; none after the reveal; the teacher's counts without names.
On both databases."""
import re
import threading

import pytest

from app.quiz.progress import items_for

from .test_classes import join, make_class, message, student
from .test_live import live, start, step

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def session(app, client, students=1, **started):
    """A class with a session started (the demo of ``started``, else action-cards); (code, students)."""
    code = make_class(client)["code"]
    pupils = [student(app, f"198.51.100.{n + 1}") for n in range(students)]
    for pupil in pupils:
        assert join(pupil, code).status_code == 201
    assert start(client, code, **(started or {"demo": "action-cards"})).status_code == 201
    return code, pupils


def to_frame(client, code, number):
    for _ in range(number - 1):
        step(client, code, "next")
    assert live(client, code).get_json()["frame"] == number


def answer(client, code, frame, given, lang="en"):
    return client.post(f"/api/v1/classes/{code}/live/answers?lang={lang}", json={"frame": frame, "answer": given})


# (demo, frame, answer, legal, right, rule): every kind of answer a frame asks for
KINDS = [
    ("action-cards", 2, "RS", True, True, "match.color"),  # a card of the hand, the demo's move
    ("action-cards", 2, "B3", False, False, "match.none"),  # a card that matches neither colour nor symbol
    ("action-cards", 2, "draw", True, False, "draw.one"),  # allowed, but the demo plays a card
    ("action-cards", 14, "W", True, True, "wild.any-time"),  # a wild, its colour still to choose
    ("action-cards", 14, {"action": "play", "card": "W", "color": "red"}, True, True, "wild.any-time"),  # with it
    ("wild-draw-four", 8, "challenge", True, True, "wild-draw-four.challenge"),
    ("wild-draw-four", 8, "accept", True, False, "wild-draw-four.effect"),
    ("uno", 7, "catch:1", True, True, "uno.catch"),
    ("first-card", 8, "color:green", True, True, "first.wild"),
    ("action-cards", 3, 2, True, True, "skip.effect"),  # a seat: who plays next
    ("action-cards", 3, "1", False, False, "skip.effect"),
    ("first-card", 1, "1", True, True, "first.skip"),  # who plays first, on the intro
    ("scoring", 3, 90, True, True, "score.winner-collects"),  # a number: the points
    ("scoring", 3, "89", False, False, "score.winner-collects"),
]


@pytest.mark.parametrize("demo, frame, given, legal, right, rule", KINDS)
def test_each_kind_of_answer_is_judged_by_the_engine(app, client, demo, frame, given, legal, right, rule):
    code, (pupil,) = session(app, client, demo=demo)
    to_frame(client, code, frame)
    judged = answer(pupil, code, frame, given)
    assert judged.status_code == 200, judged.get_json()
    body = judged.get_json()
    assert (body["legal"], body["right"]) == (legal, right)
    assert body["rule"] == rule, body
    assert body["rule_url"].startswith("/en/") and body["title"] in body["message"]


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_student_is_told_why_in_their_language_with_the_rule(app, client, lang):
    code, (pupil,) = session(app, client)
    to_frame(client, code, 2)
    body = answer(pupil, code, 2, "B3", lang).get_json()
    words = {"en": ("You can't play Blue 3", "Rule: "), "ar": ("لا يمكنك", "القاعدة")}[lang]
    assert all(word in body["message"] for word in words), body["message"]
    assert body["rule_url"].startswith(f"/{lang}/") and "#" in body["rule_url"]
    again = answer(pupil, code, 2, "B3", "en" if lang == "ar" else "ar").get_json()  # asked again in the other
    assert again["message"] != body["message"] and again["rule"] == body["rule"]


# (item, its right answer, a wrong one, the wrong one's rule): seed 123's first item asks whether a
# move is allowed, its fifth which card of a hand may be played (each card judged by the engine)
QUIZ = [(1, "illegal", "legal", "draw.one"), (5, "G8", "R3", "match.none")]


@pytest.mark.parametrize("number, right, wrong, rule", QUIZ)
def test_a_quiz_item_is_judged_by_its_solution(app, client, number, right, wrong, rule):
    code, (pupil, other) = session(app, client, students=2, quiz="123")
    to_frame(client, code, number)
    assert sorted(items_for("123")[number - 1].solution.right) == [right]
    judged, missed = answer(pupil, code, number, right).get_json(), answer(other, code, number, wrong).get_json()
    assert judged["right"] and judged["legal"] and not missed["right"] and not missed["legal"]
    assert missed["rule"] == rule
    counts = live(client, code).get_json()["answers"]
    assert counts == {"total": 2, "right": 1, "by_answer": {right: 1, wrong: 1}, "by_rule": {rule: 1}}


def test_a_second_answer_changes_nothing_and_is_told_the_first_verdict(app, client):
    code, (pupil,) = session(app, client)
    to_frame(client, code, 2)
    first = answer(pupil, code, 2, "B3").get_json()
    second = answer(pupil, code, 2, "RS").get_json()
    assert second == first and not second["right"] and second["answer"] == "B3"
    assert live(client, code).get_json()["answers"] == {"total": 1, "right": 0, "by_answer": {"B3": 1},
                                                        "by_rule": {"match.none": 1}}


@pytest.mark.parametrize("mixed", [False, True])  # twenty identical answers, or two answers alternating
def test_twenty_answers_sent_at_once_count_once(app, client, mixed):
    code, (pupil,) = session(app, client)
    to_frame(client, code, 2)
    answers = []

    def send(given):
        answers.append(answer(pupil, code, 2, given).get_json())

    threads = [threading.Thread(target=send, args=("B3" if mixed and n % 2 else "RS",)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == 20 and all(given == answers[0] for given in answers)  # the first one kept, told to all
    counts = live(client, code).get_json()["answers"]
    assert counts["total"] == 1 and counts["by_answer"] == {answers[0]["answer"]: 1}


def test_the_teacher_counts_the_frames_answers_without_names(app, client):
    code, pupils = session(app, client, students=4)
    to_frame(client, code, 2)
    for pupil, given in zip(pupils, ["RS", "RS", "B3", "G8"]):
        assert answer(pupil, code, 2, given).status_code == 200
    shown = live(client, code).get_json()
    assert shown["answers"] == {"total": 4, "right": 2, "by_answer": {"RS": 2, "B3": 1, "G8": 1},
                                "by_rule": {"match.none": 2}}
    assert "answers" not in live(pupils[0], code).get_json()  # a student sees no one's answers
    step(client, code, "next")
    assert live(client, code).get_json()["answers"]["total"] == 0  # the next frame: its own answers


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_answers_after_the_reveal_are_refused_clearly(app, client, lang):
    code, (pupil, other) = session(app, client, students=2)
    to_frame(client, code, 2)
    assert answer(pupil, code, 2, "RS").status_code == 200
    step(client, code, "reveal")
    late = answer(other, code, 2, "RS", lang)
    assert late.status_code == 409 and late.get_json()["error"] == "live-answers-closed"
    assert late.get_json()["message"] == message(app, lang, "live-answers-closed")
    assert live(client, code).get_json()["answers"]["total"] == 1


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_an_answer_to_another_frame_is_refused(app, client, lang):
    code, (pupil,) = session(app, client)
    to_frame(client, code, 3)
    gone = answer(pupil, code, 2, "RS", lang)
    assert gone.status_code == 409 and gone.get_json()["error"] == "live-frame-gone" and gone.get_json()["frame"] == 3
    assert gone.get_json()["message"] == message(app, lang, "live-frame-gone")
    step(client, code, "back")
    step(client, code, "back")  # the intro: nothing to answer
    nothing = answer(pupil, code, 1, "RS", lang)
    assert nothing.status_code == 409 and nothing.get_json()["error"] == "live-nothing-to-answer"


@pytest.mark.parametrize("given", ["R9", "play", {"action": "play", "card": "ZZ"}, None, ["RS"], "catch:9", "x" * 300,
                                   {"action": "play", "card": "RS", "color": ["red"]}, {"action": "draw", "card": "RS"},
                                   True])
def test_an_answer_that_is_not_one_of_the_frames_is_refused(app, client, given):
    code, (pupil,) = session(app, client)
    to_frame(client, code, 2)
    refused = answer(pupil, code, 2, given)
    assert refused.status_code == 400 and refused.get_json()["error"] == "bad-live-answer"
    assert live(client, code).get_json()["answers"]["total"] == 0


@pytest.mark.parametrize("body", [{"answer": "RS"}, {"frame": "2", "answer": "RS"}, {"frame": True, "answer": "RS"}])
def test_an_answer_without_its_frame_is_refused(app, client, body):
    code, (pupil,) = session(app, client)
    to_frame(client, code, 2)
    refused = pupil.post(f"/api/v1/classes/{code}/live/answers", json=body)
    assert refused.status_code == 400 and refused.get_json()["error"] == "bad-live-answer"


@pytest.mark.parametrize("given", [-1, "10000", "9a"])
def test_points_are_a_whole_number(app, client, given):
    code, (pupil,) = session(app, client, demo="scoring")
    to_frame(client, code, 3)
    assert answer(pupil, code, 3, given).status_code == 400


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_strangers_removed_students_and_teachers_do_not_answer(app, client, lang):
    code, (pupil, other) = session(app, client, students=2)
    to_frame(client, code, 2)
    stranger = answer(student(app, "192.0.2.50"), code, 2, "RS", lang)
    assert stranger.status_code == 403 and stranger.get_json()["error"] == "live-forbidden"
    teacher = answer(client, code, 2, "RS", lang)
    assert teacher.status_code == 403 and teacher.get_json()["error"] == "live-answers-students"
    assert teacher.get_json()["message"] == message(app, lang, "live-answers-students")
    assert client.delete(f"/api/v1/classes/{code}/students/1").status_code == 204
    removed = answer(pupil, code, 2, "RS", lang)
    assert removed.status_code == 403 and removed.get_json()["error"] == "removed-from-class"
    assert answer(other, code, 2, "RS", lang).status_code == 200
    assert live(client, code).get_json()["answers"]["total"] == 1


def test_no_answers_without_a_session(app, client):
    code = make_class(client)["code"]
    pupil = student(app)
    join(pupil, code)
    refused = answer(pupil, code, 1, "RS")
    assert refused.status_code == 404 and refused.get_json()["error"] == "no-live-session"


# --- the phone page's answer controls (without JavaScript: plain POST forms) ----------------------

def test_the_phone_page_offers_each_choice_as_an_answer_form(app, client):
    code, (pupil,) = session(app, client)
    to_frame(client, code, 2)
    page = pupil.get(f"/en/class/{code}/live").text
    for choice in ("RS", "B3", "G8", "draw"):
        assert f'data-choice="{choice}"' in page and f'name="answer" value="{choice}"' in page
    assert page.count('class="live-answer"') == 4 and page.count('name="csrf_token"') == 4
    assert 'class="card-button" aria-label="Red Skip"' in page  # a card of the hand as its face
    assert 'role="status"' in page and "live-reveal" not in page


def test_a_wild_asks_its_colour_and_points_are_a_number(app, client):
    code, (pupil,) = session(app, client)
    to_frame(client, code, 14)
    page = pupil.get(f"/en/class/{code}/live").text
    assert '<input type="hidden" name="answer" value="W">' in page
    assert all(f'name="color" value="{colour}"' in page for colour in ("red", "yellow", "green", "blue"))
    code, (pupil,) = session(app, client, demo="scoring")
    to_frame(client, code, 3)
    page = pupil.get(f"/ar/class/{code}/live").text
    assert 'type="number"' in page and 'name="answer"' in page and "data-choice" not in page


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_an_answer_from_the_form_shows_the_verdict_and_locks_the_controls(app, client, lang):
    code, (pupil,) = session(app, client)
    to_frame(client, code, 14)
    token = CSRF.search(pupil.get(f"/{lang}/class/{code}/live").text).group(1)
    answered = pupil.post(f"/{lang}/class/{code}/live", data={"csrf_token": token, "frame": "14", "answer": "W",
                                                             "color": "green"})
    assert answered.status_code == 200
    body = answer(pupil, code, 14, "Y9", lang).get_json()  # the API tells the answer kept: the form's
    assert body["answer"] == "W" and body["right"]
    assert 'data-right="true"' in answered.text and body["said"] in answered.text
    assert f'href="{body["rule_url"]}"' in answered.text
    assert '<li data-choice="W" data-chosen' in answered.text and answered.text.count(" disabled") == 4
    again = pupil.get(f"/{lang}/class/{code}/live").text  # a reload: the same answer, still locked
    assert 'data-right="true"' in again and again.count(" disabled") == 4
    assert live(client, code).get_json()["answers"]["by_answer"] == {"W": 1}


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_page_says_why_an_answer_is_refused_and_shows_the_revealed_answer(app, client, lang):
    code, (pupil,) = session(app, client)
    to_frame(client, code, 2)
    token = CSRF.search(pupil.get(f"/{lang}/class/{code}/live").text).group(1)
    step(client, code, "reveal")
    late = pupil.post(f"/{lang}/class/{code}/live", data={"csrf_token": token, "frame": "2", "answer": "RS"})
    assert late.status_code == 409 and message(app, lang, "live-answers-closed") in late.text
    revealed = pupil.get(f"/{lang}/class/{code}/live").text
    assert 'class="live-reveal"' in revealed and 'data-choice="RS" data-right' in revealed
    assert {"en": "The answer: Red Skip.", "ar": "الإجابة: "}[lang] in revealed
    assert pupil.post(f"/{lang}/class/{code}/live", data={"frame": "2", "answer": "RS"}).status_code == 400  # no CSRF
    assert live(client, code).get_json()["answers"]["total"] == 0


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_quiz_items_phone_page_shows_the_moves_before_its_question(app, client, lang):
    code, (pupil,) = session(app, client, quiz="123")
    to_frame(client, code, 10)  # "What happens to the challenger?": a Wild Draw Four played, then challenged
    page = pupil.get(f"/{lang}/class/{code}/live").text
    assert 'class="given-moves"' in page and page.count('name="answer" value=') == 3
    assert 'class="live-question"' in page and '/static/quiz.' in page


def test_a_revealed_quiz_item_marks_its_right_choices_on_the_phone(app, client):
    code, (pupil,) = session(app, client, quiz="123")
    to_frame(client, code, 5)
    step(client, code, "reveal")
    page = pupil.get(f"/en/class/{code}/live").text
    right = sorted(items_for("123")[4].solution.right)
    assert [choice for choice in ("R3", "G8", "B3") if f'data-choice="{choice}" data-right' in page] == right
    assert 'class="live-reveal"' in page
