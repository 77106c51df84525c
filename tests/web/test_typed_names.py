"""Names that people typed take sentences that agree with them (docs/arabic.md §9, issue 34).

Pass-and-play players and a class student on a watch page are named by what a person typed:
سارة and ليلى are spoken of as "she", أحمد as "he", and nothing tells the app which. Every
sentence that names one uses the catalogue's "typed name" frame, whose verbs agree with a noun
of the sentence, never with the name. Which sentences would agree with a name, and the words
("يوزّع", "فاز", "يبدأ"…) that would stand before it, are read from the catalogue: the entries
that have a "typed name" twin.
"""
from __future__ import annotations

import html
import random
import re

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale, gettext

from app import wording
from app.engine.rules import Rule
from app.engine.verdict import Event
from app.i18n import TRANSLATIONS
from app.practice import narration
from app.wording.people import TWINS
from app.wording.render import render

from .practice_support import RULES, csrf, form_fields, random_move, stored
from .test_pass_and_play import is_pass_screen, likely_move, new_together, show

FEMININE, MASCULINE = ("سارة", "ليلى"), ("أحمد",)
TYPED = (*FEMININE, *MASCULINE)
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
NAME_KEYS = "seat|winner|dealer|target|offender|name|turn"

with (TRANSLATIONS / "ar" / "LC_MESSAGES" / "messages.po").open("rb") as _po:
    CATALOG = read_po(_po, locale="ar")


def _key(message):
    return message.id[0] if message.pluralizable else message.id


def _forms(message):
    return message.string if message.pluralizable else (message.string,)


TWIN_FORMS = {_key(m): _forms(m) for m in CATALOG if m.context == "typed name"}
# The sentences that agree with a name: each one that has a "typed name" twin, as it reads for a
# bot (but for a plural form that reads the same in both: "لا يمكنك ضبط %(target)s الآن.").
AGREEING = {_key(m): tuple(f for f in _forms(m) if f not in TWIN_FORMS[_key(m)])
            for m in CATALOG if not m.context and _key(m) in TWIN_FORMS}


def _words_before_a_name(forms) -> set[str]:
    return {word for form in forms for word in re.findall(rf"([^\s«»:،]+) %\((?:{NAME_KEYS})\)s", form)}


# What stands right before a name in an agreeing sentence and never in a twin: the verbs that say "he".
VERBS = set().union(*map(_words_before_a_name, AGREEING.values())) - set().union(*map(_words_before_a_name, TWIN_FORMS.values()))


def _pattern(form: str) -> re.Pattern:
    """The sentence with a typed name for each seat it names (an isolate around it on a watch page)."""
    typed = "\u2068?(?:" + "|".join(TYPED) + ")\u2069?"
    parts = PLACEHOLDER.split(form)
    return re.compile("".join(re.escape(part) if n % 2 == 0 else typed if re.fullmatch(NAME_KEYS, part) else ".+?"
                              for n, part in enumerate(parts)))


AGREEING_PATTERNS = {key: [_pattern(f) for f in forms] for key, forms in AGREEING.items()}
TWIN_PATTERNS = {key: [_pattern(f) for f in forms] for key, forms in TWIN_FORMS.items()}


# Words that point back to a person as "he" (docs/arabic.md §9): the table's note on a challenge,
# under «جاءتك بطاقة… من ليلى», once said «إن تحدّيته وكانت معه… سحب هو».
PRONOUNS = re.compile(r"(?<!\S)(?:هو|معه|تحدّيته)(?![^\s،.:؛])")


def faults(line: str) -> list[str]:
    """What in ``line`` (a sentence naming a typed name) agrees with the name."""
    found = [f"{word} {name}" for name in TYPED for word in VERBS
             if re.search(rf"(?<!\S){re.escape(word)} \u2068?{name}", line)]
    found += PRONOUNS.findall(line)
    found += [key for key, patterns in AGREEING_PATTERNS.items() if any(p.search(line) for p in patterns)]
    return found


