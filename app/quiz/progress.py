"""A quiz: the items a seed chooses, in the order it gives, and the answers given so far.

The same seed always gives the same items in the same order (a teacher gives a class one link).
The answers so far travel in the URL as a token signed with the app's secret key, so nothing is
stored on the server and a changed token is refused rather than scored.
"""
from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from itsdangerous import BadData, URLSafeSerializer

from ..errors import UserError
from .item import ITEMS, MYTHS, POSITIONS, Item

LENGTH = 10
MYTHS_PER_QUIZ = 2
MAX_SEED_LENGTH = 40  # as the practice table's seeds
TOKEN_SALT = "uno-tutor quiz progress"


class QuizError(UserError):
    """Input the quiz can't use; ``code`` is an error code of app.wording.ERRORS, ``status`` its HTTP status."""


def valid_seed(seed: str) -> bool:
    """A seed is a word of letters, digits, ``-`` and ``_``, up to MAX_SEED_LENGTH characters."""
    return 0 < len(seed) <= MAX_SEED_LENGTH and all(c.isalnum() or c in "-_" for c in seed)


def new_seed() -> str:
    """A random seed for a quiz nobody chose: six digits, easy to read out to a class."""
    return str(100_000 + secrets.randbelow(900_000))


def items_for(seed: str, length: int = LENGTH, myths: int = MYTHS_PER_QUIZ) -> list[Item]:
    """The quiz the seed gives: ``myths`` myths, and position items from as many rules pages as
    there is room for in ``length`` (one each, then more), all in the seed's order. The printed
    quiz sheet (app.handouts.quiz_sheet) asks for positions only."""
    if not valid_seed(seed):
        raise QuizError("bad-seed", max=MAX_SEED_LENGTH)
    rng = random.Random(f"quiz:{seed}")
    positions = rng.sample(POSITIONS, len(POSITIONS))  # all of them, in the seed's order
    first_of_topic: dict[str, Item] = {}
    for position in positions:
        first_of_topic.setdefault(position.topic, position)
    spread = list(first_of_topic.values())
    rest = [position for position in positions if position not in spread]
    chosen = [*rng.sample(MYTHS, myths), *(spread + rest)[:length - myths]]
    rng.shuffle(chosen)
    return chosen


@dataclass(frozen=True)
class Answer:
    item: Item
    choice: str

    @property
    def right(self) -> bool:
        return self.choice in self.item.solution.right


@dataclass(frozen=True)
class Progress:
    """A quiz under way: its seed, its items and the answers given so far (in order)."""

    seed: str
    items: tuple[Item, ...]
    answers: tuple[Answer, ...] = ()

    @property
    def current(self) -> Item | None:
        """The next question, or None once every item is answered."""
        return self.items[len(self.answers)] if len(self.answers) < len(self.items) else None

    def answer(self, item_id: str, choice: str) -> Progress:
        """This quiz with the current item answered; QuizError if that item is not the one asked
        (a page answered twice) or the choice is not one of its choices."""
        current = self.current
        if current is None or current.id != item_id:
            raise QuizError("stale-answer", 409)
        if current.solution.choice(choice) is None:
            raise QuizError("bad-answer")
        return Progress(self.seed, self.items, (*self.answers, Answer(current, choice)))

    def scores(self) -> list[tuple[str, int, int]]:
        """(topic, right, asked) for each rules page among the answers, in the quiz's order."""
        tally: dict[str, list[int]] = {}
        for answer in self.answers:
            counts = tally.setdefault(answer.item.topic, [0, 0])
            counts[0] += answer.right
            counts[1] += 1
        return [(topic, right, asked) for topic, (right, asked) in tally.items()]

    @property
    def right(self) -> int:
        return sum(answer.right for answer in self.answers)

    def token(self, secret_key: str) -> str:
        return _serializer(secret_key).dumps([self.seed, [answer.choice for answer in self.answers]])


def start(seed: str) -> Progress:
    return Progress(seed, tuple(items_for(seed)))


def resume(seed: str, token: str | None, secret_key: str) -> Progress:
    """The quiz of ``seed`` with the answers ``token`` carries; QuizError for a token that was
    changed, belongs to another seed, or names answers the quiz can't have."""
    progress = start(seed)
    if not token:
        return progress
    try:
        token_seed, choices = _serializer(secret_key).loads(token)
    except (BadData, TypeError, ValueError):
        raise QuizError("bad-progress") from None
    if token_seed != seed or not isinstance(choices, list) or len(choices) > len(progress.items):
        raise QuizError("bad-progress")
    for choice in choices:
        current = progress.current
        if not isinstance(choice, str) or current is None:
            raise QuizError("bad-progress")
        try:
            progress = progress.answer(current.id, choice)
        except QuizError:
            raise QuizError("bad-progress") from None
    return progress


def _serializer(secret_key: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret_key, salt=TOKEN_SALT)


def item(item_id: str) -> Item:
    """An item by id; QuizError (404) for an unknown one."""
    try:
        return ITEMS[item_id]
    except (KeyError, TypeError):
        raise QuizError("unknown-item", 404) from None
