"""Games kept in memory between moves (app.practice.access): the same answers as decoding the
stored row, copies only, and the database's version always wins."""
import random

import pytest

from app.engine.game import Game
from app.practice import access, owners
from app.practice.game import Practice, play as play_move

from tests.engine.helpers import assert_carried, every_field_own

from .practice_support import new_api_game, random_move, rewrite, stored

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

LONG = {"preset": "official", "target": 100_000}  # rounds go on: the game never ends here


def play(client, game_id: str, version: int, move: dict) -> dict:
    response = client.post(f"/api/v1/games/{game_id}/moves", json={"version": version, "move": move})
    assert response.status_code in (200, 422), response.get_json()
    return response.get_json()


def test_kept_games_answer_as_the_stored_rows_do(app, client):
    """Two games with one seed and the same moves: one kept in memory, one decoded from the
    database on every move (the kept copy forgotten first). Every answer must be the same,
    refused moves included (a refusal must not change the kept game)."""
    kept = new_api_game(client, seed=11, rules=LONG)
    decoded = new_api_game(client, seed=11, rules=LONG)
    rng = random.Random(3)
    versions = {kept["id"]: kept["version"], decoded["id"]: decoded["version"]}
    refused = 0
    for number in range(150):
        _, practice = stored(app, kept["id"])
        # Every tenth move a card that is likely refused (not in the hand, or not allowed).
        move = random_move(practice, rng) if number % 10 else {"action": "play", "card": "WD4", "color": "red"}
        answers = []
        for game_id in (kept["id"], decoded["id"]):
            if game_id == decoded["id"]:  # forget it: decoded from its row every time
                with app.app_context():
                    access.kept_games().forget(game_id)
            answer = play(client, game_id, versions[game_id], move)
            versions[game_id] = answer["version"]
            answers.append(answer)
        assert answers[0] == answers[1], number
        refused += "error" in answers[0]
    assert refused and stored(app, kept["id"])[1].game.number > 1  # refusals and new rounds were met
    assert stored(app, kept["id"])[1].to_dict() == stored(app, decoded["id"])[1].to_dict()


def test_a_load_hands_out_a_copy(app, client):
    game = new_api_game(client, seed=5)
    owner = client.get_cookie(owners.OWNER_COOKIE).value
    with app.test_request_context(headers={"Cookie": f"{owners.OWNER_COOKIE}={owner}"}):
        _, first = access.load(game["id"])
        first.round.hands[0].clear()
        first.game.scores[0] = 99
        _, second = access.load(game["id"])
    assert second is not first and second.round.hands[0] and second.game.scores[0] == 0


def test_another_processs_save_wins_over_the_kept_game(app, client):
    """A save this process didn't make (another worker's) bumps the version: the kept game no
    longer matches it, and the stored row is read."""
    game = new_api_game(client, seed=5)
    rewrite(app, game["id"], lambda practice: practice.game.scores.__setitem__(1, 42))
    shown = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert shown["version"] == game["version"] + 1 and shown["view"]["scores"][1] == 42


def test_a_move_on_a_kept_version_another_process_replaced_is_stale(app, client):
    """The kept game of the named version is used without reading the row: if another worker
    saved since, the move is refused as stale (legal or not) and nothing changes."""
    game = new_api_game(client, seed=5, rules=LONG)
    rewrite(app, game["id"], lambda practice: practice.game.scores.__setitem__(1, 42))
    before = stored(app, game["id"])
    url = f"/api/v1/games/{game['id']}/moves"
    for move in ({"action": "draw"}, {"action": "play", "card": "WD4", "color": "red"}, {"action": "fly"}):
        response = client.post(url, json={"version": game["version"], "move": move})
        assert response.status_code == 409, move
        assert response.get_json()["error"] == "stale-version"
        assert response.get_json()["version"] == before[0]
    after = stored(app, game["id"])
    assert after[0] == before[0] and after[1].to_dict() == before[1].to_dict()


def test_the_kept_game_still_checks_its_owner(app, client):
    game = new_api_game(client, seed=5)
    response = app.test_client().post(f"/api/v1/games/{game['id']}/moves",
                                      json={"version": game["version"], "move": {"action": "draw"}})
    assert response.status_code == 403 and response.get_json()["error"] == "forbidden"


def test_a_game_changed_and_not_saved_changes_nothing_kept(app, client):
    """A view's game is its own, from memory or not: changed and never saved (a refused move, a
    view that reads after it changes), the next load of either kind is the stored game."""
    game = new_api_game(client, seed=5)
    owner = client.get_cookie(owners.OWNER_COOKIE).value
    with app.test_request_context(headers={"Cookie": f"{owners.OWNER_COOKIE}={owner}"}):
        record, stored_game = access.load(game["id"])
        for version in (game["version"], None):  # a move's load (from memory) and a page's
            _, taken = access.load(game["id"], version)
            play_move(taken, {"action": "draw"})
            taken.game.scores[0] = 99
            for again in (game["version"], None):
                assert access.load(game["id"], again)[1].to_dict() == stored_game.to_dict()
        assert stored_game.to_dict() == Practice.from_dict(record.state).to_dict()


def test_a_saved_game_replaces_its_last_version_and_stays_as_saved(app, client):
    """The save keeps a copy: the saved game changed afterwards changes nothing kept, and the
    version it was saved over is no longer in memory."""
    game = new_api_game(client, seed=5)
    owner = client.get_cookie(owners.OWNER_COOKIE).value
    with app.test_request_context(headers={"Cookie": f"{owners.OWNER_COOKIE}={owner}"}):
        record, practice = access.load(game["id"], game["version"])
        steps = play_move(practice, {"action": "draw"})
        saved = access.save(record, practice, steps)
        as_saved = practice.to_dict()
        practice.game.scores[0] = 99
        memory = access.kept_games()
        assert (game["id"], game["version"]) not in memory and (game["id"], saved.version) in memory
        assert access.load(game["id"], saved.version)[1].to_dict() == as_saved


def test_a_move_copies_its_game_once(app, client, monkeypatch):
    """A move takes its version from memory (nothing kept is handed out) and the save keeps a
    copy: one copy per move, the one the guarantee above needs."""
    game = new_api_game(client, seed=5, rules=LONG)
    copies = []
    copy = Practice.copy
    monkeypatch.setattr(Practice, "copy", lambda practice: copies.append(1) or copy(practice))
    answer = play(client, game["id"], game["version"], {"action": "draw"})
    assert answer["version"] == game["version"] + 1 and len(copies) == 1


def test_a_practice_copy_carries_every_field():
    """Practice.copy names its fields one by one (it is on every move's path): none is left out."""
    practice = every_field_own(Practice, game=Game.new("official", players=2, seed=1)[0])
    copied = practice.copy()
    assert_carried(copied, practice)
    assert copied.game is not practice.game and copied.caught is not practice.caught and copied.seen is not practice.seen
