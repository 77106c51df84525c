"""Worked examples on the pages, played by the real engine at render time.

A page gives a scenario (as app.engine.scenario reads it) and moves (as Move.from_dict reads
them); run_example checks each move, applies the legal ones and returns what the engine said.
Pages never state a verdict themselves, so a page and the engine cannot disagree. Only the last
move may be illegal: an illegal move earlier would leave the rest of the example meaningless,
so it raises (the page tests catch it).
"""
import json
from collections.abc import Sequence
from dataclasses import dataclass

from flask import current_app
from flask_babel import get_locale, ngettext
from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from app.engine import visibility
from app.engine.moves import Action, Move
from app.engine.rules import Rule
from app.replay import play
from app.wording import (COLOR_WORDS, card_name, color_name, event_message, seat_name, verdict_message,
                         verdict_state, word_list)

MOVES = {
    Action.PLAY: _l("%(seat)s plays %(card)s"),
    Action.DRAW: _l("%(seat)s draws a card"),
    Action.PASS: _l("%(seat)s keeps the drawn card"),
    Action.CHALLENGE: _l("%(seat)s challenges the Wild Draw Four"),
    Action.ACCEPT: _l("%(seat)s accepts and draws"),
    Action.UNO: _l("%(seat)s calls UNO"),
    Action.CATCH: _l("%(seat)s catches %(target)s"),
    Action.COLOR: _l("%(seat)s names %(color)s"),
}
WITH_COLOR = _l("%(move)s and names %(color)s")


@dataclass(frozen=True)
class ExampleStep:
    """One move of a worked example, worded for the page (from ``app.replay.MoveAttempt``)."""

    move: str  # the move in words
    card: str | None  # the card played, to draw beside the words
    legal: bool
    state: str  # "legal", "bluff" or "illegal" (wording.verdict_state)
    rule: Rule
    message: str  # the engine's verdict, worded
    events: tuple[str, ...]  # what happened, worded (none when illegal)


@dataclass(frozen=True)
class Example:
    top: str
    color: str | None  # the active colour, worded
    seat: str  # who moves first
    hand: tuple[str, ...]  # their hand, notation
    others: str  # the other players and their card counts, worded
    steps: tuple[ExampleStep, ...]


def run_example(scenario: dict, moves: Sequence[dict]) -> Example:
    played = play(scenario, tuple(moves))
    state = played.before
    first = played.steps[0].move.seat if played.steps else state.actor()
    assert first is not None  # an example shows a round in play
    steps = tuple(ExampleStep(describe_move(step.move), step.move.card.notation if step.move.card else None, step.verdict.legal,
                       verdict_state(step.verdict), step.verdict.rule, verdict_message(step.verdict),
                       tuple(event_message(visibility.event(e, visibility.TABLE)) for e in step.events)) for step in played.steps)
    return Example(top=state.top.notation, color=state.color and color_name(state.color),
                   seat=seat_name(first), hand=tuple(c.notation for c in state.hands[first]),
                   others=_counts([(seat_name(s), len(h)) for s, h in enumerate(state.hands) if s != first]),
                   steps=steps)


def example_html(scenario: dict, moves: Sequence[dict], caption: str | None = None) -> Markup:
    """The example's figure (macro ``figure`` in macros/examples.html), rendered once per language
    and kept for the app's life.

    An example is deterministic: a fixed position, fixed moves, and the draw pile (when the
    scenario leaves it out) shuffled with a fixed seed; so its HTML depends only on them, the
    caption and the language. Playing and rendering the examples on every view was most of a
    rule page's time. The pages hold a fixed number of examples, so the cache stays small.
    """
    key = (str(get_locale()), json.dumps([scenario, moves], sort_keys=True), caption and str(caption))
    cache = current_app.extensions.setdefault("rendered_examples", {})
    html = cache.get(key)
    if html is None:
        # The macro is an attribute Jinja makes as it runs the template, unknown to a type checker.
        figure = current_app.jinja_env.get_template("macros/examples.html").module.figure  # type: ignore[attr-defined]
        html = cache[key] = Markup(figure(run_example(scenario, moves), caption))
    return html


def _counts(players: list[tuple[str, int]]) -> str:
    return word_list([ngettext("%(name)s: %(num)d card", "%(name)s: %(num)d cards", count, name=name)
                      for name, count in players], str(get_locale()))


def describe_move(move: Move) -> str:
    """The move in words, as the examples and the quiz show it: "Player 1 plays Red 5 and names blue"."""
    params = {"seat": seat_name(move.seat), "card": move.card and card_name(move.card.notation),
              "target": seat_name(move.target or 0),
              "color": move.color and str(COLOR_WORDS[move.color])}  # in a sentence: "names blue"
    text = str(MOVES[move.action]) % params
    if move.action is Action.PLAY and move.color:
        text = str(WITH_COLOR) % {"move": text, "color": params["color"]}
    return text
