"""Why an answer to a step's question is wrong, read from the position the engine left (issue 32,
items 7 and 10): nothing here is typed per step.

- ``next_seat``: the card that acted (the last card played, or the first card turned on a fresh
  deal), the engine's own sentences for what it did, and the walk round the table from the seat
  that played it (or dealt), in the direction of play, past each seat that lost its turn, to the
  seat play waits for.
- ``points``: the cards that were counted (the hands the round's scoring method counts), each with
  the engine's value, the sum hand by hand, and where the learner's number parts from it.
- ``game``: each seat's game total before the round, the round's points and the engine's total
  after them; whether someone reached the target (the game is over, and who won it by the rule
  set's scoring) or nobody did (who dealt this round, and who deals the next: the seat to the
  dealer's left, whatever the direction of play).
"""
from __future__ import annotations

from typing import Any

from app import wording
from app.engine.rules import Rule
from app.engine.verdict import Event
from app.engine.vocabulary import EventKind
from app.i18n import gettext as _, ngettext
from app.learn import position
from app.practice import narration
from app.scenes.lesson import LEARNER

from .judge import Progress

WALKED = (EventKind.DEAL, EventKind.PLAY, EventKind.SKIP)  # events the walk round the table says itself


def next_seat(progress: Progress, names: tuple[str, ...]) -> dict[str, Any]:
    """``{"lines": [the engine's sentences], "walk": [a sentence a seat], "direction"}`` for the
    question "who plays next?" on ``progress``."""
    state = progress.state
    acting, mover, started = _acting(progress, names)
    skipped = [event.params["seat"] for event in acting if event.kind == EventKind.SKIP]
    walk = [started] if started else []
    seat = mover
    for _turn in range(state.players + len(skipped)):
        seat = (seat + state.direction) % state.players
        if seat in skipped:
            skipped.remove(seat)
            walk.append(_("You lose your turn.") if seat == LEARNER else
                        _("%(seat)s loses their turn.", seat=names[seat]))
            continue
        walk.append(_plays(seat, names, progress.step.asks_first))
        break
    if seat != state.actor():  # play did not move on from the seat that acted (a Reverse turned first)
        walk = []
    told = WALKED if walk else ()  # what the walk says already is not said twice
    lines = [line["text"] for line in position.event_lines([e for e in acting if e.kind not in told], names, LEARNER)]
    if lines and walk and started:  # the card that acted comes before what it did, not after
        lines.insert(0, walk.pop(0))
    way = _("clockwise") if state.direction == 1 else _("anticlockwise")
    # A Reverse's own sentence says which way play now goes: the direction is then not said twice.
    turned = any(event.kind == EventKind.REVERSE for event in acting)
    return {"lines": lines, "walk": walk, "direction": None if turned else _("Play goes %(direction)s.", direction=way)}


def _acting(progress: Progress, names: tuple[str, ...]) -> tuple[list[Event], int, str | None]:
    """The events from the last card played on (or the deal's, when no card was played; or the last
    move's, in a step where no card is played), the seat that played it (or dealt, or moved), and
    what that seat did, in words (None: the engine's sentences say it)."""
    for index in range(len(progress.played) - 1, -1, -1):
        played = progress.played[index]
        if played.move["action"] == "play":
            events = [event for later in progress.played[index:] for event in later.events]
            seat, card = played.move["seat"], wording.card_name(played.move["card"])
            return events, seat, (_("You played %(card)s.", card=card) if seat == LEARNER else
                                  _("%(seat)s played %(card)s.", seat=names[seat], card=card))
    dealer = next((event.params["dealer"] for event in progress.setup if event.kind == EventKind.DEAL), None)
    if dealer is None:
        last = progress.played[-1]
        return list(last.events), last.move["seat"], None
    return list(progress.setup), dealer, (_("You dealt.") if dealer == LEARNER else
                                          _("%(seat)s dealt.", seat=names[dealer]))


