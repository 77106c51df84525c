"""The big UNO! button of the practice table (#35 item 2; item 7's Wild Draw Four).

With a hand of two on the learner's turn, a big "UNO!" button beside the cards: with JavaScript a
toggle button (aria-pressed) that a click or the U key presses, and the card played next calls
UNO; without JavaScript the same button is a checkbox drawn as one, sent with the card. While a
Wild Draw Four waits for the learner's challenge no card can be played, so there is no UNO to call.
"""
import pytest
from playwright.sync_api import expect

from app.engine.cards import Color, card
from app.engine.round import Pending
from app.i18n import LANGUAGES

from ..web.practice_support import learner_holds, rewrite
from .test_practice import Learner, Table
from .test_table_screen import HUMAN_SEAT, new_table

TWO = ["R1", "B7"]  # the learner's two cards: Red 1 plays on Red 5, Blue 7 does not


def _challenged_with_two(practice):
    """Bot 1 has just played a Wild Draw Four on the learner, who holds two cards."""
    state = practice.round
    state.hands[HUMAN_SEAT] = [card(c) for c in TWO]
    state.discard.append(card("WD4"))
    state.color, state.turn, state.exposed = Color.BLUE, 0, None
    state.pending = Pending("challenge", 0, card("WD4"), 4, 1, False)


def _table_with(visit, served_app, lang, change, **options):
    page = visit(**options).page
    url = new_table(page, lang, seed="fits")
    if options.get("java_script_enabled", True):
        Learner(page, "mouse").settled()
    rewrite(served_app, url.rsplit("/", 1)[1], change)
    page.goto(url)
    return page


def _called_uno(page) -> bool:
    """The learner's last move called UNO: the log says so and their seat shows the mark."""
    return ("uno.call" in Table(page).latest_rules(own=True)
            and page.locator('.player-you .badge-uno').is_visible())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_uno_button_is_pressed_by_a_click_or_the_u_key_and_calls_uno(visit, served_app, screenshots, lang):
    page = _table_with(visit, served_app, lang, learner_holds(TWO, "R5"))
    page.screenshot(path=screenshots / f"{lang}-table-uno.png")
    button = page.locator("#hand button.uno-toggle")
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-pressed", "false")
    box = button.bounding_box()
    assert box["height"] >= 50 and box["width"] >= 90, box  # a big button, not a checkbox
    assert page.locator("#uno-hand").is_hidden()  # the form's field, set by the button
    page.locator(".hand-cards .card-button").first.focus()
    page.keyboard.press("u")
    expect(button).to_have_attribute("aria-pressed", "true")
    assert page.locator("#uno-hand").is_checked()
    page.keyboard.press("u")
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    page.set_viewport_size({"width": 375, "height": 667})
    page.screenshot(path=screenshots / f"{lang}-table-uno-pressed-375x667.png")
    Learner(page, "mouse").move(page.locator('.card-button[data-card="R1"]'))
    assert _called_uno(page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_the_uno_button_still_calls_uno(visit, served_app, lang):
    page = _table_with(visit, served_app, lang, learner_holds(TWO, "R5"), java_script_enabled=False)
    toggle = page.locator("#hand .uno-toggle")
    box = toggle.bounding_box()
    assert box["height"] >= 50 and box["width"] >= 90, box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # where the button is drawn
    assert page.locator("#uno-hand").is_checked()
    Learner(page, "no-js").move(page.locator('.card-button[data-card="R1"]'))
    assert _called_uno(page)


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_uno_to_call_while_a_wild_draw_four_waits_for_a_challenge(visit, served_app, lang, js):
    page = _table_with(visit, served_app, lang, _challenged_with_two, java_script_enabled=js)
    expect(page.locator("#decision form:has(input[name=action][value=challenge]) button")).to_be_visible()
    assert page.locator(".hand-cards .card-button").count() == 2
    assert page.locator(".uno-box, .uno-toggle, input[name=uno]").count() == 0
    if js:
        page.locator(".hand-cards .card-button").first.focus()
        page.keyboard.press("u")  # nothing to press
        assert page.locator(".uno-toggle[aria-pressed]").count() == 0
