"""Pages as the server sends them, without a browser, and the Nu HTML Checker's verdict on them."""
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

from .checks import vnu_errors

SEED = "17"  # with one easy bot, this deal reaches every goal of test_practice in ten moves (seeds 1-5 do too, slower)


def served_html(base_url: str, urls) -> dict[str, bytes]:
    """{url: the HTML the server sends for it}, an error page's included (test_page checks statuses)."""
    pages = {}
    for url in urls:
        try:
            with urllib.request.urlopen(base_url + url) as response:
                pages[url] = response.read()
        except urllib.error.HTTPError as error:
            pages[url] = error.read()
    return pages


def validate(vnu_command, pages: dict[str, bytes], folder) -> list[str]:
    """The Nu HTML Checker's errors for {name: html}, in one run (one JVM start)."""
    files = []
    for name, html in pages.items():
        files.append(folder / (name.strip("/").replace("/", "-") + ".html"))
        files[-1].write_bytes(html)
    checked = subprocess.run(
        [*vnu_command, "--format", "json", "--exit-zero-always", *map(str, files)],
        capture_output=True, text=True, check=True,
    )
    return vnu_errors(checked.stderr)


def table_pages(base_url: str, lang: str) -> dict[str, bytes]:
    """The table's HTML as served without a browser (for the HTML checker): just dealt, after a
    refused card (the explanation), after a draw."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def post(url, **fields):
        try:
            with opener.open(base_url + url, urllib.parse.urlencode(fields).encode()) as response:
                return response.url.removeprefix(base_url), response.read()
        except urllib.error.HTTPError as refused:  # a refused move answers 422 with the table
            return url, refused.read()

    def form_value(html: bytes, name: str) -> str:
        return re.search(rf'name="{name}" value="([^"]*)"'.encode(), html).group(1).decode()

    html = opener.open(f"{base_url}/{lang}/play").read()
    url, dealt = post(f"/{lang}/play", csrf_token=form_value(html, "csrf_token"), preset="official",
                      target="500", bots="1", level="easy", hints="on", seed=SEED)
    url = url.split("?")[0]
    token, version = form_value(dealt, "csrf_token"), form_value(dealt, "version")
    unplayable = re.search(rb'class="hand-card unplayable">\s*<button[^>]*value="([^"]+)"', dealt).group(1)
    _, refused = post(url, csrf_token=token, version=version, action="play", card=unplayable.decode())
    _, drawn = post(url, csrf_token=token, version=version, action="draw")
    return {f"{lang}-table-dealt": dealt, f"{lang}-table-refused": refused, f"{lang}-table-drawn": drawn}
