"""A teacher's class: every student gets a practice game with the same deal, and the teacher
follows how each one is doing.

The class is a row in the games' store (``Store.create_class``) holding the options every
student's game is dealt with (rules, bots, level and seed: the same seed deals the same cards,
and the same moves replay the same game). Its teacher is the browser that made it, by its owner
token (``app.practice.owners``), and any browser that opened its teacher link (a secret shown
once, made anew on demand, stored as a hash: ``open_teacher_link``), so only those see the
class's progress. The teacher may remove a student (that browser's games in the class go, and it
can't join again) and end the class (no one joins any more, its watch links end). A student joins
with the code and an optional nickname and gets an ordinary practice game, which the class can
watch (``app.classroom.watching``) without the student's cards, and which counts towards the
student's browser's live games as any other. No accounts: a class and its games are deleted a
week after it was made; a student's game never played goes after two hours, as any other.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from flask import g, request, url_for

from ..engine.rules import PRESETS, RuleSet
from ..i18n import current_language, gettext as _
from ..links import absolute
from ..lru import LRU
from ..pages.preset_words import PRESET_WORDS
from ..pages.rulefacts import SHOWN_OPTIONS
from ..practice import access, narration
from ..practice.owners import owner_token
from ..practice.access import GameError
from ..practice.game import HUMAN, Practice
from ..practice.options import RULE_CHOICES
from ..store import (ClassEnded, ClassFull, ClassGone, ClassRecord, RemovedFromClass, StudentGame, new_token,
                     owner_hash)
from .codes import new_code, normalise

CLASS_TTL = 7 * 24 * 3600  # a class and its games are deleted a week after it was made
# A class's games (one a join): a lecture hall, where a class of 40 with three games each has 120;
# a leaked code can't fill the store.
MAX_STUDENTS = 200
MAX_NICKNAME = 20


class ClassError(GameError):
    """A class request refused (a wording error code and its HTTP status), changing nothing."""


def create(options: dict[str, Any]) -> tuple[ClassRecord, str]:
    """A class for this browser, dealing every student's game with checked options
    (``options.read_options``: without a seed, one was drawn, so the class still shares a deal);
    (the class, its teacher link's secret, which only its hash is stored of)."""
    kept = {"rules": options["rules"].to_dict(), "bots": options["bot_count"], "level": options["level"],
            "seed": options["seed"]}
    teacher = owner_token(create=True)  # a str: create=True makes one when the browser has none
    secret = new_token()
    while True:  # 64 million codes: a taken one is drawn again, rarely twice
        made = access.store().create_class(new_code(), teacher, kept, CLASS_TTL, owner_hash(secret))
        if made is not None:
            return made, secret


def find(typed: Any) -> ClassRecord:
    """The live class with the code a student typed, or ClassError: a code that can't be one (400)
    or that no live class has (404)."""
    code = normalise(typed)
    if code is None:
        raise ClassError("bad-code", 400)
    found = _live(code)
    if found is None:
        raise ClassError("class-not-found", 404)
    return found


def _live(code: str) -> ClassRecord | None:
    """The live class with ``code`` (normalised), read once a request: the guessing limits' look
    (``known_here``) and the view's (``find``) are one query, not two."""
    read: dict[str, ClassRecord | None] = g.setdefault("classes_read", {})
    if code not in read:
        read[code] = access.store().load_class(code)
    return read[code]


def taught_here(found: ClassRecord) -> ClassRecord:
    """The class, if this browser is its teacher; ClassError 403 otherwise (a student too)."""
    if not teaches(found, owner_token()):
        raise ClassError("class-forbidden", 403)
    return found


def teaches(found: ClassRecord, token: str | None) -> bool:
    """Whether the browser of ``token`` made the class or opened its teacher link."""
    return token is not None and (found.taught_by(token) or access.store().teaches(found.code, owner_hash(token)))


def teacher_link(code: str, secret: str, lang: str) -> str:
    """The teacher link's whole address: opening it makes a browser the class's teacher."""
    return absolute(url_for("classroom.open_teacher_link", lang=lang, code=code, secret=secret))


def open_teacher_link(found: ClassRecord, secret: str) -> None:
    """Make this browser the class's teacher if ``secret`` is its live teacher link; ClassError
    403 otherwise (a wrong or an old link), changing nothing."""
    if not found.has_teacher_link(secret):
        raise ClassError("teacher-link-wrong", 403)
    token = owner_token(create=True)
    if found.taught_by(token):  # the maker, on its own device: nothing to add
        return
    if not access.store().open_teacher_link(found.code, owner_hash(secret), owner_hash(token)):
        raise ClassError("teacher-link-wrong", 403)  # a new link was made since the class was read


def new_teacher_link(found: ClassRecord) -> str:
    """A new teacher link for the class (the caller checked the teacher): the old one opens nothing
    any more, and the devices that opened it are no longer the class's teachers (the maker and
    this browser stay). Its secret, to show once."""
    secret = new_token()
    access.store().new_teacher_link(found.code, owner_hash(secret), owner_hash(owner_token(create=True)))
    return secret


def remove(found: ClassRecord, number: Any) -> None:
    """Remove student ``number`` from the class (the caller checked the teacher): see
    ``Store.remove_student``. ClassError 404 if the class has no such student."""
    if type(number) is not int or not access.store().remove_student(found.code, number):
        raise ClassError("student-not-found", 404)


def end(found: ClassRecord) -> ClassRecord:
    """End the class (the caller checked the teacher): the class as it is now, ended."""
    return replace(found, ended=access.store().end_class(found.code))


def known_here() -> bool:
    """Does this browser know the code it looks up (the address's, or the join form's): a live class
    it teaches or has a game in? Then it guesses nothing, and no guessing limit refuses or counts
    it (app.classroom.limits). Asked once a request."""
    known = g.get("class_known_here")
    if known is None:
        code = normalise((request.view_args or {}).get("code") or request.form.get("code"))
        token = owner_token()
        found = _live(code) if code and token else None
        known = g.class_known_here = found is not None and token is not None and (
            teaches(found, token) or access.store().in_class(found.code, owner_hash(token)))
    return known


def read_nickname(value: Any) -> str | None:
    """The nickname a student chose (spaces run together), None for none; ClassError if unusable."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ClassError("bad-nickname", 400, max=MAX_NICKNAME)
    nickname = " ".join(value.split())
    if len(nickname) > MAX_NICKNAME or not nickname.isprintable():
        raise ClassError("bad-nickname", 400, max=MAX_NICKNAME)
    return nickname or None


@contextmanager
def still_open() -> Iterator[None]:
    """A write to a class the look-up found: if it expired since (ClassGone) or its teacher ended
    it (ClassEnded), the class's refusal of it (404 class-not-found, 410 class-ended)."""
    try:
        yield
    except ClassGone:
        raise ClassError("class-not-found", 404) from None
    except ClassEnded:
        raise ClassError("class-ended", 410) from None


def join(found: ClassRecord, nickname: str | None) -> tuple[Any, Practice, list[dict[str, Any]]]:
    """A game for this browser in the class, dealt as every other student's; (record, game, steps)."""
    kept = found.options

    def save(owner: str, state: dict[str, Any], finished: bool, steps) -> Any:
        try:
            with still_open():
                record, _number = access.store().join_class(found.code, owner, state, finished, steps, nickname,
                                                            new_token(), MAX_STUDENTS, access.MAX_LIVE_GAMES)
        except RemovedFromClass:
            raise ClassError("removed-from-class", 403) from None
        except ClassFull:
            raise ClassError("class-full", 409, max=MAX_STUDENTS) from None
        return record

    options = {"rules": RuleSet.from_dict(kept["rules"]), "bot_count": kept["bots"], "level": kept["level"],
               "seed": kept["seed"], "hints": True}
    return access.create(options, save)


def student_name(number: int, nickname: str | None) -> str:
    return nickname or _("Student %(number)d", number=number)


def student_named(found: ClassRecord, number: int) -> str:
    """Student ``number``'s name in the class; ClassError 404 if it has no such student."""
    for student in access.store().class_games(found.code):
        if student.number == number:
            return student_name(number, student.nickname)
    raise ClassError("student-not-found", 404)


def isolated(name: str) -> str:
    """A name typed by a person, inside a sentence: it keeps its own direction (docs/arabic.md §5)."""
    return f"\u2068{name}\u2069"


def progress(found: ClassRecord) -> dict[str, Any]:
    """Where each student stands (round, cards left, refused moves by rule, finished) and the rules
    the class had moves refused by, most first — never a card. In the request's language.
    Students come in the order a teacher helps them (issue 35, item 12): the most refused moves
    first, then those not yet finished, then by their number (the order they joined)."""
    store, language = access.store(), current_language()
    refused = store.class_refusals(found.code)
    students: list[dict[str, Any]] = []
    watch_url = _watch_urls(language)
    for student in store.class_games(found.code):
        round_number, cards_left = _standing(student)
        rules = refused.get(student.game, {})
        worst = max(rules, key=lambda rule: (rules[rule], rule), default=None)
        students.append({
            "number": student.number, "nickname": student.nickname,
            "name": student_name(student.number, student.nickname),
            "round": round_number, "cards_left": cards_left,
            "refused": sum(rules.values()), "refusals": rules, "most_refused": worst and narration.why(worst),
            "finished": student.finished,
            "watch": student.watch and watch_url(student.watch),
        })
    students.sort(key=lambda student: (-student["refused"], student["finished"], student["number"]))
    totals: Counter[str] = Counter()
    for rules in refused.values():
        totals.update(rules)
    ranked = sorted(totals.items(), key=lambda item: (-item[1], item[0]))
    return {"students": students, "refusals": [{**narration.why(rule), "count": n} for rule, n in ranked]}


def _watch_urls(language: str) -> Callable[[str], str]:
    """A watch link's whole address from its token, in ``language``. The links differ only in
    their last part, the token (URL-safe base64: nothing to quote), so the address is built by
    url_for once per class page, not once per student (building it cost as much as the rest of
    the student's row)."""
    stem = absolute(url_for("watch.watch", lang=language, token="-")).removesuffix("-")
    return lambda token: stem + token


def _standing(student: StudentGame) -> tuple[int, int]:
    """The student's round and the cards left in their hand, read from their stored game once per
    stored state: a teacher's page reads every student's game at every refresh, and most have not
    changed since the last (``STANDINGS``: by game, with the stored text they were read from)."""
    kept = STANDINGS.get(student.game)
    if kept is not None and kept[0] == student.data:
        return kept[1]
    game = student.state["game"]
    standing = game["number"], len(game["round"]["hands"][HUMAN])
    STANDINGS[student.game] = student.data, standing
    return standing


# The standings read last (``_standing``), per process: a lecture hall's classes at once.
STANDINGS: LRU[str, tuple[str, tuple[int, int]]] = LRU(2 * MAX_STUDENTS)


def describe(found: ClassRecord) -> dict[str, Any]:
    """The class's game in words: the rule set (the preset nearest to it, as the new-game form
    names it, then each option that differs from that preset), the bots, their level and the seed."""
    rules = RuleSet.from_dict(found.options["rules"])

    def changes(name: str) -> list[tuple[str, Any]]:
        return [(option, getattr(rules, option)) for option in SHOWN_OPTIONS
                if getattr(rules, option) != getattr(PRESETS[name], option)]

    nearest = min(PRESETS, key=lambda name: len(changes(name)))
    return {"rules": str(next(label for name, label, _note in RULE_CHOICES if name == nearest)),
            "changes": [f"{PRESET_WORDS['options'][option]}: {_option_value(value)}"
                        for option, value in changes(nearest)],
            "bots": found.options["bots"], "level": found.options["level"], "seed": str(found.options["seed"])}


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return str(PRESET_WORDS["yes"] if value else PRESET_WORDS["no"])
    if isinstance(value, int):
        return str(value)
    return str(PRESET_WORDS["values"][value])


def join_url(code: str, lang: str) -> str:
    """The address a student opens (the QR code's): the join form with the code filled in."""
    return absolute(url_for("classroom.join_code", lang=lang, code=code))

