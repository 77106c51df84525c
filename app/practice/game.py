"""A practice game: the learner in seat 0 against bots, and what the learner may see of it; or a
pass-and-play game, several people taking turns on one device (seats 0.. are theirs, bots after).

Pure game logic (no Flask): the web views and the JSON API both call ``start`` and ``play``
and store the state dict and the returned steps (the narration log). Every step is stored as its
reader may see it (``Practice.reader``; app.engine.visibility decides), so whatever the log holds
may be shown: for the learner, bots' drawn cards, the draw pile's order and a bot's Wild Draw
Four bluff never reach it. A pass-and-play log is read by every player, so it is written for the
table: no hand's cards and no bluff reach it at all; so is a table of people's (app.tables), where
each person plays from their own device, and a seat nobody holds now is played by a bot
(``Practice.present``).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import bots, visibility
from ..engine.cards import Card, Color, Kind
from ..engine.game import Game
from ..engine.moves import Action, Move
from ..engine.round import RoundState
from ..engine.rules import Rule, RuleSet
from ..engine.verdict import Event, IllegalMoveError, InvalidMoveError, Verdict
from ..engine.visibility import Viewer
from ..engine.vocabulary import Case

HUMAN = visibility.OWNER
LEARNER = visibility.player(HUMAN)
MIN_BOTS, MAX_BOTS, DEFAULT_BOTS = 1, 9, 3
LEVELS = bots.LEVELS
MAX_BOT_MOVES = 300  # per request: a round that could go on for ever pauses, "continue" resumes it
NEXT_ROUND, CONTINUE = "next-round", "continue"  # the table's own actions, beside the engine's
YOUR_TURN = "yours"  # the case of a "continue" refused because no bot is to move


@dataclass
class Practice:
    """The stored game plus the table's settings (``to_dict`` is what is stored; the log apart)."""

    game: Game
    bots: int
    level: str
    hints: bool
    logged: int = 0  # steps in the log so far
    latest: int = 0  # number of the first step of the last request
    requests: int = 0  # moves made on the table so far: seeds the bots' dice
    caught: list[int] = field(default_factory=list)  # seats caught forgetting UNO this round: bots among them call it now
    # Pass-and-play (app.practice.pass_and_play): the people's names ("" for "Player n"), seats 0.. in
    # order; empty for a learner alone in seat 0. ``holder``: whose hand the device shows (None
    # before the first player takes it); ``seen``: for each person, the log's length when they last
    # passed the device on (their pass screen tells them what happened since).
    names: list[str] = field(default_factory=list)
    holder: int | None = None
    seen: list[int] = field(default_factory=list)
    # A table of people (app.tables): the people's seats held now, given for each request from the
    # table's seats (never stored); the others' turns are played by bots. None: every person's seat.
    present: frozenset[int] | None = None

    @property
    def round(self) -> RoundState:
        return self.game.round

    @property
    def finished(self) -> bool:
        return self.game.game_over

    @property
    def together(self) -> bool:
        """A pass-and-play game: several people on one device."""
        return bool(self.names)

    @property
    def people(self) -> int:
        """How many seats people hold (seats 0..people-1); the bots sit after them."""
        return len(self.names) or 1

    @property
    def mover(self) -> int | None:
        """The seat a move from the table is made for: the learner, or whoever holds the device."""
        return self.holder if self.names else HUMAN

    @property
    def reader(self) -> Viewer:
        """Whom the log is written for: the learner, or the table when every player reads it."""
        return visibility.TABLE if self.names else LEARNER

    def persons(self) -> range | frozenset[int]:
        """The seats people play now: the first ``people``, or a table's ``present``."""
        return range(self.people) if self.present is None else self.present

    def waiting_for(self) -> int | None:
        """The person whose decision play waits for (None: a bot's, or the round is over)."""
        actor = self.round.actor()
        return actor if actor is not None and actor in self.persons() else None

    def pass_to(self) -> int | None:
        """Pass-and-play: the person who must take the device before play goes on (None: the one
        holding it may go on, or nobody's decision is waited for)."""
        waiting = self.waiting_for() if self.names else None
        return waiting if waiting != self.holder else None

    def to_dict(self) -> dict[str, Any]:
        data = {"game": self.game.to_dict(), "bots": self.bots, "level": self.level, "hints": self.hints,
                "logged": self.logged, "latest": self.latest, "requests": self.requests,
                "caught": list(self.caught)}
        if self.names:  # a learner's game is stored as before
            data.update(names=list(self.names), holder=self.holder, seen=list(self.seen))
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Practice:
        # ``caught``: absent from games saved before bots remembered their catches
        return cls(Game.from_dict(data["game"]), data["bots"], data["level"], data["hints"],
                   data["logged"], data["latest"], data["requests"], list(data.get("caught", ())),
                   list(data.get("names", ())), data.get("holder"), list(data.get("seen", ())))

    def copy(self) -> Practice:
        """An independent copy, to play on or keep: a move changes only the round, the scores and
        the counters, who was caught and who holds the device (the rules are frozen, the rest
        plain values; the names never change). Every field named, as in ``from_dict``, not
        ``dataclasses.replace``: the save copies its game on every move (app.practice.access)."""
        return Practice(self.game.copy(), self.bots, self.level, self.hints, self.logged, self.latest,
                        self.requests, list(self.caught), self.names, self.holder, list(self.seen), self.present)


