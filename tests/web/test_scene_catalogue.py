"""Every scene of the catalogue (app.scenes.catalogue) walked through the check API: what its page
says is what the engine says.

For each scene the page side is read from what a learner is shown — the rendered rules or card page
(each step's verdict and the rule it links), the "Check yourself" answer page (which choice is judged
right, and the verdicts shown with it), a presenter frame, the lessons' JSON, the quiz's JSON for a
myth, the scoring page's worked example — and the engine side from POST /api/v1/check alone. Where a
scene states what the engine must say (an example's verdict, a lesson's wrong moves), the API is held
to that too.
"""
from __future__ import annotations

import re

import pytest

from app.engine.rules import Rule
from app.i18n import LANGUAGES
from app.learn.lessons.judge import decisions, replay, solution, solved
from app.pages.anchors import RULE_PAGES
from app.presenter.frames import ANSWER, frames
from app.quiz.item import ITEMS
from app.quiz.solvers import Allowed, Playable
from app.quiz.display import item_json
from app.quiz.progress import items_for
from app.quiz.worked import worked_scoring
from app.scenes import catalogue
from app.scenes.lesson import GAME_WINNER, LEARNER, NEXT_DEALER, NEXT_SEAT, SEAT_QUESTIONS, LessonStep

from .lesson_forms import press
from .test_lessons import _play_through
from .test_quiz import _actor, _play_move, app, check, client, engine_answer  # noqa: F401 (app, client: fixtures)
from .test_rules_pages import DOTTED_IDS, _section, _visible

SCENES = catalogue()
FIGURE = re.compile(r'<figure class="example"[^>]*>.*?</figure>', re.S)
SHOWN_VERDICT = re.compile(r'<li class="(legal|bluff|illegal)">.*?<p class="verdict" data-rule="([^"]+)"', re.S)


@pytest.fixture(scope="module")
def page(client):
    """A page's HTML (or JSON), fetched once for the module."""
    seen: dict[str, str] = {}

    def get(url: str) -> str:
        if url not in seen:
            response = client.get(url)
            assert response.status_code == 200, url
            seen[url] = response.text
        return seen[url]
    return get


def test_the_catalogue_names_every_kind_of_scene_once():
    kinds = {scene_id.split(":")[0] for scene_id in SCENES}
    assert kinds == {"lesson", "demo", "quiz", "example", "card", "worked"}
    assert {f"quiz:{item_id}" for item_id in ITEMS} <= set(SCENES)


@pytest.mark.parametrize("scene_id", SCENES)
def test_what_the_page_says_is_what_the_check_api_says(app, client, page, scene_id):
    kind, _, name = scene_id.partition(":")
    SAYS[kind](app, client, page, name, SCENES[scene_id])


# --- examples: each step's verdict and rule, as the figure shows them ----------------------------

def _example(app, client, page, name, example):
    results = check(client, example.scenario, example.moves)["results"]
    assert all(result["legal"] for result in results[:-1]), results
    assert (results[-1]["legal"], results[-1]["rule"]) == (example.legal, example.rule.value)  # as the scene states
    engine = [(result["verdict"], result["rule"]) for result in results]
    rule = name.rsplit("/", 1)[0]
    for lang in LANGUAGES:
        figure = re.search(rf'<figure class="example"[^>]* data-scene="example:{re.escape(name)}">.*?</figure>',
                           _section(page(f"/{lang}/{RULE_PAGES[Rule(rule)]}"), rule), re.S)
        assert figure and SHOWN_VERDICT.findall(figure.group()) == engine, (lang, name)


def _card_example(app, client, page, name, example):
    results = check(client, example.scenario, example.moves)["results"]
    assert (results[-1]["legal"], results[-1]["rule"]) == (example.legal, example.rule.value)
    kind, number = name.rsplit("/", 1)
    for lang in LANGUAGES:
        figures = FIGURE.findall(page(f"/{lang}/cards/{kind}"))
        assert SHOWN_VERDICT.findall(figures[int(number) - 1]) == [(r["verdict"], r["rule"]) for r in results]


