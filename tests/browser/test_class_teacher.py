"""The teacher's class from any device (issue 37, item 4), in Chromium, in both languages at a
laptop's and a phone's size: the teacher makes a class and sees its teacher link once; a second
browser (the computer at the projector) opens the link and lands on the class page, the secret
gone from its address; a student joins from a phone; the second browser removes the student,
whose phone then finds its game gone and can't join again; then it ends the class, and the
maker's page, following the class's JSON, says so by itself. axe-core on every page on the way.
"""
import re

import pytest

from app.i18n import LANGUAGES

from .checks import page_problems
from .served import validate
from .test_class_page import make_class

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 667}}
PHONE = SIZES["phone"]
NICKNAME = "Rude word"
WORDS = {  # what the pages say, in the reader's language
    "en": {"removed": "The teacher removed you from this class", "ended": "This class has ended"},
    "ar": {"removed": "أخرجك المعلّم من هذا الصف", "ended": "انتهى هذا الصف"},
}


def checked(page, lang, axe_source, arabic_fonts):
    problems = page_problems(page, lang, axe_source, arabic_fonts)
    assert not problems, f"{page.url}:\n" + "\n".join(problems)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_teacher_opens_the_class_on_a_second_device_removes_a_student_and_ends_the_class(
        visit, screenshots, axe_source, arabic_fonts, lang, size):
    viewport, words = SIZES[size], WORDS[lang]
    maker = visit().page
    code = make_class(maker, lang)
    link = maker.locator("#teacher-link-url").input_value()
    assert re.fullmatch(rf"http://127\.0\.0\.1:\d+/{lang}/class/{code}/teacher/[A-Za-z0-9_-]{{43}}", link)
    assert maker.locator("#teacher-link .qr").is_visible()
    checked(maker, lang, axe_source, arabic_fonts)
    maker.set_viewport_size(viewport)
    maker.screenshot(path=screenshots / f"{lang}-class-teacher-link-{size}.png", full_page=True)

    phone = visit(viewport=PHONE).page
    phone.goto(f"/{lang}/join/{code}")
    phone.locator("#nickname").fill(NICKNAME)
    phone.locator("form.join-form button[type=submit]").click()
    phone.wait_for_url(re.compile(r"/play/[^/]+$"))
    table = phone.url

    computer = visit(viewport=viewport).page  # a browser of its own: no cookie of the maker's
    assert computer.goto(f"/{lang}/class/{code}").status == 403
    computer.goto(link)
    assert computer.url.endswith(f"/{lang}/class/{code}")  # the secret has left the address bar
    assert "/teacher/" not in computer.evaluate("location.href")
    assert computer.locator("#teacher-link").count() == 0  # shown to the maker once, never again
    row = computer.locator(".class-progress tbody tr")
    assert row.count() == 1 and row.locator("[data-field=name]").inner_text() == NICKNAME
    computer.screenshot(path=screenshots / f"{lang}-class-second-device-{size}.png", full_page=True)
    checked(computer, lang, axe_source, arabic_fonts)
    computer.set_viewport_size(viewport)

    computer.locator(".class-progress [data-field=remove]").click()
    computer.wait_for_url(re.compile(r"/students/1/remove$"))
    assert NICKNAME in computer.locator("h1").inner_text()
    computer.screenshot(path=screenshots / f"{lang}-class-remove-{size}.png", full_page=True)
    checked(computer, lang, axe_source, arabic_fonts)
    computer.locator("form.confirm-form button[type=submit]").click()
    computer.wait_for_url(re.compile(rf"/class/{code}#progress$"))
    assert computer.locator(".class-progress tbody tr").count() == 0
    assert NICKNAME not in computer.locator("main").inner_text()

    gone = phone.goto(table)  # the student's phone: the game is gone, and it says why
    assert gone.status == 410 and words["removed"] in phone.locator("main").inner_text()
    phone.screenshot(path=screenshots / f"{lang}-class-removed-phone.png", full_page=True)
    phone.goto(f"/{lang}/join/{code}")
    phone.locator("form.join-form button[type=submit]").click()
    assert words["removed"] in phone.locator("#code-error").inner_text()

    computer.locator("#end-class a").click()
    computer.wait_for_url(re.compile(r"/end$"))
    computer.screenshot(path=screenshots / f"{lang}-class-end-{size}.png", full_page=True)
    checked(computer, lang, axe_source, arabic_fonts)
    computer.locator("form.confirm-form button[type=submit]").click()
    computer.wait_for_url(re.compile(rf"/class/{code}$"))
    assert words["ended"] in computer.locator(".class-ended").inner_text()
    assert computer.locator(".join-panel, #end-class").count() == 0
    computer.set_viewport_size(viewport)
    computer.screenshot(path=screenshots / f"{lang}-class-ended-{size}.png", full_page=True)
    checked(computer, lang, axe_source, arabic_fonts)

    # The maker's page reads the class's JSON every few seconds: it sees the end and reloads.
    maker.locator(".class-ended").wait_for(timeout=15_000)
    assert maker.locator(".join-panel").count() == 0
    maker.goto(f"/{lang}/class/{code}/projector")
    assert words["ended"] in maker.locator("main").inner_text() and maker.locator(".qr").count() == 0
    phone.goto(f"/{lang}/join/{code}")
    assert words["ended"] in phone.locator("#code-error").inner_text()


def test_the_teachers_pages_are_valid_html(visit, vnu_command, tmp_path):
    """The Nu HTML Checker finds no error in the pages as served: the class page with its teacher
    link shown, with a student, ended; the pages that ask before removing, renewing and ending."""
    pages = {}
    for lang in LANGUAGES:
        teacher = visit().page
        code = make_class(teacher, lang)
        request = teacher.context.request
        pupil = visit().context.request
        assert pupil.post(f"/api/v1/classes/{code}/games", data={"nickname": NICKNAME}).status == 201
        base = f"/{lang}/class/{code}"
        asked = request.get(f"{base}/teacher-link").text()
        token = re.search(r'name="csrf_token" value="([^"]+)"', asked).group(1)
        fresh = request.post(f"{base}/teacher-link", form={"csrf_token": token})  # follows to the class page
        assert 'id="teacher-link-url"' in fresh.text()
        pages.update({f"{lang}-fresh-link": fresh.body(), f"{lang}-renew": asked.encode()})
        for name in ("", "/students/1/remove", "/end", "/projector"):
            answer = request.get(base + name)
            assert answer.status == 200, (name, answer.status)
            pages[f"{lang}-class{name}"] = answer.body()
        assert request.post(f"/api/v1/classes/{code}/end").status == 200
        pages[f"{lang}-ended"] = request.get(base).body()
        pages[f"{lang}-ended-projector"] = request.get(f"{base}/projector").body()
    errors = validate(vnu_command, pages, tmp_path)
    assert not errors, "\n".join(errors)
