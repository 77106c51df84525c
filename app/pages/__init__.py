"""The bilingual pages: home, cards, rules, sources, glossary, about — and the contract for writing them.

URLs: every page is /<lang>/<path> with lang in ar|en (anything else is a 404 page in the
reader's language). ``/`` redirects by saved choice (cookie ``lang``), then Accept-Language, then
Arabic; visiting any /<lang>/... page saves that choice. PAGES below is the registry: its paths
are the routes, all_page_urls(lang) lists them.

Writing a page (rules topics, sources, about):
- Template: app/templates/pages/<path>.<lang>.html, one file per language (e.g.
  pages/rules/setup.ar.html and pages/rules/setup.en.html; the rules index is
  pages/rules/index.<lang>.html). Long prose is written natively in each file, not through
  gettext; short UI strings shared by many pages (navigation, card names, rule titles) come from
  gettext. A page that is the same in both languages apart from gettext strings may instead be a
  single pages/<path>.html (the glossary is). The lookup tries <path>.<lang>.html, then
  <path>.html, so a shared skeleton <path>.html can hold the structure once while each
  <path>.<lang>.html extends it and fills only the prose blocks (home, cards/special; the kind
  pages extend pages/cards/kind.html).
- Each file starts ``{% extends "layout.html" %}`` and fills blocks ``title`` (the page's own
  title; the layout adds the site name) and ``content`` (everything inside <main>, starting
  with the page's <h1>).
- Macros: ``{% from "macros/cards.html" import card, hand %}`` — card("YD2", size="large"|
  "small"), hand(["R5", "W"]), blank_card(), mark_legend(); ``{% from "macros/rules.html" import rule_section, rule_link %}``
  — ``{% call rule_section("setup.deal") %}prose{% endcall %}`` gives
  <section id="setup.deal"> with the rule's title as <h2> and a "link to this rule" anchor;
  rule_link("uno.catch") links to a rule wherever it lives;
  ``{% from "macros/examples.html" import example %}`` — example(scenario, moves) runs the real
  engine and shows position, move, verdict and the rule link (scenario as app.engine.scenario
  takes it, moves as Move.from_dict takes them; all but the last must be legal).
- Anchors: every rule id in anchors.RULE_PAGES[rule] == "<path>" must appear on that page as
  id="<rule id>" (use rule_section); rule_url(rule, lang) links to it.
- Text in another language inside a page (an English term on an Arabic page, a source title)
  carries lang="en" (or lang="ar"); rule ids and notation go in <code>. The crawl test rejects
  any other Latin-script word in Arabic pages (UNO excepted). Card labels go in <bdi>.
- Template globals: lang, dir, page (the registry entry), rule_url(rule), page_url(path),
  section("rules/") (the pages under an index), and TEMPLATE_GLOBALS below (card_name,
  color_name, kind_name, rule_title, listed_title from app.wording; kinds() for engine card counts).
"""
from dataclasses import dataclass

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import lazy_gettext as _l
from jinja2 import TemplateNotFound

from app import wording
from app.engine.cards import DECK, Color
from app.i18n import LANGUAGES, current_language
from app.scenes.card_examples import CARD_EXAMPLES

from . import anchors, rendered
from .card_faces import drawn_card
from .cards import RELATED, card_face, copies, kind_facts, kinds
from .examples import example_html, rule_example_html, scene_anchor
from .glossary import SEPARATORS, isolate
from .glossary import rows as glossary_rows
from .preset_words import PRESET_WORDS
from .rulefacts import RULE_FACTS, preset_changes

bp = Blueprint("pages", __name__)

COOKIE_AGE = 365 * 24 * 3600


@dataclass(frozen=True)
class Page:
    path: str  # URL after /<lang>/; "" is home, a trailing slash marks a section index
    title: object  # lazy gettext string: navigation, index lists, <title>

    @property
    def template(self) -> str:
        """Template base name: pages/<path>, an index being pages/<section>/index."""
        if not self.path:
            return "pages/home"
        return "pages/" + (self.path + "index" if self.path.endswith("/") else self.path)


