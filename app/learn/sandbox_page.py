"""/<lang>/sandbox: build a position by clicking and see every card's verdict, and what a move does.

One GET address, no JavaScript needed, nothing stored: the position lives in the URL.
- ``?scenario=<JSON>`` (a check-API scenario) and ``&moves=<JSON>`` (lead-in check-API moves, each
  legal) show that position, with the builder's form filled from it; lessons, quiz answers and
  other tools link here so.
- The builder's form sends its fields (``build``, a card clicked in the palette: ``pick``, or a card
  removed: ``remove``) with the position being edited (hidden ``scenario``/``moves``), and is
  answered by a redirect to the canonical ``?scenario=`` of the position the fields describe.
- The position's own buttons add a move (``action``, ``card``, ``color``, ``target``): the page then
  says what happens if it is played, judged by the engine; with JavaScript (app/static/sandbox.js)
  the move first plays out on the table through the step player, as in a lesson.
A link or a form the engine can't use gets the reason in the reader's language, status 400, the
form kept as it was sent; never a traceback.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for

from ..engine.cards import FACES, Color
from ..i18n import LANGUAGES
from ..pages.rendered import address_page
from ..practice.options import HOUSE_RULE_SWITCHES, RULE_CHOICES
from .position import Outcome, Position, PositionError, build, canonical_json, move_from_form, step_cards, step_labels
from .sandbox.builder import DEFAULT_SCENARIO, MAX_HAND, Builder, SandboxError
from .sandbox.form import from_form, read_cards
from .sandbox.links import read_link
from .sandbox.reading import from_position, raw_values

bp = Blueprint("sandbox", __name__)

VIEWER = 0  # the learner is "You", seat 0, as on the practice table
BUILDING = ("build", "pick", "remove")  # a form field that says the builder was sent


def link(lang: str, scenario: Any, moves: list[dict[str, Any]] | tuple = (), **move: Any) -> str:
    """The sandbox's address for a position (and a move tried on it): what lessons, quiz answers
    and tools link to."""
    return url_for("sandbox.page", lang=lang, scenario=canonical_json(scenario),
                   moves=canonical_json(list(moves)) if moves else None, **move)


@bp.get("/<lang:lang>/sandbox")
def page(lang: str):
    """The builder's fields answered by a redirect (``_build``); any other address is a position,
    the same page every time, so it is rendered once per address and language and revalidated
    (app.pages.rendered.address_page)."""
    args = request.args
    if any(name in args for name in BUILDING):
        try:
            linked = read_link(args)
        except SandboxError:
            linked = None  # the fields alone say what to build
        scenario, moves = linked or (DEFAULT_SCENARIO, [])
        return _build(lang, scenario, moves)
    return address_page(lambda: _position(lang, args))


def _position(lang: str, args) -> tuple[str, int]:
    """The position the address gives (the first one without), and the move tried on it."""
    try:
        linked = read_link(args)
    except SandboxError as error:
        return _page(lang, None, _default_builder().form_values(), error=error, base={})
    scenario, moves = linked or (DEFAULT_SCENARIO, [])
    try:
        view = build(scenario, moves, viewer=VIEWER)
    except PositionError as error:
        return _page(lang, None, raw_values(scenario), error=error, base=args)
    builder = from_position(scenario, moves)
    move = move_from_form(args)
    try:
        outcome = view.play(move) if move else None
    except PositionError as error:
        return _page(lang, view, builder.form_values(), error=error, base=args)
    return _page(lang, view, builder.form_values(), outcome=outcome, base=args if linked else {})


def _build(lang: str, edited: Any, edited_moves: list[dict[str, Any]]):
    """The builder's fields over the position being edited: a redirect to the canonical link of
    the position they describe, or the form again, as sent, with the reason it can't be used (and
    the position as it was, if it can be shown)."""
    try:
        shown = build(edited, edited_moves, viewer=VIEWER)
        base = from_position(edited, edited_moves)
    except PositionError:  # a link the engine refuses: the fields start afresh
        shown, base = None, _default_builder()
    try:
        scenario, moves = from_form(request.args, base).scenario()
        build(scenario, moves, viewer=VIEWER)  # the engine's refusal, before any link is made
    except PositionError as error:
        return _page(lang, shown, dict(request.args), error=error, base=request.args, kept=shown is not None)
    to_builder = "#builder" if "pick" in request.args or "remove" in request.args else ""
    return redirect(link(lang, scenario, moves) + to_builder, 303)


def _default_builder() -> Builder:
    return from_position(DEFAULT_SCENARIO, [])


def _page(lang: str, view: Position | None, values: dict[str, str], base, error: PositionError | None = None,
          outcome: Outcome | None = None, kept: bool = False) -> tuple[str, int]:
    """The page: the position (if there is one to show), what the chosen move does, the builder."""
    fields = {"scenario": view.scenario_json, "moves": view.moves_json} if view else {
        "scenario": base.get("scenario", ""), "moves": base.get("moves", "")}
    query: dict[str, Any] = dict(request.args)  # url_for's values: its own flags are typed apart
    context = {
        "view": view, "outcome": outcome, "values": values, "fields": fields,
        "error": error and {"text": error.message(), "field": _field_at_fault(error), "kept": kept},
        "share": link(lang, view.scenario, view.moves) if view else None,
        "after": link(lang, outcome.after.scenario, outcome.after.moves) if outcome and outcome.after else None,
        "check_request": canonical_json({"scenario": view.scenario, "moves": list(view.moves)}) if view else None,
        "faces": list(FACES), "colours": [c.value for c in Color], "max_hand": MAX_HAND,
        "rule_choices": RULE_CHOICES, "house_rule_switches": HOUSE_RULE_SWITCHES,
        "hand_cards": _typed_hand(values.get("hand", "")),
        "alternates": {code: url_for("sandbox.page", **{**query, "lang": code}) for code in LANGUAGES},
        "labels": step_labels(),  # the step player's words, and the cards it moves when a move plays out
        "step_cards": step_cards(outcome.steps["events"], VIEWER) if outcome and outcome.steps else [],
    }
    return render_template("learn/sandbox.html", **context), 400 if error else 200


# The builder's field to fix for each of the engine's refusals of a scenario (sandbox errors name theirs).
FIELDS_AT_FAULT = {"color-needed": "color", "unknown-color": "color", "color-mismatch": "color",
                   "too-many-copies": "hand", "unknown-card": "hand", "bad-players": "players",
                   "illegal-lead-in": "pending", "bad-seat": "turn"}


def _field_at_fault(error: PositionError) -> str | None:
    return getattr(error, "field", None) or FIELDS_AT_FAULT.get(error.code)


def _typed_hand(text: str) -> list[str]:
    """Your hand as the form holds it, for its list of cards with a remove button each."""
    try:
        return read_cards(text, "hand")
    except SandboxError:
        return []
