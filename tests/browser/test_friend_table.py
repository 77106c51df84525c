"""A table of people in Chromium (issue 38): browsers of their own, in Arabic and in English, on a
phone and a laptop, at one table opened from the practice page and joined by its shared link.
Each sees the other's moves arrive (the event stream, then the step player), never another's hand
(in the DOM, nor in what the JSON API answers that browser), and a reload keeps its seat and hand.
Every wait is for the DOM, bounded by a timeout only a failure reaches: nothing here is timed.
"""
import re

import pytest
from playwright.sync_api import expect

from app.engine.cards import card
from app.engine.pending import Pending
from app.engine.vocabulary import PendingKind
from app.practice import access
from app.practice.game import Practice

from .checks import page_problems
from .test_practice import Learner, Table

PHONE = {"width": 375, "height": 667}
LAPTOP = {"width": 1280, "height": 800}
PROBLEM_FREE = ("ar", "en")


def god_view(served_app, table: str) -> tuple[int, Practice]:
    """The stored game, every hand in it: what the test knows and no browser may."""
    with served_app.app_context():
        record = access.store().load(table)
        return record.version, Practice.from_dict(record.state)


def open_table(page, lang: str, seats: int, name: str) -> str:
    """From the practice page's "Play with friends": the table's page, its maker seated; its id."""
    page.goto(f"/{lang}/play")
    form = page.locator("form.friends-form")
    form.locator("select[name=seats]").select_option(str(seats))
    form.locator("input[name=name]").fill(name)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/{lang}/tables/[\w-]+$"))
    page.wait_for_selector(".practice")
    return page.url.rsplit("/", 1)[1]


def join_table(page, link: str, name: str) -> None:
    """Open the shared link and take a seat with a name."""
    page.goto(link)
    page.locator("form.join-form input[name=name]").fill(name)
    page.locator("form.join-form button[type=submit]").click()
    page.wait_for_selector(".practice")


def secrets(practice: Practice, seat: int) -> set[str]:
    """Faces only the others hold, or still in the draw pile: never in ``seat``'s browser."""
    state = practice.round
    if state.round_over:
        return set()
    mine = {c.notation for c in state.hands[seat]} | {c.notation for c in state.discard}
    hidden = {c.notation for other, hand in enumerate(state.hands) if other != seat for c in hand}
    return hidden - mine


def cards_in_dom(page) -> set[str]:
    """Every card face the page holds: drawn, in a button's value, in a template or a step's data."""
    return set(page.evaluate("""() => {
        const found = [];
        document.querySelectorAll('[data-card]').forEach(e => found.push(e.dataset.card));
        document.querySelectorAll('button[value], input[name=card]').forEach(e => found.push(e.value));
        document.querySelectorAll('[data-step]').forEach(e => {
            for (const m of e.dataset.step.matchAll(/"card":\\s*"([^"]+)"|"cards":\\s*\\[([^\\]]*)\\]/g)) {
                found.push(m[1] || m[2]);
            }
        });
        return found.flatMap(v => (v || '').replace(/"/g, '').split(',')).map(v => v.trim()).filter(Boolean);
    }"""))


def assert_sees_only_its_hand(page, served_app, table: str, seat: int) -> None:
    version, practice = god_view(served_app, table)
    assert Table(page).hand() == [c.notation for c in practice.round.hands[seat]]
    hidden = secrets(practice, seat)
    assert not hidden & cards_in_dom(page), hidden & cards_in_dom(page)
    answer = page.request.get(f"/api/v1/tables/{table}").json()  # what this browser's cookie reads
    assert answer["view"]["seat"] == seat
    assert not hidden & set(re.findall(r"\b(?:WD4|W|[RYGB](?:D2|S|R|\d))\b", repr(answer))), answer


