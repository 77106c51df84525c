"""What moves on our pages moves off the main thread (#36 item 6).

A browser can hand an animation of ``transform`` or ``opacity`` to its compositor, which plays it
without restyling, laying out or repainting the page each frame; an animated ``box-shadow`` or
``background`` is drawn again by the page, every frame (on a slow phone a move's steps kept the
main thread busy for a second and more). So every ``@keyframes`` of our stylesheets and every
``transition-property`` they set names only those two (a glow is a pseudo-element whose opacity
changes). Read by the browser's own CSS parser (CSSOM), not timed: the same answer every run.
"""
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "app" / "static"
MOVES = {"transform", "opacity"}
# In a keyframe, the timing of the step that follows it: not a property that moves.
KEYFRAME_TIMING = {"animation-timing-function", "animation-composition"}
# Each keyframe's properties and each rule's transition-property, of a stylesheet parsed by the browser.
ANIMATED = """css => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  const found = [];
  (function walk(rules) {
    for (const rule of rules) {
      if (rule instanceof CSSKeyframesRule) {
        for (const frame of rule.cssRules) {
          for (const name of frame.style) found.push({where: '@keyframes ' + rule.name + ' ' + frame.keyText, name});
        }
      } else {
        if (rule.style && rule.style.transitionProperty) {
          for (const name of rule.style.transitionProperty.split(',')) {
            found.push({where: rule.selectorText + ' (transition)', name: name.trim()});
          }
        }
        if (rule.cssRules) walk(rule.cssRules);
      }
    }
  })(sheet.cssRules);
  return found;
}"""


def animated(browser, path: Path) -> list[dict]:
    """What ``path`` animates: each {"where", "name"} (a property), as the browser parses it."""
    page = browser.new_page()
    try:
        found = page.evaluate(ANIMATED, path.read_text(encoding="utf-8"))
    finally:
        page.close()
    return [a for a in found if a["name"] not in KEYFRAME_TIMING and a["name"] != "none"]


@pytest.mark.parametrize("path", sorted(STATIC.glob("*.css")), ids=lambda path: path.name)
def test_our_stylesheets_animate_only_transform_and_opacity(browser, path):
    assert [a for a in animated(browser, path) if a["name"] not in MOVES] == []


def test_the_tables_landing_and_refusal_are_read(browser):
    """The check above sees what it should: the table's landing card and a refused card's shake
    are found, as transforms, so an empty finding is never a parser that saw nothing. (A place
    lit is outlined, not animated: each animation started costs the page frames of its own.)"""
    found = {(a["where"], a["name"]) for a in animated(browser, STATIC / "practice.css")}
    assert ("@keyframes landed 0%", "transform") in found
    assert ("@keyframes refused 25%", "transform") in found


# Each @keyframes' name and the offsets its keyframes give, of a stylesheet parsed by the browser.
KEYFRAMES = """css => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  const found = {};
  (function walk(rules) {
    for (const rule of rules) {
      if (rule instanceof CSSKeyframesRule) found[rule.name] = [...rule.cssRules].flatMap(frame => frame.keyText.split(/, */));
      else if (rule.cssRules) walk(rule.cssRules);
    }
  })(sheet.cssRules);
  return found;
}"""


@pytest.mark.parametrize("path", sorted(STATIC.glob("*.css")), ids=lambda path: path.name)
def test_every_keyframes_says_where_it_starts_and_ends(browser, path):
    """A keyframe left out (``@keyframes lit { 50% {...} }``) takes the value underneath; when that
    value changes as the animation starts (a seat's glow as its turn changes) Chromium keeps the
    animation on the main thread, restyling it at every frame (seen in a trace of a move, #36)."""
    page = browser.new_page()
    try:
        found = page.evaluate(KEYFRAMES, path.read_text(encoding="utf-8"))
    finally:
        page.close()
    assert {name: offsets for name, offsets in found.items() if not {"0%", "100%"} <= set(offsets)} == {}