def twins_in(lines) -> set[str]:
    return {key for key, patterns in TWIN_PATTERNS.items() for line in lines if any(p.search(line) for p in patterns)}


def page_lines(page: str) -> list[str]:
    """The page's text, a line per tag, that names a typed name."""
    text = html.unescape(re.sub(r"<[^>]+>", "\n", re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)))
    lines = (" ".join(line.split()) for line in text.splitlines())
    return [line for line in lines if any(name in line for name in TYPED)]


# --- the catalogue ---------------------------------------------------------------------------------

def test_the_verbs_that_agree_are_read_from_the_catalogue():
    assert {"يوزّع", "سحب", "يبدأ", "يفقد", "فاز", "يلعب", "يسحب"} <= VERBS, VERBS
    assert len(AGREEING) == len(TWIN_FORMS) == len(TWINS)


@pytest.mark.parametrize("key", sorted(TWIN_FORMS))
def test_every_twin_agrees_with_no_name(key):
    """A twin reads the same in English (its msgid is a sentence's), and its Arabic differs from
    the bots' and puts no verb that says "he" before a name."""
    assert AGREEING.get(key), key
    for form in TWIN_FORMS[key]:
        assert not _words_before_a_name([form]) & VERBS, form


@pytest.mark.parametrize("name", TYPED)
def test_an_event_about_a_typed_name_takes_its_frame(app, name):
    """The dealer's choice, the issue's first example, in both readings; "Player 2" and bots keep theirs."""
    event = Event(("dealer", Rule.SETUP_DEALER, {"dealer": 0, "method": "highest"}))
    with app.test_request_context("/ar/"), force_locale("ar"):
        typed = narration.table_names((name, ""), 3)
        said = wording.event_message(event, typed)
        plain = wording.event_message(Event(("dealer", Rule.SETUP_DEALER, {"dealer": 1, "method": "highest"})), typed)
    assert said == f"أعلى رقم مسحوب من نصيب {name}، فالموزّع {name}." and not faults(said)
    assert plain == "سحب اللاعب 2 أعلى رقم، فهو الموزّع."


EVERY_PARAM = {"seat": 0, "target": 1, "offender": 1, "winner": 0, "dealer": 1, "winners": [0, 1], "card": "R5",
               "named": "red", "direction": 1, "scores": [30, 30, 12], "points": [0, 17, 9], "count": 3, "guilty": True,
               "cards": ["R1", "B2"]}


@pytest.mark.parametrize("key", [key for key in wording.EVENTS if key[2] == "they"], ids=str)
def test_every_event_said_of_typed_names_agrees_with_none(app, key):
    """Every event the third person tells (the only person a typed name is told in: pass-and-play's
    log and a watch page are said to nobody), with سارة and ليلى in each of its seats."""
    with app.test_request_context("/ar/"), force_locale("ar"):
        names = narration.table_names(("سارة", "ليلى"), 3)
        message = wording.EVENTS[key]
        said = render(message, EVERY_PARAM, names, Rule.TURN_ORDER, "ar")
    msgid = message.singular if isinstance(message, wording.Plural) else message.msgid
    if re.search(rf"%\((?:{NAME_KEYS}|winners)\)s", msgid):
        assert "سارة" in said or "ليلى" in said, (key, said)
    assert not faults(said), (key, said)


def test_a_typed_name_is_not_a_bot_name_in_the_memo(app):
    """A person may call herself what a bot or the learner is called: the remembered sentences differ."""
    event = {"kind": "skip", "rule": Rule.SKIP_EFFECT.value, "params": {"seat": 0}}
    with app.test_request_context("/ar/"), force_locale("ar"):
        learner = narration.names(2)
        typed = narration.table_names((learner[0],), 2)
        assert typed == learner
        assert narration.message(event, learner, "ar", None) == f"يفقد {learner[0]} دوره."
        assert narration.message(event, typed, "ar", None) == f"يُتخطّى دور {learner[0]}."