def take_turn(page) -> None:
    """The seat to move plays a card it may (a wild with the first colour offered), or draws, or
    keeps a drawn card, or accepts a penalty, or deals the next round, or names the colour of a
    Wild turned first (``first.wild``: a dealt round starts so about once in 27); then waits for
    its table."""
    table, learner = Table(page), Learner(page, "mouse")
    for action in ("pass", "accept", "next-round"):
        if table.action(action).count():
            learner.move(table.action(action).first)
            return
    first_colour = page.locator("#decision .colours button")
    if first_colour.count():
        learner.move(first_colour.first)
        return
    playable = page.locator('.hand-card .card-button[data-verdict="legal"]')
    if playable.count():
        learner.move(playable.first)
        colours = page.locator("#decision .colours button")
        if colours.count():  # a wild: its colour is asked on the table first
            learner.move(colours.first)
        return
    learner.move(page.locator(".draw-button"))


def seat_to_move(served_app, table: str) -> int | None:
    return god_view(served_app, table)[1].round.actor()


@pytest.fixture
def two_people(visit):
    """An Arabic phone and an English laptop: the maker (seat 0) and a friend (seat 1)."""
    maker = visit(pace="instant", viewport=PHONE, is_mobile=True, has_touch=True, locale="ar").page
    friend = visit(pace="instant", viewport=LAPTOP, locale="en").page
    return maker, friend


def test_two_people_each_see_the_others_moves_and_only_their_own_hand(two_people, served_app):
    maker, friend = two_people
    table = open_table(maker, "ar", 2, "سارة")
    link = maker.locator("#share-url").input_value()
    assert link.endswith(f"/ar/tables/{table}") and maker.locator("#share svg.qr").count() == 1
    join_table(friend, link.replace("/ar/", "/en/"), "Sam")
    assert friend.locator("html").get_attribute("lang") == "en" and maker.locator("html").get_attribute("dir") == "rtl"
    # A join is no move: the maker's table, with a free seat, looks again and names the friend.
    maker.locator(".table-people li", has_text="Sam").wait_for()
    maker.locator("#players", has_text="Sam").wait_for()
    version, _practice = god_view(served_app, table)
    pages = {0: maker, 1: friend}
    for seat, page in pages.items():
        page.wait_for_selector(f'.practice[data-version="{version}"]:not(.playing)')
        assert page.locator(".table-follow").is_hidden()  # followed by the stream, no Refresh needed
        assert_sees_only_its_hand(page, served_app, table, seat)
    for turn in range(6):
        seat = seat_to_move(served_app, table)
        if seat is None:
            break
        mover, other = pages[seat], pages[1 - seat]
        take_turn(mover)
        moved = Table(mover).version()
        assert moved > version and mover.locator(".table-follow").is_hidden()
        version = moved
        other.wait_for_selector(f'.practice[data-version="{moved}"]:not(.playing)')  # the move, arrived
        for seated, page in pages.items():
            assert_sees_only_its_hand(page, served_app, table, seated)
        if turn == 2:  # a phone that reloads comes back to its seat and hand
            friend.reload()
            friend.wait_for_selector(f'.practice[data-version="{moved}"]')
            assert_sees_only_its_hand(friend, served_app, table, 1)
    assert version > 1


def rewrite(served_app, table: str, change) -> int:
    """Set up a position at the table (a test-only shortcut): ``change(practice)`` edits the stored
    game, saved as its next version and announced to the table's streams as a move is."""
    with served_app.app_context():
        store = access.store()
        record = store.load(table)
        practice = Practice.from_dict(record.state)
        change(practice)
        saved = store.save(record, practice.to_dict(), practice.finished)
        assert saved is not None
        store.table_moved(table, saved.version)
        return saved.version


def short_hands(actor_cards: list[str], others: int):
    """The actor holds ``actor_cards`` (the first playable on a red 5: nothing else to play), every
    other seat its first ``others`` cards; the rest goes under the draw pile (108 cards in all)."""
    def change(practice: Practice) -> None:
        state = practice.round
        state.pending, state.exposed = None, None
        wanted = [card(c) for c in (*actor_cards, "R5")]
        for face in wanted:  # taken from wherever they are: no card twice
            pile = next(pile for pile in (*state.hands, state.draw_pile, state.discard) if face in pile)
            pile.remove(face)
        for seat, hand in enumerate(state.hands):
            keep = wanted[:len(actor_cards)] if seat == state.turn else hand[:others]
            state.draw_pile[:0] = hand if seat == state.turn else hand[others:]
            state.hands[seat] = keep
        state.discard.append(wanted[-1])
        state.color = wanted[-1].color
    return change


