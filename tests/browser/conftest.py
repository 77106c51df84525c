"""The browser suite's machinery: one live server, one Chromium, offline checkers, screenshots.

Chromium is Debian's (chromium-headless-shell or chromium), driven by PyPI playwright through
executable_path: `playwright install` downloads a browser and cannot work offline. The checkers
(axe-core, the Nu HTML Checker) come from npm into tests/browser/node_modules (scripts/test.sh).
A missing tool skips these tests on a developer's machine and fails them in CI (CI=1, true or yes).
"""
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from app import create_app
from tests.tools import missing

from .checks import DESKTOP

HERE = Path(__file__).resolve().parent
NODE_MODULES = HERE / "node_modules"
AXE_JS = Path(os.environ.get("AXE_JS", NODE_MODULES / "axe-core" / "axe.min.js"))
VNU_JAR = Path(os.environ.get("VNU_JAR", NODE_MODULES / "vnu-jar" / "build" / "dist" / "vnu.jar"))
LAUNCH_ARGS = [
    # Without these Chromium phones home at start; this machine's network refuses it.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--disable-gpu",
    "--no-first-run",
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
]


def chromium_path() -> str | None:
    candidates = [os.environ.get("CHROMIUM"), "chromium-headless-shell", "chromium"]
    return next((found for c in candidates if c and (found := shutil.which(c))), None)


@pytest.fixture(scope="session")
def served_app(tmp_path_factory):
    """The app the live server serves (a test may set up a position in its store)."""
    instance = tmp_path_factory.mktemp("instance")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("UNO_TUTOR_INSTANCE_PATH", str(instance))
        # Every browser of the suite comes from 127.0.0.1, which makes more classes in an hour than
        # one address may (app.classroom.limits: CLASSES_PER_ADDRESS): which test met the limit
        # depended on their order. The limits have their own tests (tests/web/test_limits.py, ...).
        return create_app({"TESTING": True, "SECRET_KEY": "browser-tests", "RATELIMIT_ENABLED": False})


@pytest.fixture(scope="session")
def live_server(served_app):
    """The app on 127.0.0.1, a free port, in a daemon thread; yields its base URL."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args):  # a failing test's captured log stays readable
            pass

    server = make_server("127.0.0.1", 0, served_app, threaded=True, request_handler=Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        missing("Chromium (Debian's chromium-headless-shell or chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright (pip install -e '.[test,browser]')")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=LAUNCH_ARGS)
        yield browser
        browser.close()


class Visit:
    """A fresh browser context that lets requests reach only the test server.

    Anything else is blocked and recorded in `offsite`, and any answer of 500 or more in
    `server_errors`; the fixture fails the test if there was either.
    """

    def __init__(self, browser, base_url, pace="instant", **options):
        self.base_url = base_url
        self.offsite, self.server_errors = [], []
        self.context = browser.new_context(base_url=base_url, **{"viewport": DESKTOP, **options})
        if pace:  # the step player's pace, as a learner's choice is kept (steps.js): tests need not wait
            self.context.add_init_script(f"try {{ localStorage.setItem('uno-tutor-pace', '{pace}'); }} catch (e) {{}}")
        self.context.set_default_timeout(10_000)  # a page that never answers fails soon, not in 30 s
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("response", self._response)

    def _route(self, route):
        url = route.request.url
        if url == self.base_url or url.startswith(self.base_url + "/"):
            route.continue_()
        else:
            self.offsite.append(url)
            route.abort()

    def _response(self, response):
        if response.status >= 500:
            self.server_errors.append(f"{response.status} {response.request.method} {response.url}")


@pytest.fixture
def visit(browser, live_server):
    """Make Visits (e.g. visit(), visit(java_script_enabled=False), visit(pace="normal")); closes
    them after the test."""
    made = []

    def make(**options):
        made.append(Visit(browser, live_server, **options))
        return made[-1]

    yield make
    offsite = [url for v in made for url in v.offsite]
    errors = [error for v in made for error in v.server_errors]
    for v in made:
        v.context.close()
    if offsite:
        pytest.fail(f"requests left the test server: {offsite}", pytrace=False)
    if errors:
        pytest.fail(f"the server failed: {errors}", pytrace=False)


@pytest.fixture(scope="session")
def axe_source():
    if not AXE_JS.is_file():
        missing(f"axe-core at {AXE_JS}")
    return AXE_JS.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def vnu_command():
    if not VNU_JAR.is_file():
        missing(f"the Nu HTML Checker at {VNU_JAR}")
    if not shutil.which("java"):
        missing("Java (Debian's default-jre-headless)")
    # C1 only: a one-shot run spends half the CPU otherwise; C1's frames need a bigger stack.
    return ["java", "-Xss8m", "-XX:TieredStopAtLevel=1", "-jar", str(VNU_JAR)]


@pytest.fixture(scope="session")
def arabic_fonts():
    """Font families fontconfig says cover Arabic (what Chromium on Linux draws with)."""
    if not shutil.which("fc-list"):
        missing("fontconfig's fc-list (Debian's fontconfig)")
    out = subprocess.run(
        ["fc-list", ":lang=ar", "family"], capture_output=True, text=True, check=True
    ).stdout
    families = {name.strip() for line in out.splitlines() for name in line.split(",")}
    families.discard("")
    if not families:
        missing("a font that covers Arabic (Debian's fonts-dejavu-core)")
    return families


SHOT = pytest.StashKey[bool]()  # set once this run has taken screenshots


def screenshot_dir(config) -> Path:
    """test-artifacts/screenshots, or the folder $SCREENSHOTS names (emptied at each run)."""
    return Path(os.environ.get("SCREENSHOTS") or config.rootpath / "test-artifacts" / "screenshots")


@pytest.fixture(scope="session")
def screenshots(pytestconfig):
    """The screenshot folder, emptied of an earlier run's pictures."""
    folder = screenshot_dir(pytestconfig)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    pytestconfig.stash[SHOT] = True
    return folder


def pytest_terminal_summary(terminalreporter, config):
    folder = screenshot_dir(config)
    if config.stash.get(SHOT, False):
        shots = list(folder.glob("*.png"))
        terminalreporter.write_sep("-", "what learners see")
        terminalreporter.write_line(f"{len(shots)} screenshots in {folder}")
