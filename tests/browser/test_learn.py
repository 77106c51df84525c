"""The course in Chromium, as a learner takes it: a lesson by mouse and one by keyboard alone in each
language, a wrong move explained and tried again, progress kept across a reload (localStorage),
a step with JavaScript off (plain GET forms), the step player on the lesson table, and axe-core on
every new page, with screenshots in both languages at 1280x800 and 375x667.

What to press comes from the lesson's own data (its solution), but every press is on the page:
the hand's card, the decision's button, the question's answer.
"""
from urllib.parse import urljoin

import pytest

from app.learn.lessons import LESSONS
from app.learn.lessons.judge import decisions, solved
from app.scenes.lesson import NEXT_SEAT

from .checks import page_problems
from .test_practice import Learner

LAPTOP, PHONE = {"width": 1280, "height": 800}, {"width": 375, "height": 667}


def sent(page, **fields):
    """The button of the form on the page that sends these fields."""
    found = "".join(f":has(input[name={name}][value='{value}'])" for name, value in fields.items())
    return page.locator(f".lesson form{found} button").first


def settle(page):
    page.wait_for_function("() => !document.querySelector('.lesson[aria-busy]') && !document.querySelector('.flying')")


def take(learner, page, move):
    """Make one decision of the solution on the page."""
    action = move["action"]
    if action == "play":
        box = page.locator(".lesson-table .uno-box input")
        if move.get("uno"):
            if learner.mode == "keyboard":
                learner.tab_to(box)
                page.keyboard.press("Space")
            else:
                box.check()
        learner.press(page.locator(f'.lesson-table .hand-cards [data-card="{move["card"]}"]'))
        settle(page)
        if move.get("color"):
            learner.press(sent(page, action="play", card=move["card"], color=move["color"]))
        elif move.get("target") is not None:
            learner.press(sent(page, action="play", card=move["card"], target=move["target"]))
    elif action == "catch":
        learner.press(sent(page, action="catch", target=move["target"]))
    elif action == "color":
        learner.press(sent(page, action="color", color=move["color"]))
    else:
        learner.press(sent(page, action=action))
    settle(page)


def answer(learner, page, step):
    expected = solved(step).answer()
    if step.ask == NEXT_SEAT:
        learner.press(page.locator(f'.ask button[name=seat][value="{expected}"]'))
    else:
        field = page.locator("#points")
        if learner.mode == "keyboard":
            learner.tab_to(field)
            page.keyboard.type(str(expected))
            page.keyboard.press("Enter")
        else:
            field.fill(str(expected))
            learner.press(page.locator(".ask button"))
    settle(page)


def complete_lesson(page, learner, lesson_id, lang):
    lesson = LESSONS[lesson_id]
    page.goto(f"/{lang}/learn/{lesson_id}?step=1")
    for number, step in enumerate(lesson.steps, 1):
        assert page.locator(".lesson").get_attribute("data-step") == str(number)
        for move in decisions(step):
            take(learner, page, move)
        if step.ask:
            answer(learner, page, step)
        assert page.locator(".lesson").get_attribute("data-complete") == "true", page.locator("#coach").inner_text()
        # The link's navigation starts after the key or click returns: wait for its page, or a
        # page.goto right after this would be interrupted by it.
        following = page.locator(".next-step")
        there = urljoin(page.url, following.get_attribute("href"))
        learner.press(following)
        page.wait_for_url(there)


@pytest.fixture
def errors():
    return []


