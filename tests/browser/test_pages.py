"""Every page of the site, in Arabic and English, as Chromium shows it: accessible, valid,
right-to-left where it should be, drawn with real Arabic glyphs, offline, and phone-sized."""
import pytest

from app.i18n import LANGUAGES
from app.pages import all_page_urls

from .checks import page_problems
from .served import served_html, table_pages, validate

# The practice page also as a teacher's link opens it, and with a link's bad values named.
LINKS = ("?rules=guide-long&bots=2&level=normal&seed=class7", "?rules=nope&bots=99&level=hard&seed=" + "x" * 41)
PAGES = [(lang, url) for lang in LANGUAGES
         for url in [*all_page_urls(lang), f"/{lang}/play", *(f"/{lang}/play{link}" for link in LINKS)]]
# What a mistyped address or a lost game shows: checked like any page.
NOT_FOUND = [(lang, url) for lang in LANGUAGES for url in (f"/{lang}/no-such-page", f"/{lang}/play/no-such-game")]


def shot_name(lang: str, url: str) -> str:
    path = url.split("?")[0].strip("/").removeprefix(lang).strip("/")
    return f"{lang}-{path.replace('/', '-') or 'home'}"


def is_main(url: str) -> bool:
    """Home, section indexes and the practice form: the pages screenshot for people to look at."""
    return url.endswith(("/", "/play"))


@pytest.mark.parametrize(("lang", "url"), PAGES + NOT_FOUND, ids=[url for _, url in PAGES + NOT_FOUND])
def test_page(visit, axe_source, arabic_fonts, screenshots, lang, url):
    page = visit().page
    response = page.goto(url)
    expected = 404 if (lang, url) in NOT_FOUND else 200
    if response.status != expected:
        pytest.fail(f"{url} answered {response.status}, not {expected}", pytrace=False)
    name = shot_name(lang, url)
    if is_main(url):
        page.screenshot(path=screenshots / f"{name}.png", full_page=True)
    phone_shot = screenshots / f"{name}-phone.png" if is_main(url) else None
    problems = page_problems(page, lang, axe_source, arabic_fonts, phone_shot)
    assert not problems, f"{url}:\n" + "\n".join(problems)


def test_html_is_valid(live_server, vnu_command, tmp_path):
    """The Nu HTML Checker finds no error in any page as served, the practice table included."""
    pages = served_html(live_server, [url for _, url in PAGES + NOT_FOUND])
    for lang in LANGUAGES:
        pages.update(table_pages(live_server, lang))
    errors = validate(vnu_command, pages, tmp_path)
    assert not errors, "\n".join(errors)


def test_the_language_link_keeps_the_place_on_the_page(visit):
    """A "why?" link lands on a rule's anchor; switching language there stays on that rule."""
    page = visit().page
    page.goto("/en/rules/uno#uno.catch")
    page.click(".lang-switch a[hreflang=ar]")
    page.wait_for_url("**/ar/rules/uno#uno.catch")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_are_never_mirrored(visit, lang):
    """A card is a physical object: its colour mark and top index sit at its top left, its lower
    index upside down at the bottom right, whichever way the page runs."""
    page = visit().page
    page.goto(f"/{lang}/cards/draw-two")
    cards = page.evaluate(
        """() => [...document.querySelectorAll('main .card-large')].map(card => {
          const box = card.getBoundingClientRect(), mark = card.querySelector('.card-mark').getBoundingClientRect();
          const face = card.querySelector('.card-face'), top = getComputedStyle(face, '::before');
          const low = getComputedStyle(face, '::after');
          return {mark: (mark.left + mark.right) / 2 - box.left, width: box.width, direction: getComputedStyle(card).direction,
                  top: [top.content, top.left, top.display], low: [low.content, low.right, low.transform]};
        })"""
    )
    assert len(cards) == 4
    for card in cards:
        assert card["direction"] == "ltr" and card["mark"] < card["width"] / 3, card
        assert card["top"][0] == '"+2"' and card["top"][2] != "none" and card["low"][0] == '"+2"', card
        a, b, c, d = (round(float(n), 6) for n in card["low"][2].removeprefix("matrix(").split(",")[:4])
        assert (a, b, c, d) == (-1, 0, 0, -1), card  # turned half a turn, not flipped
