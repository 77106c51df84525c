"""The practice table as one screen, its moves played on it (issue: the table plays like a game).

At each laptop and phone size, in both directions, the players, the pile, the decision panel and
the hand are inside the viewport together, at the start, while a move's steps play (with bot
replies) and after; the hand is one tab stop that the arrow keys walk in reading order; reduced
motion moves nothing but still says each step; the pace is remembered; without JavaScript a round
is played to its end.
"""
import re

import pytest
from playwright.sync_api import expect

from app.engine.cards import Color, card
from app.engine.round import Pending
from app.i18n import LANGUAGES
from app.practice import access
from app.practice.game import Practice, table_after

from ..web.practice_support import rewrite
from .test_practice import Learner, Table

SIZES = [(1280, 800), (1366, 768), (1440, 900), (390, 844), (375, 667)]
REGIONS = ("players", "pile", "decision", "hand")
SEED = "class7"  # three bots; the learner holds a playable card at the start and bots reply to it
BOXES = """ids => ids.map(id => {
  const box = document.getElementById(id).getBoundingClientRect();
  return [id, box.top, box.bottom, box.left, box.right];
})"""
# Presses Pause the moment a move's steps start to play: its first step plays, then the table waits
# mid-move (class "waiting") until Pause or "One step" is pressed, however slow the machine.
PAUSE_AT_ONCE = """() => new MutationObserver((records, observer) => {
  const pause = document.querySelector('.practice.playing .pace-pause');
  if (!pause) return;
  observer.disconnect();
  pause.click();
}).observe(document.body, {attributes: true, attributeFilter: ['class'], subtree: true})"""


def new_table(page, lang, seed=SEED, bots=3):
    """A new game from the new-game form, as a learner starts one; returns the table's address."""
    page.goto(f"/{lang}/play")
    page.locator("#choose-rules > summary").click()  # the full form, one click under "Play now"
    form = page.locator("#choose-rules form.new-game")
    form.locator("#bots").fill(str(bots))
    form.locator("#seed").fill(seed)
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    assert re.search(rf"/{lang}/play/[^/?#]+", page.url), page.url
    return page.url


