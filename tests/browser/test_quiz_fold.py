"""After every answer in the quiz the verdict (✓/✗), the start of its explanation and the way on
("Next question", or the score after the last answer) are on the screen: at a phone's 375×667 and a
laptop's 1280×800, in each language, with JavaScript (the answer swapped in place and scrolled to)
and without (the answered page opened at its #feedback anchor). Issue #35: on an Arabic phone the
✓/✗ was off screen after 8 of 10 answers, the explanation after 10 of 10, "Next" 1–6 screens down.

Reduced motion: quiz.js then scrolls at once, so the boxes are measured where the scroll ends.
Run with -s to see the boxes measured.
"""
import pytest

from app.i18n import LANGUAGES

from .test_quiz import PHONE, SEED, WIDE, choice_for, quiz_items

SIZES = {"375x667": PHONE, "1280x800": WIDE}
SETTLED = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def off_screen(box, size, lines=1) -> bool:
    """Whether ``box`` (a bounding box in the viewport) is not wholly on the screen of ``size``; with
    ``lines``, only whether its top is not on it with room for that many lines of text under it."""
    if box is None:
        return True
    bottom = box["y"] + box["height"] if lines == 1 else box["y"] + 24 * lines
    return box["y"] < 0 or bottom > size["height"] or box["x"] < 0 or box["x"] + box["width"] > size["width"]


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_verdict_and_the_way_on_are_on_screen_after_every_answer(visit, live_server, lang, size, js):
    items = quiz_items(live_server, lang)
    page = visit(viewport=SIZES[size], java_script_enabled=js, reduced_motion="reduce").page
    page.goto(f"/{lang}/quiz?seed={SEED}")
    problems = []
    for number, item in enumerate(items):
        before = page.url
        page.locator(f'#question button[name="answer"][value="{choice_for(item, number % 2 == 0)}"]').click()
        page.wait_for_url(lambda url: url != before)
        if js:  # the answer swapped in, then scrolled to (without JavaScript a page has no frames to wait)
            page.wait_for_function("n => document.querySelector('#feedback-title')?.textContent.includes(n)",
                                   arg=str(number + 1))
            page.evaluate(SETTLED)
        way_on = page.locator('#feedback a[href="#question"], #feedback a[href="#results"]')
        shown = {
            "verdict": page.locator("#feedback .feedback-verdict .verdict-mark").bounding_box(),
            "explanation": page.locator("#feedback .feedback > :nth-child(2)").bounding_box(),
            "way on": way_on.first.bounding_box() if way_on.count() else None,
        }
        print(f"{lang} {size} {'js' if js else 'no-js'} answer {number + 1}: "
              + ", ".join(f"{name} y={box and round(box['y'])}" for name, box in shown.items()))
        problems += [f"answer {number + 1}: the {name} is off screen ({box})" for name, box in shown.items()
                     if off_screen(box, SIZES[size], lines=2 if name == "explanation" else 1)]
    assert not problems, "\n".join(problems)
