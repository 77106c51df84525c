"""The classroom in Chromium (issue 17, items 2 and 3): a watch link followed from a second
browser while the owner plays, a class made by a teacher and joined by a student, and every new
page accessible, valid and screenshot in both languages at a laptop's and a phone's size.
"""
import re

import pytest

from app.i18n import LANGUAGES

from .checks import page_problems
from .served import SEED, validate
from .test_practice import Learner, Table
from .test_table_screen import new_table, play_with_replies

SIZES = [(1280, 800), (375, 667)]
WATCH_POLL_MS = 2000  # app.classroom.watch_pages.POLL_EVERY
CLASS_POLL_MS = 5000  # app.classroom.class_pages.REFRESH_EVERY
NICKNAME = "<script>Maya"  # shown as it was typed, never run


def share(page, table: str, open_hands=False) -> str:
    """From the owner's table: "Share a watch link", make one, and return its address."""
    page.goto(table)
    page.locator(".share-link").click()
    page.wait_for_url(f"{table}/watch")
    if open_hands:
        page.locator("#open_hands").check()
    page.locator("form.share-form button[type=submit]").click()
    page.wait_for_selector("#watch-url")
    return page.locator("#watch-url").input_value()


def caught_up(watcher, owner):
    """Wait until the watcher's table stands where the owner's does (its page asks every 2 s)."""
    version = owner.locator(".practice").get_attribute("data-version")
    watcher.wait_for_selector(f'.practice[data-version="{version}"]:not(.playing)', timeout=30_000)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_watcher_follows_the_owners_moves_from_another_browser(visit, screenshots, lang):
    owner = visit().page
    learner = Learner(owner, "mouse")
    url = new_table(owner, lang, seed=SEED, bots=1).split("?")[0]
    learner.settled()
    link = share(owner, url)
    owner.goto(url)
    watcher = visit(pace="normal").page  # another browser: no cookie of the owner's
    watcher.goto(link)
    assert watcher.locator("form").count() == 0 and watcher.locator(".card-button").count() == 0
    assert watcher.locator(".watch-refresh").is_hidden()  # the page asks by itself
    log_before = watcher.locator(".log-step").count()
    played = False
    for _ in range(3):  # three moves of the owner's (a card, or a draw), with the bots' replies
        if not Table(owner).action("draw").count():
            break  # a decision other than a card or a draw (a round won, a Wild Draw Four...): enough
        owner.evaluate("document.querySelector('.practice').dataset.stale = '1'")
        play_with_replies(owner, learner).click()
        learner.settled()
        if not played:  # the watcher's table plays the move's steps, as the owner's did
            watcher.wait_for_selector(".practice.playing", timeout=WATCH_POLL_MS * 5)
            played = True
        caught_up(watcher, owner)
        top = owner.locator(".pile-top").get_attribute("data-card")
        assert watcher.locator(".pile-top").get_attribute("data-card") == top
        counts = [chip.get_attribute("data-count") for chip in owner.locator("#players .player").all()]
        assert [chip.get_attribute("data-count") for chip in watcher.locator("#players .player").all()] == counts
        assert watcher.locator("#hand .hidden-hand").is_visible()  # the owner's hand: its backs and its size
        assert watcher.locator("#hand [data-card], #hand .card").count() == 0
        assert owner.locator("#hand .card-button").count() > 0
    assert played and watcher.locator(".log-step").count() > log_before
    assert watcher.locator(".card-button, form").count() == 0
    watcher.screenshot(path=screenshots / f"{lang}-watch-following.png")
    # The owner turns the link off: the watcher's next look shows why, in place, and stops.
    owner.goto(f"{url}/watch")
    owner.locator("button[value=stop]").click()
    owner.wait_for_selector("form.share-form")
    watcher.wait_for_selector("main .notice-error", timeout=WATCH_POLL_MS * 5)
    assert watcher.locator(".practice").count() == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_class_is_made_and_joined_in_the_browser(visit, screenshots, lang):
    teacher = visit().page
    teacher.goto(f"/{lang}/play")
    teacher.locator(f'a[href="/{lang}/class/new"]').click()  # linked from the practice page
    teacher.locator("#bots").fill("1")
    teacher.locator("#seed").fill(SEED)
    teacher.locator("form.class-form button[type=submit]").click()
    teacher.wait_for_url(re.compile(rf"/{lang}/class/[A-Z0-9]{{6}}$"))
    code = teacher.url.rsplit("/", 1)[1]
    assert teacher.locator(".class-code code").inner_text() == f"{code[:3]}-{code[3:]}"
    assert teacher.locator(".join-panel .qr-box svg[role=img]").is_visible()  # the join QR (the teacher link has its own)
    assert teacher.locator("#progress .empty").is_visible()

    student = visit().page
    student.goto(f"/{lang}/join")
    student.locator("#code").fill(f"{code[:3].lower()} {code[3:].lower()}")  # as a phone types it
    student.locator("#nickname").fill(NICKNAME)
    student.locator("form.join-form button[type=submit]").click()
    student.wait_for_url(re.compile(rf"/{lang}/play/[\w-]+$"))
    learner = Learner(student, "mouse")
    learner.settled(timeout=60_000)  # the opening steps, played as after any new game
    learner.move(Table(student).cards("unplayable").first)
    assert student.locator("#refusal").is_visible()

    # The teacher's page shows the student and the refusal without a reload (class.js).
    row = teacher.locator("#progress tbody tr", has_text=NICKNAME)
    row.wait_for(timeout=CLASS_POLL_MS * 3)
    assert row.locator("[data-field=name]").text_content() == NICKNAME  # drawn by class.js, as text
    assert teacher.locator("#progress script").count() == 0
    refused = "() => document.querySelector('#progress tbody [data-field=refused]').textContent === '1'"
    teacher.wait_for_function(refused, timeout=CLASS_POLL_MS * 3)
    assert teacher.locator("#refusals tbody tr").count() == 1
    assert teacher.locator("#refusals tbody a").get_attribute("href").startswith(f"/{lang}/rules/")
    for width, height in SIZES:
        teacher.set_viewport_size({"width": width, "height": height})
        teacher.screenshot(path=screenshots / f"{lang}-class-live-{width}x{height}.png", full_page=True)
    # The teacher follows the student's table through the class's watch link: the table, not the hand.
    row.locator("a[data-field=watch]").click()
    teacher.wait_for_url(re.compile(rf"/{lang}/watch/"))
    assert NICKNAME in teacher.locator("#players .player-name").first.inner_text()
    assert teacher.locator("#hand .hidden-hand").is_visible() and teacher.locator(".card-button").count() == 0
    # The student can't see the class's page.
    assert student.goto(f"/{lang}/class/{code}").status == 403