def outside(page) -> list:
    """The regions not wholly inside the viewport (a region may not need scrolling to be seen)."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    return [box for box in page.evaluate(BOXES, list(REGIONS))
            if box[1] < 0 or box[2] > height + 0.5 or box[3] < 0 or box[4] > width + 0.5]


def play_with_replies(page, learner):
    """A move the bots answer: a playable card (a plain one if there is), else a draw and a pass."""
    table = Table(page)
    verdicts = table.verdicts()
    plain = [c for c, v in verdicts.items() if v == "legal" and not c.startswith("W")]
    legal = plain or [c for c, v in verdicts.items() if v == "legal"]
    if legal:
        button = page.locator(f'.card-button[data-card="{legal[0]}"]').first
        if legal[0].startswith("W"):
            learner.press(button)
            learner.settled()
            return page.locator("#decision .colours button[value=red]")
        return button
    return table.action("draw")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_is_one_screen_at_the_start_during_a_move_and_after(visit, screenshots, lang, size):
    width, height = size
    page = visit(pace="normal", viewport={"width": width, "height": height}).page
    learner = Learner(page, "mouse")
    url = new_table(page, lang)
    learner.settled()  # the opening moves, played on the table
    page.goto(url)  # a reload replays nothing
    assert not page.locator(".practice.playing").count()
    assert outside(page) == [], "at the start"
    page.screenshot(path=screenshots / f"{lang}-table-{width}x{height}.png")
    target = play_with_replies(page, learner)
    page.evaluate("document.querySelector('.practice').dataset.stale = '1'")
    page.evaluate(PAUSE_AT_ONCE)
    target.click()
    page.wait_for_selector(".practice.playing.waiting")  # mid-move: a step played, the next waits
    caption = page.locator(".practice.playing .step-caption")
    expect(caption).to_be_visible()
    expect(caption).not_to_have_text("")  # a step is being said
    assert outside(page) == [], "while the steps play"
    page.screenshot(path=screenshots / f"{lang}-table-{width}x{height}-playing.png")
    page.locator(".pace-pause").click()  # play on
    learner.settled()
    assert outside(page) == [], "after the move"
    log = page.locator("#log")
    if width >= 1024:  # beside the table, where there is room
        assert log.is_visible()
    else:  # a drawer on phones, opened and closed from the table
        assert not log.is_visible()
        page.locator(".log-open").click()
        expect(log).to_be_visible()
        expect(page.locator(".log-step.latest").first).to_be_visible()
        page.screenshot(path=screenshots / f"{lang}-table-{width}x{height}-log.png", animations="disabled")
        page.keyboard.press("Escape")
        expect(log).to_be_hidden()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bots_play_travels_to_the_pile_and_marks_the_bot(visit, lang):
    """While a bot plays: its seat is marked, a card is on its way, the pile's top changes to its card."""
    page = visit(pace="slow").page
    learner = Learner(page, "mouse")
    new_table(page, lang)
    learner.settled(timeout=60_000)
    page.evaluate("document.querySelector('.practice').dataset.stale = '1'")
    play_with_replies(page, learner).click()
    page.wait_for_selector(".practice.playing .player-acting:not([data-seat='0'])", timeout=15_000)
    page.wait_for_selector(".flying", state="attached", timeout=5_000)
    acting = page.locator(".player-acting").get_attribute("data-seat")
    entry = page.locator(".log-step.latest.now")
    step = entry.get_attribute("data-step")
    assert f'"seat": {acting}' in step or f'"seat":{acting}' in step
    learner.settled(timeout=60_000)  # slow: a second and more for every event
    assert not page.locator(".flying").count() and not page.locator(".player-acting").count()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pace_is_remembered_and_pause_goes_one_step_at_a_time(visit, lang):
    page = visit(pace=None).page
    learner = Learner(page, "mouse")
    url = new_table(page, lang)
    learner.settled()
    page.select_option("#pace", "slow")
    page.goto(url)
    assert page.locator("#pace").input_value() == "slow"  # kept by the browser
    page.evaluate("document.querySelector('.practice').dataset.stale = '1'")
    page.evaluate(PAUSE_AT_ONCE)
    play_with_replies(page, learner).click()
    page.wait_for_selector(".practice.playing.waiting")  # the step under way ended, and play waits
    expect(page.locator(".pace-pause")).to_have_attribute("aria-pressed", "true")
    shown = page.locator(".log-step.latest:not([hidden])")
    assert shown.count() == 1 < page.locator(".log-step.latest").count()  # paused: steps left, not shown
    page.locator(".pace-step").click()
    expect(shown).to_have_count(2)  # one step through
    page.select_option("#pace", "instant")  # the rest at once
    learner.settled()
    assert page.locator(".log-step.latest[hidden]").count() == 0 and page.locator("#pace").input_value() == "instant"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reduced_motion_moves_nothing_but_says_each_step(visit, lang):
    page = visit(pace="fast", reduced_motion="reduce").page
    learner = Learner(page, "mouse")
    new_table(page, lang)
    learner.settled()
    page.evaluate("""() => { window.flights = 0; new MutationObserver(records => records.forEach(r => {
        r.addedNodes.forEach(n => { if (n.classList && n.classList.contains('flying')) window.flights += 1; });
        if (r.type === 'attributes' && r.target.classList.contains('flying')) window.flights += 1; }))
        .observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['class']}); }""")
    page.evaluate("document.querySelector('.practice').dataset.stale = '1'")
    page.evaluate("""() => { window.captions = new Set(); new MutationObserver(() => {
        const caption = document.querySelector('.practice.playing .step-caption');
        if (caption && caption.textContent.trim()) window.captions.add(caption.textContent.trim()); })
        .observe(document.body, {childList: true, characterData: true, subtree: true}); }""")
    play_with_replies(page, learner).click()
    page.wait_for_selector(".practice.playing")
    learner.settled()
    assert page.evaluate("window.flights") == 0
    assert page.evaluate("window.captions.size")  # the words instead of the travel
    said = page.evaluate("[...document.querySelectorAll('[aria-live]')].map(e => e.textContent).join(' ')")
    assert said.strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_turn_by_keyboard_with_the_arrow_keys(visit, lang):
    """The hand is one tab stop; the forward arrow (right in English, left in Arabic) and the back
    arrow walk it; Enter plays the card, and the turn comes back to the hand."""
    page = visit().page
    learner = Learner(page, "keyboard")
    new_table(page, lang)
    learner.settled()
    cards = page.locator(".hand-cards .card-button")
    assert page.locator('.hand-cards .card-button[tabindex="0"]').count() == 1
    assert cards.count() - 1 == page.locator('.hand-cards .card-button[tabindex="-1"]').count()
    learner.tab_to(cards.first)
    forward, back = ("ArrowLeft", "ArrowRight") if lang == "ar" else ("ArrowRight", "ArrowLeft")
    page.keyboard.press(forward)
    assert page.evaluate("document.activeElement === document.querySelectorAll('.hand-cards .card-button')[1]")
    page.keyboard.press(back)
    page.keyboard.press(back)  # wraps to the last card
    last = cards.count() - 1
    assert page.evaluate(f"document.activeElement === document.querySelectorAll('.hand-cards .card-button')[{last}]")
    # One tab stop: Tab leaves the hand at once.
    page.keyboard.press("Tab")
    assert not page.evaluate("document.activeElement.matches('.hand-cards .card-button')")
    target = play_with_replies(page, learner)
    version = Table(page).version()
    learner.tab_to(target)  # through the hand with the arrows, if a card
    page.keyboard.press("Enter")
    page.wait_for_selector(f".practice:not([data-version='{version}']):not(.playing)")
    if page.locator(".draw-button").count():  # the learner's turn again: focus is back in the hand
        assert page.evaluate("document.activeElement.matches('.hand-cards .card-button')")
    keys = page.locator("#hand .keys")
    assert keys.is_visible() and keys.inner_text().strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_played_hands_the_focus_on_never_to_the_page(visit, lang):
    """The card played with Enter leaves the hand; the focus has gone where the learner acts next
    before it does (practice.js's putInPlace), so it never falls to the page meanwhile."""
    page = visit().page
    learner = Learner(page, "keyboard")
    new_table(page, lang)
    learner.settled()
    target = play_with_replies(page, learner)
    learner.tab_to(target)
    page.evaluate("""() => {
      window.focusDropped = 0;  // a focusout with nothing focused after it
      document.addEventListener('focusout', event => { if (!event.relatedTarget) window.focusDropped += 1; });
    }""")
    learner.move(target)
    assert page.evaluate("document.activeElement.matches('.hand-cards .card-button, #decision')")
    assert page.evaluate("window.focusDropped") == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_d_draws_a_card(visit, lang):
    page = visit().page
    learner = Learner(page, "keyboard")
    new_table(page, lang)
    learner.settled()
    version = Table(page).version()
    learner.tab_to(page.locator('.hand-cards .card-button[tabindex="0"]'))
    page.keyboard.press("d")
    page.wait_for_selector(f".practice:not([data-version='{version}']):not(.playing)")
    steps = page.locator(".log-step.latest").first.get_attribute("data-step")
    assert '"action": "draw"' in steps or '"action":"draw"' in steps


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hints_tell_three_states_apart_without_colour(visit, lang):
    """A Wild Draw Four held with the colour in play is a bluff: allowed, marked apart from a
    plain legal card, its reason the card's description (no extra tab stop)."""
    page = visit().page
    new_table(page, lang)
    Learner(page, "mouse").settled()
    verdicts = Table(page).verdicts()
    assert set(verdicts.values()) <= {"legal", "bluff", "illegal"} and "illegal" in verdicts.values()
    for notation, verdict in verdicts.items():
        button = page.locator(f'.card-button[data-card="{notation}"]').first
        mark = button.locator(".verdict-badge").inner_text()
        assert mark == {"legal": "✓", "bluff": "!", "illegal": "✗"}[verdict]  # a shape, not a colour
        described = button.get_attribute("aria-describedby")
        assert described and page.locator(f"#{described}").text_content().strip(), notation
        assert button.evaluate("el => el.querySelector('[role=img]').getAttribute('aria-label')").strip()
    page.mouse.move(1, 1)  # away from the cards (the click that dealt may have left it over one)
    page.evaluate("document.activeElement.blur()")  # the new table gave the hand the focus: its reason shows
    assert page.locator(".hint-text:visible").count() == 0
    page.locator(".hand-cards .card-button").first.hover()
    assert page.locator(".hint-text:visible").count() == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_a_round_is_played_to_its_end(visit, lang):
    """Plain forms only: the table is shown after every move, to the round's scoring table."""
    page = visit(java_script_enabled=False).page
    learner, table = Learner(page, "no-js"), Table(page)
    new_table(page, lang, seed="4", bots=1)
    for _ in range(200):
        if page.locator(".scoring").count():
            break
        for region in REGIONS:
            assert page.locator(f"#{region}").is_visible()
        colours = page.locator("#decision .colours button[value=red]")
        keep = table.action("pass")
        playable = table.cards("playable")
        if colours.count():
            learner.move(colours)
        elif page.locator("#decision form:has(input[name=card]) button.primary").count():
            learner.move(page.locator("#decision form:has(input[name=card]) button.primary"))
        elif keep.count():
            learner.move(keep)
        elif table.action("uno").count():
            learner.move(table.action("uno"))
        elif table.action("catch").count():
            learner.move(table.action("catch"))
        elif table.action("continue").count():
            learner.move(table.action("continue"))
        elif table.action("accept").count():
            learner.move(table.action("accept"))
        elif playable.count():
            if page.locator("#uno-hand").count():
                page.locator("#uno-hand").check()
            learner.move(playable.first)
        else:
            learner.move(table.action("draw"))
    assert page.locator(".scoring").is_visible(), "the round never ended"
    assert page.locator("#decision .result").is_visible()


