"""The table, a watch link and a class page drawn once per state and reader (app.drawn_pages): a
kept page is the one its request would draw afresh — never another language's, another version's,
another seat's or watcher's, another host's — and its forms carry the reader's own session's CSRF
tokens, never another's nor the hole they were drawn with; a move draws the table again."""
import html
import re
import time

import pytest

from app import create_app, drawn_pages, lru
from app.practice import access
from app.security import TOKEN_HOLE
from app.store import UNPLAYED_TTL

from .practice_support import (CSRF, RULES, assert_html_hides, csrf, learner_holds, new_api_game, rewrite, stored)
from .test_classes import student as student_browser
from .test_pass_and_play import DATA_VERSION, is_pass_screen, new_together, show
from .test_watch import share, watcher_secrets

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

TOKENS = CSRF  # each form's token
HAND = re.compile(r'<button type="submit" name="card" value="([^"]+)"')


def without_tokens(page: str) -> str:
    return TOKENS.sub('name="csrf_token" value=""', page)


def afresh(client, path: str) -> str:
    """The page as a new process draws it (nothing kept), for ``client``'s cookies: the same
    database and secret key (the test app's instance folder)."""
    other = create_app({"TESTING": True}).test_client()
    for cookie in ("uno_owner", "session"):
        found = client.get_cookie(cookie)
        if found is not None:
            other.set_cookie(cookie, found.value)
    answer = other.get(path)
    assert answer.status_code == 200, path
    return answer.text


def test_a_table_is_drawn_once_per_version_and_is_what_a_new_process_draws(app, client, renders):
    game_id = new_api_game(client, seed=8)["id"]
    path = f"/en/play/{game_id}"
    first = client.get(path).text
    assert renders == ["practice/table.html"]
    renders.clear()
    again = client.get(path).text
    assert renders == [] and without_tokens(again) == without_tokens(first)
    assert without_tokens(again) == without_tokens(afresh(client, path))


def test_a_move_draws_the_table_again(app, client, renders):
    game_id = new_api_game(client, seed=8)["id"]
    rewrite(app, game_id, learner_holds(["R1", "B2"], top="G7", draw="Y3"))  # a draw the bots answer
    version, _ = stored(app, game_id)
    before = client.get(f"/en/play/{game_id}").text
    assert HAND.findall(before) == ["R1", "B2"] and f'data-version="{version}"' in before
    assert client.post(f"/api/v1/games/{game_id}/moves",
                       json={"version": version, "move": {"action": "draw"}}).status_code == 200
    renders.clear()
    after = client.get(f"/en/play/{game_id}").text
    version, practice = stored(app, game_id)
    assert renders == ["practice/table.html"] and f'data-version="{version}"' in after
    assert HAND.findall(after) == [c.notation for c in practice.round.hands[0]] and "Y3" in HAND.findall(after)


@pytest.mark.parametrize("path, lang", [("/en/play/{}", "en"), ("/ar/play/{}", "ar"), ("/en/play/{}?lang=ar", "ar"),
                                        ("/ar/play/{}?lang=en", "en")])
def test_a_kept_table_is_never_another_languages(app, client, path, lang):
    game_id = new_api_game(client, seed=8)["id"]
    for other in ("/en/play/{}", "/ar/play/{}", "/en/play/{}?lang=ar", "/ar/play/{}?lang=en"):
        client.get(other.format(game_id))  # every other address kept first
    page = client.get(path.format(game_id)).text
    assert f'<html lang="{lang}" dir="{"rtl" if lang == "ar" else "ltr"}" ' in page  # then the page's kind
    assert without_tokens(page) == without_tokens(afresh(client, path.format(game_id)))


def test_a_choice_in_the_address_is_its_own_page(app, client):
    game_id = new_api_game(client, seed=8)["id"]
    rewrite(app, game_id, learner_holds(["W", "B2", "R3"], top="G7"))
    plain = client.get(f"/en/play/{game_id}").text
    choosing = client.get(f"/en/play/{game_id}?choose=W").text
    assert 'name="color"' not in plain and 'name="color"' in choosing
    assert client.get(f"/en/play/{game_id}").text.count('name="color"') == 0


