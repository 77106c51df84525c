"""What a quiz item shows, in the reader's language: the position, the question and its choices,
and once answered, the engine's explanation (its verdicts and the events of the position, the
scoring of the hands, a myth's sources compared) with the rule links and the lesson link.

The templates (quiz/_item.html) and the JSON API read these views; every sentence about the game
comes from app.wording, which words the engine's values.
"""
from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from app import wording
from app.engine import visibility
from app.engine.round import RoundState
from app.engine.verdict import Verdict
from app.engine.vocabulary import EventKind
from app.i18n import current_language, gettext as _
from app.pages import PAGES
from app.pages.anchors import rule_url
from app.pages.examples import describe_move
from app.pages.rulefacts import rule_changes
from app.scenes.question import Source

from .item import Item
from .solvers import Allowed, ChallengeOutcome, Draws, Holds, Myth, NextPlayer, Playable, Points
from .links import lesson_link
from ..replay import MoveAttempt, Played
from .progress import Progress

SOURCE_NAMES = {"official": _l("The official rules"), "guide-long": _l("The long Arabic guide"),
                "guide-short": _l("The short Arabic guide"), "house-rule": _l("A house rule")}
NARRATED_SETUP = frozenset({EventKind.DEAL, EventKind.REDRAW, EventKind.FIRST, EventKind.SKIP, EventKind.REVERSE,
                            EventKind.DRAW})  # not the dealer draw


def question(item: Item) -> dict[str, Any]:
    """The item as asked: its position, the moves before the question, the question, the choices."""
    played, ask = item.played, item.ask
    you = ask.you(played)
    return {
        "id": item.id, "topic": item.topic, "topic_title": str(PAGES[item.topic].title), "kind": ask.name,
        "text": ask.ask(played), "claim": str(ask.claim) if isinstance(ask, Myth) else None,
        "you": None if you is None else wording.seat_name(you),
        "position": position(played, you, hide_hand=isinstance(ask, Playable), pile=item.scenario.get("draw_pile")),
        "moves": [_move(step) for step in played.steps],
        "choices": [{"id": c.id, "label": c.label(), "card": c.card} for c in item.solution.choices],
    }


def position(played: Played, you: int | None, hide_hand: bool = False, pile: list[str] | None = None
             ) -> dict[str, Any]:
    """The position before the moves: the rules where they are not the official ones, then a fresh
    deal's dealer and first card, or the discard pile, the hands (``you``'s kept out when the hand is
    the choices), the draw pile's top cards when the position sets them (``pile``) and the order of play."""
    state = played.before
    changes = rule_changes(state.rules)
    if played.fresh_deal:
        first = next(e.params["card"] for e in played.setup if e.kind in (EventKind.REDRAW, EventKind.FIRST))
        return {"changes": changes, "deal": {"players": wording.seat_list(range(state.players)),
                                             "dealer": wording.seat_name(state.dealer), "first": first}}
    actor = state.actor()
    assert actor is not None and state.color is not None  # a position asked about: mid-round, a colour to match
    seats = [{"name": wording.seat_name(seat), "you": seat == you, "to_play": seat == actor, "cards": _notations(hand)}
             for seat, hand in enumerate(state.hands) if not (hide_hand and seat == you)]
    order = [state.next_seat(actor, step) for step in range(state.players)]
    return {"changes": changes, "top": state.top.notation, "color": wording.color_name(state.color),
            "seats": seats, "pile": pile or [],
            "order": _("Play goes %(direction)s: %(order)s.", direction=str(wording.DIRECTIONS[state.direction]),
                       order=wording.seat_list(order))}


def _notations(hand) -> list[str]:
    return [c.notation for c in hand]


def _move(step: MoveAttempt) -> dict[str, Any]:
    return {"text": describe_move(step.move), "card": step.move.card and step.move.card.notation}


# --- answered ----------------------------------------------------------------------------------


def feedback(item: Item, choice_id: str) -> dict[str, Any]:
    """The answer judged: right or not, the right answer, and the engine's explanation."""
    solution = item.solution
    lang = current_language()
    chosen = solution.choice(choice_id)
    if chosen is None:
        raise ValueError(choice_id)
    view: dict[str, Any] = {
        "right": choice_id in solution.right,
        "choices": [{"id": c.id, "label": c.label(), "card": c.card, "chosen": c.id == choice_id,
                     "right": c.id in solution.right} for c in solution.choices],
        "rules": [{"title": wording.rule_title(rule), "url": rule_url(rule, lang), "rule": str(rule)}
                  for rule in item.rules],
        "lesson": lesson_link(item, lang),
        "verdicts": [], "per_choice": False, "lines": [], "conclusion": None, "scoring": None, "sources": [],
    }
    view.update(_EXPLAIN[type(item.ask)](item))
    for shown in view["verdicts"]:
        shown["chosen"] = view["per_choice"] and shown["card"] == choice_id
    return view


def _verdict(verdict: Verdict, card: str | None = None, hint: bool = False) -> dict[str, Any]:
    message = wording.hint_message(verdict) if hint else wording.verdict_message(verdict)
    return {"card": card, "state": wording.verdict_state(verdict), "message": message, "rule": str(verdict.rule)}


def _explain_playable(item: Item) -> dict[str, Any]:
    """Every card of the hand with the engine's verdict: the choices and their explanation at once."""
    return {"verdicts": [_verdict(v, card, hint=True) for card, v in item.solution.verdicts.items()],
            "per_choice": True}