HUMAN_SEAT = 0
TWELVE = ["R1", "B2", "G3", "Y4", "R5", "B6", "G7", "Y8", "R9", "B1", "G2", "WD4"]


def _challenged(practice):
    """Bot 1 has just played a Wild Draw Four on the learner, who holds 12 cards."""
    state = practice.round
    state.hands[HUMAN_SEAT] = [card(c) for c in TWELVE]
    state.discard.append(card("WD4"))
    state.color, state.turn = Color.BLUE, 0
    state.pending = Pending("challenge", 0, card("WD4"), 4, 1, False)


def _to_catch(practice):
    """The learner's turn, 12 cards in hand, and Bot 1 has one card left without calling UNO."""
    state = practice.round
    state.hands[HUMAN_SEAT] = [card(c) for c in TWELVE]
    state.hands[1] = [card("R7")]
    state.uno_said[1], state.exposed, state.turn, state.pending = False, 1, 0, None


def _drawn_wild(practice):
    """The learner drew a Wild with 12 cards in hand: play it (naming a colour) or keep it."""
    state = practice.round
    state.hands[HUMAN_SEAT] = [card(c) for c in TWELVE[:-1]] + [card("W")]
    state.turn, state.pending = 0, Pending("drawn", 0, card=card("W"))


DECISIONS = {"challenge": _challenged, "catch": _to_catch, "drawn-wild": _drawn_wild}