PAGES: dict[str, Page] = {p.path: p for p in (
    Page("", _l("Home")),
    Page("cards/", _l("Cards")),
    Page("cards/number", _l("Number cards")),
    Page("cards/skip", _l("Skip")),
    Page("cards/reverse", _l("Reverse")),
    Page("cards/draw-two", _l("Draw Two")),
    Page("cards/wild", _l("Wild")),
    Page("cards/wild-draw-four", _l("Wild Draw Four")),
    Page("cards/special", _l("Blank and special cards")),
    Page("rules/", _l("Rules")),
    Page("rules/setup", _l("Setup and dealing")),
    Page("rules/first-card", _l("The first card")),
    Page("rules/turn", _l("A turn: matching cards")),
    Page("rules/drawing", _l("Drawing cards")),
    Page("rules/action-cards", _l("Action cards")),
    Page("rules/wild-cards", _l("Wild cards")),
    Page("rules/uno", _l("Calling UNO")),
    Page("rules/challenge", _l("The Wild Draw Four challenge")),
    Page("rules/scoring", _l("End of round and scoring")),
    Page("rules/two-players", _l("Two players")),
    Page("rules/house-rules", _l("House rules")),
    Page("sources", _l("Sources compared")),
    Page("glossary", _l("Glossary")),
    Page("about", _l("About")),
)}


def all_page_urls(lang: str) -> list[str]:
    """Every page of the site in ``lang`` (for crawls and browser tests)."""
    return [f"/{lang}/{path}" for path in PAGES]


def section(prefix: str) -> list[Page]:
    """The pages under a section index, in registry order: section("rules/")."""
    return [page for path, page in PAGES.items() if path.startswith(prefix) and path != prefix]


def show(lang: str, page: str):
    """The page, rendered once per language and address and then revalidated (app.pages.rendered)."""
    return rendered.page((current_language(), lang, page), lambda: _render(lang, PAGES[page]))


def _render(lang: str, entry: Page) -> str:
    try:
        return render_template([f"{entry.template}.{lang}.html", f"{entry.template}.html"], page=entry)
    except TemplateNotFound:  # a page still being written
        abort(404)


for _path in PAGES:
    bp.add_url_rule(f"/<lang:lang>/{_path}", "show", show, defaults={"page": _path})


@bp.get("/")
def root():
    """The saved or browser language's home (i18n.select_locale decides)."""
    return redirect(url_for("pages.show", lang=current_language(), page=""))


@bp.after_app_request
def remember_language(response):
    """A visit to /<lang>/... is the reader's choice of language: keep it for ``/``."""
    lang = (request.view_args or {}).get("lang")
    if lang in LANGUAGES and request.cookies.get("lang") != lang and response.status_code < 400:
        response.set_cookie("lang", lang, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


# Globals, not context: macros imported without context see only these.
TEMPLATE_GLOBALS = {
    "rule_url": lambda rule: anchors.rule_url(rule, current_language()),
    "page_url": lambda path: f"/{current_language()}/{path}",
    "PAGES": PAGES, "section": section, "COLORS": tuple(Color), "DECK_SIZE": len(DECK),
    "kinds": kinds, "kind_facts": kind_facts, "copies": copies, "EXAMPLES": CARD_EXAMPLES, "RELATED": RELATED,
    "glossary_rows": glossary_rows, "SEPARATORS": SEPARATORS, "isolate": isolate, "RULE_PAGES": anchors.RULE_PAGES,
    "page_rules": anchors.page_rules, "moved_rules": anchors.moved_rules,
    "card_face": card_face, "drawn_card": drawn_card, "example_html": example_html,
    "rule_example_html": rule_example_html, "scene_anchor": scene_anchor, "card_name": wording.card_name,
    "color_name": wording.color_name, "color_word": wording.color_word, "kind_name": wording.kind_name,
    "rule_title": wording.rule_title, "listed_title": wording.listed_title, "list_joints": lambda count: wording.list_joints(count, current_language()),
    "VERDICT_MARKS": wording.VERDICT_MARKS, "bluff_rule": wording.bluff_rule,
}
# The rules pages' numbers and rule-set presets, from the engine (app.pages.rulefacts).
TEMPLATE_GLOBALS.update(rule_facts=RULE_FACTS, preset_changes=preset_changes, preset_words=PRESET_WORDS)
bp.record_once(lambda state: state.app.jinja_env.globals.update(TEMPLATE_GLOBALS))


@bp.app_context_processor
def _site_context():
    return {"alternates": _alternates()}


def _alternates() -> dict[str, str]:
    """{lang: absolute URL} of this page in each language, when the page has a language."""
    args = request.view_args or {}
    if request.endpoint is None or args.get("lang") not in LANGUAGES:
        return {}
    return {code: url_for(request.endpoint, **{**args, "lang": code}) for code in LANGUAGES}
