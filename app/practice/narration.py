"""What the table says: seat names, narration lines with their rules, hints, the scoring table.

Every sentence comes from app.wording (verdicts, events, errors) or from the few table phrases
here, in the request's language.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask_babel import lazy_gettext as _l

from .. import wording
from ..fast_json import dumps_bytes
from ..i18n import current_language, gettext as _, ngettext
from ..engine.cards import Color, hand_points
from ..engine.rules import Rule
from ..engine.round import RoundState
from ..engine.verdict import Event, Verdict
from ..engine.vocabulary import EventKind
from ..pages.anchors import rule_url
from . import decision, table_view
from .game import HUMAN, Practice, hint

METHODS = {
    Rule.SCORE_WINNER_COLLECTS: _l(
        "The round's winner scores the points of every card left in the other hands. The first whose "
        "total reaches %(target)d wins the game."),
    Rule.SCORE_TALLY_LOWEST: _l(
        "Each player is charged the points of the cards left in their own hand. When someone's total "
        "reaches %(target)d, the lowest total wins the game."),
}


def names(players: int, language: str | None = None) -> tuple[str, ...]:
    """"You" for seat 0, "Bot 1".."Bot n" for the others, in the page's language."""
    return _names(language or current_language(), players)


@lru_cache(maxsize=64)
def _names(language: str, players: int) -> tuple[str, ...]:
    return (_("You"), *(_("Bot %(number)d", number=seat) for seat in range(1, players)))


def seat_names(practice: Practice, language: str | None = None) -> tuple[str, ...]:
    """The table's names: ``names`` for a learner's game, ``table_names`` for pass-and-play."""
    if not practice.names:
        return names(practice.round.players, language)
    return table_names(tuple(practice.names), practice.round.players, language)


def table_names(given: tuple[str, ...], players: int, language: str | None = None) -> tuple[str, ...]:
    """Pass-and-play's names: each person's own, a ``wording.PersonName`` (sentences about it take
    frames that don't say "he" or "she"); "Player 1" for a name left empty; then "Bot 1".."""
    return _people(language or current_language(), given, players)


@lru_cache(maxsize=64)
def _people(language: str, given: tuple[str, ...], players: int) -> tuple[str, ...]:
    people = tuple(wording.PersonName(name) if name else str(wording.PLAYER) % {"number": seat + 1}
                   for seat, name in enumerate(given))
    return people + tuple(_("Bot %(number)d", number=bot) for bot in range(1, players - len(given) + 1))


def game_result(winners: list[int], seats: tuple[str, ...], viewer: int | None = HUMAN) -> str:
    """The end of the game in a line: the winner, or all who share a tie (score.tally-lowest),
    said to ``viewer`` (None: to nobody: someone watching, who holds no seat, or every
    player of a pass-and-play game)."""
    if len(winners) > 1 and winners[0] == viewer:
        return _("A tie: you share the win with %(names)s.", names=wording.seat_list(winners[1:], seats))
    if len(winners) > 1:
        return _("A tie: %(names)s share the win.", names=wording.seat_list(winners, seats))
    if winners[0] == viewer:
        return _("You win the game!")
    return wording.about_name(seats[winners[0]], "%(name)s wins the game.")


def why(rule: str | Rule) -> dict[str, str]:
    """The rule's title and the link to its explanation."""
    return _why(current_language(), str(Rule(rule)))


@lru_cache(maxsize=256)
def _why(language: str, rule: str) -> dict[str, str]:
    title = wording.rule_title(rule)
    return {"rule": rule, "title": title, "url": rule_url(rule, language)}


def message(event: dict[str, Any], seats: tuple[str, ...], language: str | None = None,
            viewer: int | None = HUMAN) -> str:
    """An event's sentence, in the second person when it is ``viewer``'s (None: all in the third)."""
    language = language or current_language()
    return _worded(event, _memo(language, seats, viewer), seats, language, viewer)["message"]


def results(steps: list[dict[str, Any]], seats: tuple[str, ...], language: str,
            viewer: int | None = HUMAN) -> list[dict[str, Any]]:
    """The JSON API's "results": ``steps`` with the sentence and the rule's link added to every
    event, in place. Made for every move, the bots' replies included, from steps that are this
    answer's own and already stored, so copying them would only cost."""
    memo = _memo(language, seats, viewer)
    for step in steps:
        for event in step["events"]:
            event.update(_worded(event, memo, seats, language, viewer))
    return steps


