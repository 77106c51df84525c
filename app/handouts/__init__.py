"""Handouts for a class, printed from the browser: /<lang>/print/ lists them.

- /<lang>/print/summary — the rules on one page (app.handouts.summary), ending with the rules'
  whole address and its QR code (app.links: the site's address, else the host the sheet was asked of);
- /<lang>/print/large — the same summary in large print (18 pt and more), on as many pages as it takes;
- /<lang>/print/bilingual — the same summary in Arabic and in English side by side on one page, each
  column rendered in its own language (``in_language``), so no sentence is written twice;
- /<lang>/print/cards — the card reference on one page: every face and its copies, what each kind
  does and scores (app.handouts.card_reference);
- /<lang>/print/quiz?seed=… — a quiz sheet and, on a page of its own, its answer key
  (app.handouts.quiz_sheet); without a seed it redirects to a new one, so the address prints the
  same sheet again.

Every sheet takes ?paper=a4|letter (default A4), which sets the printed page's size (named pages
in handouts.css: the CSP allows no inline style). On screen a sheet is shown as its paper, with a
Print button (print.js; the page also says how to print without it). Bad input (a paper or a seed
the sheet can't use) gets a 400 page in the reader's language.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import lazy_gettext as _l, lazy_ngettext
from markupsafe import Markup

from app.engine.scenario import from_scenario
from app.i18n import LANGUAGES, gettext as _, in_language, text_direction
from app.links import absolute, qr_svg
from app.practice.narration import hand_hints
from app.quiz.progress import MAX_SEED_LENGTH, new_seed, valid_seed  # the sheet's seeds are the quiz's

from . import card_reference, quiz_sheet
from .summary import AIM, MATCHING, SECTIONS

bp = Blueprint("handouts", __name__)

PAPERS = {"a4": "A4", "letter": "Letter"}  # ?paper= and its name
HANDOUTS = {"summary": _l("The rules on one page"), "large": _l("The rules in large print"),
            "bilingual": _l("The rules in Arabic and English"), "cards": _l("Card reference"), "quiz": _l("Quiz sheet")}
REFUSALS = {
    "paper": _l("“%(value)s” is not a paper size this sheet prints on: choose %(a4)s or %(letter)s."),
    # The limit counts its noun, so its form follows the number (docs/arabic.md §6).
    "seed": lazy_ngettext("This quiz sheet can't be made: its seed must be a word of up to %(num)d character: "
                          "letters, digits, “-” or “_”.",
                          "This quiz sheet can't be made: its seed must be a word of up to %(num)d characters: "
                          "letters, digits, “-” or “_”.", MAX_SEED_LENGTH),
}


@bp.get("/<lang:lang>/print/")
def index(lang: str):
    """The handouts, each in A4 and Letter, and a quiz sheet's seed to choose."""
    return render_template("handouts/index.html", handouts=HANDOUTS, papers=PAPERS,
                           max_seed=MAX_SEED_LENGTH)


@bp.get("/<lang:lang>/print/summary")
def summary(lang: str):
    return _sheet("summary", summary=_summary(lang))


@bp.get("/<lang:lang>/print/large")
def large(lang: str):
    return _sheet("large", summary=_summary(lang))


@dataclass(frozen=True)
class Column:
    """The summary in one language, for the bilingual sheet."""

    title: str
    dir: str  # "rtl" or "ltr"
    summary: Markup


@bp.get("/<lang:lang>/print/bilingual")
def bilingual(lang: str):
    """The summary in each language, the page's own first: first is the start of the line, so
    English is on the left and Arabic on the right whichever page it is printed from."""
    columns = {}
    for code in sorted(LANGUAGES, key=lambda code: code != lang):
        with in_language(code):
            columns[code] = Column(str(HANDOUTS["summary"]), text_direction(code), _summary(code, prefix=f"{code}-"))
    return _sheet("bilingual", columns=columns)


def _summary(lang: str, prefix: str = "") -> Markup:
    """The summary (handouts/_summary.html) in the language Babel is set to, ``lang``; its ids start
    with ``prefix``. The rules' address is whole, to be typed or scanned off the paper."""
    matching = from_scenario(MATCHING)[0]
    address = absolute(url_for("pages.show", lang=lang, page="rules/"))
    return Markup(render_template("handouts/_summary.html", prefix=prefix, sections=SECTIONS, aim=AIM,
                                  matching=matching.top.notation,
                                  hints=hand_hints(matching, 0, ()),  # no seat names given: "Player 1"…
                                  address=address, qr=qr_svg(address, _("QR code of the rules' address"))))


@bp.get("/<lang:lang>/print/cards")
def cards(lang: str):
    return _sheet("cards", deck=card_reference.deck_rows(), kinds=card_reference.kind_rows())


@bp.get("/<lang:lang>/print/quiz")
def quiz(lang: str):
    """The sheet of ``?seed=``; without one, a new seed put in the address (so it prints again)."""
    seed = request.args.get("seed")
    if not seed:
        return redirect(_here(seed=new_seed()))
    if not valid_seed(seed):
        return _refused("seed")
    return _sheet("quiz", seed=seed, questions=quiz_sheet.questions(seed))


def _sheet(name: str, **context):
    """A handout on the paper ?paper= names; the language switch keeps the query (paper, seed)."""
    paper = request.args.get("paper", "a4")
    if paper not in PAPERS:
        return _refused("paper", value=paper, **PAPERS)
    return render_template(f"handouts/{name}.html", name=name, title=HANDOUTS[name], paper=paper, papers=PAPERS,
                           on_paper={code: _here(paper=code) for code in PAPERS},
                           alternates={code: _here(lang=code) for code in LANGUAGES}, **context)


def _here(**changes) -> str:
    """This address with ``changes`` to its language or query."""
    endpoint, path = request.endpoint, request.view_args
    assert endpoint is not None and path is not None  # a handout's view, matched by its route
    return url_for(endpoint, **{**request.args, **path, **changes})


def _refused(field: str, **params):
    """A query value the sheet can't use (``field``, a key of REFUSALS): a 400 page that says why."""
    return render_template("handouts/error.html", message=str(REFUSALS[field]) % params), 400
