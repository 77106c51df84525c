"""Every page of the site, in Arabic and English, as Chromium shows it: accessible, valid,
right-to-left where it should be, drawn with real Arabic glyphs, offline, and phone-sized."""
import subprocess
import urllib.request

import pytest

from app.i18n import LANGUAGES

from .checks import (
    PHONE,
    arabic_fonts_used,
    axe_violations,
    horizontal_overflow,
    right_to_left,
    signed_numbers_in_order,
    vnu_errors,
)


def site_pages(lang: str) -> list[str]:
    """The site's page URLs in one language (the registry's list, once the rule pages exist)."""
    try:
        from app.pages import all_page_urls
    except ImportError:  # the skeleton: one home page, language by query
        return [f"/?lang={lang}"]
    return all_page_urls(lang)


PAGES = [(lang, url) for lang in LANGUAGES for url in site_pages(lang)]


def shot_name(lang: str, url: str) -> str:
    path = url.split("?")[0].strip("/").removeprefix(lang).strip("/")
    return f"{lang}-{path.replace('/', '-') or 'home'}"


def is_main(url: str) -> bool:
    """Home and section indexes: the pages screenshot at phone size too."""
    path = url.split("?")[0]
    return path.endswith("/") or path.count("/") <= 2


@pytest.mark.parametrize(("lang", "url"), PAGES, ids=[url for _, url in PAGES])
def test_page(visit, axe_source, arabic_fonts, screenshots, lang, url):
    page = visit().page
    response = page.goto(url)
    assert response.ok, f"{url} answered {response.status}"

    problems = axe_violations(page, axe_source)
    if lang == "ar":
        problems += right_to_left(page)
        problems += arabic_fonts_used(page, arabic_fonts)
    else:
        html = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
        if html != [lang, "ltr"]:
            problems.append(f"<html lang dir> is {html}")
    problems += signed_numbers_in_order(page)[1]
    name = shot_name(lang, url)
    page.screenshot(path=screenshots / f"{name}.png", full_page=True)

    page.set_viewport_size(PHONE)
    problems += [f"at {PHONE['width']}px: {p}" for p in horizontal_overflow(page)]
    if is_main(url):
        page.screenshot(path=screenshots / f"{name}-phone.png", full_page=True)
    assert not problems, f"{url}:\n" + "\n".join(problems)


def test_html_is_valid(live_server, vnu_command, tmp_path):
    """The Nu HTML Checker finds no error in any page as served (one JVM start for all)."""
    files = []
    for lang, url in PAGES:
        with urllib.request.urlopen(live_server + url) as response:
            files.append(tmp_path / f"{shot_name(lang, url)}.html")
            files[-1].write_bytes(response.read())
    checked = subprocess.run(
        [*vnu_command, "--format", "json", "--exit-zero-always", *map(str, files)],
        capture_output=True, text=True, check=True,
    )
    errors = vnu_errors(checked.stderr)
    assert not errors, "\n".join(errors)
