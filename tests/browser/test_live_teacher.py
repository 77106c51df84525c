"""The teacher's side of a live session (issue 37, items 1 to 3) in Chromium, in both languages: the
class page's "Start a live session" and its form at a laptop's 1280×800 and a phone's 375×667; the
projector at 1280×720 stepping a session by its keys while a student's phone at 375×667 follows,
the chart of answers counting an answer as it comes, R revealing the engine's answer, all read from
the back row; a quiz with its timer and its summary. axe-core finds nothing on any of these pages.
Every wait is bounded; none is a timed assertion."""
import re

import pytest

from app.i18n import LANGUAGES

from .checks import page_problems
from .served import validate
from .test_class_page import make_class
from .test_learn import errors, watched  # noqa: F401 (errors: a fixture, the page's script errors)
from .test_presenter_back_row import LABEL, NARRATION, TEXT_SIZES

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 667}}
HD, PHONE = {"width": 1280, "height": 720}, {"width": 375, "height": 667}
DEMO = "action-cards"  # 1 intro, 2 "What would you play?" (RS, B3, G8, draw), 3 the move


def joined_phone(visit, lang, code):
    """A student who joined the class, on the live session's phone page."""
    phone = visit(viewport=PHONE).page
    phone.goto(f"/{lang}/join/{code}")
    phone.locator("form.join-form button[type=submit]").click()
    phone.wait_for_url(re.compile(r"/play/[^/]+$"))
    phone.goto(f"/{lang}/class/{code}/live")
    return phone


# test_presenter_back_row's measure, the chart of answers, the time left and a quiz's explanation
# being labels beside the narration (at least 3% of the screen's height), as a rule's own line is.
LIVE_TEXT_SIZES = TEXT_SIZES.replace(".step-rules, .fact, .why, .verdict-badge", ".step-rules, .fact, .why, .verdict-badge, "
                                     ".live-chart, .live-timer, .live-quiz .live-answer")


def overflow(page) -> int:
    """How far the projector's frame runs below the screen (0: Back, Reveal and Next are on it)."""
    return page.evaluate("() => Math.max(0, Math.ceil(document.querySelector('.live-nav').getBoundingClientRect()"
                         ".bottom - innerHeight))")


