"""A game of several rounds: scores carried over, the dealer moving on, up to the target."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .moves import Move
from .round import RoundState
from .rules import Rule, RuleSet, ruleset
from .setup import choose_dealer, deal, shuffled_deck
from .verdict import Event, IllegalMoveError, Verdict
from .vocabulary import Case, EventKind


@dataclass
class Game:
    """Rounds played with one rule set by ``players`` seats until someone reaches the target.

    >>> game, events = Game.new("official", players=3, seed=7)
    >>> game.round.players, game.number, game.scores
    (3, 1, [0, 0, 0])
    """

    rules: RuleSet
    seed: int | str
    round: RoundState
    number: int = 1
    scores: list[int] = field(default_factory=list)

    @classmethod
    def new(cls, rules: str | dict[str, Any] | RuleSet | None, players: int | None = None,
            seed: int | str = 0) -> tuple[Game, list[Event]]:
        rules = ruleset(rules)
        if players is not None:  # setup.players: checked (2-10) like the rule set's own option
            rules = replace(rules, players=players)
        players = rules.players
        dealer, events = choose_dealer(rules, players, seed)
        state, dealt = deal(rules, players, dealer, shuffled_deck(f"{seed}:1"), f"{seed}:1")
        return cls(rules, seed, state, 1, [0] * players), events + dealt

    @property
    def reached(self) -> list[int]:
        """The seats whose total has reached the target: any one of them ends the game."""
        return [seat for seat, total in enumerate(self.scores) if total >= self.rules.target]

    @property
    def game_over(self) -> bool:
        """Some total has reached the target (``reached`` is not empty), asked twice a move: the
        highest total says it without listing the seats."""
        return max(self.scores, default=0) >= self.rules.target

    @property
    def winners(self) -> list[int]:
        """Who has won the game: most points when the winner collects, fewest on a tally.

        A tally can end in a tie, which the official rules do not break: all who share the
        fewest points win. (Collecting cannot: only the round's winner scores, and only they
        pass the target.)"""
        if not self.game_over:
            return []
        best = (min if self.rules.scoring == "tally-lowest" else max)(self.scores)
        return [seat for seat, total in enumerate(self.scores) if total == best]

    @property
    def winner(self) -> int | None:
        """The first of ``winners`` in seat order: the winner, unless there is a tie."""
        winners = self.winners
        return winners[0] if winners else None

    def apply(self, move: Move) -> list[Event]:
        """Apply a move to the current round; a round's points are added to the game's scores."""
        verdict, events = self.attempt(move)
        if not verdict.legal:
            raise IllegalMoveError(verdict)
        return events

    def attempt(self, move: Move) -> tuple[Verdict, list[Event]]:
        """``RoundState.attempt`` on the current round, adding a round's points to the scores."""
        state = self.round
        verdict, events = state.attempt(move)
        # a round's points are added once someone has gone out
        points = state.round_points() if verdict.legal and state.winner is not None else None
        if points is not None:
            self.scores = [total + p for total, p in zip(self.scores, points)]
            if self.game_over:
                events.append(self._end())
        return verdict, events

    def _end(self) -> Event:
        """The game-end event: ``winner``, and in a tie all the ``winners`` too."""
        winners = self.winners
        params = {"winner": winners[0], "scores": list(self.scores)}
        if len(winners) > 1:
            params["winners"] = winners
        return Event((EventKind.GAME_END, self.rules.scoring_rule, params))

    @property
    def next_dealer(self) -> int | None:
        """Who deals the next round (``setup.dealer``): the deal passes to the left, the next seat
        clockwise, whatever the direction of play when the round ended; None while the round goes
        on and once the game is over (no round comes next).

        >>> game, _ = Game.new("official", players=3, seed=7)
        >>> game.round.dealer, game.next_dealer  # the first round has only begun
        (0, None)
        """
        if not self.round.round_over or self.game_over:
            return None
        return (self.round.dealer + 1) % self.round.players

    def next_round(self) -> list[Event]:
        """Deal the next round, dealt by ``next_dealer``; refused before the round ends or after the game."""
        dealer = self.next_dealer
        if dealer is None:
            raise IllegalMoveError(Verdict(False, Rule.ROUND_END, {"case": Case.NOT_OVER if not self.round.round_over
                                                                   else Case.GAME_OVER}))
        self.number += 1
        tag = f"{self.seed}:{self.number}"
        self.round, events = deal(self.rules, self.round.players, dealer, shuffled_deck(tag), tag)
        return events

    def public(self) -> dict[str, Any]:
        """The game as the check API shows it beside the round: the totals (this round's points
        added once it is over), who dealt this round, whether the game is over and who won it, and
        who deals the next round."""
        return {"scores": list(self.scores), "target": self.rules.target, "dealer": self.round.dealer,
                "game_over": self.game_over, "winners": self.winners, "next_dealer": self.next_dealer}

    def copy(self) -> Game:
        """A copy to play on: its round and scores are its own (the rules are frozen)."""
        return Game(self.rules, self.seed, self.round.copy(), self.number, list(self.scores))

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "seed": self.seed, "round": self.round.to_dict(),
                "number": self.number, "scores": list(self.scores)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        return cls(RuleSet.from_dict(data["rules"]), data["seed"], RoundState.from_dict(data["round"]),
                   data["number"], list(data["scores"]))
