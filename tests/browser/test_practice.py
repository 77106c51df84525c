"""A practice round played in Chromium as a learner plays it, in each language: with the mouse,
with the keyboard alone (Tab, the arrow keys, Enter, Space), and with JavaScript off (plain forms).
The step player plays at "instant" here (set in the browser's storage, as a learner's choice is
kept) unless a test is about the steps themselves.

The seed fixes the deal, but each choice is read off the screen — the hint marks on the hand,
the buttons on offer — so the round follows whatever the table shows. Along the way it tries a
card the rules refuse, draws, names a colour for a wild, says UNO and plays legal cards.
"""
import re

import pytest

from app.i18n import LANGUAGES

from .checks import ARABIC, page_problems
from .served import SEED
GOALS = {"refused", "drawn", "wild", "uno", "played"}
MAX_ACTIONS = 60
MODES = ("mouse", "keyboard", "no-js")


# How many presses of Tab take focus from where it is to the target (negative: of Shift+Tab),
# counting the tab stops between them in document order (a radio group stops only at its
# checked button).
TAB_STOPS_TO = """target => {
  const active = document.activeElement;
  const stops = [...document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, summary')]
    .filter(el => !el.disabled && el.checkVisibility() && !(el.type === 'radio' && !el.checked));
  const before = (a, b) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
  if (active === document.body || before(active, target))
    return stops.filter(el => el !== active && (active === document.body || before(active, el))
                              && (el === target || before(el, target))).length;
  return -stops.filter(el => el !== active && (el === target || before(target, el)) && before(el, active)).length;
}"""


class Learner:
    """Acts on the page the way one kind of learner does, and waits for the table to answer."""

    def __init__(self, page, mode: str):
        self.page, self.mode = page, mode

    def press(self, target, key="Enter"):
        """Activate a button or link: click it, or Tab to it and press the key."""
        if self.mode != "keyboard":
            target.click()
            return
        self.tab_to(target)
        self.page.keyboard.press(key)

    def tab_to(self, target, walk=True):
        """Press Tab (or Shift+Tab, back) until the target has focus: first as often as the DOM
        says, less one in case the browser skips a stop, then one press at a time, checking. A
        card in the hand is one tab stop away, then the arrow keys' walk through the hand."""
        if walk and target.evaluate("el => el.matches('.hand-cards .card-button')"):
            self.tab_to(self.page.locator('.hand-cards .card-button[tabindex="0"]'), walk=False)
            self.arrow_to(target)
            return
        stops = int(target.evaluate(TAB_STOPS_TO))  # -0 (a float) when it already has focus
        key = "Tab" if stops >= 0 else "Shift+Tab"
        for _ in range(abs(stops) - 1):
            self.page.keyboard.press(key)
        for _ in range(200):
            if target.evaluate("el => el === document.activeElement"):
                return
            self.page.keyboard.press(key)
        pytest.fail(f"{key} never reaches {target}", pytrace=False)

    def arrow_to(self, target):
        """From the focused card to ``target`` with the arrow key that goes forward in reading
        order: the right arrow in English, the left one in Arabic."""
        forward = "ArrowLeft" if self.page.evaluate("document.dir") == "rtl" else "ArrowRight"
        for _ in range(30):
            if target.evaluate("el => el === document.activeElement"):
                return
            self.page.keyboard.press(forward)
        pytest.fail(f"{forward} never reaches {target}", pytrace=False)

    def tick(self, checkbox):
        """Choose to call UNO with the card played next: with JavaScript the UNO! toggle button
        that stands for the (hidden) box, without it the box itself, drawn as that button."""
        if self.mode == "no-js":
            checkbox.check()
        else:
            self.press(self.page.locator(".uno-box", has=checkbox).locator("button.uno-toggle"), "Space")
        assert checkbox.is_checked()

    def move(self, target, key="Enter"):
        """Make a move and wait for the new table (a fetch without reload, or a new page)."""
        self.page.evaluate("document.querySelector('.practice').dataset.stale = '1'")
        self.press(target, key)
        self.settled()

    def settled(self, timeout=None):
        """Wait until the table stands still: the answer is in and its steps are played."""
        self.page.wait_for_selector(".practice:not([data-stale]):not(.playing)", timeout=timeout)


