"""The handouts printed by Chromium (page.pdf): the rule summary, its bilingual sheet and the card
reference on exactly one page, A4 and Letter, in each language; the large print at 18 pt and more;
the rules' whole address and its QR code at the summaries' foot; the quiz sheet's answer key on a page of its own; the
screen versions accessible (axe-core) with a Print button; cards that stay legible when a printer
drops the backgrounds. The PDFs' pages are saved as PNGs (pdftoppm, where installed) beside the
screenshots, to be looked at, in colour and in greys."""
import re
import shutil
import subprocess

import pytest

from app.i18n import LANGUAGES

from .checks import page_problems

LAPTOP, PHONE = {"width": 1280, "height": 800}, {"width": 375, "height": 667}
PAPERS = {"a4": "A4", "letter": "Letter"}  # ?paper= and page.pdf's format
SIZES = {"a4": (595, 842), "letter": (612, 792)}  # points, as the PDF's MediaBox says them
ONE_PAGE = ("summary", "bilingual", "cards")
SEED = "class7"


def pdf_pages(data: bytes) -> int:
    """The pages of a PDF as Chromium writes it (one /Type /Page object each, uncompressed)."""
    return len(re.findall(rb"/Type\s*/Page\b", data))


def page_size(data: bytes) -> tuple[int, int]:
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    return round(float(box.group(1))), round(float(box.group(2)))


def printed(page, paper: str, **options) -> bytes:
    """The page as Chromium prints it on ``paper``, with the size the sheet's CSS sets."""
    return page.pdf(format=PAPERS[paper], prefer_css_page_size=True, print_background=True, **options)


def keep(data: bytes, folder, name: str, gray: bool = False) -> None:
    """The PDF, and its pages as PNGs where pdftoppm is installed (else a print-media screenshot is kept)."""
    (folder / f"{name}.pdf").write_bytes(data)
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "110", "-png", *(["-gray"] if gray else []), str(folder / f"{name}.pdf"),
                        str(folder / f"{name}-pdf")], check=True)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sheet", ONE_PAGE)
@pytest.mark.parametrize("paper", PAPERS)
def test_the_sheet_is_exactly_one_page(visit, screenshots, lang, sheet, paper):
    page = visit().page
    assert page.goto(f"/{lang}/print/{sheet}?paper={paper}").status == 200
    data = printed(page, paper)
    keep(data, screenshots, f"{lang}-print-{sheet}-{paper}")
    assert pdf_pages(data) == 1
    assert page_size(data) == SIZES[paper]  # the named page of handouts.css, not a default


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sheet", ONE_PAGE)
def test_a_sheet_set_for_one_paper_still_fits_one_page_of_the_other(visit, lang, sheet):
    """A teacher who prints the A4 sheet on Letter (or the other way) still gets one page: each
    sheet is laid out for the narrower width and the shorter height of the two."""
    page = visit().page
    for paper, other in (("a4", "Letter"), ("letter", "A4")):
        page.goto(f"/{lang}/print/{sheet}?paper={paper}")
        assert pdf_pages(page.pdf(format=other, prefer_css_page_size=False, print_background=True)) == 1, paper


def _pages_without(page, paper: str, hidden: str) -> int:
    """The pages the sheet prints on with ``hidden`` (a selector) left out."""
    toggle = "([selector, shown]) => document.querySelectorAll(selector).forEach(e => shown ? " \
             "e.style.removeProperty('display') : e.style.display = 'none')"  # CSSOM: the CSP refuses inline style
    page.evaluate(toggle, [hidden, False])
    count = pdf_pages(printed(page, paper))
    page.evaluate(toggle, [hidden, True])
    return count


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper", PAPERS)
def test_the_answer_key_is_on_a_page_of_its_own(visit, screenshots, lang, paper):
    """The whole sheet prints on as many pages as the questions alone plus the key alone: no page
    holds both, so the questions can be handed out without the answers. The key fits one page."""
    page = visit().page
    page.goto(f"/{lang}/print/quiz?seed={SEED}&paper={paper}")
    data = printed(page, paper)
    keep(data, screenshots, f"{lang}-print-quiz-{paper}")
    questions, key = _pages_without(page, paper, ".answer-key"), _pages_without(page, paper, ".sheet-head, .sheet-questions")
    assert key == 1
    assert pdf_pages(data) == questions + key
    assert page_size(data) == SIZES[paper]