def watched(page, errors):
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_lesson_by_mouse_with_a_wrong_move_on_the_way(visit, errors, lang):
    page = watched(visit().page, errors)
    page.goto(f"/{lang}/learn/deck")
    page.locator('.hand-cards [data-card="B2"]').click()
    settle(page)
    refused = page.locator(".outcome")
    assert refused.get_attribute("data-verdict") == "illegal" and refused.get_attribute("data-rule") == "match.none"
    assert page.locator(".lesson").get_attribute("data-complete") == "false"
    assert page.locator(".hand-cards [data-card]").count() == 4  # the table as it was
    complete_lesson(page, Learner(page, "mouse"), "deck", lang)
    assert page.url.endswith(f"/{lang}/learn/drawing")  # the next lesson
    assert not errors


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_lesson_by_keyboard_alone(visit, errors, lang):
    page = watched(visit().page, errors)
    complete_lesson(page, Learner(page, "keyboard"), "skip-reverse", lang)
    complete_lesson(page, Learner(page, "keyboard"), "uno", lang)  # the UNO box and a catch, by keys
    assert not errors


def test_the_arrow_keys_go_through_the_hand_in_reading_order(visit):
    page = visit().page
    for lang, forward in (("en", "ArrowRight"), ("ar", "ArrowLeft")):
        page.goto(f"/{lang}/learn/deck")
        cards = page.locator(".hand-cards .card-button")
        assert [cards.nth(i).get_attribute("tabindex") for i in range(4)] == ["0", "-1", "-1", "-1"]
        cards.first.focus()
        page.keyboard.press(forward)
        assert page.evaluate("document.activeElement.dataset.card") == "R8"


def test_progress_survives_a_reload(visit, errors):
    page = watched(visit().page, errors)
    complete_lesson(page, Learner(page, "mouse"), "two-players", "en")
    page.goto("/en/learn/skip-reverse")
    take(Learner(page, "mouse"), page, {"action": "play", "card": "RS"})
    answer(Learner(page, "mouse"), page, LESSONS["skip-reverse"].steps[0])
    page.goto("/en/learn/")
    page.reload()
    done = page.locator('[data-lesson="two-players"] [data-state="done"]')
    begun = page.locator('[data-lesson="skip-reverse"] [data-state="begun"]')
    assert done.is_visible() and begun.is_visible()
    assert page.locator('[data-lesson="deck"] .lesson-state:visible').count() == 0
    page.locator('[data-lesson="skip-reverse"] a').click()  # back where it was left: the next step
    page.wait_for_load_state()
    assert page.locator(".lesson").get_attribute("data-step") == "2"
    page.goto("/en/learn/skip-reverse")  # opened again from anywhere: resumed too
    page.wait_for_url("**/skip-reverse?step=2")
    assert not errors


def complete_step(page, learner, lesson_id, number, lang="en"):
    step = LESSONS[lesson_id].steps[number - 1]
    page.goto(f"/{lang}/learn/{lesson_id}?step={number}")
    for move in decisions(step):
        take(learner, page, move)
    if step.ask:
        answer(learner, page, step)
    assert page.locator(".lesson").get_attribute("data-complete") == "true"


def test_a_lesson_is_done_only_when_every_step_is(visit, errors):
    """Issue 32, item 11: completing the last steps alone leaves the lesson begun, not done."""
    page = watched(visit().page, errors)
    learner = Learner(page, "mouse")
    for number in range(2, len(LESSONS["drawing"].steps) + 1):  # every step but the first
        complete_step(page, learner, "drawing", number)
    page.goto("/en/learn/")
    item = page.locator('[data-lesson="drawing"]')
    assert item.locator('[data-state="begun"]').is_visible() and not item.locator('[data-state="done"]').is_visible()
    complete_step(page, learner, "drawing", 1)
    page.goto("/en/learn/")
    assert item.locator('[data-state="done"]').is_visible()
    assert not errors