def everyone_at(pages, version: int) -> None:
    for page in pages:
        page.wait_for_selector(f'.practice[data-version="{version}"]:not(.playing)')


CATCH = "#decision form:has(input[name=action][value=catch]) button"
SETTLED_AFTER = """v => {
    const table = document.querySelector('.practice');
    return table && Number(table.dataset.version) > v && !table.hasAttribute('aria-busy') && !table.classList.contains('playing');
}"""


def wild_turned_first(practice: Practice) -> None:
    """The round as if its first card turned were a Wild (``first.wild``): the seat to move names
    its colour before anyone plays (a dealt round starts so about once in 27)."""
    state = practice.round
    wild = next(face for face in state.draw_pile if face == card("W"))
    state.draw_pile.remove(wild)
    state.draw_pile[:0] = state.discard
    state.discard[:] = [wild]
    state.color = None
    state.pending = Pending(PendingKind.COLOR, state.turn)


def test_a_wild_turned_first_has_its_seat_name_the_colour_on_its_own_page(two_people, served_app):
    maker, friend = two_people
    table = open_table(maker, "ar", 2, "سارة")
    join_table(friend, f"/en/tables/{table}", "Sam")
    version = rewrite(served_app, table, wild_turned_first)
    seat = god_view(served_app, table)[1].round.actor()
    pages = [maker, friend]
    everyone_at(pages, version)
    assert pages[1 - seat].locator("#decision .colours button").count() == 0  # only the seat that names it
    assert pages[seat].locator(".draw-button").count() == 0  # nothing is played before the colour
    take_turn(pages[seat])
    named, after = god_view(served_app, table)
    assert named > version and after.round.pending is None and after.round.color is not None
    everyone_at(pages, named)


def test_four_people_play_a_whole_round_and_a_catch_race_is_decided_once(visit, served_app):
    """Two Arabic and two English readers, two phones and two laptops, at one table of four."""
    pages = [visit(viewport=PHONE, is_mobile=True, has_touch=True, locale="ar").page,
             visit(viewport=LAPTOP, locale="ar").page,
             visit(viewport=PHONE, is_mobile=True, has_touch=True, locale="en").page,
             visit(viewport=LAPTOP, locale="en").page]
    table = open_table(pages[0], "ar", 4, "سارة")
    for page, lang, name in zip(pages[1:], ("ar", "en", "en"), ("ليلى", "Sam", "Kim")):
        join_table(page, f"/{lang}/tables/{table}", name)
    version, practice = god_view(served_app, table)
    everyone_at(pages, version)
    # The catch race: the seat to move plays its second-last card and forgets UNO.
    forgetful = practice.round.actor()
    version = rewrite(served_app, table, short_hands(["R7", "B2"], 2))
    everyone_at(pages, version)
    learner = Learner(pages[forgetful], "mouse")
    learner.move(pages[forgetful].locator('.hand-cards .card-button[data-card="R7"]'))
    version = Table(pages[forgetful]).version()
    catchers = [page for seat, page in enumerate(pages) if seat != forgetful][:2]
    everyone_at(pages, version)
    forms = [page.locator(CATCH).element_handle() for page in catchers]
    for form in forms:  # both sent at once, each from its own page on the same version
        form.evaluate("button => button.form.requestSubmit(button)")
    for page in catchers:  # each answered (practice.js: aria-busy while a move is on its way), the catch in
        page.wait_for_function(SETTLED_AFTER, arg=version)
    caught, after = god_view(served_app, table)
    assert len(after.round.hands[forgetful]) == 1 + after.round.rules.uno_penalty  # caught once, not twice
    everyone_at(pages, caught)
    # The other catch was refused to its sender alone: the game had moved on, or there was no one to catch.
    assert sum(page.locator("#notice").count() for page in catchers) == 1
    for seat, page in enumerate(pages):
        assert_sees_only_its_hand(page, served_app, table, seat)
    play_to_the_end_of_the_round(pages, served_app, table)  # then the round is played to its end
    # And the next round, from its whole deal to its end (the game's too, if it reaches its target).
    dealer = next(page for page in pages if Table(page).action("next-round").count())
    Learner(dealer, "mouse").move(Table(dealer).action("next-round").first)
    version, practice = god_view(served_app, table)
    assert practice.game.number == 2 and sum(map(len, practice.round.hands)) >= 4 * 7  # dealt whole
    play_to_the_end_of_the_round(pages, served_app, table, reloads=3)  # one phone or laptop reloads mid-round


