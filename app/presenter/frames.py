"""A demo as the presenter steps through it: its frames, and what each one shows.

A demo (app.scenes.demos) is a lesson; each of its steps becomes a run of frames, one per press of
"next": the step's start (its instruction, a fresh deal's events), then each move of its solution
played, the class's own moves (seat 0) preceded by a pause on "What would you play?", and, when the
step asks a question, the engine's answer. The question is asked on the frame before the answer
(the step's last move, or its start when it has no move), with what would give the answer away
left out: the marks of whose turn it is, the round's points.

Every frame is worked out on each request from the step's scenario, its moves played by the engine
(``RoundState.attempt``) and worded by app.wording; nothing is stored, so a frame's address is all
it takes to show it again, in either language.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, NotRequired, TypedDict

from app import wording
from app.engine import visibility
from app.engine.cards import hand_points
from app.engine.moves import Move
from app.engine.round import RoundState
from app.engine.rules import Rule
from app.engine.game import Game
from app.engine.scenario import game_from_scenario
from app.engine.verdict import Event, Verdict
from app.engine.vocabulary import EventKind, PendingKind
from app.i18n import gettext as _
from app.learn import position
from app.learn.lessons import hiding, words
from app.learn.lessons.judge import solution
from app.practice import narration
from app.scenes.demos import DEMOS
from app.scenes.lesson import LEARNER, NEXT_SEAT, POINTS, Lesson, LessonStep

INTRO, PAUSE, MOVE, ANSWER = "intro", "pause", "move", "answer"
CARD_EVENTS = (EventKind.PLAY, EventKind.FIRST, EventKind.REDRAW)  # events whose card lands on the discard pile


@dataclass(frozen=True)
class Frame:
    step: int  # the demo's step (index)
    kind: str  # INTRO, PAUSE, MOVE or ANSWER
    played: int  # how many of the step's moves are on the table


@cache
def frames(demo_id: str) -> tuple[Frame, ...]:
    """Every frame of a demo, in order."""
    found: list[Frame] = []
    for index, step in enumerate(DEMOS[demo_id].steps):
        moves = solution(step)
        found.append(Frame(index, INTRO, 0))
        for number, move in enumerate(moves):
            if move["seat"] == LEARNER:
                found.append(Frame(index, PAUSE, number))
            found.append(Frame(index, MOVE, number + 1))
        if step.ask:
            found.append(Frame(index, ANSWER, len(moves)))
    return tuple(found)


class Sum(TypedDict):
    """A hand added up, or (``total``) the winner's sum of them all."""

    name: str
    sum: str  # "5 + 20 = 25"
    total: NotRequired[bool]


@dataclass
class Scene:
    """One frame as the page shows it, in the request's language."""

    demo: Lesson
    number: int  # the frame's number, from 1
    frame: Frame
    view: position.Position  # the table, every hand open
    new_position: str = ""  # on a step's first frame after the demo's first: its table is set up afresh
    instruction: str = ""  # the step's, on its first frame
    facts: list[dict[str, str]] = field(default_factory=list)
    lines: list[dict[str, Any]] = field(default_factory=list)  # the narration: each a sentence and its rule
    refused: list[position.Outcome] = field(default_factory=list)  # the wrong moves the step expects here
    question: str = ""  # "What would you play?", "Who plays next?", "How many points…?"
    answer: dict[str, Any] | None = None  # the engine's answer to the step's question: its sentence (and rule), its value
    sums: list[Sum] = field(default_factory=list)  # a round's points, hand by hand
    rules: list[dict[str, str]] = field(default_factory=list)  # the rules at work the frame names nowhere else: title and link
    played: dict[str, Any] | None = None  # the frame's move for the step player: seat and events

    @property
    def total(self) -> int:
        return len(frames(self.demo.id))

    @property
    def step(self) -> LessonStep:
        return self.demo.steps[self.frame.step]

    @property
    def cards(self) -> list[str]:
        """The cards the step player lands on the pile during this frame's move."""
        events = self.played["events"] if self.played else []
        return sorted({e["params"]["card"] for e in events if e["kind"] in CARD_EVENTS})


