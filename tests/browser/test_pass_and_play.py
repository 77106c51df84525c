"""Pass-and-play in Chromium (issue 17, item 4): three people start a game from the practice page
and pass the device a few times, in each language, with JavaScript (the moves sent by fetch, each
move's steps played on the mover's table by the step player, then the pass screen put in its place)
and without it (plain forms). Every pass screen holds no hand; every table shows its holder's hand
alone. Pictures of the form and both screens at a laptop's and a phone's size.
"""
import re

import pytest

from app.i18n import LANGUAGES

from .checks import page_problems
from .served import validate

# The second person leaves the name empty: the table calls them "Player 2" in the page's language.
TYPED = {"en": ("Sara", "", "Omar"), "ar": ("سارة", "", "عمر")}
NAMES = {"en": ("Sara", "Player 2", "Omar"), "ar": ("سارة", "اللاعب 2", "عمر")}
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 667}}
SEED = "7"
HANDOVERS = 4
PLAYED = """() => [...document.querySelectorAll('.log-step[data-step]')].flatMap(step =>
  JSON.parse(step.dataset.step).events.filter(e => ['play', 'first', 'redraw'].includes(e.kind)).map(e => e.params.card))"""


def start(page, lang, people=3):
    """From the practice page's door to a dealt pass-and-play game for three people, two named."""
    page.goto(f"/{lang}/play")
    with page.expect_navigation():
        page.click("#together a.button")
    form = page.locator("#together-form")
    form.locator("#players").select_option(str(people))
    for number, name in enumerate(TYPED[lang][:people], 1):
        form.locator(f"#name-{number}").fill(name)
    form.locator("#seed").fill(SEED)
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    assert re.search(rf"/{lang}/play/[^/?#]+$", page.url), page.url


def holds_no_hand(page):
    """The pass screen: no hand in the document at all, not merely hidden. The step player's card
    templates are cards its steps put on the pile, which everyone saw."""
    page.wait_for_selector(".pass-screen")
    assert page.locator(".hand-cards, #hand, .card-button, .hand-card").count() == 0
    assert "hand-card" not in page.content()
    templates = page.evaluate("() => [...document.querySelectorAll('template[data-card]')].map(t => t.dataset.card)")
    assert set(templates) <= set(page.evaluate(PLAYED))


def make_a_move(page):
    """The holder plays a card the hints mark playable (naming red for a wild), else draws (and
    keeps a drawn card): the answer is the table again or the pass screen."""
    playable = page.locator(".hand-card.playable:not(.bluff) .card-button")
    answered(page, playable.first if playable.count() else page.locator(".draw-button"))
    for _ in range(2):  # a colour to name, a drawn card to keep: one more click each
        if page.locator(".pass-screen").count():
            return
        colour = page.locator(".colours button[value=red]")
        keep = page.locator("#decision form:has(input[value=pass]) button")
        if not (colour.count() or keep.count()):
            return
        answered(page, colour.first if colour.count() else keep.first)


def answered(page, target):
    """Click ``target`` on the table and wait for the answer: a new table whose steps are played
    (sent by fetch, or a new page without JavaScript), or the pass screen."""
    page.evaluate("document.querySelector('.practice').dataset.stale = '1'")
    target.click()
    page.wait_for_selector(".pass-screen, .practice:not([data-stale]):not(.playing)")


def shoot(page, screenshots, name):
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=screenshots / f"{name}-{size}.png")
    page.set_viewport_size(SIZES["desktop"])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
def test_three_people_pass_the_device(visit, screenshots, axe_source, arabic_fonts, lang, js):
    """A few turns: the pass screen names who takes the device (on the button too), the table
    their hand; with JavaScript each move's steps play on the mover's table before the pass
    screen hides it (the step player at a visible pace)."""
    page = visit(java_script_enabled=js, pace="fast" if js else None).page
    page.set_viewport_size(SIZES["desktop"])
    start(page, lang)
    handovers, checked, played = 0, set(), 0
    for _ in range(40):
        if page.locator(".pass-screen").count():
            holds_no_hand(page)
            seat = int(page.locator(".pass-screen").get_attribute("data-seat"))
            person = NAMES[lang][seat]
            assert person in page.locator("h1").inner_text()
            button = page.locator(".pass-button")
            assert person in button.inner_text()
            if "pass" not in checked and js:  # (axe runs as a page script: not without JavaScript)
                problems = page_problems(page, lang, axe_source, arabic_fonts)
                assert not problems, "\n".join(problems)
                shoot(page, screenshots, f"{lang}-pass-screen")
            checked.add("pass")
            with page.expect_navigation():
                button.click()
            handovers += 1
            if handovers > HANDOVERS:
                break
            continue
        table = page.locator(".practice")
        me = int(table.get_attribute("data-me"))
        assert page.locator("#hand-title").inner_text().endswith(NAMES[lang][me])
        assert page.locator(".player-you .player-name").inner_text() == NAMES[lang][me]
        if "table" not in checked and js:
            problems = page_problems(page, lang, axe_source, arabic_fonts)
            assert not problems, "\n".join(problems)
            shoot(page, screenshots, f"{lang}-pass-table")
        checked.add("table")
        if js:  # whether the step player plays on this table before the answer replaces it
            page.evaluate("""() => { window.stepsPlayed = false; const table = document.querySelector('.practice');
              new MutationObserver(() => { if (table.classList.contains('playing')) window.stepsPlayed = true; })
                .observe(table, {attributes: true, attributeFilter: ['class']}); }""")
        make_a_move(page)
        if js and page.locator(".pass-screen").count():
            played += page.evaluate("window.stepsPlayed === true")
    assert handovers > HANDOVERS and checked == {"pass", "table"}
    assert played >= HANDOVERS or not js  # every move that ended a turn was played before the pass screen