def play_to_the_end_of_the_round(pages, served_app, table: str, reloads: int | None = None) -> None:
    """Each seat to move takes its turn on its own page until the round is over, every seat
    seeing every move (its table at each version) and never another's hand; then its scoring.
    ``reloads``: after that many turns, the page of a seat that is not to move reloads mid-round
    and comes back to its seat and hand."""
    for turn in range(400):
        version, practice = god_view(served_app, table)
        everyone_at(pages, version)
        if practice.round.round_over:
            break
        if turn == reloads:
            seat = practice.round.next_seat(practice.round.actor())
            pages[seat].reload()
            everyone_at(pages, version)
            assert_sees_only_its_hand(pages[seat], served_app, table, seat)
        take_turn(pages[practice.round.actor()])
        version, _practice = god_view(served_app, table)
        everyone_at(pages, version)
        for seat, page in enumerate(pages):
            assert_sees_only_its_hand(page, served_app, table, seat)
    assert practice.round.round_over
    for page in pages:
        page.locator(".scoring").wait_for()


@pytest.mark.parametrize("uno", [False, True], ids=["wild", "wild-and-uno"])
@pytest.mark.parametrize("lang", PROBLEM_FREE)
def test_a_new_version_while_a_wilds_colour_is_chosen_keeps_the_chooser_and_the_choice_plays(
        visit, served_app, screenshots, lang, uno):
    """Seat A taps a wild and its colour chooser opens; meanwhile the table moves on (another
    version, announced on the stream as any move is). A's table follows it without dropping the
    chooser, and the colour A then picks plays the wild on the new version. ``uno``: A pressed
    UNO! before the wild, its second-last card: the call survives the new version too."""
    pages = [visit(pace="instant", viewport=PHONE, is_mobile=True, has_touch=True, locale=lang).page,
             visit(pace="instant", viewport=LAPTOP, locale=lang).page]
    table = open_table(pages[0], lang, 2, "Sara" if lang == "en" else "سارة")
    join_table(pages[1], f"/{lang}/tables/{table}", "Omar" if lang == "en" else "عمر")
    version, practice = god_view(served_app, table)
    seat = practice.round.actor()
    chooser = pages[seat]
    version = rewrite(served_app, table, short_hands(["W", "B2"] if uno else ["W", "B2", "G3"], 3))
    everyone_at(pages, version)
    if uno:
        chooser.locator("#hand button.uno-toggle").click()
        expect(chooser.locator("#hand button.uno-toggle")).to_have_attribute("aria-pressed", "true")
    Learner(chooser, "mouse").move(chooser.locator('.hand-cards .card-button[data-card="W"]'))
    colours = chooser.locator("#decision .colours button")
    colours.first.wait_for()
    newer = rewrite(served_app, table, lambda practice: None)  # the table moves on: another version
    everyone_at(pages, newer)  # A's table followed it...
    assert colours.count() == 4  # ...with the chooser still open
    assert chooser.locator('#decision .colours input[name=version]').input_value() == str(newer)
    assert chooser.locator('#decision .colours input[name=uno]').count() == (1 if uno else 0)  # the call kept
    chooser.screenshot(path=screenshots / f"friend-table-choosing{'-uno' if uno else ''}-{lang}-375.png",
                       full_page=True)
    Learner(chooser, "mouse").move(colours.last)
    chooser.wait_for_function(SETTLED_AFTER, arg=newer)
    played, after = god_view(served_app, table)
    assert played > newer and after.round.discard[-1] == card("W") and "W" not in Table(chooser).hand()
    assert chooser.locator("#notice").count() == 0 and chooser.locator("#decision .colours").count() == 0
    assert after.round.uno_said[seat] is uno  # called with the wild, or not at all
    if uno:
        assert len(after.round.hands[seat]) == 1 and chooser.locator(".player-you .badge-uno").is_visible()


