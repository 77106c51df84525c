"""The course (app/learn/lessons): every step's solution and wrong moves through the check API,
every rule taught, the lessons' JSON, and every step completed by its forms alone (no JavaScript)."""
from __future__ import annotations

import re

import pytest

from app.engine.rules import Rule
from app.learn.lessons import CHAPTERS, LESSON_OF_RULE, LESSONS
from app.learn.lessons.judge import CONTINUE, decisions, replay, solution, solved
from app.learn.lessons.model import LEARNER, NEXT_SEAT

from .arabic_terms import replaced_words
from .lesson_forms import complete, press
from .test_arabic_style import DIGIT_FIRST_CARD, page_text

STEPS = [(lesson.id, number, step) for lesson in LESSONS.values() for number, step in enumerate(lesson.steps, 1)]
IDS = [f"{lesson}-{number}" for lesson, number, _ in STEPS]
ARABIC = re.compile(r"[\u0621-\u064a]")


def check(client, scenario, moves):
    response = client.post("/api/v1/check", json={"scenario": scenario, "moves": list(moves)})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.mark.parametrize("lesson_id, number, step", STEPS, ids=IDS)
def test_the_solution_is_legal_and_ends_on_a_rule_the_step_teaches(client, lesson_id, number, step):
    answer = check(client, step.scenario, solution(step))
    assert all(result["legal"] for result in answer["results"]), answer["results"]
    if answer["results"]:
        last = answer["results"][-1]
        seen = {last["rule"], *(event["rule"] for event in last["events"])}
    else:  # a question about a fresh deal: what the deal itself did
        seen = {event["rule"] for event in answer["setup"]}
    assert seen & {rule.value for rule in step.rules}, (seen, step.rules)


@pytest.mark.parametrize("lesson_id, number, step", [s for s in STEPS if s[2].wrong],
                         ids=[i for i, s in zip(IDS, STEPS) if s[2].wrong])
def test_each_wrong_move_is_refused_by_the_rule_it_names(client, lesson_id, number, step):
    for wrong in step.wrong:
        before = replay(step, decisions(step)[:wrong.at]).moves  # the table at that decision
        answer = check(client, step.scenario, [*before, wrong.move])
        refused = answer["results"][-1]
        assert refused["legal"] is False and refused["rule"] == wrong.rule.value, (wrong, refused)


@pytest.mark.parametrize("lesson_id, number, step", [s for s in STEPS if s[2].ask],
                         ids=[i for i, s in zip(IDS, STEPS) if s[2].ask])
def test_the_answer_to_a_question_is_the_engines(client, lesson_id, number, step):
    state = check(client, step.scenario, solution(step))["state"]
    if step.ask == NEXT_SEAT:
        expected = state["pending"]["seat"] if state["pending"] else state["turn"]
    else:
        expected = state["round_points"][step.ask_seat]
    assert solved(step).answer() == expected


def test_every_rule_is_taught_by_some_step():
    taught = {rule for lesson in LESSONS.values() for step in lesson.steps for rule in step.rules}
    assert taught == set(Rule)
    assert set(LESSON_OF_RULE) == set(Rule)


def test_the_house_rules_and_the_guides_variants_come_last_and_marked():
    *official, variants = CHAPTERS
    assert variants.variants and not any(chapter.variants for chapter in official)
    house = {Rule.STACKING, Rule.SEVEN_ZERO, Rule.DRAW_UNTIL_PLAYABLE}
    for chapter in official:
        for lesson in chapter.lessons:
            for step in lesson.steps:
                assert step.scenario.get("rules", "official") in ("official", {"preset": "official", "scoring": "tally-lowest"})
                assert not house & set(step.rules), (lesson.id, step.rules)


def test_the_guided_round_is_played_through_and_scored():
    step = LESSONS["guided-round"].steps[0]
    done = solved(step)
    assert done.moves_done and done.state.round_over
    assert sum(1 for move in solution(step) if move["seat"] == LEARNER) >= 5  # the learner decides throughout