# --- whole games ------------------------------------------------------------------------------------

def play_together(app, client, seed: str, moves: int) -> list[str]:
    """Three people (سارة, ليلى, أحمد) and a bot with every house rule that names a second player,
    playing at random in Arabic: every line of every page that names one of them."""
    rng = random.Random(seed)
    fields = {"players": "3", "name-1": "سارة", "name-2": "ليلى", "name-3": "أحمد", "bots": "1",
              "stacking": "on", "seven_zero": "on", "target": "100"}
    game_id = new_together(client, "ar", seed=seed, **fields)
    url, token = f"/ar/play/{game_id}", csrf(client, "ar")
    lines: dict[str, None] = {}
    for _ in range(moves):
        page = client.get(url).text
        lines.update(dict.fromkeys(page_lines(page)))
        version, practice = stored(app, game_id)
        if practice.finished:
            break
        if is_pass_screen(page):
            assert show(client, "ar", game_id, practice.pass_to(), version, token).status_code == 303
            continue
        chosen = likely_move(practice, rng, practice.holder)
        response = client.post(url, data={**form_fields(chosen, version, token), "seat": str(practice.holder)})
        assert response.status_code in (303, 422), (chosen, response.text)
    return list(lines)


def test_pass_and_play_never_says_he_of_a_typed_name(app, client):
    lines = [line for seed in ("11", "12") for line in play_together(app, client, seed, 500)]
    assert not {line: faults(line) for line in lines if faults(line)}
    seen = twins_in(lines)
    # The deal, the dealer, plays, draws, colours, lost turns, UNO and the end of a round, at least.
    for msgid in ("%(dealer)s deals %(num)d card to each player.", "%(seat)s plays %(card)s.",
                  "%(seat)s draws %(num)d card.", "%(seat)s loses their turn.", "%(seat)s names the colour %(named)s."):
        assert msgid in seen, (msgid, sorted(seen))
    assert len(seen) >= 15, sorted(seen)
    for name in TYPED:
        assert any(name in line for line in lines)


def test_a_class_students_watch_page_never_says_he_of_her(app, client):
    code = client.post("/api/v1/classes", json={"rules": RULES, "bots": 2, "seed": 3}).get_json()["code"]
    pupil = app.test_client()
    game_id = pupil.post(f"/api/v1/classes/{code}/games", json={"nickname": "سارة"}).get_json()["id"]
    watch = client.get(f"/api/v1/classes/{code}").get_json()["students"][0]["watch"].replace("http://localhost", "")
    watch = watch.replace("/en/", "/ar/")
    rng, lines = random.Random(4), {}
    for _ in range(80):
        version, practice = stored(app, game_id)
        if practice.finished:
            break
        answer = pupil.post(f"/api/v1/games/{game_id}/moves", json={"version": version, "move": random_move(practice, rng)})
        assert answer.status_code in (200, 422)
        page = client.get(watch)
        assert page.status_code == 200 and 'lang="ar"' in page.text
        lines.update(dict.fromkeys(page_lines(page.text)))
    assert not {line: faults(line) for line in lines if faults(line)}
    assert {"%(seat)s plays %(card)s.", "%(seat)s draws %(num)d card."} <= twins_in(lines)


def test_the_note_under_a_challenge_from_a_typed_name_says_no_he(app):
    """The table's note that follows «جاءتك بطاقة… من ليلى» speaks of her hand, not of "him"."""
    with app.test_request_context("/ar/"), force_locale("ar"):
        note = gettext("If they held a card of the colour that was in play (%(color)s), a challenge makes them "
                       "draw 4 cards instead of you; if they did not, you draw 6 cards.", color="الأحمر")
    assert "تلك اليد" in note and not PRONOUNS.findall(note), note
