"""What a quiz item is: a position, a question about it, and the rules it tests, as plain values.

The question is a kind (which of your cards may you play, who plays next, how many cards or points,
what happens to a challenger, may you make this move, a myth true or false) with what it needs (a
seat, the counts to choose from, the move): never its answer, which the engine gives. The quiz
(app.quiz.solvers) turns each kind into its solver in one place; these values stay below every
feature so the catalogue imports none.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from app.engine.rules import Rule
from app.wording import verdict_state


@dataclass(frozen=True)
class Kind:
    """A kind of question; ``name`` is the kind as the JSON and data attributes spell it, given as
    the class is made (``class Playable(Kind, name="playable")``)."""

    name: ClassVar[str] = ""

    def __init_subclass__(cls, name: str = "", **rest: Any) -> None:
        super().__init_subclass__(**rest)
        if name:  # the quiz's solvers subclass a kind and keep its name
            cls.name = name


class Playable(Kind, name="playable"):
    """"Which of your cards may you play?" (bluffs not included)."""


class NextPlayer(Kind, name="next-player"):
    """"Who plays next?" (after a fresh deal: "who plays first?")."""


@dataclass(frozen=True)
class CardCount(Kind):
    """A number of one seat's cards, once all has happened, among fixed counts to choose from."""

    seat: int
    counts: tuple[int, ...]


class Draws(CardCount, name="draws"):
    """"How many cards does ``seat`` draw?" in all that happened."""


class Holds(CardCount, name="holds"):
    """"How many cards does ``seat`` hold now?"."""


@dataclass(frozen=True)
class Points(Kind, name="points"):
    """"How many points does ``seat`` score (or is charged)?" once the round is over."""

    seat: int


class ChallengeOutcome(Kind, name="challenge"):
    """"What happens to the challenger?": the cards drawn, and whether they then play."""


@dataclass(frozen=True)
class Allowed(Kind, name="allowed"):
    """"May you play this card (catch that player) now?"; ``move`` as the check API spells it."""

    move: dict[str, Any]


# --- myths ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LastVerdict:
    """A myth measured by the engine's verdict on the last move: "legal", "bluff" or "illegal"."""

    def __call__(self, played: Any) -> str:  # an app.replay.Played
        return verdict_state(played.steps[-1].verdict)


@dataclass(frozen=True)
class Drawn:
    """A myth measured by the cards a seat draws."""

    seat: int

    def __call__(self, played: Any) -> int:  # an app.replay.Played
        return played.drawn(self.seat)


@dataclass(frozen=True)
class Source:
    """What one source says about a myth, and the rule set the engine plays the position with for it."""

    name: str  # "official", "guide-long", "guide-short" (the presets), or "house-rule"
    rules: str | dict[str, Any]
    says: Any = None  # a few words (a lazy string); None where the engine's run says it all


SOURCES = ("official", "guide-long", "guide-short")  # every myth names these three


@dataclass(frozen=True)
class Myth(Kind, name="myth"):
    """"True or false, by the official rules?" A claim players repeat, and what the claim says the
    engine would find in the position (``claimed``, read by ``measure``) under each source's rules."""

    claim: Any  # the claim, in words (a lazy string)
    measure: LastVerdict | Drawn
    claimed: Any
    sources: tuple[Source, ...]


Question = Playable | NextPlayer | Draws | Holds | Points | ChallengeOutcome | Allowed | Myth


@dataclass(frozen=True, eq=False)  # items are unique: compared and hashed by identity
class QuizItem:
    """A quiz item: ``scenario`` and ``moves`` (check-API notation) make the position asked about.
    ``rules`` are the rule ids it teaches (the first one's page is its topic unless ``topic_page``
    says otherwise); tests/web/test_quiz.py holds them to the rules the engine names for it."""

    id: str  # stable: URLs, the progress token, the API
    ask: Question
    scenario: dict[str, Any]
    moves: tuple[dict[str, Any], ...] = ()
    rules: tuple[Rule, ...] = ()
    topic_page: str | None = None  # a rules page path, when not the first rule's
