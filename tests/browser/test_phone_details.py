"""The practice table's details on a phone (issue #35 item 7), at 375x667 in both languages, and at
1280x800 where nothing of it may regress: the bar's controls say their names in visible words, the
log's opener (where every "Why:" is) too, the heading is whole, each of 16 cards in hand leaves a
44x44 px target in view with the whole hand on screen, the log's numbers of 100 and more keep their
first digit, and a yellow card dimmed as unplayable still reads as yellow.
"""
import base64

import pytest

from app.engine.cards import card
from app.i18n import LANGUAGES
from app.practice.game import Practice

from ..web.practice_support import rewrite
from .test_pass_and_play import start
from .test_practice import Learner
from .test_table_screen import log_wild_draw_fours, new_table

PHONE, LAPTOP = (375, 667), (1280, 800)
SIXTEEN = ["Y1", "Y2", "Y3", "Y4", "R5", "B6", "G7", "Y8", "R9", "B1", "G2", "Y6", "G8", "B9", "R2", "WD4"]
LOGGED = 130  # steps in the log, so the table shows numbers of three digits
TARGET = 44  # px: WCAG 2.5.5's target and Apple's HIG


def _sixteen_cards(practice: Practice) -> None:
    """The learner's turn with 16 cards, red in play: the yellow ones (and others) unplayable."""
    state = practice.round
    state.hands[0] = [card(c) for c in SIXTEEN]
    state.discard.append(card("R5"))
    state.color, state.turn, state.pending, state.exposed = card("R5").color, 0, None, None
    practice.hints = True


def sixteen_card_table(visit, served_app, lang, size):
    """A table at ``size`` whose learner holds 16 cards, after a log of LOGGED steps."""
    width, height = size
    page = visit(viewport={"width": width, "height": height}).page
    url = new_table(page, lang, seed="fits")
    Learner(page, "mouse").settled()
    game_id = url.rsplit("/", 1)[1]
    rewrite(served_app, game_id, _sixteen_cards)
    log_wild_draw_fours(served_app, game_id, named="red", upto=LOGGED)
    page.goto(url)
    assert page.locator(".hand-cards .card-button").count() == 16
    return page


# The words each control shows (its box in view, at least a few px, not clipped away), by selector.
SHOWN_WORDS = """selectors => selectors.map(selector => {
  const control = document.querySelector(selector);
  if (!control) return [selector, null];
  const range = document.createRange();
  range.selectNodeContents(control);
  const words = [...control.querySelectorAll('*'), control].flatMap(el => [...el.childNodes])
    .filter(node => node.nodeType === 3 && node.textContent.trim()).filter(node => {
      const parent = node.parentElement;
      if (!parent.checkVisibility()) return false;
      const style = getComputedStyle(parent);
      if (style.clipPath !== 'none' || style.clip !== 'auto') return false;
      const r = document.createRange();
      r.selectNodeContents(node);
      const box = r.getBoundingClientRect();
      return box.width > 8 && box.height > 6 && box.left >= 0 && box.right <= innerWidth && box.top >= 0;
    }).map(node => node.textContent.trim());
  return [selector, words.join(' ')];
})"""
CONTROLS = (".pace label", ".pace-pause", ".pace-step", ".log-open", ".share-link")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_bars_controls_show_their_words(visit, served_app, screenshots, lang, size):
    page = sixteen_card_table(visit, served_app, lang, size)
    controls = CONTROLS if size == PHONE else [c for c in CONTROLS if c != ".log-open"]  # the log is beside
    shown = dict(page.evaluate(SHOWN_WORDS, list(controls)))
    page.screenshot(path=screenshots / f"{lang}-phone-details-{size[0]}x{size[1]}.png")
    assert all(shown.values()), shown
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_way_to_the_why_lines_is_named_in_words(visit, served_app, lang):
    """Every step's "Why:" is in the log, a drawer on a phone: its opener is named and says so."""
    page = sixteen_card_table(visit, served_app, lang, PHONE)
    opener = page.locator(".log-open")
    name = opener.evaluate("el => el.getAttribute('aria-label') || el.textContent.trim()")
    assert name
    assert opener.get_attribute("aria-expanded") == "false"
    opener.click()
    expect_open = page.locator("#log.open .log-rules").first
    assert expect_open.is_visible()
    assert opener.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    assert opener.get_attribute("aria-expanded") == "false"


WHOLE = """h => h.scrollWidth <= h.clientWidth && h.scrollHeight <= h.clientHeight
  && getComputedStyle(h).textOverflow !== 'ellipsis' && h.getBoundingClientRect().right <= innerWidth
  && h.getBoundingClientRect().left >= 0"""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_heading_is_whole(visit, served_app, lang, size):
    page = sixteen_card_table(visit, served_app, lang, size)
    heading = page.locator(".table-bar h1")
    assert heading.evaluate(WHOLE), heading.inner_text()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pass_and_plays_longer_heading_is_whole_in_a_bar_of_one_row(visit, lang):
    page = visit(viewport={"width": PHONE[0], "height": PHONE[1]}).page
    start(page, lang)
    page.click(".pass-button")
    heading = page.locator(".table-bar h1")
    assert heading.evaluate(WHOLE), heading.inner_text()
    assert page.locator(".table-bar").bounding_box()["height"] <= TARGET + 4


