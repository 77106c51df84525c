#!/usr/bin/env python3
"""The practice table in a real browser: the time from a click to the table settled, and the page's weight.

    .venv/bin/pip install -e '.[browser]'   (and Debian's chromium-headless-shell or chromium)
    .venv/bin/python bench/table.py [--moves 40] [--pace instant] [--seed 2024]

Serves the app on 127.0.0.1 (a free port, a throwaway instance folder), starts a game and plays
``--moves`` moves with the mouse as a learner would (a playable card, else a draw, keeping what
was drawn), each timed inside the page from the click to the moment the answer's table stands
still (its steps played at the chosen pace). Prints the median, 90th percentile and worst of
those times, and the table page's weight: its HTML, CSS and JavaScript, as sent and gzipped.
Timings vary with the machine's load: compare runs made one after the other.
"""
from __future__ import annotations

import os
import sys

# bench/http.py would shadow the standard library's http: keep this folder off the path, the repo on it.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [os.path.dirname(HERE)] + [p for p in sys.path if os.path.abspath(p or ".") != HERE]

import argparse  # noqa: E402
import gzip  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402

from app import create_app  # noqa: E402

LAUNCH_ARGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--disable-quic", "--disable-gpu", "--no-first-run", "--no-sandbox"]
# Clicks the button, then resolves with the milliseconds until a fresh table is in place and its
# steps are played (the old one carries data-stale until the answer's replaces it or is patched
# in). It watches the page's mutations, never polls it frame by frame: a requestAnimationFrame loop
# would make the browser run a main-thread frame at every screen refresh (restyling every element
# that animates, even on the compositor), work the page itself never asks for.
CLICK_TO_SETTLED = """selector => new Promise(resolve => {
  document.querySelector('.practice').dataset.stale = '1';
  const start = performance.now();
  const watch = new MutationObserver(function () {
    if (!document.querySelector('.practice:not([data-stale]):not(.playing)')) return;
    watch.disconnect();
    resolve(performance.now() - start);
  });
  watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'data-stale'] });
  document.querySelector(selector).click();
})"""


def serve(instance: str) -> tuple[str, object]:
    from werkzeug.serving import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args):
            pass

    os.environ["UNO_TUTOR_INSTANCE_PATH"] = instance
    app = create_app({"SECRET_KEY": "bench"})
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", server


def next_move(page) -> str | None:
    """The selector of the button a simple learner presses next (None: nothing a click settles)."""
    for selector in ("#decision form:has(input[value=pass]) button", "#decision form:has(input[value=continue]) button",
                     "#decision form:has(input[value=next-round]) button", "#decision form:has(input[value=uno]) button"):
        if page.locator(selector).count():
            return selector
    plain = page.locator('.card-button[data-verdict="legal"]:not([data-card^="W"])')
    if plain.count():
        return f'.card-button[data-card="{plain.first.get_attribute("data-card")}"]'
    if page.locator(".draw-button").count():
        return ".draw-button"
    return None


def weight(request, path: str) -> dict[str, int]:
    """Bytes of the page and the stylesheets and scripts it names, as sent and gzipped (``request``:
    the browser's, whose cookie owns the game)."""
    html = request.get(path).body()
    parts = {"html": html}
    for kind, pattern in (("css", rb'href="([^"]+\.css)"'), ("js", rb'src="([^"]+\.js)"')):
        parts[kind] = b"".join(request.get(url.decode()).body() for url in re.findall(pattern, html))
    sizes = {kind: len(body) for kind, body in parts.items()}
    sizes["total"] = sum(sizes.values())
    sizes["gzipped"] = sum(len(gzip.compress(body)) for body in parts.values())
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--pace", default="instant", choices=("slow", "normal", "fast", "instant"))
    parser.add_argument("--seed", default="2024")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = next(filter(None, map(shutil.which, ("chromium-headless-shell", "chromium"))), None)
    if chromium is None:
        sys.exit("needs Debian's chromium-headless-shell or chromium")
    instance = tempfile.mkdtemp(prefix="bench-table-")
    base, server = serve(instance)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800}, base_url=base)
            page.add_init_script(f"localStorage.setItem('uno-tutor-pace', '{args.pace}')")
            page.goto(f"/{args.lang}/play?seed={args.seed}")
            with page.expect_navigation():
                page.click("#quick-start button")
            page.wait_for_selector(".practice:not(.playing)", timeout=120_000)
            table = page.url.removeprefix(base)
            times = []
            for _ in range(args.moves):
                selector = next_move(page)
                if selector is None:
                    break
                times.append(page.evaluate(CLICK_TO_SETTLED, selector))
            sizes = weight(page.context.request, table)
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(instance, ignore_errors=True)
    times.sort()
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    print(f"click to table settled at {args.pace} pace, {len(times)} moves (1280x800, {args.lang}): "
          f"median {statistics.median(times):.0f} ms, p90 {p90:.0f} ms, worst {times[-1]:.0f} ms")
    print(f"table page weight: HTML {sizes['html']:,} + CSS {sizes['css']:,} + JS {sizes['js']:,} = "
          f"{sizes['total']:,} bytes ({sizes['gzipped']:,} gzipped)")


if __name__ == "__main__":
    main()
