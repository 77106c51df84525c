"""What a learner's browser shows, measured on a loaded Playwright page; each returns problems found.

Every check returns a list of short strings (empty when all is well), so one page load can run
them all and a failure names every problem on the page at once.
"""
import json
import re

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
ARABIC = re.compile(r"[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]")


def page_problems(page, lang: str, axe_source: str, arabic_fonts: set[str], phone_shot=None) -> list[str]:
    """Every check on the loaded page at desktop width, then axe and sideways scrolling at phone width.

    phone_shot: a path to screenshot the phone-width page to. The page is left at desktop width.
    """
    problems = axe_violations(page, axe_source)
    if lang == "ar":
        problems += right_to_left(page)
        problems += arabic_fonts_used(page, arabic_fonts)
    else:
        html = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
        if html != [lang, "ltr"]:
            problems.append(f"<html lang dir> is {html}")
    problems += signed_numbers_in_order(page)[1]
    page.set_viewport_size(PHONE)
    # A phone's layout has problems of its own, e.g. a table that now scrolls inside its box.
    narrow = [p for p in axe_violations(page, axe_source) if p not in problems] + horizontal_overflow(page)
    problems += [f"at {PHONE['width']}px: {p}" for p in narrow]
    if phone_shot:
        page.screenshot(path=phone_shot, full_page=True)
    page.set_viewport_size(DESKTOP)
    return problems


def axe_violations(page, axe_source: str) -> list[str]:
    """axe-core's WCAG 2.1 A/AA violations. Evaluated, not injected as a tag: the CSP allows no inline script."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source)
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        WCAG_TAGS,
    )
    return [
        f"axe {v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(" ".join(map(str, node["target"])) for node in v["nodes"][:5])
        for v in result["violations"]
    ]


def right_to_left(page) -> list[str]:
    """An Arabic page is dir=rtl and its running text is set to the right, nowhere to the left.

    Table cells are left out: a column of numbers aligned to its end is deliberate.
    """
    found = page.evaluate(
        """() => {
        const style = el => getComputedStyle(el);
        const left = [...document.querySelectorAll(
            'p, li, dd, dt, h1, h2, h3, h4, h5, h6, blockquote, figcaption, label')]
          .filter(el => el.checkVisibility() && ARABIC.test(el.textContent))
          .filter(el => {
            const s = style(el);
            return s.textAlign === 'left' || (s.textAlign === 'end' && s.direction === 'rtl')
                || (s.textAlign === 'start' && s.direction === 'ltr');
          })
          .map(el => el.tagName.toLowerCase() + ': ' + el.textContent.trim().slice(0, 40));
        const body = style(document.body);
        return {dir: document.documentElement.getAttribute('dir'),
                lang: document.documentElement.lang,
                direction: body.direction, align: body.textAlign, left};
    }""".replace("ARABIC", "/" + ARABIC.pattern + "/")
    )
    problems = []
    if found["dir"] != "rtl" or found["lang"] != "ar":
        problems.append(f"<html lang={found['lang']!r} dir={found['dir']!r}>, expected ar/rtl")
    if found["direction"] != "rtl" or found["align"] not in ("start", "right"):
        problems.append(f"body is {found['direction']} aligned {found['align']}")
    problems += [f"text set to the left: {item}" for item in found["left"]]
    return problems


def arabic_fonts_used(page, arabic_fonts: set[str]) -> list[str]:
    """The fonts Chromium painted Arabic text with all cover Arabic (no boxes, "tofu").

    Chromium's DevTools protocol names the platform fonts that drew each element's text.
    Each element with Arabic text of its own is probed (the count includes its inline
    descendants): if all its text is Arabic, every font that drew it must cover Arabic; if it
    mixes in Latin or digits, at least one must.
    """
    marked = page.evaluate(
        """() => {
        let n = 0;
        for (const el of document.body.querySelectorAll('*')) {
          if (!el.checkVisibility({visibilityProperty: true})) continue;  // e.g. in a closed <details>
          const own = [...el.childNodes].filter(c => c.nodeType === Node.TEXT_NODE)
              .map(c => c.data).join('');
          if (!ARABIC.test(own)) continue;
          // The protocol counts the element's inline descendants too: classify on all its text.
          el.setAttribute('data-font-probe', /[A-Za-z0-9]/.test(el.textContent) ? 'mixed' : 'arabic');
          if (++n >= 200) break;
        }
        return n;
    }""".replace("ARABIC", "/" + ARABIC.pattern + "/")
    )
    if not marked:
        return ["no visible Arabic text found"]
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
        problems = []
        for node in cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "[data-font-probe]"})["nodeIds"]:
            fonts = {f["familyName"] for f in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]}
            attrs = cdp.send("DOM.getAttributes", {"nodeId": node})["attributes"]
            kind = attrs[attrs.index("data-font-probe") + 1]
            covering = fonts & arabic_fonts
            if not covering or (kind == "arabic" and fonts - arabic_fonts):
                html = cdp.send("DOM.getOuterHTML", {"nodeId": node})["outerHTML"]
                problems.append(f"Arabic drawn with {sorted(fonts)}: {html[:80]}")
        return problems
    finally:
        cdp.detach()


def signed_numbers_in_order(page) -> tuple[int, list[str]]:
    """Labels such as +2 and +4 show the sign to the left of the digit, in either direction.

    The bidi algorithm turns a bare "+2" inside Arabic text into "2+"; <bdi> prevents it. Measures
    the rendered boxes of the sign and the digit. Returns (labels measured, problems).
    """
    found = page.evaluate(
        r"""() => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const bad = []; let count = 0;
        const box = (node, i) => {
          const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
          return r.getBoundingClientRect();
        };
        for (let node; (node = walker.nextNode());) {
          for (const m of node.data.matchAll(/[+\u2212]\d/g)) {
            const sign = box(node, m.index), digit = box(node, m.index + 1);
            if (!sign.width || !digit.width) continue;  // not rendered
            if (Math.abs(sign.top - digit.top) > sign.height / 2) continue;  // wrapped apart
            count++;
            if (sign.left > digit.left) bad.push(node.parentElement.outerHTML.slice(0, 80));
          }
        }
        return {count, bad};
    }"""
    )
    return found["count"], [f"sign after digit: {html}" for html in found["bad"]]


def horizontal_overflow(page) -> list[str]:
    """Nothing scrolls sideways at the page's current width; names the widest offenders."""
    found = page.evaluate(
        """() => {
        const root = document.documentElement, width = root.clientWidth;
        const wide = [...document.body.querySelectorAll('*')]
          .filter(el => { const r = el.getBoundingClientRect(); return r.right > width + 1 || r.left < -1; })
          .slice(0, 5).map(el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
                               + (el.className ? '.' + String(el.className).split(' ').join('.') : ''));
        return {scroll: root.scrollWidth, width, wide};
    }"""
    )
    if found["scroll"] <= found["width"]:
        return []
    return [f"scrolls sideways: {found['scroll']}px wide in {found['width']}px ({', '.join(found['wide'])})"]


def vnu_errors(messages_json: str) -> list[str]:
    """The errors in the Nu HTML Checker's JSON report (its warnings are advice, not failures)."""
    messages = json.loads(messages_json)["messages"]
    return [
        f"{m.get('url', '').rsplit('/', 1)[-1]}:{m.get('lastLine', '?')}: {m['message']}"
        for m in messages
        if m["type"] == "error" or m.get("subType") == "fatal"
    ]