def _memo(language: str, seats: tuple[str, ...], viewer: int | None = HUMAN) -> dict[bytes, dict[str, str]]:
    """The remembered sentences for one language, one table of names and one viewer (a watcher's
    names may be the learner's: a student nicknamed "You"); a name a person typed is not the same
    name in a bot's or the learner's table (a pass-and-play player may call herself "You"), since
    the sentences about it differ (``wording.PersonName``).

    A sentence depends only on those, the event's kind and rule and the parameters it is worded
    from (``wording.WORDED_PARAMS``: not the top card a play went on), and the same sentences
    ("Bot 2 draws 1 card.") come back all game long. Within a memo an event is keyed by the JSON
    of that part: plain JSON values, and writing them is cheaper than any walk over them in Python.
    """
    key = (language, seats, tuple(map(type, seats)), viewer)  # a typed name is a PersonName
    memo = _MEMOS.get(key)
    if memo is None or len(memo) >= MAX_MESSAGES:
        memo = _MEMOS[key] = {}
    return memo


def _worded(event: dict[str, Any], memo: dict[bytes, dict[str, str]], seats: tuple[str, ...],
            language: str, viewer: int | None = HUMAN) -> dict[str, str]:
    """{"message", "url"} for ``event``, from ``memo`` or made and kept there."""
    params = event["params"]
    worded = wording.WORDED_PARAMS.get(event["kind"])
    if worded is not None and not params.keys() <= worded:
        params = {key: value for key, value in params.items() if key in worded}
        event = {"kind": event["kind"], "rule": event["rule"], "params": params}
    key = dumps_bytes(event)
    found = memo.get(key)
    if found is None:
        rule = _RULES[event["rule"]]
        found = memo[key] = {"message": wording.event_message(Event((_KINDS[event["kind"]], rule, params)), seats,
                                                              viewer=viewer, language=language),
                             "url": rule_url(rule, language)}
    return found


MAX_MESSAGES = 4096  # per language, table of names and viewer; a full memo starts afresh
_MEMOS: dict[tuple[str, tuple[str, ...], tuple[type, ...], int | None], dict[bytes, dict[str, str]]] = {}
# The members by their JSON strings, for an event read back from a step: calling the enum
# (``Rule(text)``) runs Enum's lookup in Python, several times the cost of the dict.
_RULES: dict[str, Rule] = {str(rule): rule for rule in Rule}
_KINDS: dict[str, EventKind] = {str(kind): kind for kind in EventKind}


def line(event: dict[str, Any], seats: tuple[str, ...], language: str, viewer: int | None = HUMAN) -> dict[str, Any]:
    """One narrated event: its sentence, rule and the cards a challenge revealed."""
    revealed = event["params"].get("cards") if event["kind"] == EventKind.CHALLENGE else None
    return {"text": message(event, seats, language, viewer), "cards": revealed or [],
            **_why(language, str(Rule(event["rule"])))}


def narrate(steps: list[dict[str, Any]], seats: tuple[str, ...], viewer: int | None = HUMAN) -> list[dict[str, Any]]:
    """Each step with its narrated lines, the rules they follow (each named once per step: the
    log reads as one entry per step, not a link on every line) and the short words each seat's
    chip shows for it (``actions``). ``seat`` says who moved (None: the dealer's doing); ``data``
    is the stored step, which the table's step player plays back. The language is looked up once
    for the whole log, not for every line. ``viewer``: whose events are said to "you" (None: a
    watcher's log, or one that every player of a pass-and-play game reads, all in the third person)."""
    language = current_language()
    narrated = []
    for s in steps:
        lines = [line(e, seats, language, viewer) for e in s["events"]]
        rules = [_why(language, rule) for rule in dict.fromkeys(ln["rule"] for ln in lines)]
        narrated.append({"seat": s["seat"], "lines": lines, "rules": rules, "actions": actions(s), "data": s})
    return narrated


SHOWN_STEPS = 30  # the log's latest steps a table shows (always all of the last move's)