# --- the JSON -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_lessons_list(client, lang):
    listed = client.get(f"/api/v1/lessons?lang={lang}").get_json()
    assert [item["id"] for item in listed] == list(LESSONS)
    for item in listed:
        lesson = LESSONS[item["id"]]
        assert {"id", "title", "rules", "steps"} <= set(item)
        assert item["steps"] == len(lesson.steps) and item["rules"] == [r.value for r in lesson.rules]
        assert bool(ARABIC.search(item["title"])) == (lang == "ar")


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_lesson_in_full(client, lang):
    for lesson_id, lesson in LESSONS.items():
        body = client.get(f"/api/v1/lessons/{lesson_id}?lang={lang}").get_json()
        assert body["id"] == lesson_id and body["title"] and body["rules"] == [r.value for r in lesson.rules]
        assert len(body["steps"]) == len(lesson.steps)
        for shown, step in zip(body["steps"], lesson.steps):
            assert {"scenario", "instruction", "solution", "rules"} <= set(shown)
            assert shown["scenario"] == step.scenario and shown["solution"] == list(solution(step))
            assert shown["rules"] == [r.value for r in step.rules]
            assert bool(ARABIC.search(shown["instruction"])) == (lang == "ar")
            assert "%(" not in shown["instruction"]


def test_an_unknown_lesson_is_a_json_404_in_the_language(client):
    response = client.get("/api/v1/lessons/no-such-lesson?lang=ar")
    assert response.status_code == 404 and response.get_json()["error"] == "not-found"
    assert ARABIC.search(response.get_json()["message"])


# --- the pages, without JavaScript ---------------------------------------------------------------

def _play_through(client, lang, lesson_id, number, step):
    """Complete the step by pressing the page's buttons, as a browser without JavaScript would."""
    page = client.get(f"/{lang}/learn/{lesson_id}?step={number}").text
    for move in decisions(step):  # in the guided round the bots answer them as they did in the solution
        if move["action"] == "play":
            response = press(client, page, action="play", card=move["card"], uno=move.get("uno", False))
            if move.get("color"):
                response = press(client, response.text, action="play", card=move["card"], color=move["color"])
            elif move.get("target") is not None:
                response = press(client, response.text, action="play", card=move["card"], target=move["target"])
        else:
            response = press(client, page, action=move["action"], color=move.get("color"), target=move.get("target"))
        assert response.status_code == 200
        page = response.text
        assert 'feedback-right' in page or move["action"] == CONTINUE, (move, page_text(page)[-600:])
    if step.ask:
        answer = solved(step).answer()
        response = press(client, page, seat=answer) if step.ask == NEXT_SEAT else press(client, page, points=answer)
        page = response.text
    return page


@pytest.mark.parametrize("lesson_id, number, step", STEPS, ids=IDS)
def test_every_step_is_completed_by_its_forms_alone(client, lesson_id, number, step):
    page = _play_through(client, "en", lesson_id, number, step)
    assert complete(page), page_text(page)[-800:]


def test_a_wrong_move_is_explained_and_changes_nothing(client):
    first = client.get("/en/learn/deck").text
    refused = press(client, first, action="play", card="B2")
    assert refused.status_code == 200 and 'data-rule="match.none"' in refused.text
    assert not complete(refused.text) and "/en/rules/turn#match.none" in refused.text
    # the same table, the same forms: the step can be tried again
    assert re.findall(r'data-card="(\w+)"', refused.text) == re.findall(r'data-card="(\w+)"', first)
    assert complete(press(client, refused.text, action="play", card="R8").text)


def test_a_wrong_seat_is_said_and_can_be_chosen_again(client):
    page = press(client, client.get("/en/learn/skip-reverse").text, action="play", card="RS").text
    wrong = press(client, page, seat=1)
    assert "feedback-refused" in wrong.text and not complete(wrong.text)
    assert complete(press(client, wrong.text, seat=2).text)


