"""Rule ids and rule sets.

Rule ids are the stable names shared by the engine, the pages (as anchors), the lessons and the
tests; they are exactly the ids of the project's rules reference, plus ``seven-zero`` (a house
rule switch) and the ``move.*`` ids for moves that break no card rule (a card not in the hand).

A rule set is plain configuration, chosen by preset and overridden option by option:

>>> ruleset("guide-long").draw, ruleset("guide-long").uno_penalty
('until-playable', 4)
>>> ruleset({"preset": "official", "stacking": True}).stacking
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from .cards import Kind


class Rule(StrEnum):
    DECK_COMPOSITION = "deck.composition"
    DECK_BLANK = "deck.blank"
    SETUP_DEALER = "setup.dealer"
    SETUP_DEAL = "setup.deal"
    SETUP_FIRST_PLAYER = "setup.first-player"
    SETUP_PLAYERS = "setup.players"
    FIRST_NUMBER = "first.number"
    FIRST_SKIP = "first.skip"
    FIRST_REVERSE = "first.reverse"
    FIRST_DRAW_TWO = "first.draw-two"
    FIRST_WILD = "first.wild"
    FIRST_WILD_DRAW_FOUR = "first.wild-draw-four"
    TURN_ORDER = "turn.order"
    MATCH_COLOR = "match.color"
    MATCH_NUMBER = "match.number"
    MATCH_SYMBOL = "match.symbol"
    MATCH_NONE = "match.none"
    WILD_ANY_TIME = "wild.any-time"
    DRAW_ONE = "draw.one"
    DRAW_UNTIL_PLAYABLE = "draw.until-playable"
    DRAW_RESHUFFLE = "draw.reshuffle"
    SKIP_EFFECT = "skip.effect"
    REVERSE_EFFECT = "reverse.effect"
    REVERSE_TWO_PLAYERS = "reverse.two-players"
    DRAW_TWO_EFFECT = "draw-two.effect"
    WILD_DRAW_FOUR_EFFECT = "wild-draw-four.effect"
    WILD_DRAW_FOUR_RESTRICTION = "wild-draw-four.restriction"
    WILD_DRAW_FOUR_CHALLENGE = "wild-draw-four.challenge"
    STACKING = "stacking"
    SEVEN_ZERO = "seven-zero"
    UNO_CALL = "uno.call"
    UNO_CATCH = "uno.catch"
    ROUND_END = "round.end"
    SCORE_VALUES = "score.values"
    SCORE_WINNER_COLLECTS = "score.winner-collects"
    SCORE_TALLY_LOWEST = "score.tally-lowest"
    MOVE_NOT_IN_HAND = "move.not-in-hand"


MIN_PLAYERS, MAX_PLAYERS = 2, 10  # setup.players

# The penalties, every card a rule makes someone draw, in this one place (the rule set's
# ``uno_penalty``, uno.catch, is an option: the sources differ on it). The engine draws them and
# the pages, the quiz and the wording quote them from here.
PENALTY = {Kind.DRAW_TWO: 2, Kind.WILD_DRAW_FOUR: 4}  # cards the next player draws (also a first Draw Two)
CHALLENGE_FAILED_DRAW = 6  # wild-draw-four.challenge: an innocent player challenged draws 4 + 2

HOUSE_RULES = frozenset({Rule.STACKING, Rule.SEVEN_ZERO, Rule.DRAW_UNTIL_PLAYABLE})

OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "dealer": ("highest", "random"),
    "first_wild": ("first-player-names", "redraw"),
    "draw": ("one", "until-playable"),
    "scoring": ("winner-collects", "tally-lowest"),
}


class RuleSetError(ValueError):
    """An unknown preset or option, or a value out of range."""


@dataclass(frozen=True)
class RuleSet:
    """Every choice where the sources differ, plus the house-rule switches (option names are public)."""

    players: int = 4
    dealer: str = "highest"
    first_wild: str = "first-player-names"
    draw: str = "one"
    uno_penalty: int = 2
    challenge: bool = True
    scoring: str = "winner-collects"
    target: int = 500
    stacking: bool = False
    seven_zero: bool = False

    def __post_init__(self) -> None:
        for option, choices in OPTION_CHOICES.items():
            if getattr(self, option) not in choices:
                raise RuleSetError(f"{option}={getattr(self, option)!r}")
        for option, kind in (("players", int), ("uno_penalty", int), ("target", int),
                             ("challenge", bool), ("stacking", bool), ("seven_zero", bool)):
            value = getattr(self, option)
            if type(value) is not kind:
                raise RuleSetError(f"{option}={value!r}")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS or not 0 <= self.uno_penalty <= 10 or not 1 <= self.target <= 100_000:
            raise RuleSetError("out of range")

    def to_dict(self) -> dict[str, Any]:
        """The options by name, in a dict of the caller's own. Written three times for every move
        (the stored game, its round, the answer's view): a frozen set's options are read once."""
        return dict(self._options)

    @cached_property
    def _options(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in OPTIONS}

    @staticmethod
    def from_dict(options: dict[str, Any]) -> RuleSet:
        """The rule set ``to_dict`` wrote."""
        return RuleSet(**options)

    @property
    def scoring_rule(self) -> Rule:
        """The ``score.*`` rule this set's scoring method follows (round end, game end, the table)."""
        return Rule.SCORE_TALLY_LOWEST if self.scoring == "tally-lowest" else Rule.SCORE_WINNER_COLLECTS

    def house_rules(self) -> list[Rule]:
        """The house rules this set switches on (the new-game form marks the presets that have any)."""
        on = {Rule.STACKING: self.stacking, Rule.SEVEN_ZERO: self.seven_zero,
              Rule.DRAW_UNTIL_PLAYABLE: self.draw == "until-playable"}
        return [rule for rule, active in on.items() if active]


OPTIONS: tuple[str, ...] = tuple(f.name for f in fields(RuleSet))


PRESETS: dict[str, RuleSet] = {
    "official": RuleSet(),
    "guide-long": RuleSet(draw="until-playable", uno_penalty=4, scoring="tally-lowest"),
    "guide-short": RuleSet(dealer="random", first_wild="redraw", challenge=False,
                           scoring="tally-lowest"),
}


def ruleset(spec: str | dict[str, Any] | RuleSet | None = None) -> RuleSet:
    """A rule set from a preset name, ``{"preset": name, option: value, ...}``, or None (official)."""
    if spec is None or isinstance(spec, RuleSet):
        return spec or PRESETS["official"]
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, dict):
        raise RuleSetError("rules must be a preset name or an object")
    options = dict(spec)
    preset = options.pop("preset", "official")
    if preset not in PRESETS:
        raise RuleSetError(f"preset={preset!r}")
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise RuleSetError(f"unknown option {sorted(unknown)[0]!r}")
    return replace(PRESETS[preset], **options)