class Table:
    """What the learner can read off the table."""

    def __init__(self, page):
        self.page = page

    def version(self) -> int:
        return int(self.page.locator(".practice").get_attribute("data-version"))

    def hand(self) -> list[str]:
        return self.page.locator(".hand-card .card-button").evaluate_all("els => els.map(e => e.value)")

    def cards(self, state: str):
        """The hand's card buttons marked playable (a bluff too) or unplayable by the hints."""
        return self.page.locator(f".hand-card.{state} .card-button")

    def verdicts(self) -> dict[str, str]:
        """{card: "legal" | "bluff" | "illegal"} as the hints mark the hand."""
        return dict(self.page.locator(".hand-card .card-button").evaluate_all(
            "els => els.map(e => [e.dataset.card, e.dataset.verdict])"))

    def action(self, name: str):
        """The decision panel's button for an action (draw, continue, pass, uno, accept...)."""
        return self.page.locator(f"#decision form:has(input[name=action][value={name}]) button")

    def latest_rules(self, own=False) -> list[str]:
        """The rule ids (#fragments) the newest narrated steps link to; own: the learner's step only."""
        steps = self.page.locator(".log-step.latest")
        links = (steps.first if own else steps).locator("a.why")
        return [h.lstrip("#") for h in links.evaluate_all("els => els.map(a => a.hash)")]


def start_game(page, learner: Learner, lang: str):
    """A game from the full form, one click under the quick start: "Choose the rules" opens it."""
    page.goto(f"/{lang}/play")
    learner.press(page.locator("#choose-rules > summary"))
    form = page.locator("#choose-rules form.new-game")
    if learner.mode == "keyboard":
        learner.tab_to(form.locator("#bots"))
        page.keyboard.press("Control+A")
        page.keyboard.type("1")
        learner.tab_to(form.locator("#seed"))
        page.keyboard.type(SEED)
    else:
        form.locator("#bots").fill("1")
        form.locator("#seed").fill(SEED)
    assert form.locator("#hints").is_checked()
    with page.expect_navigation():
        learner.press(form.locator("button[type=submit]"))
    assert re.search(rf"/{lang}/play/[^/?#]+", page.url), page.url


VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 667}}
TEACHER = "?rules=guide-long&bots=2&level=normal&seed=class7"


