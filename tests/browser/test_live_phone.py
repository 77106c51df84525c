"""A student's phone in a live session (issue 37, item 1), in Chromium at 375×667, in both
languages: the phone shows the teacher's frame, follows the teacher's steps by itself (the event
stream, live.js), shows the question and its choices, and passes axe-core. Every wait is bounded;
none is a timed assertion."""
import re

import pytest

from app.i18n import LANGUAGES

from .checks import page_problems
from .test_class_page import make_class

PHONE = {"width": 375, "height": 667}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_follows_the_teachers_steps(visit, screenshots, axe_source, arabic_fonts, lang):
    teacher = visit().page
    code = make_class(teacher, lang)
    phone = visit(viewport=PHONE).page
    phone.goto(f"/{lang}/join/{code}")
    phone.locator("form.join-form button[type=submit]").click()
    phone.wait_for_url(re.compile(r"/play/[^/]+$"))
    assert teacher.request.post(f"/api/v1/classes/{code}/live", data={"demo": "action-cards"}).status == 201
    phone.goto(f"/{lang}/class/{code}/live")
    assert phone.locator(".live").get_attribute("data-frame") == "1"
    problems = page_problems(phone, lang, axe_source, arabic_fonts)
    assert not problems, "\n".join(problems)
    assert teacher.request.post(f"/api/v1/classes/{code}/live/step", data={"to": "next"}).status == 200
    phone.wait_for_selector(".live[data-frame='2']")  # loaded again by live.js, from the stream
    assert phone.locator(".live-question").is_visible()
    assert phone.locator(".live-choices li").count() == 4
    problems = page_problems(phone, lang, axe_source, arabic_fonts)
    assert not problems, "\n".join(problems)
    phone.screenshot(path=screenshots / f"{lang}-live-phone.png", full_page=True)
    assert teacher.request.post(f"/api/v1/classes/{code}/live/end").status == 200
    phone.wait_for_selector(".live-waiting")
