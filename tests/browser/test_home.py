"""The home page's three ways in (issue #35 item 5: the home page had no one-click start and no way
into the lessons or the quiz): "Start the lessons", "Play now" and "Take the quiz" on screen at
load at 375×667 and 1280×800 in each language, and one click on "Play now" — a form with no token,
from a page that is the same cached bytes for every reader — lands on a playable table, with
JavaScript (the opening moves played on it, as after the practice page's Play now) and without.
"""
import re

import pytest

from app.i18n import LANGUAGES

SIZES = {"375x667": {"width": 375, "height": 667}, "1280x800": {"width": 1280, "height": 800}}
CASES = [(lang, size, True) for lang in LANGUAGES for size in SIZES] + [(lang, "375x667", False) for lang in LANGUAGES]


@pytest.mark.parametrize(("lang", "size", "script"), CASES,
                         ids=[f"{lang}-{size}{'' if script else '-no-js'}" for lang, size, script in CASES])
def test_the_three_ways_in_are_above_the_fold_and_play_now_deals_at_once(visit, screenshots, lang, size, script):
    viewport = SIZES[size]
    page = visit(viewport=viewport, java_script_enabled=script, pace="fast").page
    page.goto(f"/{lang}/")
    ways = {"Start the lessons": page.locator(f'#start a[href^="/{lang}/learn/"]'),
            "Play now": page.locator(f'#start form[method="post"][action="/{lang}/play/now"] button[type="submit"]'),
            "Take the quiz": page.locator(f'#start a[href="/{lang}/quiz"]')}
    if script:
        page.screenshot(path=screenshots / f"{lang}-home-start-{size}.png")
    for name, way in ways.items():
        assert way.count() == 1, f"no {name} on the home page"
        box = way.bounding_box()
        assert (0 <= box["x"] and box["x"] + box["width"] <= viewport["width"]
                and 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"]), (name, box, viewport)
        assert box["height"] >= 44, (name, box)  # easy to tap
    with page.expect_navigation():
        ways["Play now"].click()
    assert re.search(rf"/{lang}/play/[\w-]+$", page.url), page.locator("main").inner_text()[:300]
    if script:  # the opening moves played on the table, as after the practice page's Play now
        page.wait_for_selector(".practice.playing .step-caption:not([hidden])")
        page.wait_for_selector(".practice:not([data-stale]):not(.playing)")
        page.screenshot(path=screenshots / f"{lang}-home-play-now-{size}.png")
    # A playable table: the learner's hand, and a move to make (the bots have played to the learner's turn).
    assert page.locator(".hand-card .card-button").count() >= 1
    assert page.locator("#decision").is_visible()
    assert page.locator("#decision button[type=submit], .hand-card .card-button").first.is_enabled()
    assert page.evaluate("document.documentElement.lang") == lang