def test_every_reader_gets_their_own_sessions_tokens(app, client):
    """Two browsers of one owner (two sessions, one owner cookie): each form of a kept page
    carries a token of the reader's own session, masked afresh for each form; none is the hole
    the page was drawn with, and a token of the other session is refused."""
    game_id = new_api_game(client, seed=8)["id"]
    other = app.test_client()
    other.set_cookie("uno_owner", client.get_cookie("uno_owner").value)
    mine, theirs = client.get(f"/en/play/{game_id}").text, other.get(f"/en/play/{game_id}").text
    assert TOKEN_HOLE not in mine and TOKEN_HOLE not in theirs
    my_tokens, their_tokens = TOKENS.findall(mine), TOKENS.findall(theirs)
    assert len(my_tokens) > 1 and len(set(my_tokens)) == len(my_tokens) and not set(my_tokens) & set(their_tokens)
    version, _ = stored(app, game_id)
    hints = {"version": str(version), "action": "hints", "hints": "off"}
    refused = other.post(f"/en/play/{game_id}", data={**hints, "csrf_token": my_tokens[-1]})
    assert refused.status_code == 400
    assert stored(app, game_id)[0] == version  # nothing changed
    accepted = other.post(f"/en/play/{game_id}", data={**hints, "csrf_token": their_tokens[-1]})
    assert accepted.status_code == 303 and stored(app, game_id)[0] == version + 1


def test_a_refusal_is_drawn_for_its_request_only(app, client):
    game_id = new_api_game(client, seed=8)["id"]
    rewrite(app, game_id, learner_holds(["R1", "B2"], top="G7"))
    version, _ = stored(app, game_id)
    refused = client.post(f"/en/play/{game_id}", data={"csrf_token": csrf(client), "version": str(version),
                                                        "action": "play", "card": "B2"})
    assert refused.status_code == 422 and 'id="refusal"' in refused.text
    assert 'id="refusal"' not in client.get(f"/en/play/{game_id}").text


# --- who reads: a seat, a watcher -----------------------------------------------------------------

def test_pass_and_play_shows_each_holder_their_own_hand_only(app, client):
    """Each person's table is drawn for their seat: a page kept for one never reaches the next."""
    game_id = new_together(client, players="2", **{"name-3": ""})
    for _ in range(4):
        version, practice = stored(app, game_id)
        page = client.get(f"/en/play/{game_id}").text
        if is_pass_screen(page):
            seat = practice.pass_to()
            assert show(client, "en", game_id, seat, version).status_code == 303
            continue
        holder = practice.holder
        assert HAND.findall(page) == [c.notation for c in practice.round.hands[holder]]
        assert_html_hides(app, "en", page, game_id, seat=holder)
        # The holder plays a card or draws; then the device goes to the other person.
        token = csrf(client)
        hand = [c.notation for c in practice.round.hands[holder]]
        for notation in hand:
            answer = client.post(f"/en/play/{game_id}", data={"csrf_token": token, "version": str(version), "seat": str(holder),
                                                               "action": "play", "card": notation, "color": "red"})
            if answer.status_code == 303:
                break
        else:
            client.post(f"/en/play/{game_id}", data={"csrf_token": token, "version": str(version), "seat": str(holder),
                                                      "action": "draw"})
    assert DATA_VERSION.search(client.get(f"/en/play/{game_id}").text)


