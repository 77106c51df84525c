"""The class page of a class of 25 in Chromium (issue 35, item 12), in both languages at a laptop's
and a phone's size: the results come first — the rules the class gets wrong most, then the
students' table, whose top is on the first screen, most refused moves first — and the projector
view shows the code and its QR code and no student's name. The 25 join from one address (the
school's), as a real class does, each with their own browser, within the joining limits.
"""
import re

import pytest

from app.i18n import LANGUAGES

from .checks import page_problems

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 667}}
STUDENTS = 25
SEED = "7"  # the class's deal, one for every student: its hand holds a card that can't be played
BOXES = """() => Object.fromEntries(['#refusals', '#progress .table-wrap', '.class-progress tbody tr'].map(
  selector => [selector, document.querySelector(selector).getBoundingClientRect().top + scrollY]))"""


def make_class(page, lang) -> str:
    page.goto(f"/{lang}/class/new")
    page.locator("#seed").fill(SEED)
    page.locator("form.class-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/class/[A-Z0-9]{6}$"))
    return page.url.rsplit("/", 1)[1]


def unplayable(view) -> str:
    """A card of the hand that matches neither the colour nor the symbol on top (not a wild)."""
    top, colour = view["top"], view["color"][0].upper()
    return next(card for card in view["hands"][0]
                if card[0] in "RYGB" and card[0] != colour and card[1:] != top[1:])


def join_the_class(browser, base_url, code) -> dict[str, int]:
    """25 students join (their own cookies, one address); student n has n % 4 moves refused.
    Returns each nickname's refused moves."""
    refused = {}
    for n in range(STUDENTS):
        context = browser.new_context(base_url=base_url)
        try:
            joined = context.request.post(f"/api/v1/classes/{code}/games", data={"nickname": f"Pupil {n:02d}"})
            assert joined.status == 201, joined.text()
            game = joined.json()
            for _ in range(n % 4):
                move = context.request.post(f"/api/v1/games/{game['id']}/moves", data={
                    "version": game["version"], "move": {"action": "play", "card": unplayable(game["view"])}})
                assert move.status == 422, move.text()
        finally:
            context.close()
        refused[f"Pupil {n:02d}"] = n % 4
    return refused


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_class_of_25_sees_its_results_first_and_sorted(browser, live_server, visit, screenshots, axe_source,
                                                          arabic_fonts, lang):
    teacher = visit().page
    code = make_class(teacher, lang)
    refused = join_the_class(browser, live_server, code)
    teacher.reload()
    rows = teacher.locator(".class-progress tbody tr")
    assert rows.count() == STUDENTS
    names = [rows.nth(i).locator("[data-field=name]").inner_text() for i in range(STUDENTS)]
    counts = [int(rows.nth(i).locator("[data-field=refused]").inner_text()) for i in range(STUDENTS)]
    assert counts == sorted(counts, reverse=True) and counts[0] == 3
    assert [refused[name] for name in names] == counts
    assert teacher.locator("#refusals tbody tr").count() == 1
    problems = page_problems(teacher, lang, axe_source, arabic_fonts)
    assert not problems, "\n".join(problems)
    for size, viewport in SIZES.items():
        teacher.set_viewport_size(viewport)
        teacher.evaluate("scrollTo(0, 0)")
        boxes = teacher.evaluate(BOXES)
        print(lang, size, boxes)
        teacher.screenshot(path=screenshots / f"{lang}-class-25-{size}.png")
        teacher.screenshot(path=screenshots / f"{lang}-class-25-{size}-full.png", full_page=True)
        assert boxes["#refusals"] < boxes["#progress .table-wrap"], boxes  # the class-wide rules above
        assert boxes["#progress .table-wrap"] < viewport["height"] - 60, boxes  # the results' top on screen

    teacher.locator(f'a[href="/{lang}/class/{code}/projector"]').click()
    teacher.wait_for_url(re.compile(r"/projector$"))
    text = teacher.locator("body").inner_text()
    assert not any(name in text for name in refused)
    assert teacher.locator(".class-progress, #refusals, [data-field]").count() == 0
    shown = teacher.locator(".class-code code").inner_text()
    assert shown.replace("-", "") == code
    for size, viewport in SIZES.items():
        teacher.set_viewport_size(viewport)
        teacher.screenshot(path=screenshots / f"{lang}-class-projector-{size}.png")
        for target in (".class-code code", ".qr"):
            box = teacher.locator(target).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 1, (size, target, box)
    problems = page_problems(teacher, lang, axe_source, arabic_fonts)
    assert not problems, "\n".join(problems)
