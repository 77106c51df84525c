"""A step in progress: its position replayed from the learner's moves, and each new move judged.

Nothing is stored: a step's state is its scenario, the learner's moves so far and the script
(or, in a guided round, the bots' deterministic answers), so ``replay(step, learner_moves)`` rebuilds
it on every request. The engine judges every move (``Game.attempt``: the round's, and the round's
points added to the game the scenario carries); this module only decides whether a legal move is
the one the step asks for (``LessonStep.accept``) and reads the answer to the step's question from the
engine's state.

>>> from app.scenes.lesson import LessonStep, ANY_LEGAL
>>> from app.engine.rules import Rule
>>> step = LessonStep({"hands": [["R8", "B2"], ["G1"]], "discard": ["R5"]}, "", (Rule.MATCH_COLOR,),
...             ({"seat": 0, "action": "play", "card": "R8"},), accept=Rule.MATCH_COLOR)
>>> progress = replay(step, [])
>>> progress.judge({"action": "play", "card": "B2"}).kind, progress.judge({"action": "play", "card": "R8"}).kind
('refused', 'right')
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from app.engine import bots
from app.engine.game import Game
from app.engine.moves import Move
from app.engine.round import RoundState
from app.engine.rules import Rule
from app.engine.scenario import game_from_scenario
from app.engine.verdict import Event, InvalidMoveError, Verdict

from app.scenes.lesson import ANY_LEGAL, EXACT, GAME_WINNER, LEARNER, NEXT_DEALER, NEXT_SEAT, POINTS, LessonStep

CONTINUE = "continue"  # the learner lets the script's first moves be played: not an engine move
RIGHT, REFUSED, OTHER = "right", "refused", "other"  # what a learner's move was: asked for, illegal, legal but not asked
GUIDED_LEVEL = "normal"  # the guided round's bots never forget UNO: the round plays the same every time
MAX_GUIDED_MOVES = 600  # a guided round that goes on and on (drawing and keeping) still ends somewhere


class ProgressError(ValueError):
    """Learner moves that do not replay on the step (a token from elsewhere, a move the step never
    accepted): the step starts again."""


@dataclass(frozen=True)
class Judgement:
    """A learner's move judged: ``kind`` (RIGHT, REFUSED, OTHER), the engine's verdict and events
    (none unless legal), the move as the engine read it (None for CONTINUE)."""

    kind: str
    verdict: Verdict | None
    events: tuple[Event, ...] = ()
    move: Move | None = None


@dataclass
class Played:
    move: dict[str, Any]  # check-API spelling, with its seat
    verdict: Verdict
    events: list[Event]
    learner: bool


@dataclass
class Progress:
    """The step's position after the learner's moves so far and whatever the script or bots played."""

    step: LessonStep
    game: Game  # the round (``state``) in the game its scenario carries
    setup: list[Event]
    played: list[Played] = field(default_factory=list)
    learner: list[dict[str, Any]] = field(default_factory=list)  # the learner's moves so far (CONTINUE included)
    cursor: int = 0  # the next solution move (scripted steps)
    script_over: bool = False  # a scripted move no longer applies after the learner's own legal choice

    # --- reading ---------------------------------------------------------------------------

    @property
    def state(self) -> RoundState:
        return self.game.round

    @property
    def moves(self) -> list[dict[str, Any]]:
        """Every move played so far, each seat's, as the check API spells them."""
        return [p.move for p in self.played]

    @property
    def waiting(self) -> bool:
        """The script's next move comes before the learner's first decision: it waits for the
        learner to let play go on."""
        return (not self.step.guided and not self.learner and not self.moves_done
                and self.step.solution[self.cursor]["seat"] != LEARNER)

    @property
    def moves_done(self) -> bool:
        if self.step.guided:
            return self.state.round_over or len(self.played) >= MAX_GUIDED_MOVES
        return self.script_over or self.cursor >= len(self.step.solution)

    @property
    def decisions(self) -> int:
        """How many decisions the learner has made (``Wrong.at`` counts them)."""
        return len(self.learner)

    def answer(self) -> int | None:
        """The engine's answer to the step's question now: the seat play waits for, a seat's points,
        who deals the next round, or who has won the game (None: not yet known)."""
        if self.step.ask == NEXT_SEAT:
            return self.state.actor()
        if self.step.ask == POINTS:
            points = self.state.round_points()
            return None if points is None else points[self.step.ask_seat]
        if self.step.ask == NEXT_DEALER:
            return self.game.next_dealer
        if self.step.ask == GAME_WINNER:
            return self.game.winner
        return None

    # --- judging ---------------------------------------------------------------------------

    def judge(self, data: dict[str, Any]) -> Judgement:
        """The learner's move (check-API spelling, the seat always the learner's), judged on a copy:
        nothing changes until ``accept``. InvalidMoveError for a move that can't be read."""
        if not isinstance(data, dict):
            raise InvalidMoveError("move")
        if data.get("action") == CONTINUE:
            return Judgement(RIGHT if self.waiting else OTHER, None)
        move = Move.from_dict({**data, "seat": LEARNER})
        if self.moves_done:
            return Judgement(OTHER, None, (), move)
        verdict, events = self.game.copy().attempt(move)
        if not verdict.legal:
            return Judgement(REFUSED, verdict, (), move)
        return Judgement(RIGHT if self._asked(move, verdict, events) else OTHER, verdict, tuple(events), move)

    def _asked(self, move: Move, verdict: Verdict, events: list[Event]) -> bool:
        step = self.step
        if step.guided:
            return True
        if self.waiting:
            return False
        expected_data = step.solution[self.cursor]
        expected = Move.from_dict(expected_data)
        if any(m["seat"] == LEARNER for m in step.solution[self.cursor + 1:]):
            return _same(move, expected, self.state)  # only the last learner move may differ from the solution
        if step.accept == EXACT:
            return _same(move, expected, self.state)
        if step.accept == ANY_LEGAL:  # any legal move of the kind asked for: a card played is not a card drawn
            return move.action is expected.action
        rule = Rule(step.accept)
        return verdict.rule is rule or any(event.rule is rule for event in events)

    def accept(self, data: dict[str, Any]) -> Judgement:
        """Judge the learner's move and, if it is the one asked for, play it and what follows it."""
        judgement = self.judge(data)
        if judgement.kind != RIGHT:
            return judgement
        self.learner.append(judgement.move.to_dict() if judgement.move else {"action": CONTINUE})
        if judgement.move is not None:
            self._play(judgement.move, learner=True)
            if not self.step.guided:
                self.cursor += 1
        self._advance()
        return judgement

    # --- playing ---------------------------------------------------------------------------

    def _play(self, move: Move, learner: bool) -> bool:
        verdict, events = self.game.attempt(move)
        if verdict.legal:
            self.played.append(Played(move.to_dict(), verdict, events, learner))
        return verdict.legal

    def _advance(self) -> None:
        """Play what comes before the learner's next decision: the script's moves for other seats
        (unless they wait to be let go on), or in a guided round the bots' answers."""
        if self.step.guided:
            self._bots()
            return
        solution = self.step.solution
        while not self.moves_done and solution[self.cursor]["seat"] != LEARNER and not self.waiting:
            if not self._play(Move.from_dict(solution[self.cursor]), learner=False):
                self.script_over = True  # the learner's own legal choice took play elsewhere
                return
            self.cursor += 1

    def _bots(self) -> None:
        """The bots answer until the learner must decide: whoever forgot UNO is caught by the first
        bot, then each bot whose turn it is moves (app.engine.bots, with dice fixed by the move count)."""
        state = self.state
        while not self.moves_done:
            dice = random.Random(f"{self.step.scenario.get('seed', 0)}:bots:{len(self.played)}")
            if state.exposed is not None:
                catcher = next(s for s in range(state.players) if s != state.exposed and s != LEARNER)
                move = bots.catch_move(state, catcher, GUIDED_LEVEL, dice)
                if move is not None and self._play(move, learner=False):
                    continue
            actor = state.actor()
            if actor == LEARNER or actor is None:
                return
            self._play(bots.decide(state, actor, GUIDED_LEVEL, dice), learner=False)