def table(practice: Practice, seats: tuple[str, ...], shown: dict[str, Any], log: list[dict[str, Any]],
          shown_from: int, fresh_from: int, me: int | None = HUMAN,
          asked: decision.Asked = decision.NOTHING_ASKED) -> dict[str, Any]:
    """What practice/table.html shows of a game (its ``table``: app.practice.table_view's, drawn
    by macros/table.html): ``shown``, the game's view as this reader may see it; ``log``, its steps from number ``shown_from`` on, of which those from ``fresh_from`` on are
    the step player's to play. ``me``: the reader's seat, whose hand the table shows and whose
    decisions it offers (the learner's; in pass-and-play the holder's; None: someone watching).
    ``viewer``, the seat the log and the results are said to as "you", is the one the log was
    written for (``Practice.reader``: nobody in pass-and-play, where everyone reads them),
    and nobody for a watcher. ``asked``: what the request adds to the decision (a card being
    completed, a new game's address: ``decision.table_decision``)."""
    state = practice.round
    viewer = None if me is None else practice.reader.seat
    steps = narrate(log, seats, viewer)
    latest = fresh_from - shown_from
    played = playback(steps[latest:], shown)
    shown_hints = hints(practice, seats, me) if me is not None and practice.hints and state.actor() == me else {}
    drawn = table_view.practice_table(shown, seats, state.actor(), me, last_actions(steps), shown_hints,
                                      direction_text(state, seats, me), played["count_labels"],
                                      played["colour_labels"],
                                      decision.table_decision(state, me, seats, viewer, asked, game_result(
                                          practice.game.winners, seats, viewer) if practice.finished else None),
                                      steps, latest, shown_from + 1)
    return {"state": state, "actor": state.actor(), "view": shown, "seats": seats, "table": drawn,
            "scoring": scoring(practice, seats) if state.round_over else None, "me": me, **played}


def actions(step: dict[str, Any]) -> dict[int, str]:
    """What each seat did in ``step``, in a few words for its chip on the table: the mover's move,
    and "lost a turn" for a seat a card skipped."""
    said: dict[int, str] = {}
    move = step.get("move")
    draws = {e["params"]["seat"]: e["params"]["count"] for e in step["events"] if e["kind"] == EventKind.DRAW}
    if move is not None:
        seat, action = move["seat"], move["action"]
        if action == "play":
            said[seat] = _("played %(card)s", card=wording.card_name(move["card"]))
        elif action == "color":
            said[seat] = _("named %(color)s", color=wording.color_name(move["color"]))
        elif action in ACTION_WORDS:
            said[seat] = str(ACTION_WORDS[action])
    for seat, count in draws.items():  # a draw, an accepted penalty, a lost challenge, a catch
        said[seat] = ngettext("drew %(num)d card", "drew %(num)d cards", count)
    for event in step["events"]:
        if event["kind"] == EventKind.SKIP:
            said[event["params"]["seat"]] = _("lost a turn")
    return said


ACTION_WORDS = {"pass": _l("kept the drawn card"), "challenge": _l("challenged"), "uno": _l("called UNO"),
                "catch": _l("caught a missed UNO"), "accept": _l("accepted")}


def last_actions(narrated: list[dict[str, Any]]) -> dict[int, str]:
    """Each seat's latest action in the shown log (older steps are not on the page)."""
    said: dict[int, str] = {}
    for step in narrated:
        said.update(step["actions"])
    return said