# Each card button's target, once it is scrolled into the hand's row (never the page): a TARGET x
# TARGET square around the middle of the part of it in view, whose every point (on a 4 px grid)
# finds that button; and the button wholly inside the viewport.
CARD_TARGETS = """size => [...document.querySelectorAll('.hand-cards .card-button')].map(button => {
  button.scrollIntoView({block: 'nearest', inline: 'nearest'});  // a card out of the row's view: a swipe away
  if (scrollY) return [button.dataset.card, false, 'the page scrolled to show it'];
  const box = button.getBoundingClientRect();
  const mine = [];
  for (let x = Math.ceil(box.left); x < box.right; x += 2)
    for (let y = Math.ceil(box.top); y < box.bottom; y += 2) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('.card-button') === button) mine.push([x, y]);
    }
  if (!mine.length) return [button.dataset.card, false, 'nothing of it in view'];
  const xs = mine.map(p => p[0]), ys = mine.map(p => p[1]);
  const cx = Math.max(Math.min(...xs) + size / 2, Math.min(Math.max(...xs) - size / 2, (Math.min(...xs) + Math.max(...xs)) / 2));
  const cy = Math.max(Math.min(...ys) + size / 2, Math.min(Math.max(...ys) - size / 2, (Math.min(...ys) + Math.max(...ys)) / 2));
  let missed = 0;
  for (let x = cx - size / 2 + 1; x <= cx + size / 2 - 1; x += 4)
    for (let y = cy - size / 2 + 1; y <= cy + size / 2 - 1; y += 4) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit.closest('.card-button') !== button) missed++;
    }
  const inView = box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
  return [button.dataset.card, missed === 0 && inView, `${Math.max(...xs) - Math.min(...xs) + 2}x${Math.max(...ys) - Math.min(...ys) + 2}, missed ${missed}, in view ${inView}`];
})"""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_of_sixteen_cards_is_a_big_enough_target_in_view(visit, served_app, screenshots, lang, size):
    page = sixteen_card_table(visit, served_app, lang, size)
    page.screenshot(path=screenshots / f"{lang}-sixteen-{size[0]}x{size[1]}.png")
    targets = page.evaluate(CARD_TARGETS, TARGET)
    assert [t for t in targets if not t[1]] == []
    hand = page.locator("#hand").bounding_box()
    assert hand["y"] >= 0 and hand["y"] + hand["height"] <= size[1] + 0.5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_log_numbers_of_three_digits_are_whole(visit, served_app, screenshots, lang):
    page = sixteen_card_table(visit, served_app, lang, PHONE)
    page.locator(".log-open").click()
    page.screenshot(path=screenshots / f"{lang}-log-{PHONE[0]}x{PHONE[1]}.png")
    # The marker is outside the item's box: its room is the list's padding, which must hold "130." whole.
    room = page.locator("#log .log-steps").evaluate("""ol => {
      const item = ol.querySelector('li.log-step:last-child');
      const probe = document.createElement('span');
      probe.textContent = item.value + '.';
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:' + getComputedStyle(item, '::marker').font;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      return [item.value, needed, parseFloat(getComputedStyle(ol).paddingInlineStart)];
    }""")
    value, needed, padding = room
    assert value >= 100
    assert needed + 4 <= padding, room


# The commonest colour of a picture (base64 PNG), leaving out the white oval and border and the
# ink of the outlines: a card's own colour, as [hue in degrees, saturation, value] (HSV, 0..1).
FACE_COLOUR = """async png => {
  const bytes = Uint8Array.from(atob(png), c => c.charCodeAt(0));  // (the page's policy refuses data: fetches)
  const image = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]].map(v => v / 255);
    const max = Math.max(r, g, b), min = Math.min(r, g, b);
    if (max < 0.3 || max - min < 0.08) continue;  // ink, white, greys
    const key = [r, g, b].map(v => Math.round(v * 15)).join();
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const [r, g, b] = [...counts].sort((a, b) => b[1] - a[1])[0][0].split(',').map(v => v / 15);
  const max = Math.max(r, g, b), min = Math.min(r, g, b), d = max - min;
  const hue = max === r ? 60 * (((g - b) / d + 6) % 6) : max === g ? 60 * ((b - r) / d + 2) : 60 * ((r - g) / d + 4);
  return [hue, d / max, max];
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_dimmed_yellow_card_still_reads_as_yellow(visit, served_app, screenshots, lang):
    """Yellow is a hue near 50 degrees, strongly saturated; the old grey veil left beige (saturation 0.35)."""
    page = sixteen_card_table(visit, served_app, lang, PHONE)
    face = page.locator('.hand-cards .card-button[data-verdict=illegal][data-card="Y8"] .card')
    face.scroll_into_view_if_needed()
    png = face.screenshot(path=screenshots / f"{lang}-dimmed-yellow.png", animations="disabled")
    hue, saturation, value = page.evaluate(FACE_COLOUR, base64.b64encode(png).decode())
    assert 40 <= hue <= 60 and saturation >= 0.6 and value >= 0.6, (hue, saturation, value)