def test_an_open_question_does_not_give_its_answer_away(client):
    asked = press(client, client.get("/en/learn/skip-reverse").text, action="play", card="RS").text
    assert "player-turn" not in asked and "badge-turn" not in asked  # whose turn it is: the answer
    answered = press(client, asked, seat=2).text
    assert "player-turn" in answered
    dealt = client.get("/en/learn/setup").text  # the deal's sentence "…; you start." waits for the answer
    assert "you start" not in dealt and "you start" in press(client, dealt, seat=0).text
    scored = press(client, client.get("/en/learn/scoring").text, action="play", card="G3").text
    assert "88" not in page_text(scored) and "88" in page_text(press(client, scored, points=88).text)


def test_a_step_links_to_its_rules(client):
    page = client.get("/ar/learn/deck?step=3").text
    assert 'href="/ar/rules/turn#match.symbol"' in page


def test_a_forged_token_restarts_the_step_and_says_so(client):
    response = client.get("/en/learn/drawing?step=3&at=forged.token")
    assert response.status_code == 400 and "could not be read" in response.text
    assert 'name="at"' not in response.text  # back at the start: no moves to carry


def test_a_token_for_another_step_is_refused(client):
    page = press(client, client.get("/en/learn/drawing?step=3").text, action="draw").text
    token = re.search(r'name="at" value="([^"]+)"', page).group(1)
    assert client.get(f"/en/learn/drawing?step=3&at={token}").status_code == 200
    assert client.get(f"/en/learn/drawing?step=2&at={token}").status_code == 400


@pytest.mark.parametrize("url", ["/en/learn/nope", "/en/learn/deck?step=9", "/en/learn/deck?step=0",
                                 "/en/learn/deck?step=x"])
def test_no_such_lesson_or_step_is_a_404_page(client, url):
    assert client.get(url).status_code == 404


def test_an_unreadable_move_is_refused_in_the_language(client):
    response = client.get("/ar/learn/deck?step=1&action=play&card=ZZ")
    assert response.status_code == 400 and ARABIC.search(response.text)


@pytest.mark.parametrize("lesson_id, number, step", [s for s in STEPS if not s[2].guided], ids=[
    i for i, s in zip(IDS, STEPS) if not s[2].guided])
def test_the_arabic_step_follows_the_style_sheet(client, lesson_id, number, step):
    text = page_text(_play_through(client, "ar", lesson_id, number, step))
    assert not replaced_words(text) and not DIGIT_FIRST_CARD.search(text), text


# --- the rule pages become a course ----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_each_rule_section_links_to_the_lesson_that_teaches_it(client, lang):
    from app.pages.anchors import RULE_PAGES
    for rule, page in RULE_PAGES.items():
        html = client.get(f"/{lang}/{page}").text
        section = html[html.index(f'id="{rule.value}"'):]
        section = section[:section.index("</section>")]
        link = re.search(r'class="rule-lesson"[^>]*>.*?href="([^"]+)"', section, re.S)
        assert link, (rule, page)
        lesson_id, _, query = link.group(1).removeprefix(f"/{lang}/learn/").partition("?")
        number = int(query.removeprefix("step=")) if query else 1
        assert rule in LESSONS[lesson_id].steps[number - 1].rules


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_rule_pages_link_to_the_previous_and_the_next(client, lang):
    from app.pages import section
    topics = [page.path for page in section("rules/")]
    for before, here, after in zip([None, *topics], topics, [*topics[1:], None]):
        html = client.get(f"/{lang}/{here}").text
        nav = re.search(r'<nav class="course-nav".*?</nav>', html, re.S)
        assert nav, here
        if before:
            assert f'href="/{lang}/{before}" rel="prev"' in nav.group()
        if after:
            assert f'href="/{lang}/{after}" rel="next"' in nav.group()
