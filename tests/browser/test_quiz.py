"""The quiz and "Check yourself" in Chromium, as a learner uses them, in each language: a whole
quiz answered with the mouse (in place, with JavaScript) and a few questions with plain forms
(without), a "Check yourself" question on a rules page both ways; axe-core, the page checks and the
Nu HTML Checker on every quiz page; screenshots at 1280x800 and 375x667.

The answers are chosen from the engine's (GET /api/v1/quiz gives them), so the score the page
shows at the end can be checked: right for the first half, wrong for the rest.
"""
import json
import re
import urllib.request

import pytest

from app.i18n import LANGUAGES
from app.quiz.progress import LENGTH

from .checks import page_problems
from .served import served_html, validate

SEED = "class7"
WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}


def quiz_items(base_url, lang, seed=SEED):
    with urllib.request.urlopen(f"{base_url}/api/v1/quiz?lang={lang}&seed={seed}") as response:
        return json.load(response)["items"]


def choice_for(item, right: bool) -> str:
    return item["answer"][0] if right else next(c["id"] for c in item["choices"] if c["id"] not in item["answer"])


def shoot(page, screenshots, name):
    """The page at both sizes, whole (each screenshot is looked at)."""
    for size, tag in ((WIDE, "1280"), (PHONE, "375")):
        page.set_viewport_size(size)
        page.screenshot(path=screenshots / f"{name}-{tag}.png", full_page=True)
    page.set_viewport_size(WIDE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_quiz_answered_by_mouse_in_place(visit, live_server, axe_source, arabic_fonts, screenshots, lang):
    items = quiz_items(live_server, lang)
    page = visit(viewport=WIDE).page
    page.goto(f"/{lang}/quiz?seed={SEED}")
    problems = page_problems(page, lang, axe_source, arabic_fonts)
    shoot(page, screenshots, f"{lang}-quiz-start")
    half = LENGTH // 2
    for number, item in enumerate(items):
        question = page.locator("#question")
        assert question.locator(f'[data-item="{item["id"]}"]').count() == 1, item["id"]
        before = page.url
        choice = question.locator(f'button[name="answer"][value="{choice_for(item, number < half)}"]')
        if item["choices"][0].get("card"):  # a card choice is named by its card
            assert choice.get_attribute("aria-label") is None and choice.locator(".card[aria-label]").count() == 1
        choice.click()
        page.wait_for_function("n => document.querySelector('#feedback-title')?.textContent.includes(n)",
                               arg=str(number + 1))
        page.wait_for_url(lambda url: url != before)
        assert page.evaluate("document.activeElement.id") == "feedback"
        judged = page.locator(f'#feedback [data-item="{item["id"]}"]')
        assert judged.get_attribute("class").endswith("right" if number < half else "wrong")
        if number in (0, half):  # one right, one wrong, each looked at and checked
            problems += page_problems(page, lang, axe_source, arabic_fonts)
            shoot(page, screenshots, f"{lang}-quiz-answered-{'right' if number < half else 'wrong'}")
        if item["kind"] == "myth":
            problems += page_problems(page, lang, axe_source, arabic_fonts)
            shoot(page, screenshots, f"{lang}-quiz-myth")
    results = page.locator("#results")
    assert re.search(rf"\b{half}\b.*\b{LENGTH}\b", results.locator("h2").inner_text())
    assert results.locator(".lesson-link").count() == LENGTH - half
    problems += page_problems(page, lang, axe_source, arabic_fonts)
    shoot(page, screenshots, f"{lang}-quiz-results")
    # The address holds the answers: reloaded, the page is the same quiz at its end.
    page.reload()
    assert page.locator("#results h2").inner_text() == results.locator("h2").inner_text()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_quiz_questions_answered_without_javascript(visit, live_server, lang):
    items = quiz_items(live_server, lang, seed="nojs")
    page = visit(java_script_enabled=False).page
    page.goto(f"/{lang}/quiz?seed=nojs")
    for item in items[:3]:
        page.locator(f'#question button[name="answer"][value="{choice_for(item, True)}"]').click()
        page.wait_for_url(re.compile(r"progress="))
        assert page.locator("#feedback .feedback-verdict").count() == 1
        assert page.locator(f'#feedback [data-item="{item["id"]}"]').get_attribute("class").endswith("right")
    # "Answered: 3 of 10 · right: 3", in either language: three answered, all three right.
    assert re.findall(r"\d+", page.locator(".quiz-progress").inner_text()) == ["3", str(LENGTH), "3"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_check_yourself_on_a_rules_page(visit, axe_source, arabic_fonts, screenshots, lang):
    """In place with JavaScript (the address stays the rules page, focus on the explanation); without
    it, the answer opens the topic's questions with that one answered."""
    page = visit(viewport=WIDE).page
    page.goto(f"/{lang}/rules/turn")
    item = page.locator("#item-turn-match")
    item.locator('button[value="B7"]').click()  # Blue 7 on Red 5: refused
    page.wait_for_selector("#item-turn-match .feedback")
    assert page.url.endswith(f"/{lang}/rules/turn")
    assert page.evaluate("document.activeElement.id") == "feedback-turn-match"
    assert "wrong" in item.get_attribute("class")
    verdicts = item.locator(".quiz-verdicts li")
    assert verdicts.count() == 4 and item.locator(".quiz-verdicts li.legal").count() == 2
    problems = page_problems(page, lang, axe_source, arabic_fonts)
    item.screenshot(path=screenshots / f"{lang}-check-yourself-answered-1280.png")
    page.set_viewport_size(PHONE)
    item.screenshot(path=screenshots / f"{lang}-check-yourself-answered-375.png")
    page.set_viewport_size(WIDE)
    item.locator("a.retry").click()  # asked afresh, in place
    page.wait_for_selector("#item-turn-match form")
    page.locator('#item-turn-match button[value="R9"]').click()
    page.wait_for_selector("#item-turn-match.right")

    plain = visit(java_script_enabled=False).page
    plain.goto(f"/{lang}/rules/challenge")
    plain.locator('#item-challenge-bluff button[value="bluff"]').click()
    plain.wait_for_url(re.compile(r"/quiz/check\?item=challenge-bluff&answer=bluff"))
    assert "right" in plain.locator("#item-challenge-bluff").get_attribute("class")
    assert plain.locator("#item-challenge-bluff .verdict-mark").first.inner_text() == "✓"
    assert plain.locator("#item-challenge-bluff .quiz-verdicts .verdict-mark").inner_text() == "!"
    shoot(plain, screenshots, f"{lang}-check-page")
    page.goto(plain.url)  # the checks evaluate scripts: on the same page with JavaScript on
    problems += page_problems(page, lang, axe_source, arabic_fonts)
    assert not problems, "\n".join(problems)


def test_an_answer_that_does_not_come_in_time_is_fetched_the_plain_way(visit):
    """A server silent past swap.js's wait (20 s on the page's clock, run forward): the browser goes
    to the answer's address itself, as without JavaScript, and the question is answered there."""
    page = visit(viewport=WIDE).page
    page.clock.install()
    held = []  # the fetch, never answered; the page's own request for the address goes through
    page.route(re.compile(r"/quiz/check\?"), lambda route: held.append(route)
               if route.request.resource_type == "fetch" else route.fallback())
    page.goto("/en/rules/turn")
    with page.expect_request(lambda request: request.resource_type == "fetch"):
        page.locator('#item-turn-match button[value="B7"]').click()
    page.clock.run_for(19_000)
    assert page.url.endswith("/en/rules/turn") and page.locator("#item-turn-match[aria-busy]").count() == 1
    page.clock.run_for(2_000)
    page.wait_for_url(re.compile(r"/quiz/check\?item=turn-match&answer=B7"))
    assert len(held) == 1 and "wrong" in page.locator("#item-turn-match").get_attribute("class")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scoring_page_and_an_error_look_right(visit, axe_source, arabic_fonts, screenshots, lang):
    page = visit(viewport=WIDE).page
    page.goto(f"/{lang}/rules/scoring#worked-example")
    problems = page_problems(page, lang, axe_source, arabic_fonts)
    page.locator("#worked-example").screenshot(path=screenshots / f"{lang}-worked-example-1280.png")
    page.set_viewport_size(PHONE)
    page.locator("#worked-example").screenshot(path=screenshots / f"{lang}-worked-example-375.png")
    response = page.goto(f"/{lang}/quiz?seed=no%20spaces")
    assert response.status == 400
    problems += page_problems(page, lang, axe_source, arabic_fonts)
    shoot(page, screenshots, f"{lang}-quiz-error")
    assert not problems, "\n".join(problems)


def test_quiz_html_is_valid(live_server, vnu_command, tmp_path):
    """The Nu HTML Checker finds no error in the quiz's pages: asked, answered, ended, refused."""
    urls = []
    for lang in LANGUAGES:
        items = quiz_items(live_server, lang)
        url = f"/{lang}/quiz?seed={SEED}"
        urls.append(url)
        for item in items:
            query = re.sub(r".*\?", "", url)
            with urllib.request.urlopen(f"{live_server}/{lang}/quiz?{query}&item={item['id']}&answer="
                                        f"{choice_for(item, True)}") as response:
                url = response.url.removeprefix(live_server)
            urls.append(url)
        urls += [f"/{lang}/quiz/check?item=turn-match&answer=B7", f"/{lang}/quiz/check?item=score-tally-lowest&answer=51",
                 f"/{lang}/quiz?seed=bad!"]
    pages = served_html(live_server, urls)
    errors = validate(vnu_command, {f"quiz-{n}": html for n, html in enumerate(pages.values())}, tmp_path)
    assert not errors, "\n".join(errors)
