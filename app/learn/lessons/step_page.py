"""One step's page of a lesson: the table after the learner's moves, the engine's judgement of
the move or answer the form sent, and what the page shows of it (app.learn.lessons.views serves it).

While the step's question is open, the page keeps back whatever would answer it: whose turn it is,
the next dealer's mark, the events that say the points or who won the game.
"""
from __future__ import annotations

from typing import Any

from flask import render_template, request, url_for
from flask_babel import lazy_gettext as _l

from app import wording
from app.engine import visibility
from app.engine.rules import Rule
from app.engine.verdict import Verdict
from app.engine.vocabulary import EventKind
from app.i18n import LANGUAGES, gettext as _, ngettext
from app.learn import position
from app.practice import narration
from app.practice.table_view import Option
from app.scenes.lesson import GAME_WINNER, LEARNER, NEXT_DEALER, NEXT_SEAT, POINTS, SEAT_QUESTIONS, Lesson, LessonStep

from . import CHAPTER_OF, LESSON_OF_RULE, LESSONS, explain, hiding, progress, words
from .judge import CONTINUE, OTHER, RIGHT, Progress
from .links import lesson_url

ORDER = list(LESSONS)
UNO_FROM = ORDER.index(LESSON_OF_RULE[Rule.UNO_CALL].id)  # the UNO controls appear once UNO is taught
UNO_CONTROLS = ("uno", "catch")
# What a question answered by choosing a player says to the answer: (right, about you), (right, about
# another: %(name)s), (wrong, you), (wrong, another); a wrong answer is then explained (``explain``).
SEAT_SAID = {
    NEXT_SEAT: (_l("Right: you play next."), _l("Right: %(name)s plays next."),
                _l("Not you. Here is what the cards did:"), _l("Not %(name)s. Here is what the cards did:")),
    NEXT_DEALER: (_l("Right: you deal the next round."), _l("Right: %(name)s deals the next round."),
                  _l("Not you. Here is how the game goes on:"), _l("Not %(name)s. Here is how the game goes on:")),
    GAME_WINNER: (_l("Right: you win the game."), _l("Right: %(name)s wins the game."),
                  _l("Not you. Here are the game's totals:"), _l("Not %(name)s. Here are the game's totals:")),
}
# A fresh deal's "who plays next?" is "who plays first?" and is answered so.
FIRST_SAID = (_l("Right: you play first."), _l("Right: %(name)s plays first."),
              _l("Not you. Here is what the cards did:"), _l("Not %(name)s. Here is what the cards did:"))
QUESTIONS = {NEXT_DEALER: _l("Who deals the next round? Choose the player."),
             GAME_WINNER: _l("Who wins the game? Choose the player.")}
ANSWERING = {POINTS: EventKind.POINTS, GAME_WINNER: EventKind.GAME_END}  # the event that says the answer, kept back while asked


def small_number(text: str) -> int | None:
    """A whole number of up to three digits, as a form or an address gives it; else None."""
    return int(text) if text.isdecimal() and len(text) < 4 else None