def _worked(app, client, page, name, example):
    with app.test_request_context("/en/"):
        shown = worked_scoring()["methods"]
    for method, scoring in zip(shown, ("winner-collects", "tally-lowest")):
        state = check(client, {**example.scenario, "rules": {"scoring": scoring}}, example.moves)["state"]
        assert [row["points"] for row in method["rows"]] == state["round_points"], scoring


# --- quiz items: the choice judged right, and the verdicts shown with it ------------------------------

def _quiz(app, client, page, name, scene):
    item = ITEMS[name]
    engine = engine_answer(client, item)  # from the check API's answers only
    if item.myth:  # asked in the quiz alone: its JSON carries the answer the quiz judges by
        with app.test_request_context("/en/"):
            assert set(item_json(item)["answer"]) == engine
        return
    with app.test_request_context("/en/"):
        choices = [choice.id for choice in item.solution.choices]
    judged_right = set()
    for choice in choices:
        html = page(f"/en/quiz/check?item={name}&answer={choice}")
        answered = html[html.index(f'id="item-{name}"'):]
        answered = answered[:answered.index("</section>")]
        if 'class="quiz-item answered right"' in html:
            judged_right.add(choice)
        if isinstance(item.ask, (Playable, Allowed)):
            assert set(SHOWN_VERDICT.findall(answered)) <= _verdicts(client, item), (choice, answered)
    assert judged_right == engine


def _verdicts(client, item) -> set[tuple[str, str]]:
    """The check API's (verdict, rule) on every move the question is about."""
    answer = check(client, item.scenario, item.moves)
    if isinstance(item.ask, Allowed):
        tried = [item.ask.move]
    else:
        seat = _actor(answer["state"])
        tried = [_play_move(seat, c) for c in dict.fromkeys(answer["state"]["hands"][seat])]
    results = [check(client, item.scenario, [*item.moves, move])["results"][-1] for move in tried]
    return {(result["verdict"], result["rule"]) for result in results}


# --- lessons and demos: the solution, the wrong moves, the answer to the question ---------------------

def _lesson(app, client, page, name, step):
    lesson, number = name.rsplit("/", 1)
    said = client.get(f"/api/v1/lessons/{lesson}?lang=en").get_json()["steps"][int(number) - 1]
    answer = _walk(client, step, said["solution"], [(w["move"], w["rule"], w["at"]) for w in said["wrong"]])
    assert (said["ask"] and said["ask"]["answer"]) == answer


def _demo(app, client, page, name, step):
    demo, number = name.rsplit("/", 1)
    answer = _walk(client, step, solution(step), [(w.move, w.rule.value, w.at) for w in step.wrong])
    if step.ask:
        frame = next(n for n, f in enumerate(frames(demo), 1) if f.step == int(number) - 1 and f.kind == ANSWER)
        for lang in LANGUAGES:
            shown = re.search(r'<p class="answer" data-value="([^"]*)"', page(f"/{lang}/present/{demo}/{frame}"))
            assert shown.group(1) == str(answer), (lang, name)


def _walk(client, step: LessonStep, moves, wrongs) -> int | None:
    """Play the step's moves through the check API: each is legal, the learner's last names the rule
    the step accepts, each wrong move is refused by its rule; the engine's answer to the question."""
    answer = check(client, step.scenario, moves)
    results = answer["results"]
    assert all(result["legal"] for result in results), results
    if isinstance(step.accept, Rule):  # the learner's last move names it, in its verdict or its events
        last = results[max(i for i, move in enumerate(moves) if move["seat"] == LEARNER)]
        assert step.accept.value in {last["rule"], *(event["rule"] for event in last["events"])}
    for move, rule, at in wrongs:
        before = replay(step, decisions(step)[:at]).moves  # the table at that decision
        refused = check(client, step.scenario, [*before, move])["results"][-1]
        assert (refused["legal"], refused["rule"]) == (False, rule), move
    if step.ask is None:
        return None
    state, game = answer["state"], answer["game"]
    if step.ask == NEXT_DEALER:
        return game["next_dealer"]
    if step.ask == GAME_WINNER:
        (winner,) = game["winners"]
        return winner
    return _actor(state) if step.ask == NEXT_SEAT else state["round_points"][step.ask_seat]