def start(rules: RuleSet, bot_count: int, level: str, seed: int | str, hints: bool = True,
          names: Sequence[str] = (), present: frozenset[int] | None = None) -> tuple[Practice, list[dict[str, Any]]]:
    """Deal a new game and let the bots play until a person must act; returns the steps seen.
    ``names``: pass-and-play or a table, one name per person (see ``Practice.names``); ``present``:
    a table's seats held now (``Practice.present``)."""
    game, events = Game.new(rules, players=bot_count + (len(names) or 1), seed=seed)
    practice = Practice(game, bot_count, level, hints, names=list(names), seen=[0] * len(names), present=present)
    steps = [step(None, None, events, game.round, practice.reader)]
    _run_bots(practice, _rng(practice), steps)
    _log(practice, steps)
    return practice, steps


def play(practice: Practice, data: Any, seat: int | None = None) -> list[dict[str, Any]]:
    """The learner's move (check API spelling, seat ignored: the mover's, or ``seat``'s at a table
    of people; any JSON value, read here), then the bots' replies.

    Raises the engine's IllegalMoveError (nothing changed) for a move against the rules, the
    table's own actions' too, and InvalidMoveError for one that cannot be read.
    """
    if not isinstance(data, dict):
        raise InvalidMoveError("move")
    action = data.get("action")
    rng = _rng(practice)
    steps: list[dict[str, Any]] = []
    if action == NEXT_ROUND:
        events = practice.game.next_round()  # or the engine's IllegalMoveError: the round is not over
        practice.caught = []  # a new round: every bot may be careless again
        steps.append(step(None, None, events, practice.round))
    elif action == CONTINUE:
        if practice.round.round_over:
            raise IllegalMoveError(Verdict(False, Rule.ROUND_END, {"case": Case.OVER, "winner": practice.round.winner}))
        if practice.waiting_for() is not None:  # nothing to wait for: the table's own case
            raise IllegalMoveError(Verdict(False, Rule.TURN_ORDER, {"case": YOUR_TURN}))
        exposed = practice.round.exposed
        if exposed is not None and exposed not in practice.persons():  # a bot forgot: the other bots may catch it
            _bots_catch(practice, rng, steps)
        _run_bots(practice, rng, steps, resume=True)
    else:
        mover = practice.mover if seat is None else seat
        move = Move.from_dict({**data, "seat": mover})
        _apply(practice, move, steps)
        if practice.game.round.exposed == mover:  # not the ``round`` property: a Python call
            _bots_catch(practice, rng, steps)
        _run_bots(practice, rng, steps)
    _log(practice, steps)
    return steps


def _rng(practice: Practice) -> LazyDice:
    """The bots' dice: fixed by the seed and the move count, so a seed and the same moves replay a game."""
    practice.requests += 1
    return LazyDice(f"{practice.game.seed}:bots:{practice.requests}")


class LazyDice:
    """A ``random.Random(seed)`` made on the first throw (the bots only call ``random()``): most
    requests throw none, and seeding a generator costs more than a bot's whole decision."""

    __slots__ = ("_seed", "_rng")

    def __init__(self, seed: str):
        self._seed = seed
        self._rng: random.Random | None = None

    def random(self) -> float:
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng.random()


def _apply(practice: Practice, move: Move, steps: list[dict[str, Any]]) -> None:
    """Apply ``move`` to the game and add its step; an illegal move raises IllegalMoveError, changing nothing."""
    verdict, events = practice.game.attempt(move)
    if not verdict.legal:
        raise IllegalMoveError(verdict)
    if move.action is Action.CATCH and move.target is not None and move.target not in practice.caught:
        practice.caught.append(move.target)
    steps.append(step(move, verdict, events, practice.game.round, practice.reader))