def test_progress_made_in_arabic_keeps_each_index_in_its_language(visit, errors):
    """Issue 32, item 11: a step done in /ar/ points the English index at the English step."""
    page = watched(visit().page, errors)
    complete_step(page, Learner(page, "mouse"), "skip-reverse", 1, lang="ar")
    for lang in ("en", "ar"):
        page.goto(f"/{lang}/learn/")
        link = page.locator('[data-lesson="skip-reverse"] a')
        assert link.get_attribute("href").endswith(f"/{lang}/learn/skip-reverse?step=2"), link.get_attribute("href")
    page.goto("/en/learn/skip-reverse")  # resumed, in English
    page.wait_for_url("**/en/learn/skip-reverse?step=2")
    assert not errors


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_step_without_javascript(visit, lang):
    page = visit(java_script_enabled=False).page
    page.goto(f"/{lang}/learn/challenge")
    sent(page, action="continue").click()
    assert page.locator(".players .player-turn").get_attribute("data-seat") == "0"
    sent(page, action="challenge").click()
    page.locator('.ask button[name=seat][value="0"]').click()
    assert page.locator(".lesson").get_attribute("data-complete") == "true"
    assert page.locator(".lesson-log .hand").count() == 1  # the challenge showed the hand it caught


def test_the_step_player_plays_a_move_on_the_lesson_table(visit, errors):
    page = watched(visit(pace="fast").page, errors)
    page.goto("/en/learn/draw-cards")
    page.locator('.hand-cards [data-card="YD2"]').click()
    page.wait_for_selector(".lesson.playing, .log-step.now", timeout=3000)  # the steps play on the table
    settle(page)
    page.wait_for_selector(".ask button")
    assert page.locator(".pile-top").get_attribute("data-card") == "YD2"
    assert not errors


# --- axe-core and screenshots on every new page -----------------------------------------------------

PAGES = {
    "index": ("/learn/", ()),
    "step": ("/learn/deck", ({"card": "B2"},)),  # a wrong move explained
    "question": ("/learn/skip-reverse", ({"card": "RS"},)),  # who plays next?
    "challenge": ("/learn/challenge", ({"action": "continue"},)),
    "scoring": ("/learn/scoring", ({"card": "G3"}, {"points": 88})),  # the worked example
    "scoring-wrong": ("/learn/scoring", ({"card": "G3"}, {"points": 38})),  # summed card by card, hands face up
    "next-wrong": ("/learn/skip-reverse", ({"card": "RS"}, {"seat": 1})),  # the walk past the skipped seat
    "dealer-wrong": ("/learn/scoring?step=4", ({"card": "G3"}, {"seat": 0})),  # totals before and after, the dealer
    "game-winner-wrong": ("/learn/scoring?step=6", ({"card": "B6"}, {"seat": 1})),  # who reached 500, the lowest wins
    "first-card": ("/learn/first-card?step=4", ()),  # who plays first, the hand as dealt
    "empty-draw-pile": ("/learn/drawing?step=4", ()),
    "guides-refused": ("/learn/guides?step=2", ({"card": "WD4"},)),
    "late-catch": ("/learn/uno?step=5", ({"action": "continue"}, {"action": "catch", "target": 1})),
    "deck-kinds": ("/learn/deck?step=6", ()),
    "guided": ("/learn/guided-round", ({"card": "R6"},)),
    "variants": ("/learn/house-rules", ()),
}


def _reach(page, path, clicks):
    page.goto(path)
    for click in clicks:
        if "card" in click:
            page.locator(f'.hand-cards [data-card="{click["card"]}"]').click()
        elif "points" in click:
            page.locator("#points").fill(str(click["points"]))
            page.locator(".ask button").click()
        elif "seat" in click:
            page.locator(f'.ask button[name=seat][value="{click["seat"]}"]').click()
        else:
            sent(page, **click).click()
        settle(page)


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("name", PAGES)
def test_new_pages_pass_the_checks_and_are_pictured(visit, axe_source, arabic_fonts, screenshots, lang, name):
    path, clicks = PAGES[name]
    page = visit().page
    _reach(page, f"/{lang}{path}", clicks)
    problems = page_problems(page, lang, axe_source, arabic_fonts)
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        page.screenshot(path=screenshots / f"learn-{name}-{lang}-{size['width']}x{size['height']}.png", full_page=True)
    assert problems == []