SAYS = {"example": _example, "card": _card_example, "worked": _worked, "quiz": _quiz, "lesson": _lesson,
        "demo": _demo}


# --- learners see rule names; ids are for tools ------------------------------------------------------

def _first_in_quiz() -> dict[str, str]:
    """For each myth, a seed whose quiz asks it first (a myth is asked in the quiz alone)."""
    seeds: dict[str, str] = {}
    for number in range(2000):
        first = items_for(f"myth{number}")[0]
        if first.myth:
            seeds.setdefault(first.id, f"myth{number}")
    return seeds


MYTH_SEEDS = _first_in_quiz()


@pytest.mark.parametrize("scene_id", SCENES)
def test_a_learner_sees_rule_names_never_rule_ids(app, client, page, scene_id):
    """#32: wherever a scene is shown — its rules or card page, every answer to a quiz item and its
    feedback, a lesson step played through with its wrong moves and a wrong answer, each frame of a
    demo — a rule is named by its title; "match.color" stays in data-rule, anchors and links."""
    kind, _, name = scene_id.partition(":")
    for lang in LANGUAGES:
        for html in SHOWN[kind](app, client, page, lang, name, SCENES[scene_id]):
            assert not DOTTED_IDS.findall(_visible(html)), (lang, DOTTED_IDS.findall(_visible(html)))


def _shown_example(app, client, page, lang, name, example):
    rule = name.rsplit("/", 1)[0]
    yield page(f"/{lang}/{RULE_PAGES[Rule(rule)]}")


def _shown_card(app, client, page, lang, name, example):
    yield page(f"/{lang}/cards/{name.rsplit('/', 1)[0]}")


def _shown_worked(app, client, page, lang, name, example):
    yield page(f"/{lang}/rules/scoring")


def _shown_quiz(app, client, page, lang, name, scene):
    item = ITEMS[name]
    with app.test_request_context("/en/"):
        choices = [choice.id for choice in item.solution.choices]
    for choice in choices:
        if item.myth:
            yield client.get(f"/{lang}/quiz", query_string={"seed": MYTH_SEEDS[name], "item": name, "answer": choice},
                             follow_redirects=True).text
        else:
            yield page(f"/{lang}/quiz/check?item={name}&answer={choice}")


def _shown_lesson(app, client, page, lang, name, step):
    lesson, number = name.rsplit("/", 1)
    start = page(f"/{lang}/learn/{lesson}?step={number}")
    yield start
    held = step.scenario["hands"][LEARNER] if "hands" in step.scenario else ()
    for wrong in step.wrong:  # the refusals a first click may meet (a card not held has no button)
        if wrong.at == 0 and wrong.move["action"] == "play" and wrong.move["card"] in held:
            yield press(client, start, action="play", card=wrong.move["card"]).text
    yield _play_through(client, lang, lesson, int(number), step)
    if step.ask:  # a wrong answer, explained from the position
        unanswered = _play_through(client, lang, lesson, int(number), step, answer=False)
        right = solved(step).answer()
        yield (press(client, unanswered, seat=(right + 1) % step.players) if step.ask in SEAT_QUESTIONS
               else press(client, unanswered, points=right + 1)).text


def _shown_demo(app, client, page, lang, name, step):
    demo, number = name.rsplit("/", 1)
    for frame, shown in enumerate(frames(demo), 1):
        if shown.step == int(number) - 1:
            yield page(f"/{lang}/present/{demo}/{frame}")


SHOWN = {"example": _shown_example, "card": _shown_card, "worked": _shown_worked, "quiz": _shown_quiz,
         "lesson": _shown_lesson, "demo": _shown_demo}
