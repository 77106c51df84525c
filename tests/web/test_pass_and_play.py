"""Pass-and-play through the HTML forms (issue 17, item 4): several people on one device, the pass
screen between them, the practice table's checks and explanations, and what each page hides."""
import html
import random
import re

import pytest
from flask_babel import force_locale, gettext, ngettext

from app import wording
from app.engine.cards import Color, card
from app.engine.moves import Action, Move
from app.engine.rules import Rule
from app.practice import access, limits as game_limits, narration
from app.security import PRIVATE

from .practice_support import (assert_html_hides, csrf, form_fields, log, new_form_game, random_move, rewrite,
                               stored)

NAMES = ["Sara", "", "Omar"]  # the second player keeps the default name, "Player 2"
STEP_NUMBER = re.compile(r'<li class="log-step(?: latest)?" value="(\d+)"')
LATEST_NUMBER = re.compile(r'<li class="log-step latest" value="(\d+)"')
DATA_VERSION = re.compile(r'class="(?:practice|pass-screen)" data-version="(\d+)"')


def new_together(client, lang="en", **fields) -> str:
    """Start a pass-and-play game through its form; returns its id."""
    data = {"csrf_token": csrf(client, lang), "players": "3", "name-1": NAMES[0], "name-2": NAMES[1],
            "name-3": NAMES[2], "preset": "official", "target": "100", "bots": "0", "level": "easy",
            "hints": "on", "seed": "", **fields}
    response = client.post(f"/{lang}/play/together", data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"].rsplit("/", 1)[1]


def worded(app, lang, make):
    """``make()`` as a page in ``lang`` words it."""
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        return make()


def seat_names(app, lang, game_id):
    return worded(app, lang, lambda: narration.seat_names(stored(app, game_id)[1]))


def said(app, lang, code, **params):
    return worded(app, lang, lambda: wording.error_message(code, **params))


def text(page: str) -> str:
    return html.unescape(page)


def is_pass_screen(page: str) -> bool:
    """The pass screen, and no trace of a hand: no hand section, no card buttons, no table."""
    shown = 'class="pass-screen"' in page
    if shown:
        assert 'id="hand"' not in page and "card-button" not in page and 'class="practice"' not in page
    return shown


def show(client, lang, game_id, seat, version, token=None):
    """Press "I'm <name>, show my hand" for ``seat``."""
    return client.post(f"/{lang}/play/{game_id}", data={"csrf_token": token or csrf(client, lang),
                                                       "version": str(version), "action": "show", "seat": str(seat)})


def move(client, lang, game_id, version, seat, **fields):
    return client.post(f"/{lang}/play/{game_id}", data={"csrf_token": csrf(client, lang), "version": str(version),
                                                       "seat": str(seat), **fields})


def likely_move(practice, rng, seat):
    """A random legal move of ``seat``, but a card rather than a draw most of the time, as people
    play: drawing at random, three hands grow for hundreds of moves before a round ends."""
    plays = [m for m in practice.round.legal_moves(seat) if m.action is Action.PLAY]
    if plays and rng.random() < 0.85:
        chosen = rng.choice(plays).to_dict()
        chosen.pop("seat")
        chosen["uno"] = len(practice.round.hands[seat]) == 2 and rng.random() < 0.7
        return chosen
    return random_move(practice, rng, seat)


def illegal_move(state, seat):
    """A move from ``seat``'s table that the rules refuse now, if there is one: a card it can't play."""
    for face in state.hands[seat]:
        attempt = Move(seat, Action.PLAY, face, color=Color.RED if face.is_wild else None)
        verdict = state.check(attempt)
        if not verdict.legal:
            return {"action": "play", "card": face.notation, **({"color": "red"} if face.is_wild else {})}, verdict
    return None, None


# Every other person leaves the name empty ("Player 2", "Player 4"…).
PEOPLE_NAMES = {2: ["Sara", ""], 3: NAMES, 6: ["Sara", "", "Omar", "", "Lina", "Ali & Co"]}


# Both ends of the range, one in each language (two people with two bots play a game below).
@pytest.mark.parametrize("people, lang", [(2, "en"), (6, "ar")])
def test_people_play_a_whole_game(app, client, people, lang):
    """Two, three or six people (no bot) making random legal moves play a game of several rounds
    to its end: the pass screen comes exactly when the next decision is another person's, hides
    every hand and tells what happened since that person's last turn (the last move's steps with
    the step player's data); each table shows its holder's hand alone; refused moves are explained
    by their rule; the end shows every person's score and the game's result."""
    rng = random.Random(f"together-{people}-{lang}")
    typed = {f"name-{number}": name for number, name in enumerate(PEOPLE_NAMES[people] + [""] * 6, 1)}
    # To 100 points: several rounds. Six hands hold over 100 points, so six people count each their
    # own hand (the official alternative), else the first round's winner would end the game.
    scoring = {"scoring": "tally-lowest"} if people == 6 else {}
    game_id = new_together(client, lang, seed="1", players=str(people), **typed, **scoring)
    token = csrf(client, lang)
    url = f"/{lang}/play/{game_id}"
    names = seat_names(app, lang, game_id)
    assert len(names) == people and names[1] == ("Player 2" if lang == "en" else "اللاعب 2")
    holder = None  # whom the test saw take the device last
    handed_over = [0] * people  # the log's length when each person last passed the device on
    passes = refused = 0
    rounds = set()
    for _ in range(5000):
        page = client.get(url)
        assert page.status_code == 200 and f'<html lang="{lang}"' in page.text
        assert page.headers["Cache-Control"] == PRIVATE  # Back must not bring an old hand into view
        version, practice = stored(app, game_id)
        assert DATA_VERSION.search(page.text).group(1) == str(version)
        state = practice.round
        rounds.add(practice.game.number)
        actor = state.actor()
        if actor is not None and actor != holder:  # another person's decision: the device changes hands
            assert is_pass_screen(page.text)
            assert_html_hides(app, lang, page.text, game_id, seat=None)
            heading = worded(app, lang, lambda: gettext("Pass the device to %(name)s", name=names[actor]))
            assert f"<h1>{heading}</h1>" in text(page.text)
            shown = [int(n) for n in STEP_NUMBER.findall(page.text)]
            assert shown == list(range(max(handed_over[actor], practice.logged - 30) + 1, practice.logged + 1))
            latest = [int(n) for n in LATEST_NUMBER.findall(page.text)]  # the step player plays these
            assert latest == [n for n in shown if n > practice.latest]
            assert page.text.count("data-step=") == len(latest)
            if holder is not None:
                handed_over[holder] = practice.logged
            assert show(client, lang, game_id, actor, version, token).status_code == 303
            holder, passes = actor, passes + 1
            continue
        assert not is_pass_screen(page.text) and f'data-me="{holder}"' in page.text
        if practice.finished:
            break
        assert_html_hides(app, lang, page.text, game_id, seat=holder)
        attempt, verdict = illegal_move(state, holder) if not state.round_over else (None, None)
        if attempt and refused < 15 and rng.random() < 0.2:
            refusal = client.post(url, data={**form_fields(attempt, version, token), "seat": str(holder)})
            assert refusal.status_code == 422
            assert f'#{verdict.rule.value}"' in refusal.text and 'role="alert"' in refusal.text
            assert stored(app, game_id) == (version, practice)
            refused += 1
        chosen = likely_move(practice, rng, holder)
        response = client.post(url, data={**form_fields(chosen, version, token), "seat": str(holder)})
        assert response.status_code == 303, (chosen, response.text)
    assert practice.finished and len(rounds) > 1 and passes > 20 and refused
    # The end: the result and the last round's scores, naming each person (escaped), and a new game.
    final = text(page.text)
    assert 'class="scoring"' in page.text
    for name in names:
        assert f'<th scope="row">{html.escape(name)}</th>' in page.text
    again = html.unescape(re.search(rf'href="(/{lang}/play/together\?[^"]+)"', page.text).group(1))
    form = client.get(again).text  # the form again, these people filled in, nothing dealt yet
    assert f'<option value="{people}" selected>' in form
    for number, name in enumerate(PEOPLE_NAMES[people], 1):
        assert f'id="name-{number}" maxlength="20" value="{html.escape(name)}"' in form
    assert worded(app, lang, lambda: narration.game_result(practice.game.winners, names, None)) in final
    # The shared log holds no hand: no drawn card, no revealed hand, no bluff.
    for entry in log(app, game_id):
        for event in entry["events"]:
            params = event["params"]
            assert "private_to" not in params and not (event["kind"] in ("draw", "challenge") and "cards" in params)
            assert "held" not in params and params.get("case") != "bluff"


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_wrong_person_cannot_take_the_device(app, client, lang):
    game_id = new_together(client, lang, seed="5")
    version, before = stored(app, game_id)
    expected = before.pass_to()
    names = seat_names(app, lang, game_id)
    other = (expected + 1) % 3
    response = show(client, lang, game_id, other, version)
    assert response.status_code == 409
    assert text(said(app, lang, "wrong-player", turn=names[expected], seat=names[other])) in text(response.text)
    assert is_pass_screen(response.text)  # still nobody's hand
    assert stored(app, game_id) == (version, before)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_move_for_a_seat_that_is_not_to_move_changes_nothing(app, client, lang):
    game_id = new_together(client, lang, seed="5")
    first = stored(app, game_id)[1].pass_to()
    assert show(client, lang, game_id, first, stored(app, game_id)[0]).status_code == 303
    version, before = stored(app, game_id)
    names = seat_names(app, lang, game_id)
    other = (first + 1) % 3
    # A move naming another seat than the hand on the screen (a forged or mixed-up form).
    response = move(client, lang, game_id, version, other, action="draw")
    assert response.status_code == 409
    assert text(said(app, lang, "wrong-player", turn=names[first], seat=names[other])) in text(response.text)
    assert stored(app, game_id) == (version, before)
    # The holder moves; once the pass screen is up, a move from their old table is out of turn.
    assert move(client, lang, game_id, version, first, action="draw").status_code == 303
    version, before = stored(app, game_id)
    if before.pass_to() is None:  # the drawn card can be played: keep it, and the turn passes on
        assert move(client, lang, game_id, version, first, action="pass").status_code == 303
        version, before = stored(app, game_id)
    assert before.pass_to() is not None
    response = move(client, lang, game_id, version, first, action="draw")
    assert response.status_code == 422
    assert f'#{Rule.TURN_ORDER.value}"' in response.text  # explained by the rule it breaks
    assert is_pass_screen(response.text)  # on the pass screen: the last hand stays hidden
    assert stored(app, game_id) == (version, before)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_stale_and_unreadable_hand_overs_change_nothing(app, client, lang):
    game_id = new_together(client, lang, seed="5")
    rewrite(app, game_id, lambda p: None)  # version 2, so that version 1 is a real old one
    version, before = stored(app, game_id)
    expected = before.pass_to()
    stale = show(client, lang, game_id, expected, version - 1)
    assert stale.status_code == 409 and is_pass_screen(stale.text)
    assert text(said(app, lang, "stale-version")) in text(stale.text)
    for seat in ("9", "-1", "me", ""):
        response = client.post(f"/{lang}/play/{game_id}", data={"csrf_token": csrf(client, lang),
                                                               "version": str(version), "action": "show", "seat": seat})
        assert response.status_code == 400 and is_pass_screen(response.text)
        assert text(said(app, lang, "bad-form")) in text(response.text)
    assert move(client, lang, game_id, version, 7, action="draw").status_code == 400
    assert stored(app, game_id) == (version, before)


def test_pressing_show_twice_changes_nothing(app, client):
    game_id = new_together(client, seed="5")
    first = stored(app, game_id)[1].pass_to()
    version = stored(app, game_id)[0]
    assert show(client, "en", game_id, first, version).status_code == 303
    after = stored(app, game_id)
    again = show(client, "en", game_id, first, version)  # the double click's second half, on the old page
    assert again.status_code == 303
    assert stored(app, game_id) == after


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("fields, field", [
    ({"name-2": "x" * 21}, "name-2"),
    ({"name-1": "Sa\nra"}, "name-1"),
    ({"name-1": "Sara\u202e"}, "name-1"),  # a bidi override would turn the names that follow around
    ({"name-3": "sara"}, "name-3"),  # the same name twice
    ({"name-3": "Player 2"}, "name-3"),  # the second player's default name
    ({"name-1": "Bot 1", "bots": "1"}, "name-1"),  # the bot's name
    ({"name-4": "Lina"}, "name-4"),  # a name for a fourth player, with three chosen
    ({"players": "1"}, "players"), ({"players": "7"}, "players"), ({"players": "x"}, "players"),
    ({"bots": "5"}, "bots"), ({"bots": "-1"}, "bots"), ({"level": "hard"}, "level"),
    ({"seed": "x" * 41}, "seed"), ({"preset": "nope"}, "rules"),
])
def test_bad_options_are_refused_beside_their_field(app, client, lang, fields, field):
    data = {"csrf_token": csrf(client, lang), "players": "3", "name-1": "Sara", "name-3": "Omar",
            "preset": "official", "target": "100", "bots": "0", "level": "easy", **fields}
    arabic = {"Player 2": "اللاعب 2", "Bot 1": "الروبوت 1"}  # the names as the Arabic table shows them
    data = {key: arabic.get(value, value) if lang == "ar" else value for key, value in data.items()}
    response = client.post(f"/{lang}/play/together", data=data)
    assert response.status_code == 400
    assert f'<html lang="{lang}"' in response.text and 'role="alert"' in response.text
    assert f'id="{field}-error"' in response.text
    focused = {"rules": "preset-official", "level": "level-easy"}.get(field, field)  # the field at fault has the focus
    assert re.findall(r'id="([\w-]+)"[^>]*\bautofocus\b', response.text) == [focused]
    with app.app_context():
        assert access.store()._one("SELECT count(*) FROM games")[0] == 0


def test_a_name_too_long_is_said_in_the_readers_language(client):
    for lang, words in (("en", "at most 20 characters"), ("ar", "لا يزيد الاسم على 20 حرفًا")):
        data = {"csrf_token": csrf(client, lang), "players": "2", "name-1": "x" * 25, "preset": "official",
                "target": "100", "bots": "0", "level": "easy"}
        page = client.post(f"/{lang}/play/together", data=data).text
        error = re.search(r'id="name-1-error">([^<]*)</p>', page).group(1)
        assert words in text(error) and re.findall(r"\d+", error) == ["20", "25"]  # the limit, then the length sent


def test_names_are_shown_escaped(app, client):
    game_id = new_together(client, **{"name-1": "<b>Bo</b>", "name-3": "Ali & Co"})
    page = client.get(f"/en/play/{game_id}").text
    assert "<b>Bo</b>" not in page and "&lt;b&gt;Bo&lt;/b&gt;" in page
    assert "Ali &amp; Co" in page


def test_the_forms_in_both_languages(client):
    for lang in ("en", "ar"):
        door = client.get(f"/{lang}/play").text
        assert f'href="/{lang}/play/together"' in door
        page = client.get(f"/{lang}/play/together")
        assert page.status_code == 200
        form = page.text[page.text.index('id="together-form"'):]
        assert 'method="post"' in page.text and f'action="/{lang}/play/together"' in page.text
        for name in ("players", "name-1", "name-6", "bots", "level", "preset", "target", "scoring", "stacking",
                     "seven_zero", "draw_until_playable", "hints", "seed"):
            assert f'name="{name}"' in form, name
        assert 'maxlength="20"' in form


def test_options_reach_the_game(app, client):
    game_id = new_together(client, preset="guide-short", stacking="on", seven_zero="on", target="200", bots="2",
                           level="normal", players="4", **{"name-4": "Lina"})
    practice = stored(app, game_id)[1]
    rules = practice.game.rules
    assert (rules.players, rules.target, rules.stacking, rules.seven_zero, rules.challenge) == (6, 200, True, True, False)
    assert practice.names == ["Sara", "", "Omar", "Lina"] and practice.bots == 2 and practice.level == "normal"
    assert seat_names(app, "en", game_id) == ("Sara", "Player 2", "Omar", "Lina", "Bot 1", "Bot 2")


def test_the_same_seed_deals_the_same_game(app, client):
    first = stored(app, new_together(client, seed="class-7b"))[1]
    second = stored(app, new_together(client, seed="class-7b", **{"name-1": "Zed"}))[1]
    assert first.round.to_dict() == second.round.to_dict()


def test_the_api_does_not_show_a_pass_and_play_game(app, client):
    """The JSON view would show a hand without a pass screen: the game is played on its table."""
    game_id = new_together(client, seed="5")
    version, before = stored(app, game_id)
    for response in (client.get(f"/api/v1/games/{game_id}?lang=ar"),
                     client.post(f"/api/v1/games/{game_id}/moves", json={"version": version, "move": {"action": "draw"}})):
        assert response.status_code == 409
        assert response.get_json()["error"] == "together-table-only" and response.get_json()["message"]
    assert stored(app, game_id) == (version, before)


def test_a_learners_game_is_kept_as_before(app, client):
    """A game against bots stores and shows as it did before pass-and-play (every table is private,
    app.security.PRIVATE, pass-and-play's or not)."""
    game_id = new_form_game(client, seed="5")
    page = client.get(f"/en/play/{game_id}")
    assert page.headers["Cache-Control"] == PRIVATE and "data-me" not in page.text and 'name="seat"' not in page.text
    with app.app_context():
        kept = set(access.store().load(game_id).state)
    assert kept == {"game", "bots", "level", "hints", "logged", "latest", "requests", "caught"}


# --- answers out of turn, UNO between people ------------------------------------------------------

def _position(hands, holder=0, turn=0):
    def change(practice):
        state = practice.round
        state.hands[:len(hands)] = [[card(c) for c in hand] for hand in hands]
        state.discard.append(card("R3"))
        state.color, state.turn, state.pending, state.exposed = Color.RED, turn, None, None
        state.uno_said = [len(hand) == 1 for hand in state.hands]
        practice.holder = holder
    return change


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_forgotten_uno_is_caught_by_the_next_person(app, client, lang):
    """uno.catch: Sara forgets UNO; the pass screen does not say so (she sees it too), but Player 2's
    table offers the catch before they move, and the penalty is hers."""
    game_id = new_together(client, lang, seed="5")
    rewrite(app, game_id, _position([["R5", "G7"], ["R8", "B1"], ["Y2", "B4"]]))
    version, _ = stored(app, game_id)
    assert move(client, lang, game_id, version, 0, action="play", card="R5").status_code == 303
    version, practice = stored(app, game_id)
    assert practice.round.exposed == 0 and practice.pass_to() == 1
    page = client.get(f"/{lang}/play/{game_id}").text
    names = seat_names(app, lang, game_id)
    assert is_pass_screen(page) and "badge-forgot" not in page and 'value="catch"' not in page
    assert show(client, lang, game_id, 1, version).status_code == 303
    table = client.get(f"/{lang}/play/{game_id}").text
    assert 'name="target" value="0"' in table and 'value="catch"' in table
    assert names[0] in text(table[table.index('id="decision"'):table.index('id="hand"')])
    version = stored(app, game_id)[0]
    assert move(client, lang, game_id, version, 1, action="catch", target="0").status_code == 303
    after = stored(app, game_id)[1]
    assert len(after.round.hands[0]) == 1 + after.game.rules.uno_penalty and after.holder == 1
    assert any(e["kind"] == "catch" for e in log(app, game_id)[-1]["events"])


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_challenge_goes_to_its_person_through_the_pass_screen(app, client, lang):
    """wild-draw-four.challenge: the answer is Player 2's, out of turn order: the device passes."""
    game_id = new_together(client, lang, seed="5")
    rewrite(app, game_id, _position([["WD4", "G7", "R1"], ["R8", "B1"], ["Y2", "B4"]]))
    version, _ = stored(app, game_id)
    assert move(client, lang, game_id, version, 0, action="play", card="WD4", color="blue").status_code == 303
    version, practice = stored(app, game_id)
    assert practice.round.pending.kind == "challenge" and practice.pass_to() == 1
    page = client.get(f"/{lang}/play/{game_id}").text
    assert is_pass_screen(page)
    offender = seat_names(app, lang, game_id)[0]
    reason = "%(name)s played a Wild Draw Four on you: you challenge it or accept it."
    assert worded(app, lang, lambda: wording.about_name(offender, reason)) in text(page)
    assert_html_hides(app, lang, page, game_id, seat=None)  # the bluff (Sara held red) is nowhere
    assert show(client, lang, game_id, 1, version).status_code == 303
    table = client.get(f"/{lang}/play/{game_id}").text
    assert 'value="challenge"' in table and 'value="accept"' in table
    version = stored(app, game_id)[0]
    assert move(client, lang, game_id, version, 1, action="challenge").status_code == 303
    after = stored(app, game_id)[1]
    assert len(after.round.hands[0]) == 2 + 4  # guilty: Sara held a red card, and draws the four
    assert after.pass_to() is None and after.holder == 1  # Player 2 plays on, holding the device


def test_people_and_bots_play_a_game_to_its_end(app, client):
    """Two people and two bots (the house rule stacking on): the bots' moves come between the
    people's, the pass screen still comes only between people, and no page shows another's cards."""
    rng = random.Random("bots")
    game_id = new_together(client, seed="9", players="2", bots="2", stacking="on", **{"name-3": ""})
    token = csrf(client)
    url = f"/en/play/{game_id}"
    moved = set()
    for _ in range(2000):
        page = client.get(url).text
        version, practice = stored(app, game_id)
        if practice.finished:
            break
        waiting = practice.waiting_for()
        assert is_pass_screen(page) == (waiting is not None and waiting != practice.holder)
        if is_pass_screen(page):
            assert_html_hides(app, "en", page, game_id, seat=None)
            assert show(client, "en", game_id, waiting, version, token).status_code == 303
            continue
        assert_html_hides(app, "en", page, game_id, seat=practice.holder)
        chosen = likely_move(practice, rng, practice.holder)
        assert client.post(url, data={**form_fields(chosen, version, token), "seat": str(practice.holder)}).status_code == 303
        moved.add(chosen["action"])
    assert practice.finished and {"play", "draw"} <= moved
    assert {step["seat"] for step in log(app, game_id)} >= {0, 1, 2, 3}  # everyone moved, the bots too


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_another_browser_can_neither_see_nor_play_the_game(app, client, lang):
    """A pass-and-play game belongs to the browser that dealt it, as a practice game does: another
    one gets 403 in its reader's language on the pass screen, the table, a hand-over and a move."""
    game_id = new_together(client, lang, seed="5")
    version, before = stored(app, game_id)
    seat = before.pass_to()
    other = app.test_client()
    refused = said(app, lang, "forbidden")
    for response in (other.get(f"/{lang}/play/{game_id}"), show(other, lang, game_id, seat, version),
                     move(other, lang, game_id, version, seat, action="draw")):
        assert response.status_code == 403 and f'<html lang="{lang}"' in response.text
        assert text(refused) in text(response.text) and not is_pass_screen(response.text)
    assert show(client, lang, game_id, seat, version).status_code == 303  # the owner's browser takes it
    version, before = stored(app, game_id)
    assert move(other, lang, game_id, version, seat, action="draw").status_code == 403
    assert 'id="hand"' not in other.get(f"/{lang}/play/{game_id}").text
    assert stored(app, game_id) == (version, before)


# --- watched from a link, and never a class's ---------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_watcher_of_a_pass_and_play_game_sees_no_hand(app, client, lang):
    """A pass-and-play game may have a watch link (a class following it on the projector), but
    never with open hands, even when asked: the watcher sees every person's count and no card."""
    game_id = new_together(client, lang)
    assert 'name="open_hands"' not in client.get(f"/{lang}/play/{game_id}/watch").text
    made = client.post(f"/{lang}/play/{game_id}/watch",
                       data={"csrf_token": csrf(client, lang), "action": "share", "open_hands": "on"})
    assert made.status_code == 303
    url = re.search(r'id="watch-url" value="([^"]+)"', client.get(made.headers["Location"]).text).group(1)
    url = url.replace("http://localhost", "")
    rng = random.Random(17)
    for _ in range(8):  # a few turns, each person taking the device in turn
        version, practice = stored(app, game_id)
        if practice.pass_to() is not None:
            assert show(client, lang, game_id, practice.pass_to(), version).status_code == 303
            version, practice = stored(app, game_id)
        chosen = likely_move(practice, rng, practice.holder)
        answer = client.post(f"/{lang}/play/{game_id}", data={**form_fields(chosen, version, csrf(client, lang)),
                                                            "seat": str(practice.holder)})
        assert answer.status_code == 303
    watcher = app.test_client()  # another browser, with the link only
    page = watcher.get(url)
    assert page.status_code == 200 and page.headers["Cache-Control"] == PRIVATE
    assert_html_hides(app, lang, page.text, game_id, seat=None)  # every hand is secret, none shown
    assert "hand-cards" not in page.text and "card-button" not in page.text
    _, practice = stored(app, game_id)
    names = seat_names(app, lang, game_id)
    heading = worded(app, lang, lambda: gettext("Watching a pass-and-play game: round %(number)d", number=1))
    assert heading in text(page.text)
    for seat, name in enumerate(names):
        assert f'<span class="player-name">{html.escape(name)}</span>' in page.text
        hidden = worded(app, lang, lambda: ngettext("%(num)d card, hidden from watchers",
                                                    "%(num)d cards, hidden from watchers",
                                                    len(practice.round.hands[seat])))
        assert hidden in text(page.text)
    seen = watcher.get("/api/v1/watch/" + url.rsplit("/", 1)[1]).get_json()
    assert seen["open_hands"] is False and all(type(n) is int for n in seen["view"]["hands"])


def test_a_class_students_game_is_never_pass_and_play(app, client):
    """The class form reads the practice form's fields only: players and names sent to it are not
    read, and every student gets a game of their own against bots."""
    page = client.get("/en/class/new").text
    assert 'name="players"' not in page and 'name="name-1"' not in page
    made = client.post("/en/class/new", data={"csrf_token": csrf(client), "preset": "official", "target": "500",
                                              "bots": "2", "level": "easy", "players": "3", "name-1": "Sara",
                                              "name-2": "Omar"})
    assert made.status_code == 303
    code = made.headers["Location"].rsplit("/", 1)[1]
    pupil = app.test_client()
    joined = pupil.post(f"/api/v1/classes/{code}/games", json={})
    assert joined.status_code == 201
    _, practice = stored(app, joined.get_json()["id"])
    assert not practice.together and practice.names == [] and practice.round.players == 3  # the student and 2 bots


def test_making_pass_and_play_games_counts_towards_the_same_limits(app):
    """Pass-and-play's form makes games as the practice form does (app.practice.limits): a browser
    past its limit is refused there too, with Retry-After, in the page's language."""
    client = app.test_client()
    per_owner = int(game_limits.PER_OWNER.split()[0])
    made = [new_together(client) for _ in range(per_owner + 1)]  # the first, cookieless, counts by address
    assert len(set(made)) == len(made)
    data = {"csrf_token": csrf(client, "ar"), "players": "2", "preset": "official", "target": "100", "bots": "0",
            "level": "easy"}
    refused = client.post("/ar/play/together", data=data)
    assert refused.status_code == 429 and "Retry-After" in refused.headers and 'lang="ar"' in refused.text
    assert said(app, "ar", "too-many-creates") in text(refused.text)