def _bots_catch(practice: Practice, rng: LazyDice, steps: list[dict[str, Any]]) -> None:
    """The bots, in seat order, may catch whoever forgot UNO (easy bots sometimes miss it)."""
    persons = practice.persons()
    for seat in range(practice.round.players):
        if seat in persons:
            continue
        move = bots.catch_move(practice.round, seat, practice.level, rng)
        if move is not None:
            _apply(practice, move, steps)
            return


def _run_bots(practice: Practice, rng: LazyDice, steps: list[dict[str, Any]],
              resume: bool = False) -> None:
    """Bots move until a person must act, the round ends, or someone forgot UNO.

    A forgotten UNO pauses play, so the learner can catch the bot (or call UNO late) before
    the next player's move closes the window; ``resume`` goes on past such a pause. A bot
    caught this round calls UNO from then on.
    """
    game, level, caught = practice.game, practice.level, practice.caught  # read once: the loop runs for every bot move
    persons = practice.persons()
    for _ in range(MAX_BOT_MOVES):
        state = game.round
        actor = state.actor()
        if actor is None or actor in persons or (state.exposed is not None and not resume):
            return
        resume = False
        try:
            _apply(practice, bots.decide(state, actor, level, rng, actor in caught), steps)
        except IllegalMoveError:  # an engine bug must not stop the learner's game: play on legally
            _apply(practice, state.legal_moves(actor)[0], steps)


def step(move: Move | None, verdict: Verdict | None, events: list[Event], state: RoundState,
         viewer: Viewer = LEARNER) -> dict[str, Any]:
    """One move and its events as ``viewer`` may see them (``visibility.step``), and the table as
    everyone sees it after them (``after``), so the table can be shown step by step."""
    shown = visibility.step(move, verdict, events, viewer)
    shown["after"] = table_after(state)
    return shown


def table_after(state: RoundState) -> dict[str, Any]:
    """What everyone at the table sees once a step is over (the check API's state names): the top
    card, the colour, the direction, each hand's size, the draw pile's size, who has called UNO,
    and whose decision play waits for (``actor``; None once the round is over)."""
    return {"top": state.discard[-1].notation, "color": state.color and str(state.color),
            "direction": state.direction, "hands": list(map(len, state.hands)),
            "draw_pile_size": len(state.draw_pile), "uno": list(state.uno_said), "actor": state.actor()}


def _log(practice: Practice, steps: list[dict[str, Any]]) -> None:
    """Number the new steps: the store appends them to the log from ``latest``."""
    practice.latest = practice.logged
    practice.logged += len(steps)


def view(practice: Practice, viewer: Viewer = LEARNER) -> dict[str, Any]:
    """The check API's state names as ``viewer`` sees them (``visibility.view``: the learner, the
    pass-and-play holder or a watcher), plus the game's totals, and every hand (``revealed``) once
    the round is over. Properties are read once or not at all (each a Python call): this is every
    practice answer.
    """
    game = practice.game
    state, over = game.round, game.game_over
    shown = visibility.view(state, viewer)
    shown.update({
        "scores": list(game.scores), "game_over": over, "game_winner": game.winner if over else None,
        "game_winners": game.winners if over else [],
        "round": game.number, "target": game.rules.target, "exposed": state.exposed,
        "players": len(state.hands), "rules": game.rules.to_dict(), "level": practice.level,
        "hints": practice.hints,
    })
    hands = visibility.revealed(state)
    if hands is not None:
        shown["revealed"] = hands
    return shown


def hint(state: RoundState, face: Card, seat: int = HUMAN) -> Verdict:
    """The engine's verdict on playing ``face`` from ``seat`` now (a wild checked with a colour to
    be named, a 7 under 7-0 with the next player as target)."""
    named = Color.RED if face.is_wild else None
    target = state.next_seat(seat) if state.rules.seven_zero and face.number == 7 else None
    verdict = state.check(Move(seat, Action.PLAY, face, color=named, target=target))
    if named is not None:  # the learner names the colour later: not a fact of the hint
        verdict = Verdict(verdict.legal, verdict.rule, {k: v for k, v in verdict.params.items() if k != "named"})
    return verdict


def needs_choice(state: RoundState, face: Card) -> bool:
    """A card the learner must complete before it is played: a wild (colour), a 7 under 7-0 (target)."""
    return face.is_wild or (state.rules.seven_zero and face.kind is Kind.NUMBER and face.number == 7)
