"""A live class (issue 37, items 1 and 2) in Chromium: a teacher and three students' phones at
375×667, two in Arabic and one in English, in one session.

Each phone follows the teacher's steps by itself (the event stream, live.js), answers by tapping
(a card, a seat, a wild with its colour) and is told the engine's reason in its own language, on
screen without scrolling; the teacher's counts are exactly the answers given; a phone that reloads
lands on the current frame with its answer kept; axe-core finds nothing.

Within a second: the time from the teacher's step request to the phone's new frame being in its
DOM is read from the phone's own clock (``SEEN``: the moment the page's .live took the frame's
version, on the same machine's clock as the test), not from how soon the test happened to look. Each wait is bounded at
FOLLOW_WAIT (generous: a loaded 2-core machine runs other suites beside this one), and the one-second
goal is asserted on the median of every phone's every step (some thirty figures): a single slow
figure, which a busy machine may cause, does not fail the test, while a phone that follows slower
than the goal more often than not does. The figures are printed.
"""
import re
import statistics
import time

from .checks import ARABIC, axe_violations
from .served import validate
from .test_class_page import make_class

PHONE = {"width": 375, "height": 667}
WIDE = {"width": 1280, "height": 800}
DEMO = "action-cards"  # 2: "What would you play?", 3: "Who plays next?", 14: a Wild to play
FOLLOW_WAIT = 5_000  # ms a phone may take to show a step before the test fails
GOAL = 1.0  # seconds: the "within a second", asserted on the median


# Kept by each phone: when (ms, the machine's clock) its page first showed each version of the session,
# whether live.js swapped it in or the page loaded with it.
SEEN = """
window.liveSeen = {};
document.addEventListener("DOMContentLoaded", function () {
  var live = document.querySelector(".live[data-events]");
  var note = function () {
    var version = live.getAttribute("data-version");
    if (version && !(version in window.liveSeen)) { window.liveSeen[version] = Date.now(); }
  };
  if (live) { note(); new MutationObserver(note).observe(live, {attributes: true, attributeFilter: ["data-version"]}); }
});
"""


def join(visit, code, lang):
    visiting = visit(viewport=PHONE)
    visiting.context.add_init_script(SEEN)
    phone = visiting.page
    phone.goto(f"/{lang}/join/{code}")
    phone.locator("form.join-form button[type=submit]").click()
    phone.wait_for_url(re.compile(r"/play/[^/]+$"))
    phone.goto(f"/{lang}/class/{code}/live")
    return phone


def shown_at(phone, version):
    """When (seconds, the machine's clock) the phone first showed the session's ``version``."""
    phone.wait_for_selector(f".live[data-version='{version}']", timeout=FOLLOW_WAIT)
    return phone.evaluate(f"window.liveSeen['{version}']") / 1000


def step(teacher, code, phones, to, delays):
    """The teacher's step, and each phone's delay from the request to the step's frame shown."""
    sent = time.time()
    moved = teacher.request.post(f"/api/v1/classes/{code}/live/step", data={"to": to})
    assert moved.status == 200
    delays += [shown_at(phone, moved.json()["session"]["version"]) - sent for phone in phones]
    return moved.json()


def tap(phone, choice):
    phone.locator(f".live-choices li[data-choice='{choice}'] button").click()
    return verdict(phone)


def verdict(phone):
    """The verdict shown (role=status), once live.js has said it: its text, right or not, and the
    rule's link; it must be on the phone's screen without scrolling."""
    said = phone.locator("#live-verdict[data-right]")
    said.wait_for()
    box = said.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box
    return {"text": said.inner_text(), "right": said.get_attribute("data-right") == "true",
            "link": said.locator("a").get_attribute("href")}


