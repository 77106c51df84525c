"""The solvers of the quiz's kinds of question: what each asks, its choices, and the answer the engine gives.

An item's question is a plain value of app.scenes.question (the kind and what it needs); ``solver``
turns it into its solver here, the one place that maps the two. A solver reads the position an
item's scenario and moves make (app.replay) and solves it: the choices, which of them are right,
and the engine's verdicts behind them. No item says which answer is right; the engine does, from
the position. Where a kind offers fixed choices (counts of cards, the outcomes of a challenge), the
engine's answer must be one of them, or solving raises.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from flask_babel import lazy_gettext as _l

from app.engine.cards import ACTION_POINTS, Card, Kind
from app.engine.moves import Action, Move
from app.engine.rules import CHALLENGE_FAILED_DRAW, PENALTY
from app.engine.verdict import Verdict
from app.i18n import gettext as _, ngettext
from app.practice.game import hint
from app.scenes import question
from app.wording import card_name, seat_name, verdict_state

from ..replay import Played, play


@dataclass(frozen=True)
class AnswerChoice:
    """One answer to click. Exactly one of ``card``, ``seat``, ``number`` and ``text`` says what it is."""

    id: str  # what the form sends back
    card: str | None = None  # a card (its name is the label, the card is drawn)
    seat: int | None = None  # a seat ("Player 2")
    number: int | None = None  # a count of cards or points
    text: Any = None  # any other answer, in words (a lazy string)

    def label(self) -> str:
        """The choice in the reader's language."""
        if self.card is not None:
            return card_name(self.card)
        if self.seat is not None:
            return seat_name(self.seat)
        if self.number is not None:
            return str(self.number)
        return str(self.text)


@dataclass(frozen=True)
class Solution:
    """The engine's answer: the choices, the right ones, and what it said about each."""

    choices: tuple[AnswerChoice, ...]
    right: frozenset[str]
    verdicts: Mapping[str, Verdict] = field(default_factory=dict)  # per choice that is a move
    runs: Mapping[str, Played] = field(default_factory=dict)  # a myth's position, per source

    def choice(self, choice_id: str) -> AnswerChoice | None:
        return next((c for c in self.choices if c.id == choice_id), None)


def _one_of(choices: tuple[AnswerChoice, ...], answer: str) -> frozenset[str]:
    """{answer}, which must be among the choices (else the item offers no right answer)."""
    if answer not in {c.id for c in choices}:
        raise ValueError(f"the engine's answer {answer!r} is not among the choices")
    return frozenset({answer})


def _counts(counts: tuple[int, ...]) -> tuple[AnswerChoice, ...]:
    return tuple(AnswerChoice(str(n), number=n) for n in counts)


class Playable(question.Playable):
    """Any card the engine allows, bluffs not included."""

    def you(self, played: Played) -> int | None:
        return played.after.actor()

    def ask(self, played: Played) -> str:
        return _("Which of your cards may you play?")

    def solve(self, played: Played) -> Solution:
        state = played.after
        seat = state.actor()
        assert seat is not None  # the question is asked of the seat to play
        verdicts = {face.notation: hint(state, face, seat) for face in dict.fromkeys(state.hands[seat])}
        right = frozenset(n for n, v in verdicts.items() if verdict_state(v) == "legal")
        if not right:
            raise ValueError("no card may be played")
        return Solution(tuple(AnswerChoice(n, card=n) for n in verdicts), right, verdicts)


class NextPlayer(question.NextPlayer):
    """The seat the engine waits for."""

    def you(self, played: Played) -> int | None:
        return None

    def ask(self, played: Played) -> str:
        return _("Who plays first?") if played.fresh_deal and not played.steps else _("Who plays next?")

    def solve(self, played: Played) -> Solution:
        choices = tuple(AnswerChoice(str(seat), seat=seat) for seat in range(played.after.players))
        return Solution(choices, _one_of(choices, str(played.after.actor())))


class _CardCount(question.CardCount):
    """Solved by ``count``: the engine's number, which must be among the ``counts`` offered."""

    def you(self, played: Played) -> int | None:
        return None

    def count(self, played: Played) -> int:
        raise NotImplementedError

    def conclusion(self, played: Played) -> str:
        """The answer as the explanation's last line ("So Player 2 draws 4 cards.")."""
        raise NotImplementedError

    def solve(self, played: Played) -> Solution:
        choices = _counts(self.counts)
        return Solution(choices, _one_of(choices, str(self.count(played))))


class Draws(_CardCount, question.Draws):
    """The cards the engine dealt that seat in all that happened."""

    def ask(self, played: Played) -> str:
        return _("How many cards does %(seat)s draw?", seat=seat_name(self.seat))

    def count(self, played: Played) -> int:
        return played.drawn(self.seat)

    def conclusion(self, played: Played) -> str:
        return ngettext("So %(seat)s draws %(num)d card.", "So %(seat)s draws %(num)d cards.",
                        self.count(played), seat=seat_name(self.seat))


class Holds(_CardCount, question.Holds):
    """The size of that seat's hand once all has happened."""

    def ask(self, played: Played) -> str:
        return _("How many cards does %(seat)s hold now?", seat=seat_name(self.seat))

    def count(self, played: Played) -> int:
        return len(played.after.hands[self.seat])

    def conclusion(self, played: Played) -> str:
        return ngettext("So %(seat)s holds %(num)d card.", "So %(seat)s holds %(num)d cards.",
                        self.count(played), seat=seat_name(self.seat))


