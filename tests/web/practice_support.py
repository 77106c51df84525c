"""Helpers for the practice tests: start games, read the server's side, pick random legal moves,
and check that nothing hidden reached the client."""
from __future__ import annotations

import html
import random
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask_babel import force_locale

from app import wording
from app.engine.cards import FACES, card
from app.practice import access
from app.practice.game import HUMAN, Practice
from app.store import new_token, owner_hash, schema

RULES = {"preset": "official", "target": 100}  # a short game: a few rounds
# In a module on both databases (``backend``), a test of SQLite's own (its file, its locks).
sqlite_only = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
VERSION = re.compile(r'name="version" value="(\d+)"')
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def csrf(client, lang="en") -> str:
    return CSRF.search(client.get(f"/{lang}/play").text).group(1)


def new_form_game(client, lang="en", **fields) -> str:
    """Start a game through the HTML form; returns its id."""
    data = {"csrf_token": csrf(client, lang), "preset": "official", "target": "100", "bots": "3",
            "level": "easy", "hints": "on", "seed": "", **fields}
    response = client.post(f"/{lang}/play", data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"].rsplit("/", 1)[1]


def new_api_game(client, **body) -> dict[str, Any]:
    response = client.post("/api/v1/games", json={"rules": RULES, "bots": 3, "level": "easy", **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def stored(app, game_id) -> tuple[int, Practice]:
    """The server's record: (version, full game with the hidden parts) — the test's god view."""
    with app.app_context():
        record = access.store().load(game_id)
        return record.version, Practice.from_dict(record.state)


def log(app, game_id) -> list[dict[str, Any]]:
    """The whole narration log, as stored (redacted for the learner)."""
    with app.app_context():
        return access.store().steps(game_id, 0)


def rewrite(app, game_id, change) -> None:
    """Set up a position: ``change(practice)`` edits the stored game (a test-only shortcut)."""
    with app.app_context():
        record = access.store().load(game_id)
        practice = Practice.from_dict(record.state)
        change(practice)
        assert access.store().save(record, practice.to_dict(), practice.finished)


@contextmanager
def store_at_migration(backend, monkeypatch, number: int) -> Iterator[Any]:
    """A store on ``backend``'s database as the release at migration ``number`` left it (it
    upgrades no further), closed after the block: then a store of this release opens it."""
    with monkeypatch.context() as before:
        before.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:number])
        before.setattr(schema, "LATEST", number)
        old = backend.store()
        old.upgrade()
        yield old
        old.close()


def old_sqlite_file(path: Path, statements) -> str:
    """A SQLite file as an earlier release made it (its schema's ``statements``), holding game
    'g1' at version 3 with one step; returns its owner's token."""
    old = sqlite3.connect(path)
    for statement in statements:
        old.execute(statement)
    owner = new_token()
    old.execute("INSERT INTO games VALUES ('g1', ?, 3, '{\"n\": 1}', 0, ?)", (owner_hash(owner), time.time()))
    old.execute("INSERT INTO steps VALUES ('g1', 0, '[{\"step\": 0}]')")
    old.commit()
    old.close()
    return owner


def learner_holds(cards: list[str], top: str, draw: str | None = None):
    """A position for ``rewrite``: the learner to play, holding ``cards``, ``top`` on the discard
    pile (its colour in play) and, if given, ``draw`` the next card of the draw pile."""
    def change(practice: Practice) -> None:
        state = practice.round
        state.turn, state.pending, state.exposed = HUMAN, None, None
        state.hands[HUMAN] = [card(c) for c in cards]
        state.discard.append(card(top))
        state.color = card(top).color
        if draw:
            state.draw_pile.append(card(draw))
    return change


def random_move(practice: Practice, rng: random.Random, seat: int = HUMAN) -> dict[str, Any]:
    """A move ``seat`` (the learner, or in pass-and-play the holder) could make now, chosen at
    random among the legal ones."""
    state = practice.round
    if state.round_over:
        return {"action": "next-round"}
    options = [m.to_dict() for m in state.legal_moves(seat)]
    if practice.waiting_for() is None:  # a bot is to move: play is paused
        options.append({"action": "continue"})
    move = rng.choice(options)
    move.pop("seat", None)
    if move["action"] == "play" and len(state.hands[seat]) == 2 and rng.random() < 0.7:
        move["uno"] = True
    return move


def form_fields(move: dict[str, Any], version: int, token: str) -> dict[str, str]:
    fields = {"csrf_token": token, "version": str(version), "action": move["action"]}
    for key in ("card", "color", "target"):
        if key in move:
            fields[key] = str(move[key])
    if move.get("uno"):
        fields["uno"] = "1"
    return fields


def card_names(app, lang: str, notations) -> dict[str, str]:
    """Each card's name in ``lang`` (worded once per language: the catalogues don't change)."""
    names = _CARD_NAMES.get(lang)
    if names is None:
        with app.test_request_context(f"/{lang}/"), force_locale(lang):
            names = _CARD_NAMES[lang] = {n: wording.card_name(n) for n in FACES}
    return {n: names[n] for n in notations}


_CARD_NAMES: dict[str, dict[str, str]] = {}


def secret_cards(practice: Practice, steps: list[dict[str, Any]], seat: int | None = HUMAN) -> set[str]:
    """Faces only the others hold: in no public place (the hand of ``seat``, the discard pile, the
    redacted log). While the round goes on, none of them may reach ``seat``. With seat None (a
    pass-and-play pass screen) every hand is secret."""
    state = practice.round
    if state.round_over:
        return set()
    public = {c.notation for c in state.hands[seat]} if seat is not None else set()
    public |= {c.notation for c in state.discard}
    public |= set(re.findall(r"\b(?:WD4|W|[RYGB](?:D2|S|R|\d))\b", repr(steps)))
    hidden = {c.notation for other, hand in enumerate(state.hands) if other != seat for c in hand}
    hidden |= {c.notation for c in state.draw_pile}
    return hidden - public


def assert_html_hides(app, lang: str, page: str, game_id: str, secrets: set[str] | None = None,
                      seat: int | None = HUMAN) -> None:
    """No secret card in the page: not as a form value, an accessible name or in the text.
    ``secrets``: the faces this reader may not see (default: those the hand of ``seat`` may not,
    ``secret_cards``: the learner's, in pass-and-play the holder's, None for a pass screen)."""
    if secrets is None:
        secrets = secret_cards(stored(app, game_id)[1], log(app, game_id), seat)
    text = html.unescape(page)
    # Other cards' names may contain a secret one ("Yellow Draw Two" holds "2 صفراء" in Arabic): blank them.
    others = card_names(app, lang, set(FACES) - secrets).values()
    for name in sorted(others, key=len, reverse=True):
        text = text.replace(name, " ")
    for notation, name in card_names(app, lang, secrets).items():
        assert f'value="{notation}"' not in page, notation
        assert f'aria-label="{name}"' not in text, name
        if notation not in ("W", "WD4"):  # "Wild" is also a word of the explanations
            assert not re.search(rf"{re.escape(name)}(?!\d)", text), name


def assert_json_hides(app, answer: dict[str, Any], game_id: str) -> None:
    """The JSON has the view's shape (others' hands as counts, no pile) and no secret card value."""
    view = answer["view"]
    assert isinstance(view["hands"][HUMAN], list)
    assert all(isinstance(n, int) for n in view["hands"][1:])
    assert not {"draw_pile", "deck", "guilty"} & set(view)
    assert "guilty" not in repr(view.get("pending"))
    assert ("revealed" in view) == view["round_over"]
    for step in answer.get("results", []):
        for event in step["events"]:
            params = event["params"]
            assert "private_to" not in params
            if params.get("seat", step["seat"]) != HUMAN and event["kind"] == "draw":
                assert "cards" not in params
            if event["kind"] == "play" and params.get("seat") != HUMAN:
                assert "held" not in params and params.get("case") != "bluff"
    secrets = secret_cards(stored(app, game_id)[1], log(app, game_id))
    assert not secrets & set(strings(answer))


def strings(value):
    """Every key and string value in a JSON answer, however deep."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