def small_text(page) -> list[str]:
    """Text on the projector below the back row's sizes."""
    return [f"{t}" for t in page.evaluate(LIVE_TEXT_SIZES) if t["share"] < (NARRATION if t["narration"] else LABEL)]


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_page_starts_a_quiz_with_its_options(visit, screenshots, axe_source, arabic_fonts, lang, size):
    teacher = visit(viewport=SIZES[size]).page
    code = make_class(teacher, lang)
    start = teacher.locator("#live a[href$='/live/new']")
    assert start.is_visible()
    start.click()
    teacher.wait_for_url(re.compile(r"/live/new$"))
    assert teacher.locator("#what-quiz").is_checked() and not teacher.locator("#live-leaderboard").is_checked()
    teacher.screenshot(path=screenshots / f"{lang}-live-start-{size}.png", full_page=True)
    if size == "laptop":  # the checks look at both widths themselves
        problems = page_problems(teacher, lang, axe_source, arabic_fonts)
        assert not problems, "\n".join(problems)
    teacher.locator("#live-timer").fill("3")  # below five seconds: the browser asks again (the server would too)
    assert teacher.locator("#live-timer").evaluate("el => el.validity.rangeUnderflow")
    teacher.locator("#live-timer").fill("30")
    teacher.locator("#live-leaderboard").check()
    teacher.locator("form.live-start button[type=submit]").click()
    teacher.wait_for_url(re.compile(r"/live/screen$"))
    assert teacher.locator(".presenter[data-kind='item'][data-number='1']").is_visible()
    teacher.screenshot(path=screenshots / f"{lang}-live-screen-{size}.png", full_page=True)
    assert teacher.locator(".live-timer").is_visible()
    teacher.goto(f"/{lang}/class/{code}")
    assert teacher.locator("#live a[href$='/live/screen']").is_visible()
    teacher.screenshot(path=screenshots / f"{lang}-live-class-page-{size}.png")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_projector_steps_the_session_and_the_phone_follows(visit, errors, screenshots, axe_source, arabic_fonts,
                                                                lang):
    projector = watched(visit(viewport=HD).page, errors)
    code = make_class(projector, lang)
    phone = joined_phone(visit, lang, code)
    assert phone.locator(".live-waiting").is_visible()
    projector.goto(f"/{lang}/class/{code}/live/new")
    projector.locator(f"#what-{DEMO}").check()
    projector.locator("form.live-start button[type=submit]").click()
    projector.wait_for_url(re.compile(r"/live/screen$"))
    phone.wait_for_selector(".live[data-frame='1']")  # the phone's page, loaded again when the session started
    projector.keyboard.press("ArrowRight")
    projector.wait_for_selector(".presenter[data-number='2'][data-kind='pause']")
    phone.wait_for_selector(".live[data-frame='2']")  # the phone follows the projector's key
    chart = projector.locator(".live-chart")
    assert chart.is_visible() and chart.locator("[data-total]").inner_text() == "0"
    assert chart.locator(".chart-rows li").count() == 4
    # A student answers on the phone's API: the chart counts it within a poll or two, without a name.
    answered = phone.request.post(f"/api/v1/classes/{code}/live/answers?lang={lang}", data={"frame": 2, "answer": "B3"})
    assert answered.status == 200 and answered.json()["legal"] is False
    projector.wait_for_function("() => document.querySelector('.live-chart [data-total]').textContent === '1'")
    assert chart.locator("li[data-choice='B3'] .chart-count").inner_text() == "1"
    projector.wait_for_selector(".chart-rules li[data-rule='match.none']")
    assert not small_text(projector), small_text(projector)
    assert overflow(projector) == 0
    problems = page_problems(projector, lang, axe_source, arabic_fonts)
    assert not problems, "\n".join(problems)
    projector.set_viewport_size(HD)
    projector.screenshot(path=screenshots / f"{lang}-live-projector-chart.png")
    projector.keyboard.press("r")
    projector.wait_for_selector(".live-answer")
    assert projector.locator(".live-answer .narration-legal").is_visible()  # the engine's verdict on the class's move
    assert projector.locator(".chart-rows li.chart-right[data-choice='RS']").count() == 1
    projector.screenshot(path=screenshots / f"{lang}-live-projector-revealed.png")
    assert not small_text(projector), small_text(projector)
    assert overflow(projector) == 0
    problems = page_problems(projector, lang, axe_source, arabic_fonts)
    assert not problems, "\n".join(problems)
    phone.wait_for_selector(".live-reveal")  # the phone shows the revealed answer too
    phone.screenshot(path=screenshots / f"{lang}-live-phone-revealed.png", full_page=True)
    projector.set_viewport_size(HD)
    projector.locator(".live-nav button[data-to='next']").click()  # the button does what the key does
    projector.wait_for_selector(".presenter[data-number='3']")
    phone.wait_for_selector(".live[data-frame='3']")
    projector.keyboard.press("ArrowLeft")
    projector.wait_for_selector(".presenter[data-number='2']")
    phone.wait_for_selector(".live[data-frame='2']")
    assert not errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_the_projectors_buttons_step_the_session(visit, lang):
    projector = visit(viewport=HD, java_script_enabled=False).page
    code = make_class(projector, lang)
    projector.goto(f"/{lang}/class/{code}/live/new")
    projector.locator(f"#what-{DEMO}").check()
    projector.locator("form.live-start button[type=submit]").click()
    projector.wait_for_url(re.compile(r"/live/screen$"))
    projector.locator(".live-nav button[data-to='next']").click()
    projector.wait_for_selector(".presenter[data-number='2']")
    projector.locator(".live-nav button[data-to='reveal']").click()
    projector.wait_for_selector(".live-answer")
    projector.locator(".presenter-end-live a").click()
    projector.locator("form.confirm-form button[type=submit]").click()
    projector.wait_for_url(re.compile(rf"/class/{code}#live$"))
    assert projector.locator("#live a[href$='/live/new']").is_visible()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_quiz_on_the_projector_its_timer_on_the_phone_and_its_summary(visit, errors, screenshots, axe_source,
                                                                       arabic_fonts, lang):
    projector = watched(visit(viewport=HD).page, errors)
    code = make_class(projector, lang)
    phone = joined_phone(visit, lang, code)
    started = projector.request.post(f"/api/v1/classes/{code}/live", data={"quiz": "lesson", "timer": 120,
                                                                           "leaderboard": True})
    assert started.status == 201
    projector.goto(f"/{lang}/class/{code}/live/screen")
    phone.wait_for_selector(".live[data-kind='item'] .live-timer")
    item = started.json()
    answered = phone.request.post(f"/api/v1/classes/{code}/live/answers?lang={lang}",
                                  data={"frame": 1, "answer": item["choices"][0]["id"]})
    assert answered.status == 200
    projector.wait_for_function("() => document.querySelector('.live-chart [data-total]').textContent === '1'")
    assert projector.locator(".live-timer").is_visible()
    assert not small_text(projector), small_text(projector)
    projector.screenshot(path=screenshots / f"{lang}-live-projector-quiz.png")
    phone.screenshot(path=screenshots / f"{lang}-live-phone-timer.png", full_page=True)
    assert overflow(projector) == 0
    problems = page_problems(projector, lang, axe_source, arabic_fonts)
    assert not problems, "\n".join(problems)
    projector.set_viewport_size(HD)
    projector.keyboard.press("r")
    projector.wait_for_selector(".live-answer")
    projector.screenshot(path=screenshots / f"{lang}-live-projector-quiz-revealed.png")
    assert not small_text(projector), small_text(projector)
    assert overflow(projector) == 0
    projector.goto(f"/{lang}/class/{code}/live/summary")
    assert projector.locator(".summary-questions tr[data-number='1']").is_visible()
    assert projector.locator(".summary-leaderboard li").count() == 1
    projector.screenshot(path=screenshots / f"{lang}-live-summary.png", full_page=True)
    problems = page_problems(projector, lang, axe_source, arabic_fonts)
    assert not problems, "\n".join(problems)
    assert not errors