NUMBER_CARD = """() => [...document.querySelectorAll('.hand-card.playable .card-button')]
  .map(b => b.value).find(v => /^[RYGB][0-9]$/.test(v)) || null"""


SECOND_HALF = """() => new MutationObserver((records, observer) => {
  const button = document.querySelector('.pass-screen .pass-button');
  if (!button) return;
  observer.disconnect();
  const click = new MouseEvent('click', {bubbles: true, cancelable: true, detail: 2, view: window});
  window.secondHalf = button.dispatchEvent(click) ? 'pressed' : 'pressed nothing';
}).observe(document.body, {childList: true, subtree: true})"""


def test_the_second_half_of_a_double_click_does_not_show_the_next_hand(visit):
    """A double click on a card: its second click may land on the pass screen the first one
    brought, right on "I'm <name>, show my hand". It must press nothing: the next person's hand
    stays hidden from the one who just played. A deliberate click a moment later shows it.
    The second half is clicked by the page the moment the pass screen is in place (a click whose
    detail is 2), so that it lands within the app's settling time however slow the machine."""
    page = visit().page
    start(page, "en", people=2)
    for _ in range(30):  # to a table whose holder can play a number card (after it, the other plays)
        if page.locator(".pass-screen").count():
            with page.expect_navigation():
                page.click(".pass-button")
        if page.evaluate(NUMBER_CARD):
            break
        make_a_move(page)
    page.evaluate(SECOND_HALF)
    page.click(f'.card-button[value="{page.evaluate(NUMBER_CARD)}"]')
    page.wait_for_function("() => window.secondHalf !== undefined")
    assert page.evaluate("window.secondHalf") == "pressed nothing"
    holds_no_hand(page)
    with page.expect_navigation():
        page.click(".pass-button")
    assert page.locator(".practice .hand-cards").count() == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_form_is_accessible_and_fits_a_phone(visit, screenshots, axe_source, arabic_fonts, lang):
    page = visit().page
    page.set_viewport_size(SIZES["desktop"])
    page.goto(f"/{lang}/play/together")
    problems = page_problems(page, lang, axe_source, arabic_fonts)
    assert not problems, "\n".join(problems)
    page.screenshot(path=screenshots / f"{lang}-together-form.png", full_page=True)
    page.set_viewport_size(SIZES["phone"])
    page.screenshot(path=screenshots / f"{lang}-together-form-phone.png", full_page=True)


def test_the_pages_are_valid_html(served_app, vnu_command, tmp_path):
    """The Nu HTML Checker finds no error in the form, a pass screen and a table, in each language."""
    client = served_app.test_client()
    pages = {}
    for lang in LANGUAGES:
        form = client.get(f"/{lang}/play/together").text
        token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
        refused = client.post(f"/{lang}/play/together", data={"csrf_token": token, "players": "2", "name-1": "x" * 21,
                                                              "preset": "official", "target": "500", "bots": "0"})
        dealt = client.post(f"/{lang}/play/together", data={"csrf_token": token, "players": "3", "name-1": "A",
                                                            "preset": "official", "target": "500", "bots": "1",
                                                            "level": "easy", "hints": "on", "seed": SEED})
        url = dealt.headers["Location"]
        passing = client.get(url).text
        seat = re.search(r'name="seat" value="(\d)"', passing).group(1)
        version = re.search(r'name="version" value="(\d+)"', passing).group(1)
        client.post(url, data={"csrf_token": token, "version": version, "action": "show", "seat": seat})
        pages.update({f"{lang}-together": form.encode(), f"{lang}-together-refused": refused.data,
                      f"{lang}-pass-screen": passing.encode(), f"{lang}-pass-table": client.get(url).data})
    errors = validate(vnu_command, pages, tmp_path)
    assert not errors, "\n".join(errors)


BUTTON_LOOK = """() => { const style = getComputedStyle(document.querySelector('.pass-button'));
  return {height: document.querySelector('.pass-button').getBoundingClientRect().height, background: style.backgroundColor}; }"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pass_screen_a_move_brings_looks_as_when_loaded(visit, lang):
    """Issue 35, item 11: the pass screen a move brings with JavaScript (swapped in by practice.js
    in place of the table) keeps its styling: "I'm Sara, show my hand" is the same large button as
    on the pass screen loaded afresh (it once shrank to a small grey one: the table page did not
    have the pass screen's stylesheet)."""
    page = visit().page
    page.set_viewport_size(SIZES["desktop"])
    start(page, lang)
    loaded = page.evaluate(BUTTON_LOOK)  # the game starts with a pass screen, loaded as a page
    assert loaded["height"] >= 44, loaded
    with page.expect_navigation():
        page.click(".pass-button")
    for _ in range(4):  # a move that ends the turn brings the pass screen (without a page load)
        make_a_move(page)
        if page.locator(".pass-screen").count():
            break
    assert page.locator(".pass-screen").count() == 1
    assert page.evaluate(BUTTON_LOOK) == loaded
    page.reload()
    assert page.evaluate(BUTTON_LOOK) == loaded