# Every element of a sheet that holds words of its own, as printed: its font size in CSS px, and
# whether the sheet runs wider than the paper. A card's face is a picture (the card is named by its
# aria-label): the "+2" drawn on it grows with the card, not with the text.
PRINTED_TEXT = """() => {
  const sheet = document.querySelector('.sheet');
  const words = [...sheet.querySelectorAll('*')].filter(e => e.checkVisibility() && !e.closest('.visually-hidden, .card')
    && [...e.childNodes].some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim()));
  return {sizes: words.map(e => [e.tagName + '.' + e.className, e.textContent.trim().slice(0, 30),
                                 parseFloat(getComputedStyle(e).fontSize)]),
          overflow: sheet.scrollWidth - sheet.clientWidth};
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper", PAPERS)
def test_the_large_print_is_18_points_and_more_on_paper(visit, screenshots, lang, paper):
    """#35: a large-print summary for readers who need it: every word at 18 pt (24 CSS px) or more,
    nothing wider than the paper; it may take more pages than the one-page summary, not many more."""
    page = visit(viewport={"width": 700, "height": 1000}).page  # about A4's and Letter's printed width
    page.goto(f"/{lang}/print/large?paper={paper}")
    data = printed(page, paper)
    keep(data, screenshots, f"{lang}-print-large-{paper}")
    assert 1 < pdf_pages(data) <= 4
    assert page_size(data) == SIZES[paper]
    page.emulate_media(media="print")
    printed_text = page.evaluate(PRINTED_TEXT)
    assert len(printed_text["sizes"]) > 40  # the whole summary: every line and heading
    assert not [size for size in printed_text["sizes"] if size[2] < 24]
    assert printed_text["overflow"] <= 0
    page.screenshot(path=screenshots / f"{lang}-print-large-{paper}-media.png", full_page=True)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sheet", ["summary", "large", "bilingual"])
def test_the_summary_prints_the_rules_whole_address_and_a_qr_code_of_it(visit, lang, sheet):
    """#35: printed sheets ended with a bare "/en/rules/". Now each summary's foot prints the whole
    address, on the host the sheet came from, and a QR code big enough for a phone (14 mm and more: about 0.4 mm a module)."""
    page = visit().page
    page.goto(f"/{lang}/print/{sheet}")
    page.emulate_media(media="print")
    feet = page.evaluate("""() => [...document.querySelectorAll('.sheet .summary-foot')].map(foot => {
      const qr = foot.querySelector('svg.qr'), box = qr.getBoundingClientRect();
      return {lang: foot.closest('[lang]').lang, address: foot.querySelector('.sheet-source code').textContent,
              shown: qr.checkVisibility(), width: box.width, height: box.height};
    })""")
    origin = page.evaluate("location.origin")
    assert sorted(foot["address"] for foot in feet) == sorted(f"{origin}/{code}/rules/" for code in
                                                              (LANGUAGES if sheet == "bilingual" else [lang]))
    for foot in feet:
        assert foot["shown"] and foot["width"] == foot["height"] >= 14 / 25.4 * 96 - 0.5, foot
        assert foot["address"].endswith(f"/{foot['lang']}/rules/")


HANDOUTS = [(lang, f"/{lang}/print/{sheet}") for lang in LANGUAGES
            for sheet in ("", "summary", "large", "bilingual", "cards", f"quiz?seed={SEED}", "summary?paper=letter")]


@pytest.mark.parametrize(("lang", "url"), HANDOUTS, ids=[url for _, url in HANDOUTS])
def test_the_screen_version_is_accessible(visit, axe_source, arabic_fonts, screenshots, lang, url):
    page = visit(viewport=LAPTOP).page
    assert page.goto(url).status == 200
    name = url.strip("/").replace("/", "-").replace("?", "-").replace("=", "-").replace("&", "-")
    page.screenshot(path=screenshots / f"{name}.png", full_page=True)
    problems = page_problems(page, lang, axe_source, arabic_fonts)
    page.set_viewport_size(PHONE)
    page.screenshot(path=screenshots / f"{name}-phone.png", full_page=True)
    assert not problems, f"{url}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_print_button_prints_and_only_the_sheet_is_printed(visit, lang):
    context = visit()
    context.context.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; };")
    page = context.page
    page.goto(f"/{lang}/print/summary")
    page.click("[data-print]")
    assert page.evaluate("window.printed") == 1
    page.emulate_media(media="print")
    shown = page.evaluate("""() => Object.fromEntries(['.site-header', '.site-footer', '.sheet-tools', '[data-print]',
        '.sheet'].map(s => [s, document.querySelector(s).checkVisibility()]))""")
    assert shown == {".site-header": False, ".site-footer": False, ".sheet-tools": False, "[data-print]": False,
                     ".sheet": True}


def test_without_javascript_the_page_says_how_to_print(visit):
    page = visit(java_script_enabled=False).page
    page.goto("/en/print/cards")
    assert not page.locator("[data-print]").is_visible()
    assert page.locator(".print-how").is_visible() and "Ctrl+P" in page.locator(".print-how").inner_text()


CARD_INK = """() => [...document.querySelectorAll('.sheet .card')].map(card => {
  const mark = getComputedStyle(card.querySelector('.card-mark'));
  const face = card.querySelector('.card-face'), label = getComputedStyle(face);
  return {name: card.getAttribute('aria-label'), adjust: getComputedStyle(card).printColorAdjust,
          outline: getComputedStyle(card).outlineStyle, oval: getComputedStyle(card, '::before').outlineStyle,
          stroke: mark.stroke, strokeWidth: parseFloat(mark.strokeWidth), label: label.color,
          shadow: label.textShadow, text: face.dataset.i || '', colour: card.className.match(/card-(red|yellow|green|blue|wild)/)[1],
          shape: card.querySelector('.card-mark').innerHTML};
})"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_stay_legible_in_black_and_white(visit, screenshots, lang):
    """On paper the cards keep their colours (print-color-adjust: exact), which a black-and-white
    printer turns to greys. Where a printer drops backgrounds anyway, what is left is ink: the
    card's outline, the oval's edge, each colour mark's edge and the label's ink outline. Both
    are printed to greys for looking at."""
    context = visit()
    page = context.page
    page.goto(f"/{lang}/print/cards")
    page.emulate_media(media="print")
    cards = page.evaluate(CARD_INK)
    assert len(cards) == 54 + 6  # every face, and one card per kind in the table
    for card in cards:
        assert card["adjust"] == "exact", card
        assert card["outline"] == "solid" and card["oval"] == "solid", card
        assert card["stroke"] not in ("none", "rgb(255, 255, 255)") and card["strokeWidth"] >= 2, card
        if card["text"]:  # a number or +2/+4: outlined in ink, so it reads on white as on the colour
            assert "rgb(27, 27, 31)" in card["shadow"], card
    shapes = {card["colour"]: card["shape"] for card in cards}  # the colour told by its mark's shape, not its hue
    assert len(shapes) == 5 and len(set(shapes.values())) == 5
    assert all(card["shape"] == shapes[card["colour"]] for card in cards)
    keep(printed(page, "a4"), screenshots, f"{lang}-print-cards-grey", gray=True)
    page.evaluate("() => document.querySelectorAll('.card').forEach(card => card.style.printColorAdjust = 'economy')")
    keep(page.pdf(format="A4", prefer_css_page_size=True, print_background=False), screenshots,
         f"{lang}-print-cards-no-backgrounds", gray=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rule_page_prints_without_navigation_on_few_pages(visit, screenshots, lang):
    """Rule pages used to print a section per page (4 to 7 A4 pages): now a section may break and
    only examples, table rows and cards may not; the longest rule page prints on 4 pages."""
    page = visit().page
    page.goto(f"/{lang}/rules/action-cards")
    page.emulate_media(media="print")
    assert page.evaluate("() => getComputedStyle(document.querySelector('.site-header')).display") == "none"
    data = page.pdf(format="A4", print_background=True)
    keep(data, screenshots, f"{lang}-rules-action-cards-print")
    assert pdf_pages(data) <= 4