class StepPage:
    """One step's page: the table after the learner's moves, and what the latest answer earned."""

    def __init__(self, lesson: Lesson, number: int, done: Progress, notice: str | None):
        self.lesson, self.number, self.progress, self.notice = lesson, number, done, notice
        self.step: LessonStep = done.step
        self.names = position.seat_names(done.state.players, LEARNER)
        self.feedback: dict[str, Any] | None = None
        self.outcome: position.Outcome | None = None
        self.answered = False  # the step's question answered right
        self.latest = len(done.played)  # the moves this answer played start here (none yet)

    # --- the answer ----------------------------------------------------------------------------

    def answer(self, args) -> None:
        """Judge what the form sent: a move on the table, letting play go on, or an answer."""
        if args.get("seat") is not None or args.get("points") is not None:
            self._question(args)
            return
        move = position.move_from_form(args)
        if move is None:
            return
        if move["action"] == CONTINUE:
            self._accept(move)
            return
        if self.progress.moves_done:
            self.feedback = {"kind": OTHER, "text": _("Answer the question first.") if self.asking else
                             _("This step is done: go on to the next one.")}
            return
        view = self.view()
        try:
            outcome = view.play(move)
        except position.PositionError as error:
            self.notice = error.message()
            return
        if outcome.choose or not outcome.legal:  # a colour to name, or the engine's refusal: said at the table
            self.outcome = outcome
            if not outcome.legal:
                self.feedback = {"kind": "refused", "text": _("The table is as it was: try again.")}
            return
        judgement = self._accept(move)
        if judgement.kind == RIGHT:
            self.feedback = {"kind": RIGHT, "text": outcome.text, **narration.why(outcome.rule)}
        else:
            self.outcome = outcome
            self.feedback = {"kind": OTHER, "text": _("That move is allowed, but it is not what this step "
                                                      "asks for. Try again.")}

    def _accept(self, move: dict[str, Any]):
        before = len(self.progress.played)
        judgement = self.progress.accept(move)
        if judgement.kind == RIGHT:
            self.latest = before
        return judgement

    def _question(self, args) -> None:
        step, expected = self.step, self.progress.answer()
        if not step.ask or not self.progress.moves_done or expected is None:
            self.feedback = {"kind": OTHER, "text": _("There is no question to answer yet: make your move first.")}
            return
        given = small_number(args.get("points" if step.ask == POINTS else "seat", "").strip())
        self.answered = given == expected
        if step.ask in SEAT_QUESTIONS:
            you, named, not_you, not_named = FIRST_SAID if step.asks_first else SEAT_SAID[step.ask]
            name = self.names[given] if given is not None and 0 <= given < len(self.names) else "?"
            text = str(you if self.answered else not_you) if given == LEARNER else (
                (named if self.answered else not_named) % {"name": name})
        elif self.answered:
            text = ngettext("Right: %(num)d point.", "Right: %(num)d points.", expected)
        else:
            text = _("Not quite. Here are the cards counted, card by card:")
        # a wrong answer explained by the engine: the card that acted, the cards counted, or the game's totals
        why = None if self.answered else (
            explain.next_seat(self.progress, self.names) if step.ask == NEXT_SEAT else
            explain.points(self.progress, self.names, given) if step.ask == POINTS else
            explain.game(self.progress, self.names))
        self.feedback = {"kind": RIGHT if self.answered else "refused", "text": text,
                         "next": why if step.ask == NEXT_SEAT else None, "points": why if step.ask == POINTS else None,
                         "game": why if step.ask in (NEXT_DEALER, GAME_WINNER) else None}

    # --- the page ------------------------------------------------------------------------------

    def view(self) -> position.Position:
        return position.view_of(self.step.scenario, self.progress.moves, self.progress.game, LEARNER)

    @property
    def asking(self) -> bool:
        """The step's question is open: the page must not give its answer away."""
        return bool(self.step.ask) and self.progress.moves_done and not self.answered

    @property
    def uno(self) -> bool:
        """UNO is taught by now: its controls (the box, the call, the catch) are on the table."""
        return ORDER.index(self.lesson.id) >= UNO_FROM

    def _catches(self, view: position.Position) -> tuple[Option, ...]:
        """A catch of each other player holding one card that the table does not offer already: the
        learner may try a wrong or late one, and the engine says why it fails."""
        offered = {option.move.get("target") for option in view.decision.options if option.move["action"] == "catch"}
        return tuple(Option(_("Catch %(name)s!", name=seat.name), {"action": "catch", "target": seat.seat})
                     for seat in view.board.seats if seat.count == 1 and not seat.you and seat.seat not in offered)

    def question(self) -> str:
        """"Who plays first?" about a deal, where nothing has been played yet, else "who plays next?";
        or who deals the next round, or who wins the game."""
        if self.step.ask in QUESTIONS:
            return str(QUESTIONS[self.step.ask])
        if self.progress.played:
            return _("Who plays next? Choose the player.")
        return _("Who plays first? Choose the player.")

    def shown(self) -> position.Position:
        """The table as the page shows it: without the cards' verdicts unless the step shows them
        (elsewhere the learner finds out by trying); without the UNO controls before UNO is taught;
        in a step that asks who plays next, without the words that name the next player until it is
        answered; and while that question is open, without the marks that say whose turn it is, and
        the cards a first card made someone draw still out of their hand; while "who deals the next
        round?" is open, without the mark on the next dealer."""
        view = self.view()
        if not self.step.hints:
            view = hiding.without_hints(view)
        if not self.uno:
            view = hiding.with_options(view, tuple(option for option in view.decision.options
                                                     if option.move["action"] not in UNO_CONTROLS))
        elif self.step.catches and view.your_turn:
            view = hiding.with_options(view, (*self._catches(view), *view.decision.options))
        if self.step.ask == NEXT_SEAT and not self.answered:
            view = hiding.plain_direction(view)
        if self.asking and self.step.ask == NEXT_SEAT:
            view = hiding.without_turn(view, self.question())
            if not self.progress.played:
                view = hiding.before_draws(view, self.progress.setup)
        if self.asking and self.step.ask == NEXT_DEALER:
            view = hiding.without_next_dealer(view)
        return view

    @property
    def complete(self) -> bool:
        return self.progress.moves_done and (not self.step.ask or self.answered)

    def fields(self) -> dict[str, Any]:
        """What every form of the page sends back besides its own move: the step and the moves so far."""
        return {"step": self.number, "at": progress.dumps(self.lesson.id, self.number, self.progress.learner)}

    def log(self) -> list[dict[str, Any]]:
        """The step so far, one entry per move (the deal first), worded; the entries this answer
        played carry their events for the step player (``data``)."""
        entries: list[dict[str, Any]] = []
        # While a question is open, what would answer it stays out: the deal's sentences say who
        # starts, a round's last ones the points and who won the game.
        if self.progress.setup and not self.asking:
            entries.append({"lines": position.event_lines(self.progress.setup, self.names, LEARNER), "data": None})
        asked = self.step.ask
        kept_back = ANSWERING.get(asked) if asked is not None and self.asking else None
        for number, played in enumerate(self.progress.played):
            shown = [visibility.event(event, visibility.player(LEARNER)) for event in played.events
                     if event.kind != kept_back]
            data = None
            if number >= self.latest:
                data = {"seat": played.move["seat"], "events": [event.to_dict() for event in shown]}
            entries.append({"lines": position.event_lines(shown, self.names, LEARNER), "data": data,
                            "seat": played.move["seat"]})
        return entries

    def next_url(self) -> str | None:
        lessons = list(LESSONS.values())
        if self.number < len(self.lesson.steps):
            return lesson_url(self.lesson, self.number + 1)
        later = lessons.index(self.lesson) + 1
        return lesson_url(lessons[later]) if later < len(lessons) else None

    def waiting_for(self) -> str | None:
        """The seat the script lets play when the learner says so."""
        if not self.progress.waiting:
            return None
        return self.names[self.step.solution[self.progress.cursor]["seat"]]

    def scoring(self) -> dict[str, Any] | None:
        """The worked example once the round is over: each hand, each card's value, the sums (and
        the game totals, where the step's scenario carries them)."""
        state = self.progress.state
        points = state.round_points()
        if points is None:
            return None
        view = self.view()  # where the scenario carries the game, each seat's totals before and after
        rows: list[dict[str, Any]] = [{"name": self.names[seat], "cards": [(c.notation, c.points) for c in hand],
                 "value": sum(c.points for c in hand), "points": points[seat], "winner": seat == state.winner,
                 "total": view.board.seats[seat].total, "total_after": view.board.seats[seat].total_after}
                for seat, hand in enumerate(state.hands)]
        method = state.rules.scoring_rule
        added = None
        if method is Rule.SCORE_WINNER_COLLECTS:  # the winner's points: the other hands added up
            others = [row["value"] for row in rows if not row["winner"]]
            assert state.winner is not None  # the round is over
            added = {"whose": _("Your points") if state.winner == LEARNER else
                     _("Points of %(name)s", name=self.names[state.winner]),
                     "sum": " + ".join(map(str, others)), "total": sum(others)}
        return {"rows": rows, "method": narration.why(method), "added": added,
                "statement": wording.verdict_message(Verdict(True, method, {}))}

    def coach(self) -> str | None:
        """A reminder in the guided round, read from the position: UNO on the next-to-last card."""
        state = self.progress.state
        if self.step.guided and state.actor() == LEARNER and len(state.hands[LEARNER]) == 2:
            return _("You have two cards: call UNO as you play the next one.")
        return None

    def render(self):
        step, view, log = self.step, self.shown(), self.log()
        fresh = [event for entry in log if entry["data"] for event in entry["data"]["events"]]
        context = {
            "lesson": self.lesson, "chapter": CHAPTER_OF[self.lesson.id], "number": self.number,
            "steps": [lesson_url(self.lesson, n) for n in range(1, len(self.lesson.steps) + 1)],
            "step": step, "this": self, "view": view, "outcome": self.outcome, "question": self.question(),
            "instruction": words.task(words.instruction(step.instruction, step.params, self.names)),
            "facts": [{"text": wording.verdict_message(Verdict(True, rule, {})), **narration.why(rule)} for rule in step.facts],
            "rules": [narration.why(rule) for rule in step.rules],
            "action": lesson_url(self.lesson), "fields": self.fields(),
            "ask": step.ask if self.asking else None, "choose_seat": step.ask in SEAT_QUESTIONS,
            "log": log, "step_cards": position.step_cards(fresh, LEARNER),
            "scoring": self.scoring() if self.complete else None, "labels": position.step_labels(),
            "alternates": {code: url_for("lessons.lesson", lang=code, lesson_id=self.lesson.id) + _query()
                           for code in LANGUAGES},
        }
        status = 400 if self.notice else 200
        return render_template("learn/lesson.html", **context), status


def _query() -> str:
    query = request.query_string.decode("ascii", "replace")
    return f"?{query}" if query else ""

