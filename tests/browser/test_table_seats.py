"""The players seated around the practice table (#35 item 2).

On a laptop the others sit around the piles, placed as at a real table (the next player on the
left, across the top, the one before on the right, in either language, as the unmirrored ↻ says);
on a phone in one compact row over the piles, in reading order. Each other hand is its backs,
fanned, seven at most, with the count on them; the seat play waits for is lit and current
(aria-current, its "to play" badge); the chevrons between the seats turn round with a Reverse; and
while a move's steps play, the step player keeps backs, count and words together.
"""
import pytest
from playwright.sync_api import expect

from app.engine.cards import card
from app.i18n import LANGUAGES

from ..web.practice_support import rewrite
from .test_practice import Learner
from .test_table_screen import PAUSE_AT_ONCE, SEED, new_table, play_with_replies

FAN_BACKS = 7  # macros/table.html's FAN_BACKS
BOX = "el => { const b = el.getBoundingClientRect(); return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; }"
# Each seat: its count, the backs shown, the number on them (and whether it is in view) and the words.
FANS = """() => [...document.querySelectorAll('#players .player:not(.player-you)')].map(seat => ({
  seat: seat.dataset.seat, count: seat.dataset.count,
  backs: [...seat.querySelectorAll('.fan-back')].filter(b => b.checkVisibility()).length,
  number: seat.querySelector('.fan-count').textContent, numberShown: seat.querySelector('.fan-count').checkVisibility(),
  words: seat.querySelector('.player-count').textContent }))"""
# The chevron before a seat (the order of play), as the browser turns it.
CHEVRON = "el => getComputedStyle(el, '::before').transform"


def _box(page, selector):
    return page.locator(selector).first.evaluate(BOX)


def _seat(page, seat):
    return f'#players .player[data-seat="{seat}"]'


def _fans_agree(fans, counts=None):
    for fan in fans:
        count = int(fan["count"])
        assert fan["backs"] == min(count, FAN_BACKS), fan
        assert fan["number"] == str(count) and fan["numberShown"], fan
        assert fan["words"].startswith(str(count)) or str(count) in fan["words"], fan
        if counts:
            assert count == counts[int(fan["seat"])], (fan, counts)


def _deal(hands):
    """Bots' hands of these sizes (a long one, past the fan's seven backs; a short one)."""
    def change(practice):
        state = practice.round
        for seat, size in hands.items():
            state.hands[seat] = [card("G1")] * size
    return change


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_laptop_the_others_sit_around_the_piles(visit, served_app, screenshots, lang):
    page = visit(viewport={"width": 1280, "height": 800}).page
    url = new_table(page, lang)  # three bots
    Learner(page, "mouse").settled()
    rewrite(served_app, url.rsplit("/", 1)[1], _deal({1: 11, 2: 3}))
    page.goto(url)
    left, top, right, near = (_box(page, _seat(page, seat)) for seat in (1, 2, 3, 0))
    piles, panel = _box(page, "#pile"), _box(page, "#decision")
    # Not a row of boxes: the next player left of the piles, one across the top, the last right of
    # the decision, the same way round in Arabic (a clockwise table is not mirrored).
    assert left["right"] <= piles["left"] and left["right"] <= panel["left"], (left, piles)
    assert right["left"] >= panel["right"] and right["left"] >= piles["right"], (right, panel)
    assert top["bottom"] <= min(piles["top"], panel["top"]), (top, piles)
    assert top["top"] < left["top"] and top["top"] < right["top"]
    above = right if lang == "ar" else left  # the reader nearest the hand, at the side where it starts
    assert near["top"] >= above["bottom"] and near["left"] == above["left"], (near, above)
    hand = _box(page, "#hand .hand-cards")
    assert near["bottom"] <= hand["top"] + 1
    _fans_agree(page.evaluate(FANS), {1: 11, 2: 3, 3: 7})
    page.screenshot(path=screenshots / f"{lang}-table-seats-1280x800.png")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_the_seats_are_one_row_over_the_piles_in_reading_order(visit, served_app, screenshots, lang):
    page = visit(viewport={"width": 375, "height": 667}).page
    url = new_table(page, lang)
    Learner(page, "mouse").settled()
    rewrite(served_app, url.rsplit("/", 1)[1], _deal({1: 11, 2: 3}))
    page.goto(url)
    seats = [_box(page, _seat(page, seat)) for seat in range(4)]
    tops = [seat["top"] for seat in seats]
    assert max(tops) - min(tops) <= 3, seats  # one row (the seat to play raised a little)
    assert max(seat["bottom"] for seat in seats) <= _box(page, "#pile")["top"]
    centres = [(seat["left"] + seat["right"]) / 2 for seat in seats]
    assert centres == sorted(centres, reverse=lang == "ar"), centres  # from the reader, in reading order
    _fans_agree(page.evaluate(FANS), {1: 11, 2: 3, 3: 7})
    page.screenshot(path=screenshots / f"{lang}-table-seats-375x667.png")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_seat_to_play_is_lit_and_current_and_the_step_player_keeps_the_fans(visit, lang):
    page = visit(pace="normal", viewport={"width": 1280, "height": 800}).page
    learner = Learner(page, "mouse")
    url = new_table(page, lang, seed=SEED)
    learner.settled()
    page.goto(url)
    current = page.locator("#players .player[aria-current=true]")
    expect(current).to_have_count(1)
    expect(current).to_have_class("player player-turn player-you")
    badge = current.locator(".badge-turn")
    expect(badge).to_be_visible()  # words, not colour alone
    expect(badge).not_to_have_text("")
    assert current.locator(".player-name").inner_text() in current.inner_text()
    lit, other = (page.locator(selector).first.evaluate("el => getComputedStyle(el).boxShadow")
                  for selector in ("#players .player-turn", "#players .player:not(.player-turn)"))
    assert lit != other and lit != "none"
    # Mid-move, paused after the learner's step: the seats changed in place agree with themselves.
    target = play_with_replies(page, learner)
    page.evaluate("document.querySelector('.practice').dataset.stale = '1'")
    page.evaluate(PAUSE_AT_ONCE)
    target.click()
    page.wait_for_selector(".practice.playing.waiting")
    _fans_agree(page.evaluate(FANS))
    while page.locator(".practice.playing").count():  # each bot's turn, one step at a time
        if page.locator(".practice.waiting").count():
            _fans_agree(page.evaluate(FANS))
            page.locator(".pace-step").click()
        page.wait_for_timeout(50)
    learner.settled()
    expect(page.locator("#players .player[aria-current=true]")).to_have_count(1)
    _fans_agree(page.evaluate(FANS))