def test_a_page_kept_for_one_watcher_or_the_owner_never_reaches_another(app, client):
    """One game, one version, three readers: its owner (their hand), a watcher with open hands
    (every hand) and the class's teacher (no hand). Whoever comes first, each sees what they may."""
    code = client.post("/api/v1/classes", json={"rules": RULES, "bots": 2, "seed": 2}).get_json()["code"]
    pupil = app.test_client()
    game_id = pupil.post(f"/api/v1/classes/{code}/games", json={"nickname": "Huda"}).get_json()["id"]
    teachers = client.get(f"/api/v1/classes/{code}").get_json()["students"][0]["watch"].replace("http://localhost", "")
    open_link = share(pupil, game_id, open_hands=True)
    _, practice = stored(app, game_id)
    owners_hand = [c.notation for c in practice.round.hands[0]]
    for _ in range(2):  # the second time, every page is kept
        assert HAND.findall(pupil.get(f"/en/play/{game_id}").text) == owners_hand
        opened = html.unescape(app.test_client().get(open_link).text)
        assert all(f'data-card="{card}"' in opened for card in owners_hand)
        closed = client.get(teachers).text
        assert "cards, hidden from watchers" in closed and 'class="hand-cards"' not in closed
        assert_html_hides(app, "en", closed, game_id, watcher_secrets(app, game_id))


def test_a_watch_page_is_drawn_once_for_every_watcher_and_again_after_a_move(app, client, renders):
    game_id = new_api_game(client, seed=8)["id"]
    path = share(client, game_id)
    renders.clear()
    pages = [app.test_client().get(path).text for _ in range(5)]
    assert renders == ["practice/watch.html"] and len(set(pages)) == 1
    assert pages[0] == afresh(app.test_client(), path)
    rewrite(app, game_id, learner_holds(["R1", "B2"], top="G7", draw="Y3"))
    version, practice = stored(app, game_id)
    seen = app.test_client().get(path).text
    assert f'data-version="{version}"' in seen and renders == ["practice/watch.html"] * 2
    polled = app.test_client().get(f"{path}?after={version - 1}&since={practice.logged}").text
    assert polled != seen and renders == ["practice/watch.html"] * 3  # fewer steps to play: drawn for itself


# --- a class page ---------------------------------------------------------------------------------

def test_a_class_page_is_drawn_again_when_its_class_changes(app, client, renders):
    code = client.post("/api/v1/classes", json={"rules": RULES, "bots": 2, "seed": 2}).get_json()["code"]
    path = f"/en/class/{code}"
    empty = client.get(path).text
    renders.clear()
    assert client.get(path).text == empty and renders == []
    pupil = app.test_client()
    game_id = pupil.post(f"/api/v1/classes/{code}/games", json={"nickname": "Huda"}).get_json()["id"]
    joined = client.get(path).text
    assert "Huda" not in empty and "Huda" in joined and renders == ["classroom/page.html"]
    version, _ = stored(app, game_id)
    rewrite(app, game_id, learner_holds(["R1", "B2"], top="G7"))
    moved = client.get(path).text  # the student's game changed: their row is read again
    assert moved != joined and '<td data-field="cards_left" data-label="Cards left">2</td>' in moved
    assert client.get(f"/api/v1/classes/{code}").get_json()["students"][0]["cards_left"] == 2
    renders.clear()
    refused = pupil.post(f"/api/v1/games/{game_id}/moves", json={"version": version + 1,
                                                                 "move": {"action": "play", "card": "B2"}})
    assert refused.status_code == 422
    counted = client.get(path).text
    assert counted != moved and renders == ["classroom/page.html"]
    assert counted == afresh(client, path)
    arabic = client.get(f"/ar/class/{code}").text
    assert '<html lang="ar"' in arabic and arabic == afresh(client, f"/ar/class/{code}")