def replay(step: LessonStep, learner_moves: list[dict[str, Any]]) -> Progress:
    """The step after ``learner_moves``; ProgressError if one of them was not what the step asked for."""
    game, setup = game_from_scenario(step.scenario)
    progress = Progress(step, game, setup)
    progress._advance()
    for data in learner_moves:
        try:
            judgement = progress.accept(data)
        except InvalidMoveError:
            raise ProgressError("unreadable move") from None
        if judgement.kind != RIGHT:
            raise ProgressError(f"move {len(progress.learner) + 1} was not asked for")
    return progress


def _same(move: Move, expected: Move, state: RoundState) -> bool:
    """The move the solution names (UNO counts only where it can be said: on the next-to-last card)."""
    said = move.uno == expected.uno or len(state.hands[LEARNER]) != 2
    return (move.action, move.card, move.color, move.target) == (
        expected.action, expected.card, expected.color, expected.target) and said


@cache
def solution(step: LessonStep) -> tuple[dict[str, Any], ...]:
    """The moves that complete ``step``: its own, or for a guided round the round played through
    with the learner choosing as a careful bot would."""
    if not step.guided:
        return step.solution
    progress = replay(step, [])
    while not progress.moves_done:
        dice = random.Random(f"{step.scenario.get('seed', 0)}:learner:{len(progress.played)}")
        move = bots.decide(progress.state, LEARNER, GUIDED_LEVEL, dice)
        if progress.accept({k: v for k, v in move.to_dict().items() if k != "seat"}).kind != RIGHT:
            raise AssertionError("a guided round refused a legal move")
    return tuple(progress.moves)



def decisions(step: LessonStep) -> list[dict[str, Any]]:
    """The learner's decisions that complete ``step``, as a learner makes them (check-API moves
    without their seat): letting the script's first moves go on, then the solution's own moves."""
    moves = solution(step)
    learner = [{key: value for key, value in move.items() if key != "seat"} for move in moves
               if move["seat"] == LEARNER]
    if moves and moves[0]["seat"] != LEARNER and not step.guided:
        learner.insert(0, {"action": CONTINUE})
    return learner


def solved(step: LessonStep) -> Progress:
    """The step with its solution played as a learner would play it: the position its question is
    asked about."""
    return replay(step, decisions(step))