# The slips a learner makes when adding up a hand, each a value for a card other than score.values's:
# action and wild cards taken for 10, wild cards taken for action cards, only the numbers counted.
SLIPS: tuple[Callable[[Card], int], ...] = (
    lambda c: c.points if c.kind is Kind.NUMBER else 10,
    lambda c: ACTION_POINTS if c.is_wild else c.points,
    lambda c: c.number or 0,
)


class Points(question.Points):
    """The engine's round points; the other choices are the sums the common slips (SLIPS) give."""

    def you(self, played: Played) -> int | None:
        return None

    def ask(self, played: Played) -> str:
        if played.after.rules.scoring == "tally-lowest":
            return _("How many points is %(seat)s charged this round?", seat=seat_name(self.seat))
        return _("How many points does %(seat)s score this round?", seat=seat_name(self.seat))

    def solve(self, played: Played) -> Solution:
        state = played.after
        points = state.round_points()
        if points is None:
            raise ValueError("the round is not over")
        counted = state.hands if state.rules.scoring == "winner-collects" else [state.hands[self.seat]]
        slips = {sum(value(c) for hand in counted for c in hand) for value in SLIPS}
        choices = _counts(tuple(sorted(slips | {points[self.seat]})))
        return Solution(choices, _one_of(choices, str(points[self.seat])))


# What may happen to a player who challenges a Wild Draw Four: cards drawn, and whether they then play.
OUTCOMES = ((0, True), (PENALTY[Kind.WILD_DRAW_FOUR], False), (CHALLENGE_FAILED_DRAW, False))


def _outcome_id(drawn: int, plays: bool) -> str:
    return f"{drawn}-{'plays' if plays else 'loses-turn'}"


def _outcome_text(drawn: int, plays: bool) -> str:
    if not drawn and plays:
        return _("They draw nothing and play their turn")
    return ngettext("They draw %(num)d card and lose their turn", "They draw %(num)d cards and lose their turn",
                    drawn)


class ChallengeOutcome(question.ChallengeOutcome):
    """The cards the engine made the challenger draw, and whether they play."""

    def you(self, played: Played) -> int | None:
        return None

    def ask(self, played: Played) -> str:
        return _("What happens to the challenger, %(seat)s?", seat=seat_name(self._challenger(played)))

    @staticmethod
    def _challenger(played: Played) -> int:
        return played.steps[-1].move.seat

    def solve(self, played: Played) -> Solution:
        challenger = self._challenger(played)
        choices = tuple(AnswerChoice(_outcome_id(drawn, plays), text=_LazyOutcome(drawn, plays))
                        for drawn, plays in OUTCOMES)
        answer = _outcome_id(played.drawn(challenger), played.after.actor() == challenger)
        return Solution(choices, _one_of(choices, answer))


@dataclass(frozen=True)
class _LazyOutcome:
    """An outcome's words, made when shown (in the reader's language)."""

    drawn: int
    plays: bool

    def __str__(self) -> str:
        return _outcome_text(self.drawn, self.plays)


ASK_MOVE = {
    Action.PLAY: _l("May you play %(card)s now?"),
    Action.CATCH: _l("May you catch %(target)s now?"),
}
ANSWERS = {"legal": _l("Yes"), "bluff": _l("Yes, but as a bluff: punished only if challenged"), "illegal": _l("No")}


class Allowed(question.Allowed):
    """Yes, no, or for a Wild Draw Four, only as a bluff."""

    def you(self, played: Played) -> int | None:
        return self.move["seat"]

    def ask(self, played: Played) -> str:
        move = Move.from_dict(self.move)
        return str(ASK_MOVE[move.action]) % {"card": move.card and card_name(move.card.notation),
                                              "target": seat_name(move.target or 0)}

    def solve(self, played: Played) -> Solution:
        move = Move.from_dict(self.move)
        verdict = played.after.check(move)
        states = ("legal", "bluff", "illegal") if move.card is not None and move.card.kind is Kind.WILD_DRAW_FOUR \
            else ("legal", "illegal")
        choices = tuple(AnswerChoice(state, text=ANSWERS[state]) for state in states)
        state = verdict_state(verdict)
        return Solution(choices, _one_of(choices, state), {state: verdict})


# --- myths ------------------------------------------------------------------------------------


TRUTH = {"true": _l("True"), "false": _l("False")}


class Myth(question.Myth):
    """The answer is the official rule set's run; each source's run is shown beside what it says."""

    def you(self, played: Played) -> int | None:
        return None

    def ask(self, played: Played) -> str:
        return _("True or false, by the official rules?")

    def runs(self, scenario: dict[str, Any], moves: tuple[dict[str, Any], ...]) -> dict[str, Played]:
        return {source.name: play(scenario, moves, source.rules) for source in self.sources}

    def solve(self, runs: dict[str, Played]) -> Solution:
        choices = tuple(AnswerChoice(value, text=text) for value, text in TRUTH.items())
        holds = self.measure(runs["official"]) == self.claimed
        return Solution(choices, frozenset({"true" if holds else "false"}), runs=runs)


Solver = Playable | NextPlayer | Draws | Holds | Points | ChallengeOutcome | Allowed | Myth

SOLVERS: dict[type[question.Question], type[Solver]] = {
    question.Playable: Playable, question.NextPlayer: NextPlayer, question.Draws: Draws, question.Holds: Holds,
    question.Points: Points, question.ChallengeOutcome: ChallengeOutcome, question.Allowed: Allowed,
    question.Myth: Myth,
}


def solver(asked: question.Question) -> Solver:
    """The solver of a scene's question: the same values, with the quiz's ways of asking and solving."""
    return SOLVERS[type(asked)](**{f.name: getattr(asked, f.name) for f in fields(asked)})
