"""The practice table's pace (issue #35 item 1): at the default pace a bot's ordinary turn takes
about a second, as in a card game; the pace control says its name on a phone; a card tapped
while the bots' turns play is judged once they are skipped (played, or refused with its reason).

A turn's time is what the step player gives its step (its "uno-step" event: the sum of the
durations it schedules), not a stopwatch: a loaded machine only makes the wall clock longer.
"""
import statistics

import pytest
from playwright.sync_api import expect

from app.i18n import LANGUAGES

from .test_practice import Learner, Table
from .test_table_screen import PAUSE_AT_ONCE, new_table, play_with_replies

PHONE = {"width": 375, "height": 667}
# The steps the player gives their time: [seat, event kinds, ms], from the page's first script on.
RECORD_STEPS = """window.unoSteps = [];
document.addEventListener('uno-step', e => window.unoSteps.push([e.detail.seat, e.detail.kinds, e.detail.ms]));"""
# A bot's ordinary turn: it plays a card or draws (and passes), saying UNO or lighting the player
# its card skips on the way; a challenge or a round's end is a longer story, told at length.
# The tapped card (arg) was judged: refused at the card, or the newest steps open with its play.
JUDGED = """card => document.querySelector(`.practice:not(.playing) .card-button[data-refused][data-card="${card}"]`)
  || [...document.querySelectorAll('.practice:not(.playing) .log-step.latest[data-step]')].slice(0, 1)
       .some(e => JSON.parse(e.dataset.step).events.some(v => v.kind === 'play' && v.params.card === card))"""
ORDINARY = {"play", "color", "draw", "pass", "uno", "skip", "reverse"}


def turns(page) -> tuple[list[float], list[float]]:
    """The times (ms) the step player gave the bots' ordinary turns, and the waits: from the
    learner's move (its own step replayed) until the hand is theirs again, one for each move."""
    steps = page.evaluate("window.unoSteps")
    bots = [ms for seat, kinds, ms in filter(None, steps) if seat not in (None, 0) and set(kinds) <= ORDINARY]
    moves, wait = [], None
    for step in steps:  # None: the learner moved
        if step is None:
            moves.append(wait := [])
        elif wait is not None:
            wait.append(step[2])
    return bots, [sum(move) for move in moves if move]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bots_ordinary_turn_takes_about_a_second_at_the_default_pace(visit, lang):
    """Three bots, a fixed deal, eight moves: a bot's ordinary turn (the median, and nine in ten)
    near a second, and the learner's wait for the three of them under the 3.6 s it was."""
    visit_ = visit(pace=None)  # the learner never chose: the default
    page = visit_.page
    visit_.context.add_init_script(RECORD_STEPS)
    learner = Learner(page, "mouse")
    new_table(page, lang)
    learner.settled(timeout=30_000)
    for _ in range(8):
        if page.locator(".scoring, .result").count():
            break
        target = play_with_replies(page, learner) if page.locator(".draw-button").count() else \
            page.locator("#decision form button:visible").first  # a drawn card kept, a colour named...
        page.evaluate("document.querySelector('.practice').dataset.stale = '1'; window.unoSteps.push(null)")
        target.click()
        learner.settled(timeout=30_000)
    bots, waits = turns(page)
    assert len(bots) >= 8 and len(waits) >= 4, (bots, waits)
    median, p90 = statistics.median(bots), statistics.quantiles(bots, n=10)[-1]
    print(f"{lang}: {len(bots)} bot turns, median {median:.0f} ms, p90 {p90:.0f} ms; "
          f"{len(waits)} waits, median {statistics.median(waits):.0f} ms")
    assert median <= 1000 and p90 <= 1300, (median, p90)
    assert statistics.median(waits) <= 3000, waits


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pace_control_says_its_name_on_a_phone(visit, screenshots, lang):
    page = visit(viewport=PHONE).page
    new_table(page, lang)
    Learner(page, "mouse").settled()
    label = page.locator(".pace label[for=pace]")
    expect(label).to_be_visible()
    box = label.bounding_box()
    assert box["width"] >= 20 and box["height"] >= 8, box  # not clipped to a screen reader's pixel
    assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"] + 0.5, box
    bar = page.locator(".table-bar").bounding_box()
    assert bar["height"] <= 60, bar  # the bar stays one row
    page.screenshot(path=screenshots / f"{lang}-pace-{PHONE['width']}x{PHONE['height']}.png")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_tapped_while_the_bots_play_is_judged_after_the_skip(visit, lang):
    """Tapped mid-move, a card ends the playback and is then played (the log's newest step is the
    learner's play of it) or refused (the card marked, the reason said) — never silently dropped."""
    page = visit(pace="slow").page
    learner = Learner(page, "mouse")
    new_table(page, lang)
    learner.settled(timeout=60_000)
    target = play_with_replies(page, learner)
    played = target.get_attribute("data-card")
    page.evaluate("document.querySelector('.practice').dataset.stale = '1'")
    page.evaluate(PAUSE_AT_ONCE)
    target.click()
    page.wait_for_selector(".practice.playing.waiting")  # the bots' turns still to come
    others = [c for c in Table(page).hand() if c != played and not c.startswith("W")]
    tapped = others[0]
    page.locator(f'.hand-cards .card-button[data-card="{tapped}"]').first.click()
    page.wait_for_function(JUDGED, arg=tapped, timeout=30_000)
    learner.settled()
    if page.locator(f'.card-button[data-refused][data-card="{tapped}"]').count():
        expect(page.locator("#refusal")).to_be_visible()
        assert page.locator("#refusal").inner_text().strip()
    else:
        step = page.locator(".log-step.latest").first.get_attribute("data-step")
        assert '"seat": 0' in step.replace('"seat":0', '"seat": 0'), step
