"""Presenter mode in Chromium, as a teacher drives it from a keyboard or a clicker: a demo stepped
through by its keys in both languages (→ is "next" in Arabic too: a clicker sends it whatever the
page's language), the language switched mid-demo at the same step, the place kept by a reload,
the ends (← on a first frame, → from a demo's last frame to its end and on to the next demo, →
after the last one), the screen blanked, the keys quiet in a form control, the step player (and
reduced motion) on the demo's table, card labels measured at 1280x720 and 1920x1080 on every
frame in both languages, axe-core (and its AAA contrast rule: high contrast for a projector), the
HTML checker, and screenshots in both languages at 1280x720, 1920x1080 and 375x667.
"""
import pytest

from app.i18n import LANGUAGES
from app.scenes.demos import DEMOS
from app.presenter.frames import frames

from .checks import page_problems
from .served import served_html, validate
from .test_learn import errors, watched  # noqa: F401 (errors: a fixture, the page's script errors)

HD, FULL_HD, PHONE = {"width": 1280, "height": 720}, {"width": 1920, "height": 1080}, {"width": 375, "height": 667}
MIN_LABEL = 0.05  # of the screen's height: the "readable from the back of a room"
FRAMES = [(demo_id, number) for demo_id in DEMOS for number in range(1, len(frames(demo_id)) + 1)]
NEXT_KEYS, BACK_KEYS = ("ArrowRight", "PageDown", "Space"), ("ArrowLeft", "PageUp")


# Counts the page's fetches from now on: every step of the presenter (presenter.js's go) starts with
# a fetch of its frame, in the key's own handler, so a key that fetched nothing moved nothing.
COUNT_FETCHES = """() => { window.fetched = 0; const fetch = window.fetch;
  window.fetch = (...args) => { window.fetched += 1; return fetch(...args); }; }"""


def number(page) -> int:
    return int(page.locator(".presenter").get_attribute("data-number"))


def settled(page, lang, demo_id, expected):
    """The frame ``expected`` is shown, its address in the bar, nothing in flight."""
    page.wait_for_function(
        "n => document.querySelector('.presenter').dataset.number === String(n) && !document.querySelector('.flying')",
        arg=expected)
    assert page.url.endswith(f"/{lang}/present/{demo_id}/{expected}")


def press(page, key, lang, demo_id, expected):
    page.keyboard.press(key)
    settled(page, lang, demo_id, expected)


def press_to_end(page, key, lang, demo_id):
    """``key`` shows the demo's end: what it showed, and the next demo."""
    page.keyboard.press(key)
    page.wait_for_function("id => { const p = document.querySelector('.presenter');"
                           " return p.dataset.kind === 'end' && p.dataset.demo === id; }", arg=demo_id)
    assert page.url.endswith(f"/{lang}/present/{demo_id}/end")


def edge_note(page, key, edge):
    """``key`` pressed with nowhere to go: nothing moves, and the note for that edge shows."""
    url = page.url
    page.evaluate(COUNT_FETCHES)
    page.keyboard.press(key)
    note = page.locator(f'.presenter-edge[data-edge="{edge}"]')
    note.wait_for(state="visible", timeout=2000)
    assert page.url == url and page.evaluate("window.fetched") == 0
    return note.inner_text()


# --- driven by the keys ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_demo_stepped_through_by_keyboard(visit, errors, lang):
    page = watched(visit(viewport=HD).page, errors)
    demo_id = "basic-round"
    total = len(frames(demo_id))
    page.goto(f"/{lang}/present/{demo_id}/1")
    assert page.locator(".presenter-keys").is_visible()  # the keys are shown on the screen
    for n in range(2, total + 1):  # → Page Down and Space in turn, as a keyboard or a clicker sends them
        press(page, NEXT_KEYS[n % 3], lang, demo_id, n)
        assert page.locator("#log .narration-line, #log .question, #log .instruction").count()
    press_to_end(page, "ArrowRight", lang, demo_id)  # the last frame: → shows the demo's end
    assert page.locator(".end-rules a").count() >= 5
    press(page, "ArrowLeft", lang, demo_id, total)
    press(page, "ArrowLeft", lang, demo_id, total - 1)
    press(page, "PageUp", lang, demo_id, total - 2)
    press(page, "Shift+Space", lang, demo_id, total - 3)
    for n in range(total - 4, 0, -1):
        press(page, "ArrowLeft", lang, demo_id, n)
    assert edge_note(page, "PageUp", "back")  # the first frame: nothing before it, and it says so
    assert number(page) == 1
    assert not errors


def test_from_a_demos_end_the_next_demo_and_after_the_last_nothing(visit, errors):
    page = watched(visit(viewport=HD).page, errors)
    order = list(DEMOS)
    page.goto(f"/en/present/{order[0]}/{len(frames(order[0]))}")
    press_to_end(page, "PageDown", "en", order[0])
    assert page.locator(".end-next").get_attribute("data-demo") == order[1]
    press(page, "Space", "en", order[1], 1)  # the next demo, from its first frame
    assert page.locator(".presenter").get_attribute("data-demo") == order[1]
    page.goto(f"/ar/present/{order[-1]}/end")  # the last demo's end, in Arabic
    page.keyboard.press("l")
    page.wait_for_url(f"**/en/present/{order[-1]}/end")  # L keeps the place here too
    assert edge_note(page, "ArrowRight", "next") == "That was the last demo."
    page.keyboard.press("ArrowLeft")
    settled(page, "en", order[-1], len(frames(order[-1])))
    assert not errors


