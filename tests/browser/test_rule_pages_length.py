"""A rules page reads as a page, not a scroll: a contents list at the top that reaches every section
and "Check yourself", each position boxed once, and a length a reader can face. At a laptop's
1280×800 and a phone's 375×667, in each language. Issue #35 item 6: the pages were 8.5–14.5
screens at 1280×800 and 12–23 on a phone, with no contents, the same position boxed three times
on a page and "Check yourself" at y=8,589.

Run with -s to see each page's length in screens.
"""
import pytest

from app.engine.rules import Rule
from app.i18n import LANGUAGES
from app.pages import section
from app.pages.anchors import RULE_PAGES

SIZES = {"375x667": {"width": 375, "height": 667}, "1280x800": {"width": 1280, "height": 800}}
TOPICS = [page.path for page in section("rules/")]
# Screens a topic may take, "Check yourself" and the links on included. Before #35 the longest
# were 14.8 (1280×800) and 22.6 (375×667), both /ar/rules/turn.
MOST_SCREENS = {"375x667": 15.5, "1280x800": 9}

MEASURE = """() => {
  const contents = document.querySelector("nav.contents[aria-labelledby]");
  const links = contents ? [...contents.querySelectorAll("a[href^='#']")].map(a => a.getAttribute("href").slice(1)) : [];
  const check = contents && contents.querySelector("a[href='#check-yourself']");
  const box = check && check.getBoundingClientRect();
  return {
    height: document.documentElement.scrollHeight,
    labelled: !!(contents && document.getElementById(contents.getAttribute("aria-labelledby"))),
    links,
    sections: [...document.querySelectorAll("main > section[id]")].map(s => s.id),
    checkBottom: box ? box.bottom + scrollY : null,
    hasCheck: !!document.getElementById("check-yourself"),
    scenes: [...document.querySelectorAll("figure.example")].map(f => f.dataset.scene),
    positions: [...document.querySelectorAll("figure.example .example-position")].map(p => p.outerHTML),
  };
}"""


def repeated(values: list) -> list:
    return sorted({value for value in values if values.count(value) > 1})


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rules_page_has_contents_and_each_position_once(visit, lang, size):
    page = visit(viewport=SIZES[size]).page
    problems, lengths = [], []
    for path in TOPICS:
        page.goto(f"/{lang}/{path}")
        found = page.evaluate(MEASURE)
        screens = found["height"] / SIZES[size]["height"]
        lengths.append(f"{path} {screens:.1f}")
        where = f"/{lang}/{path} at {size}"
        if not found["labelled"]:
            problems.append(f"{where}: no contents list (nav.contents with aria-labelledby)")
        if found["links"] != found["sections"]:
            problems.append(f"{where}: the contents list {found['links']}, the page's sections are {found['sections']}")
        if found["hasCheck"] and (found["checkBottom"] is None or found["checkBottom"] > SIZES[size]["height"]):
            problems.append(f"{where}: no link to 'Check yourself' on the first screen ({found['checkBottom']})")
        if None in found["scenes"] or repeated(found["scenes"]) or repeated(found["positions"]):
            problems.append(f"{where}: an example without data-scene, or shown twice, or a position boxed twice"
                            f" ({len(found['positions'])} boxes, {len(set(found['positions']))} positions)")
    print(f"\n{lang} {size}: " + ", ".join(lengths))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rules_page_is_a_scroll_without_end(visit, lang, size):
    """The longest topics were split (drawing, the wild cards), a position is boxed once, a wide
    screen sets an example's position beside its moves, and the worked example shows its hands once."""
    page = visit(viewport=SIZES[size]).page
    too_long = []
    for path in TOPICS:
        page.goto(f"/{lang}/{path}")
        screens = page.evaluate("document.documentElement.scrollHeight") / SIZES[size]["height"]
        if screens > MOST_SCREENS[size]:
            too_long.append(f"/{lang}/{path}: {screens:.1f} screens")
    assert not too_long, f"at most {MOST_SCREENS[size]} screens at {size}:\n" + "\n".join(too_long)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_contents_work_from_the_keyboard(visit, lang):
    """Tab reaches the contents before any section; Enter on a link goes to its section."""
    page = visit(viewport=SIZES["375x667"]).page
    page.goto(f"/{lang}/rules/turn")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('nav.contents')"):
            break
    else:
        pytest.fail("Tab never reached the contents list")
    target = page.evaluate("document.activeElement.getAttribute('href')")
    page.keyboard.press("Enter")
    page.wait_for_function(f"location.hash === {target!r}")
    top = page.evaluate(f"document.getElementById({target[1:]!r}).getBoundingClientRect().top")
    assert 0 <= top < SIZES["375x667"]["height"] / 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_old_address_of_a_moved_rule_goes_on_to_its_page(visit, lang):
    """/rules/turn and /rules/action-cards were split (#35): "/rules/turn#draw.one", from a bookmark
    or a printed sheet, goes on to the rule on its own page; without JavaScript it lands on the link."""
    for old, rule in (("rules/turn", "draw.one"), ("rules/action-cards", "wild-draw-four.restriction")):
        page = visit().page
        page.goto(f"/{lang}/{old}#{rule}")
        page.wait_for_url(f"**/{lang}/{RULE_PAGES[Rule(rule)]}#{rule}")
        assert page.evaluate(f"document.getElementById({rule!r}).matches('section.rule')")
        still = visit(java_script_enabled=False).page
        still.goto(f"/{lang}/{old}#{rule}")
        assert still.evaluate(f"document.getElementById({rule!r}).querySelector('a').getAttribute('href')") == \
            f"/{lang}/{RULE_PAGES[Rule(rule)]}#{rule}"
