"""The words of an API or input error: one sentence per error code, in the reader's language,
repeating at most ``MAX_ECHO`` characters of what the client sent.
"""

from __future__ import annotations

from typing import Any

from ..fast_json import dumps
from .messages import Message, _l, _ln
from .render import render


ERRORS: dict[str, Message] = {
    "bad-scenario": _l("The scenario can't be read: check %(field)s."),
    "unknown-card": _l("“%(card)s” is not a card: write cards like R5, GS, BR, YD2, W or WD4."),
    "too-many-copies": _ln(
        "The deck has only %(num)d copy of %(card)s, but the scenario uses %(count)s.",
        "The deck has only %(num)d copies of %(card)s, but the scenario uses %(count)s.", key="copies"),
    "no-discard": _l("The discard pile needs at least one card."),
    "bad-seat": _l("%(field)s must name a seat that exists."),
    "bad-players": _l("A game needs between %(min)s and %(max)s players."),
    "incomplete-deck": _ln(
        "The deck must hold the 108 UNO cards exactly; this one has %(num)d card.",
        "The deck must hold the 108 UNO cards exactly; this one has %(num)d cards."),
    "bad-direction": _l("The direction must be 1 (clockwise) or -1 (anticlockwise)."),
    "color-needed": _l("%(top)s is on top of the discard pile: say which colour was named."),
    "unknown-color": _l("“%(color)s” is not a colour: use red, yellow, green or blue."),
    "color-mismatch": _l("The colour must be that of the top card, %(top)s, not %(color)s."),
    "unknown-option": _l("The rules name an unknown preset or option, or a value out of range."),
    "bad-scores": _l("“scores” must list each player's game total before this round: one whole number, 0 or "
                     "more, for each of the %(players)s players."),
    "scores-at-target": _l("A game total of %(score)s has already reached %(target)s, which ends the game: "
                           "no round comes after it."),
    "malformed-json": _l("The request is not valid JSON."),
    "number-too-large": _l("A number in the request is too large to read."),
    "not-json": _l("Send the request as JSON."),
    "bad-move": _l("The move can't be read: check %(field)s."),
    "bad-form": _l("The move can't be read: choose it again on the table."),
    "bad-hints": _l("The hints can't be switched now: use the button beside your hand."),
    "stale-hints": _l("The game has moved on since you last looked, so the hints were not switched."),
    "hints-game-over": _l("The game is over: there are no hints left to switch."),
    "wrong-player": _l("The device is for %(turn)s now, not for %(seat)s: nothing was done."),
    "together-table-only": _l("This game is for several people on one device: it is played on its table page, "
                              "which hides each hand between turns."),
    "not-found": _l("There is no such page."),
    "bad-seed": _ln("This quiz can't be made: its seed must be a word of up to %(num)d character: letters, digits, "
                    "“-” or “_”.",
                    "This quiz can't be made: its seed must be a word of up to %(num)d characters: letters, digits, "
                    "“-” or “_”.", key="max"),
    "bad-progress": _l("The answers in this address were changed or belong to another quiz, so they can't be "
                       "used: start the quiz again."),
    "bad-answer": _l("That is not one of this question's answers: choose one of its buttons."),
    "stale-answer": _l("This question has already been answered: the quiz has moved on."),
    "unknown-item": _l("There is no such question."),
    "game-not-found": _l("There is no such game: it may have expired. Start a new one."),
    "forbidden": _l("This game belongs to another browser (or to this one before its cookies were cleared): "
                    "start your own (the same seed deals the same cards)."),
    "stale-version": _l("The game has moved on since you last looked, so this move was not made."),
    "too-large": _l("The request is too large."),
    "csrf": _l("The form had expired, so nothing was done: please try again."),
    "cross-site": _l("This button works only on this site's own pages, so no game was started."),
    "server-error": _l("Something went wrong on our side. Please try again."),
    "database-unavailable": _l("The games can't be reached for a moment, so nothing was done. "
                               "Please try again in a few seconds."),
    "method-not-allowed": _l("This address does not accept that kind of request."),
    "bad-request": _l("The request body must be a JSON object."),
    "bad-moves": _l("“moves” must be a list of moves."),
    "too-many-checks": _l("Too many checks were sent from this network just now. Try again in a minute."),
    "too-many-moves": _ln("A check takes at most %(num)d move.", "A check takes at most %(num)d moves.",
                          key="max"),
    # classes and watch links (app.classroom)
    "bad-code": _l("A class code has 6 letters and digits: copy it again from your teacher's board."),
    "class-not-found": _l("No class has this code: check it with your teacher. A class lasts a week."),
    "class-forbidden": _l("Only the class's teacher sees its progress: in the browser the class was made in, "
                          "or one that opened its teacher link."),
    "class-ended": _l("This class has ended: its teacher ended it, so no one can join it any more."),
    "removed-from-class": _l("The teacher removed you from this class, so you can't join it again from this "
                             "browser."),
    "student-removed": _l("The teacher removed you from this class, so this game was deleted. You can start a "
                          "practice game of your own."),
    "student-not-found": _l("This class has no such student: they may have been removed already."),
    "teacher-link-wrong": _l("This teacher link does not open the class: it may be an old one, as a new link ends "
                             "the one before it. Ask the class's teacher for the newest link."),
    # a class's live session (app.live)
    "live-forbidden": _l("Only the class's teacher and its students follow its live session."),
    "bad-live-start": _l("Start a live session with a demo (“demo”: its id) or the quiz (“quiz”: its seed)."),
    "unknown-demo": _l("There is no demo “%(name)s”: choose one of the presenter's demos."),
    "live-session-on": _l("This class has a live session already: end it before starting another."),
    "no-live-session": _l("This class has no live session now: its teacher starts one from the class page."),
    "bad-live-step": _l("“to” must be “next”, “back” or “reveal”."),
    "nothing-to-reveal": _l("This step asks nothing, so there is no answer to reveal."),
    "live-answers-students": _l("Only the class's students answer in its live session."),
    "bad-live-answer": _l("“frame” must be the number of the frame shown, and “answer” one of its choices."),
    "live-frame-gone": _l("This question is no longer on the screen: the teacher has moved on. Answer the one "
                          "shown now."),
    "live-answers-closed": _l("The teacher has revealed the answer, so answers to this question are closed."),
    "live-time-up": _l("Time is up for this question: answers to it are closed."),
    "live-nothing-to-answer": _l("This frame asks nothing: wait for the teacher's question."),
    "bad-live-timer": _l("The timer must be a whole number of seconds from %(min)s to %(max)s, or off."),
    "bad-live-leaderboard": _l("“leaderboard” must be true or false."),
    "live-quiz-option": _l("A timer and a leaderboard are for the quiz: a demo has neither."),
    "class-full": _ln("This class is full: it has %(num)d student.", "This class is full: it has %(num)d students.",
                      key="max"),
    "bad-nickname": _ln("A nickname has at most %(num)d character.", "A nickname has at most %(num)d characters.",
                        key="max"),
    "too-many-codes": _ln(
        "Too many wrong class codes were tried from this network. Try again in %(num)d minute.",
        "Too many wrong class codes were tried from this network. Try again in %(num)d minutes.", key="minutes"),
    "too-many-wrong-codes": _ln(
        "You tried too many codes that no class has. Check the code with your teacher, and try again in "
        "%(num)d minute.",
        "You tried too many codes that no class has. Check the code with your teacher, and try again in "
        "%(num)d minutes.", key="minutes"),
    "too-many-joins": _l("Too many students joined from this network lately. Try again later."),
    "too-many-classes": _l("You made many classes in a short time. Wait an hour, then make a new one."),
    "too-many-classes-here": _l("Too many classes were made from this network lately. Try again in an hour."),
    # making games (app.practice.limits)
    "too-many-creates": _l("You started many games in a short time. Wait a minute, then start a new one."),
    "too-many-creates-here": _l("Too many games were started from this network just now. Try again in a minute."),
    "too-many-games": _ln("You have %(num)d unfinished game, as many as one browser may keep. "
                          "Finish it, or try again later.",
                          "You have %(num)d unfinished games, as many as one browser may keep. "
                          "Finish one of them, or try again later.", key="max"),
    # tables of people (app.tables)
    "table-not-found": _l("There is no such table: check the link, or the game may have ended."),
    "table-full": _l("Every seat at this table is taken."),
    "table-name-taken": _l("Someone at this table is already called %(name)s: choose another name."),
    "bad-table-name": _ln("A name has at most %(num)d character, at least one letter or digit, and no line breaks "
                          "or invisible characters.",
                          "A name has at most %(num)d characters, at least one letter or digit, and no line breaks "
                          "or invisible characters.", key="max"),
    "not-seated": _l("You have no seat at this table: join it first."),
    "table-waiting": _l("This table has not started yet: it starts when every seat is taken or when the teacher "
                        "starts it."),
    "not-in-class": _l("Only the class's students sit at its tables: join the class with its code first."),
    "too-many-tables": _ln("A class has at most %(num)d table.", "A class has at most %(num)d tables.", key="max"),
    "too-many-table-joins": _l("Too many people took seats at tables from this network lately. Try again later."),
    "watch-not-found": _l("There is no such watch link: check the address, or the game may have ended."),
    "watch-revoked": _l("The player turned this watch link off."),
    "watch-class-ended": _l("This class has ended, so its watch links no longer work."),
    "bad-share": _l("The form can't be read: make the watch link or turn it off with this page's buttons."),
}
UNKNOWN_ERROR = _l("The request could not be completed.")

MAX_ECHO = 40  # characters of a client's text an error message repeats ("unknown card …")
_ECHOED_INT = 10 ** MAX_ECHO


def error_message(code: str, **params: Any) -> str:
    """An API or input error in the reader's language; an unknown code gets a generic message.
    Text the client sent is repeated up to ``MAX_ECHO`` characters, then an ellipsis; any other
    value it sent (null, false, a list) as JSON spells it, never as Python does ("None")."""
    shown = {key: value if type(value) is int and abs(value) < _ECHOED_INT else clip(as_sent(value))
             for key, value in params.items()}  # an int is a count (%d), unless too long to repeat
    return render(ERRORS.get(code, UNKNOWN_ERROR), shown, None, fallback=UNKNOWN_ERROR)


def as_sent(value: Any) -> str:
    """A value from a client's JSON as JSON writes it: text as it is, ``None`` as null, ``False``
    as false, a list as [...]. (A client's number is finite: ``fast_json.read_input``.)"""
    return value if isinstance(value, str) else dumps(value)


def clip(text: str, most: int = MAX_ECHO) -> str:
    """``text`` cut to ``most`` characters, the last of them an ellipsis if it was longer."""
    return text if len(text) <= most else text[:most - 1] + "…"