def test_the_language_switched_mid_demo_keeps_the_step(visit, errors):
    page = watched(visit(viewport=HD).page, errors)
    page.goto("/en/present/wild-draw-four/1")
    for n in range(2, 6):
        press(page, "ArrowRight", "en", "wild-draw-four", n)
    english, top = page.locator("#log").inner_text(), page.locator(".pile-top").get_attribute("data-card")
    page.keyboard.press("l")
    page.wait_for_url("**/ar/present/wild-draw-four/5")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    assert number(page) == 5 and page.locator("#log").inner_text() != english
    assert page.locator(".pile-top").get_attribute("data-card") == top  # the same table, in Arabic
    press(page, "ArrowRight", "ar", "wild-draw-four", 6)
    page.reload()  # the place is in the address
    assert number(page) == 6
    page.keyboard.press("L")
    page.wait_for_url("**/en/present/wild-draw-four/6")
    press(page, "ArrowLeft", "en", "wild-draw-four", 5)
    assert page.locator("#log").inner_text() == english
    assert not errors


def test_b_blanks_the_screen_and_any_key_brings_it_back(visit, errors):
    page = watched(visit(viewport=HD).page, errors)
    page.goto("/en/present/uno/3")
    cover = page.locator(".presenter-blank")
    assert not cover.is_visible()
    page.keyboard.press("b")
    assert cover.is_visible()
    shown = page.evaluate("""() => { const box = document.querySelector('.presenter-blank').getBoundingClientRect();
        return [box.x, box.y, box.width, box.height, getComputedStyle(document.querySelector('.presenter-blank')).backgroundColor,
                document.querySelector('.presenter-stage').inert]; }""")
    assert shown == [0, 0, HD["width"], HD["height"], "rgb(0, 0, 0)", True]
    page.keyboard.press("ArrowRight")  # brings the screen back, and only that
    assert not cover.is_visible() and number(page) == 3
    page.keyboard.press("b")
    page.keyboard.press("b")  # B again
    assert not cover.is_visible() and number(page) == 3
    page.keyboard.press("b")
    cover.click()
    assert not cover.is_visible()
    press(page, "ArrowRight", "en", "uno", 4)  # the keys work again
    assert not errors


def test_the_keys_do_nothing_while_typing_in_a_form_control(visit):
    page = visit(viewport=HD).page
    page.goto("/en/present/uno/3")
    page.evaluate("""() => { const field = document.createElement('input'); field.id = 'typing';
        field.setAttribute('aria-label', 'typing'); document.querySelector('.presenter-bar').append(field); }""")
    page.focus("#typing")
    page.evaluate(COUNT_FETCHES)
    for key in ("ArrowRight", "PageDown", "Space", "b", "l", "ArrowLeft"):
        page.keyboard.press(key)
    assert page.evaluate("window.fetched") == 0  # no step started; b and l were typed (below), not taken as keys
    assert number(page) == 3 and page.url.endswith("/en/present/uno/3")
    assert not page.locator(".presenter-blank").is_visible()
    assert page.input_value("#typing") == " bl"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_the_links_step_through(visit, lang):
    page = visit(java_script_enabled=False, viewport=HD).page
    page.goto(f"/{lang}/present/action-cards/1")
    assert not page.locator(".presenter-keys").is_visible()  # no keys without JavaScript: the links say it
    page.click("a[rel=next]")
    page.wait_for_url(f"**/{lang}/present/action-cards/2")
    page.click("a[rel=next]")
    page.wait_for_url(f"**/{lang}/present/action-cards/3")
    page.click("a[rel=prev]")
    page.wait_for_url(f"**/{lang}/present/action-cards/2")


# --- the step player on the demo's table -------------------------------------------------------------

WATCH = """() => { window.seen = {flying: 0, still: 0};
  new MutationObserver(changes => { for (const change of changes) {
    for (const node of change.addedNodes) if (node.classList && node.classList.contains('flying')) window.seen.flying++;
    if (change.type === 'attributes' && change.target.classList.contains('flying')) window.seen.flying++;  // steps.js's flyer
    if (change.type === 'attributes' && change.target.classList.contains('lit-still')) window.seen.still++;
  } }).observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['class']}); }"""


def test_the_step_player_plays_each_move_on_the_table(visit, errors):
    page = watched(visit(viewport=HD, pace="fast").page, errors)
    page.goto("/en/present/basic-round/2")  # "What would you play?"
    page.evaluate(WATCH)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(".presenter.playing", timeout=3000)  # the move plays on this table first
    settled(page, "en", "basic-round", 3)
    assert page.evaluate("window.seen.flying") >= 1  # the card travelled to the pile
    assert page.locator(".pile-top").get_attribute("data-card") == "R2"
    shown = page.locator(".presenter").inner_html()
    page.reload()
    assert page.locator(".presenter").inner_html() == shown  # the frame after the move is the server's
    assert not errors