@pytest.mark.parametrize("size", [(1280, 800), (375, 667)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chevrons_of_the_order_of_play_turn_round_with_a_reverse(visit, served_app, lang, size):
    page = visit(viewport={"width": size[0], "height": size[1]}).page
    url = new_table(page, lang)
    Learner(page, "mouse").settled()
    game_id = url.rsplit("/", 1)[1]
    turns = {}
    for direction in (1, -1):
        rewrite(served_app, game_id, lambda practice, d=direction: setattr(practice.round, "direction", d))
        page.goto(url)
        expect(page.locator(".direction")).to_have_attribute("data-direction", str(direction))
        turns[direction] = [page.locator(_seat(page, seat)).evaluate(CHEVRON) for seat in (1, 2, 3)]
        assert page.locator(_seat(page, 0)).evaluate("el => getComputedStyle(el, '::before').content") == "none"
    for clockwise, anticlockwise in zip(turns[1], turns[-1], strict=True):
        assert clockwise != anticlockwise, turns
        a, b = (float(value) for value in clockwise.removeprefix("matrix(").split(",")[:2])
        c, d = (float(value) for value in anticlockwise.removeprefix("matrix(").split(",")[:2])
        assert (round(a + c, 3), round(b + d, 3)) == (0, 0), turns  # half a turn apart: pointing back


def _next_bot_draws(practice):
    """The learner to play Red 5 on Red 3; the next bot holds greens only and draws Green 6, which it
    cannot play either (a position set up in the stored game)."""
    state = practice.round
    state.turn, state.direction, state.pending = 0, 1, None
    state.hands[0] = [card("R5"), card("R7"), card("R8")]
    state.hands[1] = [card("G1"), card("G2"), card("G4")]
    state.discard.append(card("R3"))
    state.color = card("R3").color
    state.draw_pile.append(card("G6"))  # its top card is the last


# On each step a bot draws in: its count when the step starts, and a moment later whether a card
# (or back) flies, whether its backs and the draw pile are lit and its count then.
WATCH_DRAWS = """() => { window.draws = [];
  document.addEventListener('uno-step', event => {
    if (event.detail.seat === 0 || event.detail.kinds[0] !== 'draw') return;
    const seat = document.querySelector(`#players [data-seat="${event.detail.seat}"]`);
    const seen = {before: Number(seat.dataset.count)};
    window.draws.push(seen);
    setTimeout(() => Object.assign(seen, {flying: Boolean(document.querySelector('.flying')),
      backsLit: seat.querySelector('.fan').classList.contains('lit'),
      pileLit: document.querySelector('.practice .pile-back').classList.contains('lit'),
      after: Number(seat.dataset.count)}), 200);
  });
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bots_draw_lights_its_backs_and_the_pile_and_flies_nothing(visit, served_app, lang):
    """A bot's drawn cards are not flown one by one as card backs: the draw pile and its backs are
    lit while the step plays and the number on its backs grows (the caption says who drew). Each
    flight costs a phone's main thread frames of its own (#36 item 6); the card a bot plays, and the
    learner's own drawn card, still fly."""
    page = visit(pace="slow", viewport={"width": 375, "height": 667}).page
    learner = Learner(page, "mouse")
    url = new_table(page, lang, seed=SEED)
    learner.settled(timeout=60_000)  # the opening, slowly
    rewrite(served_app, url.rsplit("/", 1)[1], _next_bot_draws)
    page.goto(url)
    page.evaluate(WATCH_DRAWS)
    page.evaluate("document.querySelector('.practice').dataset.stale = '1'")
    page.locator('.card-button[data-card="R5"]').click()
    page.wait_for_selector(".flying", state="attached", timeout=5_000)  # the learner's Red 5 flies
    learner.settled(timeout=60_000)
    draws = page.evaluate("window.draws")
    assert draws and draws[0] == {"before": 3, "flying": False, "backsLit": True, "pileLit": True, "after": 4}, draws