@pytest.mark.parametrize("link", ["plain", "teacher"])
@pytest.mark.parametrize("size", VIEWPORTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_now_is_in_view_at_load_and_one_click_reaches_a_table(visit, screenshots, lang, size, link):
    """The quick start's button is on screen, whole, without scrolling (a laptop, a small phone),
    and one click deals: the table, its opening steps played on it as after the full form."""
    page = visit(pace="fast").page
    viewport = VIEWPORTS[size]
    page.set_viewport_size(viewport)
    page.goto(f"/{lang}/play{TEACHER if link == 'teacher' else ''}")
    button = page.locator("#quick-start button")
    box = button.bounding_box()
    assert page.evaluate("[scrollX, scrollY]") == [0, 0]
    assert (0 <= box["x"] and box["x"] + box["width"] <= viewport["width"]
            and 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"]), (box, viewport)
    assert box["height"] >= 44 and box["width"] >= 44  # easy to tap
    summary = page.locator("#quick-summary")
    assert summary.is_visible() and speaks(summary.inner_text(), lang), summary.inner_text()
    assert not page.locator("#choose-rules form").is_visible()  # the full form waits one click away
    page.screenshot(path=screenshots / f"{lang}-play-{size}-{link}.png")
    with page.expect_navigation():
        button.click()
    assert re.search(rf"/{lang}/play/[^/?#]+$", page.url), page.url
    assert page.locator(".practice").is_visible()
    players = 3 if link == "teacher" else 4
    assert page.locator(".players .player").count() == players
    # The opening steps are played on the table, as after the full form (the new-game class).
    page.wait_for_selector(".practice.playing .step-caption:not([hidden])")
    Learner(page, "mouse").settled()


def speaks(text: str, lang: str) -> bool:
    """Whether a message is in the learner's language (Arabic script or none of it)."""
    return bool(text.strip()) and bool(ARABIC.search(text)) == (lang == "ar")


def try_refused_card(page, learner, table, lang):
    """A card the hints mark unplayable is refused: the card is marked and explained beside it,
    with its rule, focus stays on it (in the hand), and nothing changes."""
    before = (table.version(), table.hand())
    tried = table.cards("unplayable").first
    notation = tried.get_attribute("data-card")
    learner.move(tried)
    refusal = page.locator("#hand #refusal[role=alert]")
    assert refusal.is_visible()
    assert speaks(refusal.inner_text(), lang), refusal.inner_text()
    box = refusal.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"], box
    marked = page.locator(".card-button[data-refused]")
    assert marked.count() == 1 and marked.get_attribute("data-card") == notation
    assert "refusal" in marked.get_attribute("aria-describedby").split()
    if learner.mode != "no-js":  # autofocus does the same without JavaScript, once the page loads
        assert page.evaluate("document.activeElement.dataset.card") == notation
    link = refusal.locator("a").get_attribute("href")
    path, _, rule = link.partition("#")
    assert path.startswith(f"/{lang}/") and rule, link
    assert f'id="{rule}"' in page.context.request.get(path).text(), f"no anchor for {link}"
    assert (table.version(), table.hand()) == before
    if learner.mode != "no-js":  # read out to screen readers too
        page.wait_for_function("() => [...document.querySelectorAll('[aria-live]')].some(e => e.textContent.trim())")


def choose_card(table, goals):
    """A playable card: a wild first if no colour has been named yet, else any other card."""
    playable = table.cards("playable")
    values = playable.evaluate_all("els => els.map(e => e.dataset.card)")
    wild = next((i for i, v in enumerate(values) if v in ("W", "WD4")), None)
    plain = next((i for i, v in enumerate(values) if v not in ("W", "WD4")), None)
    if wild is not None and ("wild" not in goals or plain is None):
        return playable.nth(wild)
    return playable.nth(plain) if plain is not None else None


def take_turn(page, learner, table, lang, goals) -> bool:
    """One decision, read off the table; returns False when there is none left to make."""
    page_colours = page.locator("#decision .colours button[value=red]")
    if page_colours.count():
        learner.move(page_colours, "Space")
        goals.add("wild")
        return True
    for name in ("uno", "accept", "continue", "next-round"):  # forgot UNO, a penalty, a bot's turn...
        if table.action(name).count():
            learner.move(table.action(name))
            return True
    drawn = page.locator("#decision form:has(input[name=card]) button.primary")
    if drawn.count():  # a drawn card that can be played now
        if page.locator("#uno-drawn").count():
            learner.tick(page.locator("#uno-drawn"))
        learner.move(drawn)
        goals.add("played")
        return True
    if not table.action("draw").count():
        return False  # the game is over
    if "refused" not in goals and table.cards("unplayable").count():
        try_refused_card(page, learner, table, lang)
        goals.add("refused")
        return True
    card = choose_card(table, goals) if "drawn" in goals else None
    if card is None:
        count = len(table.hand())
        learner.move(table.action("draw"))
        assert len(table.hand()) == count + 1 or "draw.one" in table.latest_rules()
        goals.add("drawn")
        return True
    if page.locator("#uno-hand").count():  # two cards: say UNO as the next-to-last one goes
        learner.tick(page.locator("#uno-hand"))
    learner.move(card, "Space")
    goals.add("played")
    return True


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_practice_round(visit, screenshots, axe_source, arabic_fonts, lang, mode):
    page = visit(java_script_enabled=mode != "no-js").page
    learner, table = Learner(page, mode), Table(page)
    start_game(page, learner, lang)
    learner.settled()  # the opening moves
    page.evaluate("window.sameDocument = true")  # gone if a move reloads the page
    goals, problems = set(), None
    for _ in range(MAX_ACTIONS):
        before = set(goals)
        if GOALS <= goals or not take_turn(page, learner, table, lang, goals):
            break
        if "uno.call" in table.latest_rules(own=True):  # the log narrates the learner's UNO
            goals.add("uno")
        if mode != "mouse":
            continue
        if "refused" in goals - before:
            page.screenshot(path=screenshots / f"{lang}-table-refused.png", full_page=True)
        if "drawn" in goals - before:  # the table mid-game: the checks every page gets
            page.screenshot(path=screenshots / f"{lang}-table.png", full_page=True)
            problems = page_problems(page, lang, axe_source, arabic_fonts, screenshots / f"{lang}-table-phone.png")
    assert GOALS <= goals, f"reached only {sorted(goals)}"
    # With JavaScript every move is sent with fetch; without it, every move loads a page.
    assert page.evaluate("window.sameDocument === true") == (mode != "no-js")
    if mode == "mouse":
        assert problems == [], "the table mid-game:\n" + "\n".join(problems or ["not checked"])



@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_move_the_server_never_answers_leaves_the_table_and_says_so(visit, lang):
    """No network, or a server down: the table stays where it was (no browser error page, no
    second try behind the learner's back) and says nothing was played; the next try goes through."""
    page = visit().page
    learner, table = Learner(page, "mouse"), Table(page)
    start_game(page, learner, lang)
    learner.settled()
    version, url = table.version(), page.url
    posts = []
    page.on("request", lambda request: posts.append(request) if request.method == "POST" else None)
    page.route("**/play/*", lambda route: route.abort() if route.request.method == "POST" else route.continue_())
    table.action("draw").click()
    failure = page.locator(".sending.notice-error")
    failure.wait_for()
    assert speaks(failure.inner_text(), lang) and page.url == url and table.version() == version
    assert len(posts) == 1
    page.unroute("**/play/*")
    table.action("draw").click()
    page.locator(f".practice:not([data-version='{version}'])").wait_for()
    assert not failure.is_visible()


def test_an_answer_without_a_table_is_shown_in_place_not_sent_again(visit):
    """A game gone or a server error: its page replaces the table, and the move is sent once."""
    page = visit().page
    learner, table = Learner(page, "mouse"), Table(page)
    start_game(page, learner, "en")
    learner.settled()
    posts = []
    page.on("request", lambda request: posts.append(request) if request.method == "POST" else None)
    error = '<!doctype html><title>Error</title><main id="main" tabindex="-1"><p role="alert">gone</p></main>'
    page.route("**/play/*", lambda route: route.fulfill(status=404, body=error, content_type="text/html")
               if route.request.method == "POST" else route.continue_())
    table.action("draw").click()
    page.locator("main p[role=alert]").wait_for()
    assert len(posts) == 1 and not page.locator(".practice").count()
    assert page.evaluate("document.activeElement.id") == "main"


def test_a_move_changes_only_what_it_changed_on_the_table(visit):
    """The answer's table is patched in (swap.js): the discard pile's place and every card still in
    the hand are the same elements after a card is played, with their hints, the pile showing the
    answer's top card (#36 item 6: the pile was replaced whole, and every card after the one played
    had its hint replaced, numbered by place)."""
    page = visit().page
    learner, table = Learner(page, "mouse"), Table(page)
    start_game(page, learner, "en")
    learner.settled()
    played = page.locator('.card-button[data-verdict="legal"]:not([data-card^="W"])').first
    for _ in range(MAX_ACTIONS):  # drawing (and keeping what is drawn) till a card other than a wild can be played
        if played.count():
            break
        learner.move(next(filter(lambda button: button.count(), map(table.action, ("pass", "continue", "draw")))))
    card = played.get_attribute("data-card")
    page.evaluate("""card => { window.kept = [document.querySelector('.pile-discard'),
      ...[...document.querySelectorAll('.hand-card')].filter(place => place.querySelector('[data-card]').dataset.card !== card)
        .flatMap(place => [place, ...place.children])]; }""", card)
    learner.move(played)
    assert page.evaluate("window.kept.length > 3 && window.kept.every(element => element.isConnected)")
    served = re.search(r'class="pile-top" data-card="(\w+)"', page.context.request.get(page.url).text()).group(1)
    top = page.locator(".pile-discard .pile-top")
    assert top.get_attribute("data-card") == served and top.locator(".card").count() == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_projected_table_shows_the_decision_the_hand_and_the_log_at_once(visit, screenshots, lang):
    """A teacher's projector (1920x1080): the log beside the table, and the decision and every step
    of the latest move on screen, at the start (the hand's cards too) and after a move."""
    page = visit().page
    page.set_viewport_size({"width": 1920, "height": 1080})
    learner, table = Learner(page, "mouse"), Table(page)
    start_game(page, learner, lang)
    for moment in ("start", "move"):
        if moment == "move":
            version = table.version()
            table.action("draw").click()
            page.locator(f".practice:not([data-version='{version}'])").wait_for()
        learner.settled()
        page.screenshot(path=screenshots / f"{lang}-table-projected-{moment}.png")
        log, decision = page.locator(".log").bounding_box(), page.locator("#decision").bounding_box()
        steps = [step.bounding_box() for step in page.locator(".log-step.latest").all()]
        shown = [decision, *steps]
        if moment == "start":  # (a drawn card's decision is taller: then the hand may come below)
            shown.append(page.locator(".hand-card .card-button").first.bounding_box())
        for box in shown:
            assert 0 <= box["y"] and box["y"] + box["height"] <= 1080, (moment, box)
        for step in steps:  # inside the log's box, not scrolled out of it
            assert log["y"] <= step["y"] and step["y"] + step["height"] <= log["y"] + log["height"], (moment, step)
        beside = (log["x"] >= decision["x"] + decision["width"] if lang == "en"
                  else log["x"] + log["width"] <= decision["x"])
        assert beside, (log, decision)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hints_are_switched_at_the_table_and_the_table_stays_without_javascript(visit, screenshots, lang):
    """The hints switch answers in place with JavaScript (focus stays on it, nothing is replayed);
    without JavaScript the table is always shown, the last move's steps listed beside it."""
    page = visit().page
    learner = Learner(page, "keyboard")
    start_game(page, learner, lang)
    learner.settled()
    page.evaluate("window.sameDocument = true")
    assert page.locator(".hint-text").count()
    for hints_left in (0, len(Table(page).hand())):  # off, then on again
        learner.move(page.locator(".hints-form button"))
        assert page.locator(".hint-text").count() == hints_left
        assert page.locator(".card-button[data-verdict]").count() == hints_left
        assert page.evaluate("document.activeElement.closest('.hints-form') !== null")
    assert page.evaluate("window.sameDocument === true")

    plain = visit(java_script_enabled=False).page
    learner, table = Learner(plain, "no-js"), Table(plain)
    start_game(plain, learner, lang)
    for _ in range(5):  # draw (and keep what was drawn) until a bot has replied in the same move
        learner.move(table.action("pass" if table.action("pass").count() else "draw"))
        fresh = plain.locator(".log-step.latest").count()
        if fresh > 1:
            break
    assert fresh > 1
    assert plain.locator(".log-step.latest:visible").count() == fresh
    for region in ("#players", "#pile", "#decision", "#hand"):
        assert plain.locator(region).is_visible()
    plain.screenshot(path=screenshots / f"{lang}-table-no-js.png", full_page=True)
