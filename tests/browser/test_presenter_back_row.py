"""Issue 35's presenter, in Chromium at a projector's 1280x720 and 1920x1080 in both languages: its
text read from the back row (narration at least 4% of the screen's height, every other label at
least 3%), the keys a presenter's remote sends (".", Escape: blank; F5: a reload, which keeps the
place; Home/End: the demo's first and last frame; 1-9: the demos), the demo list on one 720p
screen, and the narration's gaps (a "new position" line where a step sets up its own table, and a
"Rules:" line that names only the rules at work in the frame). Split from test_presenter.py, whose
fixtures and helpers it uses, to keep each file short.
"""
import pytest

from app.i18n import LANGUAGES
from app.presenter.frames import ANSWER, INTRO, frames
from app.scenes.demos import DEMOS

from .test_learn import errors, watched  # noqa: F401 (errors: a fixture, the page's script errors)
from .test_presenter import FULL_HD, HD, press, settled

SIZES = pytest.mark.parametrize("size", [HD, FULL_HD], ids=["1280x720", "1920x1080"])
NARRATION, LABEL = 0.04, 0.03  # of the screen's height: the "readable from the back row"
SAMPLED = ["basic-round/1", "basic-round/2", "basic-round/5", "action-cards/9", "wild-draw-four/9", "uno/13",
           "scoring/4", "first-card/1", "uno/end"]

# Every visible piece of text on the presenter's screen, by the element holding it: its font size as
# a share of the window's height, and whether it is narration (what happens, the question, the
# answer; a rule's own text, .fact, is a label beside it). A card's own labels are measured by test_presenter.py (5%), the hidden live region not at all.
TEXT_SIZES = """() => {
  const height = innerHeight, found = [];
  const walker = document.createTreeWalker(document.querySelector('.presenter'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el.checkVisibility() || el.closest('.card, .visually-hidden, [hidden]')) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    const narration = !!el.closest('#log') && !el.closest('.step-rules, .fact, .why, .verdict-badge');
    found.push({text: node.textContent.trim().slice(0, 30), cls: el.className || el.tagName, narration,
                share: parseFloat(getComputedStyle(el).fontSize) / height});
  }
  return found;
}"""


@SIZES
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_presenters_text_is_readable_from_the_back_row(visit, size, lang, capsys):
    """Narration at least 4% of the screen's height, every other label (the Rules line, the counts,
    the pile's label, the end's rule list, the bar) at least 3%, on frames of every kind."""
    page = visit(viewport=size).page
    problems, smallest = [], {True: 1.0, False: 1.0}
    for path in SAMPLED:
        page.goto(f"/{lang}/present/{path}")
        for text in page.evaluate(TEXT_SIZES):
            smallest[text["narration"]] = min(smallest[text["narration"]], text["share"])
            if text["share"] < (NARRATION if text["narration"] else LABEL):
                problems.append(f"{path}: {text}")
    with capsys.disabled():
        print(f"\npresenter ({lang}, {size['width']}x{size['height']}): narration {smallest[True]:.2%}, "
              f"other labels {smallest[False]:.2%} of the screen's height at the smallest")
    assert not problems, "\n".join(problems[:20])


# --- a presenter's remote ---------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["Period", "Escape"])
def test_a_remotes_blank_key_blanks_the_screen(visit, errors, key):
    page = watched(visit(viewport=HD).page, errors)
    page.goto("/en/present/uno/3")
    cover = page.locator(".presenter-blank")
    page.keyboard.press(key)
    assert cover.is_visible()
    page.keyboard.press(key)  # the same button brings it back, and does nothing else
    assert not cover.is_visible() and page.url.endswith("/en/present/uno/3")
    assert not errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_end_and_numbers_jump(visit, errors, lang):
    """Home and End: the demo's first and last frame; 1-9: the first frame of the demos in the
    index's order; F5 (a remote's "start the slideshow") reloads, and the place is kept."""
    page = watched(visit(viewport=HD).page, errors)
    order = list(DEMOS)
    page.goto(f"/{lang}/present/uno/3")
    press(page, "End", lang, "uno", len(frames("uno")))
    press(page, "Home", lang, "uno", 1)
    for number in (2, len(order), 1):
        page.keyboard.press(f"Digit{number}")
        page.wait_for_function("id => document.querySelector('.presenter').dataset.demo === id", arg=order[number - 1])
        settled(page, lang, order[number - 1], 1)
    page.goto(f"/{lang}/present/scoring/end")
    press(page, "Home", lang, "scoring", 1)
    page.goto(f"/{lang}/present/scoring/end")
    press(page, "End", lang, "scoring", len(frames("scoring")))
    page.keyboard.press("F5")
    page.wait_for_load_state()
    settled(page, lang, "scoring", len(frames("scoring")))
    assert not errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_demo_list_fits_a_720p_screen(visit, lang):
    page = visit(viewport=HD).page
    page.goto(f"/{lang}/present/")
    box = page.evaluate("""() => { const list = document.querySelector('.demos .lessons');
        return [list.getBoundingClientRect().bottom, innerHeight, list.scrollHeight, list.clientHeight]; }""")
    assert box[0] <= box[1] and box[2] <= box[3], box
    assert page.locator(".key-list kbd", has_text="Home").count() == 1  # the jumps are listed with the keys


# --- the narration's gaps -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_step_with_its_own_table_says_so(visit, lang):
    """Frame 9 of the action cards starts a step on a table of its own (every hand, the pile and
    the direction reset): a line says a new position is set up; the demo's first frame needs none."""
    page = visit(viewport=HD).page
    page.goto(f"/{lang}/present/action-cards/9")
    assert page.locator("#log .new-position").inner_text().strip()
    page.goto(f"/{lang}/present/action-cards/1")
    assert page.locator("#log .new-position").count() == 0


RULES = """() => { const rule = a => a.getAttribute('href').split('#')[1];
  return {listed: [...document.querySelectorAll('#log .step-rules a.why')].map(rule),
          used: [...document.querySelectorAll('#log a.why')].filter(a => !a.closest('.step-rules')).map(rule)}; }"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_line_names_only_the_frames_rules(visit, lang):
    """On every frame of every demo, the Rules line lists only rules at work in the frame: on a
    step's first frame and its answer, the step's rules (the instruction and the answer rest on
    them); on a move or the pause before one, the rules its sentences use, which they link already."""
    page = visit(viewport=HD).page
    problems = []
    for demo_id, demo in DEMOS.items():
        for number, frame in enumerate(frames(demo_id), start=1):
            page.goto(f"/{lang}/present/{demo_id}/{number}")
            found = page.evaluate(RULES)
            allowed = set(found["used"])
            if frame.kind in (INTRO, ANSWER):
                allowed |= {str(rule) for rule in demo.steps[frame.step].rules}
            if not set(found["listed"]) <= allowed:
                problems.append(f"/{lang}/present/{demo_id}/{number}: {set(found['listed']) - allowed}")
    assert not problems, "\n".join(problems)