def test_a_live_class_of_three_phones(visit, screenshots, axe_source):
    teacher = visit(viewport=WIDE).page
    code = make_class(teacher, "en")
    phones = {name: join(visit, code, lang) for name, lang in (("ar1", "ar"), ("ar2", "ar"), ("en", "en"))}
    assert teacher.request.post(f"/api/v1/classes/{code}/live", data={"demo": DEMO}).status == 201
    for phone in phones.values():
        phone.reload()
        assert phone.locator(".live").get_attribute("data-frame") == "1"
    delays: list[float] = []
    following = list(phones.values())

    step(teacher, code, following, "next", delays)  # 2: "What would you play?"
    ar1, ar2, en = phones["ar1"], phones["ar2"], phones["en"]
    said = {"ar1": tap(ar1, "RS"), "ar2": tap(ar2, "B3"), "en": tap(en, "draw")}
    assert said["ar1"]["right"] and not said["ar2"]["right"] and not said["en"]["right"]
    for name in ("ar1", "ar2"):  # the engine's reason, in Arabic, with the rule's page in Arabic
        assert ARABIC.search(said[name]["text"]) and said[name]["link"].startswith("/ar/"), said[name]
    assert said["en"]["text"].lstrip("✗ ").startswith("Allowed") and said["en"]["link"].startswith("/en/")
    assert ar1.locator(".live-choices button:not([disabled])").count() == 0  # locked on the answer
    assert ar1.locator(".live-choices li[data-chosen]").get_attribute("data-choice") == "RS"
    counts = teacher.request.get(f"/api/v1/classes/{code}/live").json()["answers"]
    assert counts == {"total": 3, "right": 1, "by_answer": {"RS": 1, "B3": 1, "draw": 1}, "by_rule": {"match.none": 1}}
    for phone, lang in ((ar2, "ar"), (en, "en")):
        assert not axe_violations(phone, axe_source)
        phone.screenshot(path=screenshots / f"{lang}-live-answered.png")
        phone.set_viewport_size(WIDE)
        phone.screenshot(path=screenshots / f"{lang}-live-answered-wide.png")
        phone.set_viewport_size(PHONE)

    step(teacher, code, following, "next", delays)  # 3: "Who plays next?", answered by seats
    assert tap(en, "2")["right"] and not tap(ar1, "1")["right"]
    ar1.reload()  # a reload mid-session: the current frame, the answer kept and locked
    assert ar1.locator(".live").get_attribute("data-frame") == "3"
    assert ar1.locator(".live-choices li[data-chosen]").get_attribute("data-choice") == "1"
    assert ar1.locator("#live-verdict[data-right='false']").is_visible()
    step(teacher, code, following, "reveal", delays)  # the right answer and its explanation
    for phone in following:
        phone.wait_for_selector(".live[data-frame='3'] .live-reveal", timeout=FOLLOW_WAIT)
        assert phone.locator(".live-choices li[data-right]").get_attribute("data-choice") == "2"
    late = ar2.locator(".live-choices li[data-choice='2'] button")
    assert late.is_disabled()  # answers are closed
    ar2.screenshot(path=screenshots / "ar-live-revealed.png")
    assert not axe_violations(ar2, axe_source)

    while step(teacher, code, following, "next", delays)["frame"] < 14:  # 14: a Wild, asking its colour
        pass
    en.locator(".live-choices li[data-choice='W'] summary").click()
    en.screenshot(path=screenshots / "en-live-wild.png")
    en.locator(".live-choices li[data-choice='W'] button[value='red']").click()
    assert verdict(en)["right"]
    ar1.locator(".live-choices li[data-choice='W'] summary").click()
    ar1.screenshot(path=screenshots / "ar-live-wild.png")
    assert not axe_violations(ar1, axe_source)
    counts = teacher.request.get(f"/api/v1/classes/{code}/live").json()["answers"]
    assert counts == {"total": 1, "right": 1, "by_answer": {"W": 1}, "by_rule": {}}

    median = statistics.median(delays)
    print(f"\nstep to phone: {len(delays)} figures, median {median:.3f} s, "
          f"max {max(delays):.3f} s: {', '.join(f'{d:.2f}' for d in delays)}")
    assert median <= GOAL, delays


def test_the_phone_pages_are_valid_html(visit, vnu_command, tmp_path):
    """The Nu HTML Checker finds no error in the phone's pages as served: waiting, a pause's cards
    and buttons, answered, revealed, a wild's colours, a number for points, a seat's buttons."""
    pages = {}
    for lang in ("ar", "en"):
        teacher = visit().page
        code = make_class(teacher, lang)
        request, pupil = teacher.context.request, visit().context.request
        assert pupil.post(f"/api/v1/classes/{code}/games", data={}).status == 201
        page = f"/{lang}/class/{code}/live"
        pages[f"{lang}-waiting"] = pupil.get(page).body()

        def at(name, demo, frame, given=None):
            request.post(f"/api/v1/classes/{code}/live/end")
            assert request.post(f"/api/v1/classes/{code}/live", data={"demo": demo}).status == 201
            for _ in range(frame - 1):
                request.post(f"/api/v1/classes/{code}/live/step", data={"to": "next"})
            if given is not None:
                assert pupil.post(f"/api/v1/classes/{code}/live/answers", data={"frame": frame, "answer": given}).ok
            pages[f"{lang}-{name}"] = pupil.get(page).body()

        at("pause", DEMO, 2)
        at("answered", DEMO, 2, "B3")
        request.post(f"/api/v1/classes/{code}/live/step", data={"to": "reveal"})
        pages[f"{lang}-revealed"] = pupil.get(page).body()
        at("wild", DEMO, 14)
        at("seats", DEMO, 3)
        at("points", "scoring", 3)
        at("points-answered", "scoring", 3, 90)
    errors = validate(vnu_command, pages, tmp_path)
    assert not errors, "\n".join(errors)