def points(progress: Progress, names: tuple[str, ...], given: int | None) -> dict[str, Any] | None:
    """``{"hands": [{"name", "cards": [(notation, value)], "value"}], "sum", "where"}``: the cards the
    engine's scoring counted for the asked seat, and where ``given`` parts from their sum; None if
    the counted hands do not make the engine's points (no breakdown rather than a wrong one)."""
    state, seat = progress.state, progress.step.ask_seat
    expected = progress.answer()
    if expected is None:
        return None
    if state.rules.scoring_rule is Rule.SCORE_WINNER_COLLECTS:
        counted = [s for s in range(state.players) if s != state.winner] if seat == state.winner else []
    else:
        counted = [seat]
    hands: list[dict[str, Any]] = [{"name": names[s], "cards": [(c.notation, c.points) for c in state.hands[s]],
              "value": sum(c.points for c in state.hands[s])} for s in counted]
    if sum(hand["value"] for hand in hands) != expected:
        return None
    values = [hand["value"] for hand in hands]
    added = " + ".join(map(str, values)) + f" = {expected}" if len(values) > 1 else str(expected)
    return {"hands": hands, "sum": added, "where": _where(hands, given, expected)}


def _where(hands: list[dict[str, Any]], given: int | None, expected: int) -> str:
    """Where the learner's number parts from the engine's sum: a card left out or counted twice, one
    hand alone, or by how much."""
    if given is None:
        return _("Type a number: the points of the cards counted.")
    difference = expected - given
    cards = [(notation, value) for hand in hands for notation, value in hand["cards"]]
    for notation, value in cards:
        if value and abs(difference) == value:
            name = wording.card_name(notation)
            if difference > 0:
                return ngettext("Your sum is %(num)d point short: the value of %(card)s. Was it left out?",
                                "Your sum is %(num)d points short: the value of %(card)s. Was it left out?",
                                value, card=name)
            return ngettext("Your sum is %(num)d point too many: the value of %(card)s. Was it counted twice?",
                            "Your sum is %(num)d points too many: the value of %(card)s. Was it counted twice?",
                            value, card=name)
    if len(hands) > 1:
        for hand in hands:
            if hand["value"] == given:
                return _("%(number)d is the hand of %(name)s alone: every hand left is counted.",
                         number=given, name=hand["name"])
    if difference > 0:
        return ngettext("Your sum is %(num)d point short.", "Your sum is %(num)d points short.", difference)
    return ngettext("Your sum is %(num)d point too many.", "Your sum is %(num)d points too many.", -difference)


def game(progress: Progress, names: tuple[str, ...]) -> dict[str, Any]:
    """``{"rows": [{"name", "before", "points", "after"}], "lines": [sentences]}`` for the questions
    "who deals the next round?" and "who wins the game?": the totals as the engine added them up,
    then what they mean: the game goes on (who dealt, who deals next) or it is over (who reached
    the target, the scoring rule's winner)."""
    played, state = progress.game, progress.state
    target, points = played.rules.target, state.round_points() or [0] * state.players
    before = progress.step.scenario.get("scores", [0] * state.players)  # as the engine read them
    rows = [{"name": names[seat], "before": before[seat], "points": points[seat], "after": after}
            for seat, after in enumerate(played.scores)]
    if not played.game_over:
        dealer, following = state.dealer, played.next_dealer
        assert following is not None  # the game goes on, so another round is dealt
        lines = [ngettext("Nobody has reached %(num)d point, so the game goes on with another round.",
                          "Nobody has reached %(num)d points, so the game goes on with another round.", target),
                 _("You dealt this round.") if dealer == LEARNER else
                 _("%(seat)s dealt this round.", seat=names[dealer]),
                 _("The deal passes to the left, clockwise, whatever the direction of play: you deal the next "
                   "round.") if following == LEARNER else
                 _("The deal passes to the left, clockwise, whatever the direction of play: %(seat)s deals the "
                   "next round.", seat=names[following])]
        return {"rows": rows, "lines": lines}
    lines = [ngettext("You reach %(num)d point: the game is over.", "You reach %(num)d points: the game is over.",
                      played.scores[seat]) if seat == LEARNER else
             ngettext("%(seat)s reaches %(num)d point: the game is over.", "%(seat)s reaches %(num)d points: the game is over.",
                      played.scores[seat], seat=names[seat])
             for seat in played.reached]
    lines.append(_("The lowest total wins the game.") if played.rules.scoring_rule is Rule.SCORE_TALLY_LOWEST
                 else _("The highest total wins the game: the one who reached %(target)d.", target=target))
    lines.append(narration.game_result(played.winners, names, LEARNER))
    return {"rows": rows, "lines": lines}


def _plays(seat: int, names: tuple[str, ...], first: bool) -> str:
    """Whose turn it is, as the question asked it: first after a fresh deal, else next."""
    if first:
        return _("You play first.") if seat == LEARNER else _("%(seat)s plays first.", seat=names[seat])
    return _("You play next.") if seat == LEARNER else _("%(seat)s plays next.", seat=names[seat])