def _explain_allowed(item: Item) -> dict[str, Any]:
    (verdict,) = item.solution.verdicts.values()
    ask = item.ask
    assert isinstance(ask, Allowed)
    return {"lines": _narrated(item.played), "verdicts": [_verdict(verdict, ask.move.get("card"))]}


def _narrated(played: Played, deal: bool = True) -> list[str]:
    """What happened, in the third person, every card shown: the deal (unless ``deal`` is false),
    then each move's events."""
    setup = [e for e in played.setup if e.kind in NARRATED_SETUP and (deal or e.kind != EventKind.DEAL)]
    return [wording.event_message(visibility.event(e, visibility.FULL))
            for e in [*setup, *(e for s in played.steps for e in s.events)]]


def _explain_next(item: Item) -> dict[str, Any]:
    seat = item.played.after.actor()
    assert seat is not None  # the question asks who plays next, so someone does
    conclusion = _("So %(seat)s plays next.", seat=wording.seat_name(seat))
    return {"lines": _narrated(item.played), "conclusion": conclusion}


def _explain_count(item: Item) -> dict[str, Any]:
    """A card count (Draws, Holds): what happened, then the count the question asked for."""
    ask = item.ask
    assert isinstance(ask, (Draws, Holds))
    return {"lines": _narrated(item.played), "conclusion": ask.conclusion(item.played)}


def _explain_challenge(item: Item) -> dict[str, Any]:
    (answer,) = item.solution.right
    right = item.solution.choice(answer)
    assert right is not None  # solving keeps the right answer among the choices (kinds._one_of)
    return {"lines": _narrated(item.played), "conclusion": right.label()}


def _explain_points(item: Item) -> dict[str, Any]:
    return {"lines": _narrated(item.played), "scoring": scoring(item.played.after)}


def scoring(state: RoundState) -> dict[str, Any]:
    """The hands left at the end of a round, each card's points and each hand's sum, and the round's
    points by the rule set's method: all from the engine (card points, round_points)."""
    points = state.round_points()
    assert points is not None  # scored once the round is over
    rows = [{"name": wording.seat_name(seat), "cards": _notations(hand), "values": [c.points for c in hand],
             "sum": sum(c.points for c in hand), "points": points[seat], "winner": seat == state.winner}
            for seat, hand in enumerate(state.hands)]
    rule = state.rules.scoring_rule
    return {"rows": rows, "rule": str(rule), "title": wording.rule_title(rule), "url": rule_url(rule, current_language())}


def _explain_myth(item: Item) -> dict[str, Any]:
    ask = item.ask
    assert isinstance(ask, Myth)
    runs = item.solution.runs
    return {"sources": [_source(source, runs[source.name]) for source in ask.sources]}


def _source(source: Source, played: Played) -> dict[str, Any]:
    """One source beside the engine's run of the position under its rule set: what happened, and the
    last move's verdict where it was refused or a bluff."""
    verdict = None
    last = played.steps[-1] if played.steps else None
    if last is not None and wording.verdict_state(last.verdict) != "legal":
        verdict = {**_verdict(last.verdict, last.move.card.notation if last.move.card else None),
                   "move": describe_move(last.move)}
    return {"name": str(SOURCE_NAMES[source.name]), "says": source.says and str(source.says),
            "lines": _narrated(played, deal=False), "verdict": verdict}


_EXPLAIN = {Playable: _explain_playable, Allowed: _explain_allowed, NextPlayer: _explain_next, Draws: _explain_count,
            Holds: _explain_count, ChallengeOutcome: _explain_challenge, Points: _explain_points, Myth: _explain_myth}


def results(progress: Progress) -> dict[str, Any]:
    """The end of a quiz: the score per rules page, and each question with its lesson when missed."""
    lang = current_language()
    topics = [{"title": str(PAGES[topic].title), "url": f"/{lang}/{topic}", "right": right, "asked": asked}
              for topic, right, asked in progress.scores()]
    review = [{"text": _asked(answer.item), "topic": str(PAGES[answer.item.topic].title), "right": answer.right,
               "answer": wording.word_list([c.label() for c in answer.item.solution.choices
                                            if c.id in answer.item.solution.right], lang),
               "lesson": lesson_link(answer.item, lang)}
              for answer in progress.answers]
    return {"topics": topics, "right": progress.right, "asked": len(progress.answers), "review": review}


def _asked(item: Item) -> str:
    """The question in one line, a myth's claim included."""
    text = item.ask.ask(item.played)
    return f"{text} {item.ask.claim}" if isinstance(item.ask, Myth) else text


# --- for other tools -----------------------------------------------------------------------------


def item_json(item: Item) -> dict[str, Any]:
    """The item for GET /api/v1/quiz: the question in words, the choices, the scenario and moves to
    replay it through the check API, the rules it tests and the engine's answer."""
    asked = question(item)
    return {
        "id": item.id, "topic": item.topic, "question": _asked(item),
        "choices": [{key: value for key, value in choice.items() if value is not None} for choice in asked["choices"]],
        "scenario": item.scenario, "moves": list(item.moves), "kind": item.ask.name,
        "rules": [str(rule) for rule in item.rules], "answer": sorted(item.solution.right),
    }
