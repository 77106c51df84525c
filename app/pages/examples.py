"""Worked examples on the pages, played by the real engine at render time.

A page gives a scenario (as app.engine.scenario reads it) and moves (as Move.from_dict reads
them); run_example checks each move, applies the legal ones and returns what the engine said.
Pages never state a verdict themselves, so a page and the engine cannot disagree. Only the last
move may be illegal: an illegal move earlier would leave the rest of the example meaningless,
so it raises (the page tests catch it).
"""
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from flask import current_app, g
from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from app.engine import visibility
from app.engine.moves import Action, Move
from app.engine.rules import Rule
from app.engine.vocabulary import EventKind
from app.i18n import current_language, ngettext
from app.replay import play
from app.scenes.rule_examples import EXAMPLES
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
Kept = TypeVar("Kept")


@dataclass(frozen=True)
class ExampleStep:
    """One move of a worked example, worded for the page (from ``app.replay.MoveAttempt``)."""

    move: str  # the move in words
    card: str | None  # the card played, to draw beside the words
    legal: bool
    state: str  # "legal", "bluff" or "illegal" (wording.verdict_state)
    rule: Rule
    message: str  # the engine's verdict, worded
    events: tuple[str, ...]  # what else happened, worded (none when illegal): the card played is the move's line


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
                       tuple(event_message(visibility.event(e, visibility.TABLE)) for e in step.events
                             if e.kind is not EventKind.PLAY)) for step in played.steps)
    return Example(top=state.top.notation, color=state.color and color_name(state.color),
                   seat=seat_name(first), hand=tuple(c.notation for c in state.hands[first]),
                   others=_counts([(seat_name(s), len(h)) for s, h in enumerate(state.hands) if s != first]),
                   steps=steps)


def example_html(scenario: dict, moves: Sequence[dict], caption: str | None = None) -> Markup:
    """The example's figure (macro ``figure`` in macros/examples.html), rendered once per language
    and kept for the app's life (through ``_kept``).

    An example is deterministic: a fixed position, fixed moves, and the draw pile (when the
    scenario leaves it out) shuffled with a fixed seed; so its HTML depends only on them, the
    caption and the language. Playing and rendering the examples on every view was most of a
    rule page's time. The pages hold a fixed number of examples, so the cache stays small.
    """
    key = (json.dumps([scenario, moves], sort_keys=True), caption and str(caption))
    return _kept(key, lambda: _figure(run_example(scenario, moves), caption))


def rule_example_html(rule: str, index: int) -> Markup:
    """The ``index``-th worked example of ``rule`` (app.scenes.rule_examples) on its rules page,
    named by its scene id (data-scene, and an anchor), its position boxed once a page.

    Several examples of a page start from the same cards (one hand tried three ways, the matching
    rules on one position): boxed each time, a page showed the same box up to four times (#35). An
    example whose position a figure above already boxed shows its moves under a link to that box.
    Which positions a page has boxed is kept on ``flask.g``: a page is rendered in one request
    (app.pages.rendered keeps its bytes), in the order its sections come.
    """
    scene = f"example:{rule}/{index + 1}"
    example = EXAMPLES[rule][index]
    shown = _kept(("played", scene), lambda: run_example(example.scenario, example.moves))
    boxed = g.setdefault("boxed_positions", {})
    first = boxed.setdefault((shown.top, shown.color, shown.seat, shown.hand, shown.others), (scene, rule))
    same_as = None if first[0] == scene else (first[0], None if first[1] == rule else first[1])
    return _kept((scene, same_as), lambda: _figure(shown, scene=scene, same_as=same_as))


def scene_anchor(scene: str) -> str:
    """The id of a scene's figure: "example:uno.catch/2" is #example-uno.catch-2."""
    return scene.replace(":", "-").replace("/", "-")


def _figure(shown: Example, caption: str | None = None, **where) -> Markup:
    # The macro is an attribute Jinja makes as it runs the template, unknown to a type checker.
    figure = current_app.jinja_env.get_template("macros/examples.html").module.figure  # type: ignore[attr-defined]
    return Markup(figure(shown, caption, **where))


def _kept(key: tuple, make: Callable[[], Kept]) -> Kept:
    """The figure (or played example) ``key`` names in the reader's language, made the first time only."""
    cache = current_app.extensions.setdefault("rendered_examples", {})
    key = (current_language(), *key)
    found = cache.get(key)
    if found is None:
        found = cache[key] = make()
    return found


def _counts(players: list[tuple[str, int]]) -> str:
    return word_list([ngettext("%(name)s: %(num)d card", "%(name)s: %(num)d cards", count, name=name)
                      for name, count in players], current_language())


def describe_move(move: Move) -> str:
    """The move in words, as the examples and the quiz show it: "Player 1 plays Red 5 and names blue"."""
    params = {"seat": seat_name(move.seat), "card": move.card and card_name(move.card.notation),
              "target": seat_name(move.target or 0),
              "color": move.color and str(COLOR_WORDS[move.color])}  # in a sentence: "names blue"
    text = str(MOVES[move.action]) % params
    if move.action is Action.PLAY and move.color:
        text = str(WITH_COLOR) % {"move": text, "color": params["color"]}
    return text