def log_wild_draw_fours(app, game_id, named="blue", upto=None):
    """Log a bot's Wild Draw Four (naming ``named``) as the game's latest step, or over and over
    until the log holds ``upto`` steps: the challenge panel explains the Wild Draw Four the log
    shows; a long log's numbers run past 100."""
    with app.app_context():
        record = access.store().load(game_id)
        practice = Practice.from_dict(record.state)
        play = {"kind": "play", "rule": "wild-draw-four.restriction",
                "params": {"card": "WD4", "seat": 1, "color": "red", "named": named, "top": "R5"}}
        step = {"seat": 1, "move": {"seat": 1, "action": "play", "card": "WD4", "color": named},
                "rule": play["rule"], "events": [play], "after": table_after(practice.round)}
        first = practice.logged
        practice.latest, practice.logged = first, upto or first + 1
        assert access.store().save(record, practice.to_dict(), practice.finished, [step] * (practice.logged - first),
                                   first)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("decision", DECISIONS)
@pytest.mark.parametrize("size", [(375, 667), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_decision_with_twelve_cards_still_fits_one_screen(visit, served_app, screenshots, lang, decision, size):
    """The panels that say most (a challenge explained, a bot to catch beside the draw, a drawn wild's
    colours) with the biggest hand the issue names: every region still in view."""
    width, height = size
    page = visit(viewport={"width": width, "height": height}).page
    url = new_table(page, lang, seed="fits")
    Learner(page, "mouse").settled()
    game_id = url.rsplit("/", 1)[1]
    rewrite(served_app, game_id, DECISIONS[decision])
    if decision == "challenge":
        log_wild_draw_fours(served_app, game_id)
    page.goto(url)
    assert page.locator(".hand-cards .card-button").count() == 12
    assert outside(page) == [], decision
    page.screenshot(path=screenshots / f"{lang}-table-{width}x{height}-{decision}.png")
