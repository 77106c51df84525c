"""The sandbox in Chromium, in each language: a position built by clicking (the palette, the hand's
remove buttons, the form), a card tried on it, the URL that holds it all (a reload shows the
same), with and without JavaScript; every state checked by axe-core and the HTML checker, and
screenshot at a laptop's and a phone's size."""
import json
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from app.i18n import LANGUAGES

from .checks import page_problems
from .served import served_html, validate

SIZES = ({"width": 1280, "height": 800}, {"width": 375, "height": 667})
CHALLENGE = quote('/sandbox?scenario={"hands":[["R1","B2","YD2"],["G2","WD4","R8"]],"discard":["R5"],"turn":1}'
                  '&moves=[{"seat":1,"action":"play","card":"WD4","color":"green"}]', safe="/?=&")


def position(page):
    """The position on the page (its scenario and lead-in) and each card's verdict."""
    table = page.locator(".position")
    scenario = json.loads(table.get_attribute("data-position"))
    moves = json.loads(table.get_attribute("data-moves") or "[]")
    cards = page.locator(".position .hand-cards button[data-card]")
    verdicts = [(b.get_attribute("data-card"), b.get_attribute("data-verdict")) for b in cards.all()]
    return scenario, moves, verdicts


def in_url(page):
    query = parse_qs(urlsplit(page.url).query)
    return json.loads(query["scenario"][0]), json.loads(query["moves"][0]) if "moves" in query else []


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_build_a_position_by_clicking_and_the_url_round_trips(visit, lang, javascript):
    page = visit(java_script_enabled=javascript).page
    page.goto(f"/{lang}/sandbox")
    # A click in the palette adds the card to your hand.
    page.locator('.palette-cards button[value="G0"]').click()
    page.wait_for_url("**/sandbox?scenario=*")
    scenario, _ = in_url(page)
    assert scenario["hands"][0][-1] == "G0"
    # "puts it on top of the discard pile", then a click: the Green 7 is the top card.
    page.locator("#put-top").check()
    page.locator('.palette-cards button[value="G7"]').click()
    page.wait_for_function("() => new URLSearchParams(location.search).get('scenario').includes('\"G7\"]')")
    assert in_url(page)[0]["discard"] == ["G7"]
    # Take the first card out of your hand, two players, and show it.
    first = page.locator(".hand-edit .remove").first
    first.click()
    page.wait_for_load_state()
    page.locator("#players").fill("2")
    page.locator("#builder button[name=build]").click()
    page.wait_for_load_state()
    scenario, moves, verdicts = position(page)
    assert (scenario, moves) == in_url(page)
    assert len(scenario["hands"]) == 2 and scenario["hands"][0] == ["G5", "B7", "YS", "W", "WD4", "G0"]
    # The engine's verdicts: on Green 7, Green 5 and Green 0 match the colour, Blue 7 the number,
    # the Wild any time; the Wild Draw Four is a bluff (the hand holds green); Yellow Skip matches nothing.
    assert dict(verdicts) == {"G5": "legal", "B7": "legal", "YS": "illegal", "W": "legal", "WD4": "bluff",
                              "G0": "legal"}
    # A card tried: what happens is said below the hand, and the URL holds the move too.
    page.locator('.position .hand-cards button[data-card="YS"]').click()
    page.wait_for_load_state()
    outcome = page.locator(".outcome")
    assert outcome.get_attribute("data-verdict") == "illegal" and outcome.get_attribute("data-rule") == "match.none"
    assert parse_qs(urlsplit(page.url).query)["card"] == ["YS"]
    # A reload shows the same position, verdicts and outcome.
    before = position(page)
    page.reload()
    assert position(page) == before and page.locator(".outcome").get_attribute("data-rule") == "match.none"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bluff_keeps_its_own_mark_and_a_challenge_can_be_answered(visit, lang):
    page = visit().page
    page.goto(f"/{lang}/sandbox")
    page.locator('.position .hand-cards button[data-card="WD4"]').click()
    page.wait_for_load_state()
    assert page.locator(".outcome").get_attribute("data-verdict") == "bluff"
    assert page.locator(".outcome .verdict-badge").inner_text() == "!"  # never the plain ✓
    page.locator(".outcome .colours button").nth(3).click()  # blue
    page.wait_for_load_state()
    kinds = page.locator(".outcome-events li").evaluate_all("els => els.map(e => e.dataset.kind)")
    assert kinds == ["play", "color", "pending"]
    page.goto(f"/{lang}{CHALLENGE}")
    assert page.locator(".position .player-turn").get_attribute("data-seat") == "0"
    page.locator(".position .panel button.primary").click()  # Challenge
    page.wait_for_load_state()
    assert page.locator(".outcome-events li").first.get_attribute("data-kind") == "challenge"


STATES = {  # name: the address after /<lang>
    "start": "/sandbox",
    "tried": "/sandbox?action=play&card=WD4",
    "challenge": CHALLENGE + "&action=challenge",
    "error": quote('/sandbox?scenario={"hands":[["R1"],["G2"]],"discard":["W"]}', safe="/?=&"),
}


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "375x667"])
@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_state_is_accessible_and_screenshot(visit, axe_source, arabic_fonts, screenshots, lang, state, size):
    page = visit(viewport=size).page
    response = page.goto(f"/{lang}{STATES[state]}")
    assert response.status == (400 if state == "error" else 200)
    page.screenshot(path=screenshots / f"{lang}-sandbox-{state}-{size['width']}x{size['height']}.png")
    if size["width"] == 1280:  # page_problems checks the phone's width itself
        problems = page_problems(page, lang, axe_source, arabic_fonts)
        assert not problems, "\n".join(problems)


def test_the_sandbox_html_is_valid(live_server, vnu_command, tmp_path):
    pages = {f"{lang}-sandbox-{state}": html for lang in LANGUAGES for state, url in STATES.items()
             for html in served_html(live_server, [f"/{lang}{url}"]).values()}
    errors = validate(vnu_command, pages, tmp_path)
    assert not errors, "\n".join(errors)