def _pages(visit, lang):
    """Every new page in ``lang``, as (name, page): the class form, the class's page with a
    student, the join form (empty and from the QR code's address), the share page with a link,
    the watch page without and with open hands, a stranger's refusal and the class's projector view."""
    teacher = visit().page
    teacher.goto(f"/{lang}/class/new")
    yield "class-new", teacher
    teacher.locator("#seed").fill(SEED)
    teacher.locator("form.class-form button[type=submit]").click()
    teacher.wait_for_url(re.compile(r"/class/[A-Z0-9]{6}$"))
    code = teacher.url.rsplit("/", 1)[1]
    student = visit().page
    student.goto(f"/{lang}/join")
    yield "join", student
    student.goto(f"/{lang}/join/{code}")
    yield "join-code", student
    student.locator("#nickname").fill("نور" if lang == "ar" else "Noor")
    student.locator("form.join-form button[type=submit]").click()
    student.wait_for_url(re.compile(r"/play/"))
    table = student.url
    Learner(student, "mouse").settled(timeout=60_000)
    teacher.reload()
    yield "class", teacher
    share(student, table)
    yield "share", student
    watch = teacher.locator("a[data-field=watch]").first.get_attribute("href")
    teacher.goto(watch)
    yield "watch", teacher
    link = share(student, table, open_hands=True)
    teacher.goto(link)
    yield "watch-open", teacher
    stranger = visit().page
    stranger.goto(f"/{lang}/class/{code}")
    yield "class-forbidden", stranger
    teacher.goto(f"/{lang}/class/{code}/projector")
    yield "class-projector", teacher


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_pages_are_accessible_and_screenshot(visit, axe_source, arabic_fonts, screenshots, lang):
    problems = []
    for name, page in _pages(visit, lang):
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=screenshots / f"{lang}-{name}-{width}x{height}.png", full_page=True)
        found = page_problems(page, lang, axe_source, arabic_fonts)
        problems += [f"{name}: {problem}" for problem in found]
    assert not problems, "\n".join(problems)


def test_the_new_pages_are_valid_html(visit, vnu_command, tmp_path):
    """The Nu HTML Checker finds no error in any new page as the server sends it."""
    served = {}
    for lang in LANGUAGES:
        for name, page in _pages(visit, lang):
            served[f"{lang}-{name}"] = page.context.request.get(page.url).body()
    errors = validate(vnu_command, served, tmp_path)
    assert not errors, "\n".join(errors)