def test_the_teachers_live_pages_are_valid_html(visit, vnu_command, tmp_path):
    """The Nu HTML Checker finds no error in the teacher's pages as served, in both languages: the
    class page with a session, the start form, the projector's screen (a demo's question with a
    answer counted, revealed; a quiz's item with its timer, revealed) and the summary."""
    pages = {}
    for lang in LANGUAGES:
        teacher = visit().page
        code = make_class(teacher, lang)
        request, pupil = teacher.context.request, visit().context.request
        assert pupil.post(f"/api/v1/classes/{code}/games", data={"nickname": "<b>Amal</b>"}).status == 201
        screen = f"/{lang}/class/{code}/live/screen"
        pages[f"{lang}-start"] = request.get(f"/{lang}/class/{code}/live/new").body()
        assert request.post(f"/api/v1/classes/{code}/live", data={"demo": DEMO}).status == 201
        pages[f"{lang}-class-page"] = request.get(f"/{lang}/class/{code}").body()
        request.post(f"/api/v1/classes/{code}/live/step", data={"to": "next"})
        assert pupil.post(f"/api/v1/classes/{code}/live/answers", data={"frame": 2, "answer": "B3"}).ok
        pages[f"{lang}-demo-question"] = request.get(screen).body()
        request.post(f"/api/v1/classes/{code}/live/step", data={"to": "reveal"})
        pages[f"{lang}-demo-revealed"] = request.get(screen).body()
        request.post(f"/api/v1/classes/{code}/live/end")
        assert request.post(f"/api/v1/classes/{code}/live", data={"quiz": "lesson", "timer": 60,
                                                                   "leaderboard": True}).status == 201
        pages[f"{lang}-quiz-item"] = request.get(screen).body()
        request.post(f"/api/v1/classes/{code}/live/step", data={"to": "reveal"})
        pages[f"{lang}-quiz-revealed"] = request.get(screen).body()
        pages[f"{lang}-summary"] = request.get(f"/{lang}/class/{code}/live/summary").body()
        pages[f"{lang}-end"] = request.get(f"/{lang}/class/{code}/live/end").body()
    errors = validate(vnu_command, pages, tmp_path)
    assert not errors, "\n".join(errors)