def taught(demo: Lesson) -> list[dict[str, str]]:
    """The rules a demo's steps teach, each once in the order they come: title and link."""
    return [narration.why(rule) for rule in dict.fromkeys(rule for step in demo.steps for rule in step.rules)]


def scene(demo: Lesson, number: int) -> Scene:
    """Frame ``number`` (from 1) of ``demo``: its step replayed by the engine up to that frame."""
    frame = frames(demo.id)[number - 1]
    step = demo.steps[frame.step]
    moves = solution(step)
    game, setup = game_from_scenario(step.scenario)
    state = game.round
    before, verdict = game, None
    events: list[Event] = []
    for index, move in enumerate(moves[:frame.played]):
        before = game.copy()  # the table the frame's move is made on, once the loop is done
        verdict, events = game.attempt(Move.from_dict(move))
        if not verdict.legal:
            raise RuntimeError(f"demo {demo.id}, step {frame.step + 1}: the engine refuses move {index + 1} ({verdict.rule})")
    names = position.seat_names(state.players, LEARNER)
    view = position.view_of(step.scenario, moves[:frame.played], game, LEARNER)
    shown = Scene(demo, number, frame, view)
    asking = bool(step.ask) and frame.kind in (INTRO, MOVE) and frame.played == len(moves)
    if frame.kind == INTRO:
        if frame.step:  # every step has a scenario of its own: without this line the table just changes
            shown.new_position = _("A new position is set up.")
        shown.instruction = words.instruction(step.instruction, step.params, names)
        shown.facts = [{"text": wording.verdict_message(Verdict(True, rule, {})), **narration.why(rule)}
                       for rule in step.facts]
        if not (asking and step.ask == NEXT_SEAT):  # the deal's sentences say who starts
            shown.lines = _lines(setup, names)
    elif frame.kind == PAUSE:
        shown.question = _decision(state)
    elif frame.kind == MOVE:
        if asking and step.ask == POINTS:
            events = [event for event in events if event.kind != EventKind.POINTS]
        assert verdict is not None  # a move's frame has played its move
        _move(shown, moves, before, verdict, events, names)
    else:
        _answer(shown, state, setup, events, names)
    if asking:
        shown.question = _question(step, names, state.rules.scoring)
        if step.ask == NEXT_SEAT:  # asked beside the table, so the panel says nothing
            shown.view = hiding.without_turn(view, "")
    shown.rules = _unnamed(shown)
    return shown


def _unnamed(shown: Scene) -> list[dict[str, str]]:
    """The Rules line: the step's rules at work in the frame that no sentence of it links. The
    instruction (a step's first frame) and the answer rest on the step's rules; a move's sentences,
    and the pause before the class's move, link every rule at work there themselves, so the line
    would only name rules that are not (issue 35), or give the class's answer away."""
    if shown.frame.kind not in (INTRO, ANSWER):
        return []
    named = {line["rule"] for line in (*shown.facts, *shown.lines, shown.answer or {}) if "rule" in line}
    named |= {str(outcome.rule) for outcome in shown.refused}
    return [narration.why(rule) for rule in shown.step.rules if str(rule) not in named]


