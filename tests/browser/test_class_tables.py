"""The teacher's side of a class's tables (issue 38, item 1), in Chromium with JavaScript, in both
languages at a laptop's and a phone's size: the teacher opens a table of two from the class page's
form; a student joins the class and takes a seat (their own browser, through the API); the class
page's Tables part shows the student by itself (class.js reads it again: the test waits for the
DOM, never for a time); the teacher starts the table and watches it with open hands, where every
hand is shown. axe-core on every page on the way."""
import re

import pytest
from playwright.sync_api import expect

from app.i18n import LANGUAGES

from .checks import page_problems
from .test_class_page import make_class

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 667}}
LIVE = 20_000  # ms the page may take to show a change by itself: several of class.js's looks
WORDS = {
    "en": {"free": "free seat", "student": "student", "bot": "bot", "open": "Open tables…"},
    "ar": {"free": "مقعد شاغر", "student": "من طلاب الصف", "bot": "روبوت", "open": "افتح طاولات…"},
}


def checked(page, lang, axe_source, arabic_fonts):
    """No page problem (checks.page_problems, which looks at other sizes too), then back to this size."""
    size = page.viewport_size
    problems = page_problems(page, lang, axe_source, arabic_fonts)
    assert not problems, f"{page.url}:\n" + "\n".join(problems)
    page.set_viewport_size(size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_teacher_opens_a_table_sees_a_student_take_a_seat_and_watches_it(
        visit, screenshots, axe_source, arabic_fonts, lang, size):
    words = WORDS[lang]
    teacher = visit().page
    teacher.set_viewport_size(SIZES[size])
    code = make_class(teacher, lang)
    teacher.get_by_role("link", name=words["open"]).click()
    teacher.wait_for_url(re.compile(rf"/{lang}/class/{code}/tables/open$"))
    checked(teacher, lang, axe_source, arabic_fonts)
    teacher.screenshot(path=screenshots / f"{lang}-class-tables-open-{size}.png", full_page=True)
    teacher.locator("#tables-count").fill("1")
    teacher.locator("#seats").select_option("2")
    teacher.locator("form.class-form button[type=submit]").click()
    teacher.wait_for_url(re.compile(rf"/{lang}/class/{code}#tables$"))
    tables = teacher.locator("#tables .class-table")
    expect(tables).to_have_count(1)
    expect(tables.locator(".seat-who")).to_have_text([words["free"], words["free"]])
    watch = tables.locator("a[href*='/watch']").get_attribute("href")
    table = re.search(r"/tables/([^/]+)/watch$", watch).group(1)

    pupil = visit(viewport=SIZES["phone"])
    joined = pupil.context.request.post(f"/api/v1/classes/{code}/games", data={"nickname": "Sara"})
    assert joined.status == 201, joined.text()
    seat = pupil.context.request.post(f"/api/v1/tables/{table}/join", data={"name": "Sara"})
    assert seat.status == 200 and seat.json() == {"seat": 0}, seat.text()

    seats = tables.locator(".class-table-seats li")
    expect(seats.first.locator(".seat-name")).to_have_text("Sara", timeout=LIVE)  # by itself: no reload
    expect(seats.first.locator(".seat-who")).to_have_text(words["student"])
    teacher.locator("#tables").scroll_into_view_if_needed()
    checked(teacher, lang, axe_source, arabic_fonts)
    teacher.screenshot(path=screenshots / f"{lang}-class-tables-{size}.png", full_page=True)
    teacher.locator("#tables").screenshot(path=screenshots / f"{lang}-class-tables-part-{size}.png")

    teacher.locator("#tables a[href$='/tables/start']").click()
    teacher.locator("form.confirm-form button[type=submit]").click()
    teacher.wait_for_url(re.compile(rf"/{lang}/class/{code}#tables$"))
    expect(seats.nth(1).locator(".seat-who")).to_have_text(words["bot"])
    teacher.screenshot(path=screenshots / f"{lang}-class-tables-started-{size}.png", full_page=True)

    teacher.locator(f"#tables a[href='{watch}']").click()
    teacher.wait_for_url(re.compile(r"/watch$"))
    hands = teacher.locator("#hand")
    expect(hands.locator(".hidden-hand")).to_have_count(0)
    view = pupil.context.request.get(f"/api/v1/tables/{table}").json()["view"]
    # Sara's hand and the bot's, both as cards (Sara's view holds the bot's as a count)
    expect(hands.locator(".card[role=img]")).to_have_count(len(view["hands"][0]) + view["hands"][1])
    checked(teacher, lang, axe_source, arabic_fonts)
    teacher.screenshot(path=screenshots / f"{lang}-class-table-watch-{size}.png", full_page=True)