def test_a_browser_without_javascript_plays_by_forms_beside_one_with_it(visit, served_app):
    """The friend's browser runs no script: it joins, moves and sees the table by forms and by its
    page asking again (a meta refresh while another seat is to move); the maker's sees each move."""
    maker = visit(viewport=LAPTOP, locale="en").page
    table = open_table(maker, "en", 2, "Sara")
    friend = visit(viewport=PHONE, java_script_enabled=False, locale="ar").page
    join_table(friend, f"/ar/tables/{table}", "ليلى")
    assert friend.locator(".table-follow").is_visible()  # the Refresh link, without the script
    for _ in range(4):
        version, practice = god_view(served_app, table)
        seat = practice.round.actor()
        if seat is None:
            break
        if seat == 1:
            assert friend.locator('meta[http-equiv="refresh"]').count() == 0  # its turn: nothing to wait for
            take_turn(friend)
            moved, _practice = god_view(served_app, table)
            maker.wait_for_selector(f'.practice[data-version="{moved}"]:not(.playing)')
        else:
            friend.goto(f"/ar/tables/{table}")
            assert friend.locator('meta[http-equiv="refresh"]').count() == 1  # waits for Sara: asks again
            take_turn(maker)
            moved = Table(maker).version()
            friend.wait_for_selector(f'.practice[data-version="{moved}"]', timeout=20_000)  # by its refresh
        assert moved > version
        for seated, page in ((0, maker), (1, friend)):
            assert_sees_only_its_hand(page, served_app, table, seated)


@pytest.mark.parametrize("lang", PROBLEM_FREE)
def test_the_join_page_and_the_seated_table_are_accessible_and_screenshot(visit, served_app, screenshots,
                                                                          axe_source, arabic_fonts, lang):
    maker = visit(viewport=LAPTOP).page
    maker.goto(f"/{lang}/play#friends")
    maker.screenshot(path=screenshots / f"friend-table-form-{lang}-1280.png", full_page=True)
    table = open_table(maker, lang, 3, "Sara" if lang == "en" else "سارة")
    friend = visit(viewport=LAPTOP).page
    friend.goto(f"/{lang}/tables/{table}")
    friend.wait_for_selector("form.join-form")
    shot_and_check(friend, lang, f"friend-table-join-{lang}", screenshots, axe_source, arabic_fonts)
    name = "Omar" if lang == "en" else "عمر"
    join_table(friend, f"/{lang}/tables/{table}", name)
    for who, page in (("maker", maker), ("friend", friend)):
        version, _practice = god_view(served_app, table)
        page.wait_for_selector(f'.practice[data-version="{version}"]:not(.playing)')
        page.locator(".table-people li", has_text=name).wait_for()  # the maker's page: once it looked again
        shot_and_check(page, lang, f"friend-table-{who}-{lang}", screenshots, axe_source, arabic_fonts)


def shot_and_check(page, lang, name, screenshots, axe_source, arabic_fonts):
    """Screenshots at a laptop's and a phone's size (and axe's 360 px), and no problem found."""
    page.screenshot(path=screenshots / f"{name}-1280.png", full_page=True)
    assert page_problems(page, lang, axe_source, arabic_fonts, phone_shot=screenshots / f"{name}-360.png") == []
    page.set_viewport_size(PHONE)
    page.screenshot(path=screenshots / f"{name}-375.png", full_page=True)
    page.set_viewport_size(LAPTOP)