def _move(shown: Scene, moves: tuple[dict[str, Any], ...], before: Game, verdict: Verdict,
          events: list[Event], names: tuple[str, ...]) -> None:
    """The frame's move played: its events worded, and the step player's data. The class's own move
    says why it may be played, and why the wrong moves the step expects at that decision may not."""
    step, played = shown.step, shown.frame.played
    move = moves[played - 1]
    shown.played = {"seat": move["seat"], "events": [visibility.event_dict(event, visibility.player(LEARNER)) for event in events]}
    shown.lines = _lines(events, names)
    if move["seat"] != LEARNER:
        return
    if move["action"] == "play":  # the verdict says it: "You can play Red 2: it matches the colour (red)."
        shown.lines = [{"text": wording.verdict_message(verdict, names), "mark": "legal", **narration.why(verdict.rule)},
                       *(line for line in shown.lines if line["kind"] != EventKind.PLAY)]
    # ``Wrong.at`` counts the learner's decisions as a lesson does, letting the script's first moves
    # go on (when they come first) being the first of them (judge.decisions).
    decision = sum(1 for m in moves[:played - 1] if m["seat"] == LEARNER) + (moves[0]["seat"] != LEARNER)
    expected = [wrong.move for wrong in step.wrong if wrong.at == decision]
    if expected:
        table = position.view_of(step.scenario, moves[:played - 1], before, LEARNER)
        shown.refused = [_refused(table, wrong) for wrong in expected]


def _answer(shown: Scene, state: RoundState, setup: list[Event], events: list[Event], names: tuple[str, ...]) -> None:
    """The step's question answered by the engine: the seat play waits for, or the round's points
    (the engine's sentence, and each hand added up)."""
    step = shown.step
    if step.ask == NEXT_SEAT:
        seat = state.actor()
        assert seat is not None  # the question is asked while the round goes on
        first = step.asks_first
        said = (_("You play first.") if first else _("You play next.")) if seat == LEARNER else (
            _("%(name)s plays first.", name=names[seat]) if first else _("%(name)s plays next.", name=names[seat]))
        shown.answer = {"text": said,
                        "value": seat}
        if not solution(step):  # the deal's sentences, held back while the question was open
            shown.lines = _lines(setup, names)
        return
    points = state.round_points()
    assert points is not None and state.winner is not None  # the points are asked once the round is over
    shown.answer = {**next(line for line in _lines(events, names) if line["kind"] == EventKind.POINTS),
                    "value": points[step.ask_seat]}
    hands = [(seat, hand) for seat, hand in enumerate(state.hands) if hand]
    shown.sums = [{"name": names[seat], "sum": _sum([c.points for c in hand])} for seat, hand in hands]
    if state.rules.scoring_rule is Rule.SCORE_WINNER_COLLECTS:
        shown.sums.append({"name": names[state.winner], "sum": _sum([hand_points(hand) for _seat, hand in hands]),
                           "total": True})


def _sum(values: list[int]) -> str:
    total = sum(values)
    return f"{' + '.join(map(str, values))} = {total}" if len(values) > 1 else str(total)


def _decision(state: RoundState) -> str:
    """The pause before the class's move: a card to play, or another decision (a challenge, a catch)."""
    pending = state.pending
    if state.actor() == LEARNER and (pending is None or pending.kind == PendingKind.DRAWN):
        return _("What would you play?")
    return _("What would you do?")


def _question(step: LessonStep, names: tuple[str, ...], scoring: str) -> str:
    """The question of the frame; with the lowest total winning, a hand's points count against its
    player, so the question asks what they are charged, as the quiz does (app.quiz.solvers.Points)."""
    if step.ask == NEXT_SEAT:
        return _("Who plays first?") if step.asks_first else _("Who plays next?")
    charged = scoring == "tally-lowest"
    if step.ask_seat == LEARNER:
        return _("How many points are you charged this round?") if charged else \
            _("How many points does this round give you?")
    seat = names[step.ask_seat]
    return _("How many points is %(seat)s charged this round?", seat=seat) if charged else \
        _("How many points does %(seat)s score this round?", seat=seat)


def _refused(before: position.Position, move: dict[str, Any]) -> position.Outcome:
    outcome = before.play({key: value for key, value in move.items() if key != "seat"})
    if outcome.legal:
        raise RuntimeError(f"a wrong move of a demo that the engine allows: {move}")
    return outcome


def _lines(events: list[Event], names: tuple[str, ...]) -> list[dict[str, Any]]:
    """The events' sentences as the class (seat 0) may read them; the other hands are open on the
    table, so a card another player draws is seen there, not named."""
    return position.event_lines(events, names, LEARNER)