def playback(latest: list[dict[str, Any]], shown: dict[str, Any]) -> dict[str, Any]:
    """What the step player needs beyond the steps themselves, in the page's language: the words
    for every card count it will show (``count_labels``: hands and the draw pile, after each step
    and now), the colour in play for each colour, and the cards it moves to the pile or into a
    hand that ``shown`` holds as cards (the learner's; none on the pass screen, whose ``shown`` has
    every hand as a count)."""
    # A hand is its cards or, when hidden from the reader, its size (a watcher may see all or none).
    counts = {0, shown["draw_pile_size"], *(n if type(n) is int else len(n) for n in shown["hands"])}
    cards: dict[str, None] = {}
    for step in latest:
        after = step["data"].get("after")  # steps stored before the step player have none
        if after:
            counts.update(after["hands"], [after["draw_pile_size"]])
        for event in step["data"]["events"]:
            if event["kind"] in (EventKind.PLAY, EventKind.FIRST, EventKind.REDRAW):
                cards[event["params"]["card"]] = None
            elif event["kind"] == EventKind.DRAW and type(shown["hands"][event["params"]["seat"]]) is not int:  # into a shown hand
                cards.update(dict.fromkeys(event["params"].get("cards", ())))
    return {"count_labels": {n: ngettext("%(num)d card", "%(num)d cards", n) for n in sorted(counts)},
            "colour_labels": {color.value: _("Colour in play: %(color)s", color=wording.color_name(color.value))
                              for color in Color},
            "step_cards": list(cards)}


def direction_text(state: RoundState, seats: tuple[str, ...], viewer: int | None = HUMAN) -> str:
    """The direction of play in words, with who plays next as ``viewer`` hears it ("Play goes
    clockwise: Bot 2 plays next."): the practice table's sentence, and the position view's."""
    direction = _("clockwise") if state.direction == 1 else _("anticlockwise")
    actor = state.actor()
    if actor is None:
        return _("Play goes %(direction)s.", direction=direction)
    after = state.next_seat(actor)
    if actor == viewer:
        return _("Play goes %(direction)s: %(name)s plays next.", direction=direction, name=seats[after])
    if after == viewer:  # another seat is to move: who comes after it
        return _("Play goes %(direction)s: after %(name)s, it is your turn.", direction=direction,
                 name=seats[actor])
    return _("Play goes %(direction)s: after %(actor)s, %(name)s plays.", direction=direction,
             actor=seats[actor], name=seats[after])


def refusal(verdict: Verdict, seats: tuple[str, ...]) -> dict[str, Any]:
    """An illegal attempt explained: the sentence and the rule it breaks."""
    return {"text": wording.verdict_message(verdict, seats), **why(verdict.rule)}


def hints(practice: Practice, seats: tuple[str, ...], seat: int = HUMAN) -> dict[str, dict[str, Any]]:
    """The hints on the practice table for the hand it shows, ``seat``'s (see ``hand_hints``)."""
    return hand_hints(practice.round, seat, seats)


def hand_hints(state: RoundState, seat: int, seats: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """{notation: verdict, why} for each distinct card in ``seat``'s hand, as the engine judges
    playing it now. ``verdict`` is one of three (``wording.verdict_state``): "legal", "bluff" (a Wild
    Draw Four while holding the colour: legal, but a challenge would catch it) or "illegal". The
    practice table's hints and the learn-by-doing position view (app.learn.position) both show these."""
    result = {}
    for face in dict.fromkeys(state.hands[seat]):
        verdict = hint(state, face, seat)
        text = wording.hint_message(verdict, seats)
        shown = wording.verdict_state(verdict)
        result[face.notation] = {"legal": verdict.legal, "verdict": shown, "state": str(HINT_STATES[shown]),
                                 "text": text, **why(verdict.rule)}
    return result


HINT_STATES = {"legal": _l("Playable"), "bluff": _l("Playable, but a bluff"), "illegal": _l("Not playable")}
verdict_state = wording.verdict_state  # the three states, also read from here (app.learn.position)


def scoring(practice: Practice, seats: tuple[str, ...]) -> dict[str, Any]:
    """The end-of-round table: each hand, its cards and points, and the method's rule."""
    state = practice.round
    method = state.rules.scoring_rule
    points = state.round_points() or [0] * state.players
    rows = [{"name": seats[s], "cards": [c.notation for c in hand], "value": hand_points(hand),
             "points": points[s], "total": practice.game.scores[s], "winner": s == state.winner}
            for s, hand in enumerate(state.hands)]
    target = practice.game.rules.target
    return {"rows": rows, "method": why(method), "explanation": str(METHODS[method]) % {"target": target}}


def last_wild_draw_four(log: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The latest Wild Draw Four play in the log (who played it, on which colour): the challenge panel."""
    for step in reversed(log):
        for event in step["events"]:
            if event["kind"] == EventKind.PLAY and event["params"].get("card") == "WD4":
                return event["params"]
    return None