def test_a_class_page_is_drawn_again_after_each_kind_of_change_and_never_shows_an_old_one(app, client, renders):
    """Each change the class page shows (a join, a student's move, a refused move, a removal, the
    cleanup of a game never played, the class's end) draws it again, as a new process would draw
    it; between two changes it is drawn once (issue 36 item 1: drawn per data version)."""
    code = client.post("/api/v1/classes", json={"rules": RULES, "bots": 2, "seed": 2}).get_json()["code"]
    path, seen = f"/en/class/{code}", []  # each page drawn, in order

    def changed() -> str:
        renders.clear()
        page = client.get(path).text
        assert renders == ["classroom/page.html"] and page == afresh(client, path) and page not in seen[-1:]
        renders.clear()
        assert client.get(path).text == page and renders == []  # kept until the next change
        seen.append(page)
        return page

    changed()
    huda, sami = student_browser(app, "198.51.100.1"), student_browser(app, "198.51.100.2")
    game = huda.post(f"/api/v1/classes/{code}/games", json={"nickname": "Huda"}).get_json()
    assert sami.post(f"/api/v1/classes/{code}/games", json={"nickname": "Sami"}).status_code == 201
    assert "Sami" in changed()
    rewrite(app, game["id"], learner_holds(["R1", "B2", "Y5"], top="G7", draw="Y3"))
    version, _ = stored(app, game["id"])
    assert huda.post(f"/api/v1/games/{game['id']}/moves",
                     json={"version": version, "move": {"action": "draw"}}).status_code == 200
    changed()  # the move: Huda's cards and round
    version, _ = stored(app, game["id"])
    assert huda.post(f"/api/v1/games/{game['id']}/moves", json={"version": version, "move": {
        "action": "play", "card": "B2"}}).status_code == 422
    changed()  # the refused move, counted
    with app.app_context():
        later = time.time() + UNPLAYED_TTL + 60
        assert access.store().cleanup(later) == 1  # Sami never played: that game goes
    assert "Sami" not in changed()
    assert client.delete(f"/api/v1/classes/{code}/students/1").status_code == 204
    assert "Huda" not in changed()
    assert client.post(f"/api/v1/classes/{code}/end").status_code == 200
    changed()


def test_pages_of_two_classes_or_two_views_of_one_are_never_each_others(app, client):
    """Two new classes have the same count of changes, students and moves: each page is its own
    class's, and the projector view of a class never shows its teacher's page."""
    first, second = (client.post("/api/v1/classes", json={"rules": RULES, "bots": 2, "seed": 2}).get_json()["code"]
                     for _ in range(2))
    pupil = student_browser(app, "198.51.100.1")
    assert pupil.post(f"/api/v1/classes/{first}/games", json={"nickname": "Huda"}).status_code == 201
    for _ in range(2):  # drawn, then kept
        pages = {code: client.get(f"/en/class/{code}").text for code in (first, second)}
        projected = {code: client.get(f"/en/class/{code}/projector").text for code in (first, second)}
        for code, other in ((first, second), (second, first)):
            assert other not in pages[code] and other not in projected[code]
            assert projected[code] != pages[code] and "Huda" not in projected[code]
            assert projected[code] == afresh(client, f"/en/class/{code}/projector")
        assert "Huda" in pages[first] and "Huda" not in pages[second]


def test_a_class_page_names_the_host_it_was_asked_on(app, client):
    code = client.post("/api/v1/classes", json={"rules": RULES, "bots": 2, "seed": 2}).get_json()["code"]
    here = client.get(f"/en/class/{code}").text
    client.set_cookie("uno_owner", client.get_cookie("uno_owner").value, domain="school.example")
    there = client.get(f"/en/class/{code}", base_url="http://school.example").text
    assert "http://localhost/en/join" in here and "http://school.example/en/join" in there
    assert "http://localhost" not in there


# --- bounded ------------------------------------------------------------------------------------

def test_at_most_max_pages_are_kept(app, client, monkeypatch):
    monkeypatch.setattr(drawn_pages, "MAX_PAGES", 2)
    games = [new_api_game(client, seed=n)["id"] for n in range(4)]
    for game_id in games:
        client.get(f"/en/play/{game_id}")
    kept = app.extensions["drawn_pages"]
    assert isinstance(kept, lru.LRU) and len(kept) == 2