def test_reduced_motion_lights_the_places_instead(visit, errors):
    page = watched(visit(viewport=HD, pace="slow", reduced_motion="reduce").page, errors)
    page.goto("/en/present/basic-round/3")
    page.evaluate(WATCH)
    page.keyboard.press("ArrowRight")  # Player 2 plays Yellow 2
    settled(page, "en", "basic-round", 4)
    seen = page.evaluate("window.seen")
    assert seen["flying"] == 0 and seen["still"] >= 1, seen  # nothing travelled; where it left and landed lit
    assert not errors


# --- readable from the back of a room ----------------------------------------------------------------

MEASURE = """() => {
  const height = innerHeight, root = document.documentElement;
  const labels = [...document.querySelectorAll('.presenter-stage .card-face > :is(bdi, .card-symbol)')]
    .filter(el => el.checkVisibility());
  return {overflow: [root.scrollWidth - root.clientWidth, root.scrollHeight - root.clientHeight],
          labels: labels.map(el => ({card: el.closest('[data-card]').dataset.card,
                                     box: el.getBoundingClientRect().height / height,
                                     font: el.tagName === 'BDI' ? parseFloat(getComputedStyle(el).fontSize) / height : null}))};
}"""


@pytest.mark.parametrize("size", [HD, FULL_HD], ids=["1280x720", "1920x1080"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_label_is_five_percent_of_the_screen_and_the_frame_fits(visit, size, lang, capsys):
    """Every frame of every demo, stepped through by its key: each card's label (its number, +2,
    +4, or the Skip and Reverse symbol) at least 5% of the screen's height, by its box and by its
    font size, and the frame in one screen, without scrolling; each language at each size."""
    page = visit(viewport=size).page
    smallest, problems, measured = 1.0, [], 0
    for demo_id in DEMOS:
        page.goto(f"/{lang}/present/{demo_id}/1")
        for n in range(1, len(frames(demo_id)) + 1):
            if n > 1:
                press(page, "ArrowRight", lang, demo_id, n)
            found = page.evaluate(MEASURE)
            if found["overflow"] != [0, 0]:
                problems.append(f"/{lang}/present/{demo_id}/{n} scrolls by {found['overflow']}")
            assert found["labels"], (demo_id, n)
            for label in found["labels"]:
                least = min(label["box"], label["font"] or 1)
                smallest, measured = min(smallest, least), measured + 1
                if least < MIN_LABEL:
                    problems.append(f"/{lang}/present/{demo_id}/{n}: {label}")
        press_to_end(page, "ArrowRight", lang, demo_id)  # and its end, in one screen too
        if page.evaluate(MEASURE)["overflow"] != [0, 0]:
            problems.append(f"/{lang}/present/{demo_id}/end scrolls")
    with capsys.disabled():
        print(f"\n{measured} card labels ({lang}) at {size['width']}x{size['height']}: the smallest is {smallest:.2%} "
              "of the screen's height")
    assert not problems, "\n".join(problems[:20])


# --- accessible, valid, and looked at ------------------------------------------------------------------

PICTURED = {
    "index": "/present/",
    "deal": "/present/basic-round/1",
    "pause": "/present/basic-round/2",  # "What would you play?", then blanked
    "move": "/present/basic-round/3",
    "question": "/present/wild-draw-four/9",  # "Who plays next?"
    "refused": "/present/uno/13",  # a wrong move explained
    "points": "/present/scoring/4",  # the round's points added up
    "end": "/present/uno/end",  # what the demo showed, and the next demo
}
AAA = """() => axe.run(document, {runOnly: {type: 'rule', values: ['color-contrast-enhanced']}, resultTypes: ['violations']})
  .then(result => result.violations.flatMap(v => v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)))"""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PICTURED)
def test_presenter_pages_pass_the_checks_and_are_pictured(visit, axe_source, arabic_fonts, screenshots, lang, name):
    page = visit().page
    page.goto(f"/{lang}{PICTURED[name]}")
    problems = page_problems(page, lang, axe_source, arabic_fonts)
    problems += [f"AAA contrast: {p}" for p in page.evaluate(AAA)]  # high contrast: 7:1 for text, 4.5:1 for large
    for size in (HD, FULL_HD, PHONE):
        page.set_viewport_size(size)
        page.screenshot(path=screenshots / f"present-{name}-{lang}-{size['width']}x{size['height']}.png", full_page=True)
    if name == "pause":  # and blanked
        page.set_viewport_size(HD)
        page.keyboard.press("b")
        problems += [f"blanked: {p}" for p in page_problems(page, lang, axe_source, arabic_fonts)]
    assert problems == []


def test_presenter_html_is_valid(live_server, vnu_command, tmp_path):
    urls = [f"/{lang}{path}" for lang in LANGUAGES for path in PICTURED.values()]
    errors = validate(vnu_command, served_html(live_server, urls), tmp_path)
    assert not errors, "\n".join(errors)
