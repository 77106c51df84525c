"""The builder's fields read from a submitted form (``from_form``), over the position being edited,
as a browser without JavaScript sends them: typed cards in any case, a card clicked in the palette,
a card removed from the hand. Each field's value is checked here, so a bad one is refused by name
(SandboxError's ``field``) before any position is built.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TypeVar

from ...engine.cards import FACES, Color, InvalidCardError, card
from ...engine.rules import PRESETS
from ...engine.scenario import MAX_PLAYERS, MIN_PLAYERS
from .builder import MAX_HAND, PENDING, SWITCHES, Builder, SandboxError

NOTATION_SPLIT = re.compile(r"[\s,;]+")


def read_cards(text: str, field_name: str) -> list[str]:
    """Cards typed as notation ("R5 G7 wd4", commas allowed), each checked; SandboxError
    ("unknown-card") naming the first that is none."""
    notations = []
    for token in NOTATION_SPLIT.split(text.strip()):
        if not token:
            continue
        try:
            notations.append(card(token).notation)
        except InvalidCardError:
            raise SandboxError("unknown-card", field=field_name, card=token[:12]) from None
    if len(notations) > MAX_HAND:
        raise SandboxError("bad-count", field=field_name)
    return notations


def from_form(form: Mapping[str, str], base: Builder) -> Builder:
    """The builder's fields as submitted, over ``base`` (the position being edited: its other
    hands and extra options carry on). A card clicked in the palette (``pick``) joins your hand or
    becomes the top card or the card just drawn (``put``); ``remove`` takes the card at that place
    out of your hand. Cards may be typed in any case ("wd4")."""
    hand = read_cards(form.get("hand", ""), "hand")
    top = _choice(form, "top", list(FACES), base.top)
    drawn = _choice(form, "drawn", list(FACES), None)
    pending = _choice(form, "pending", list(PENDING), "none")
    picked = _choice(form, "pick", list(FACES), None)
    if picked is not None:
        if form.get("put") == "top":
            top = picked
        elif form.get("put") == "drawn":
            drawn, pending = picked, "drawn"
        elif len(hand) < MAX_HAND:
            hand.append(picked)
    remove = form.get("remove", "")
    if remove:
        del hand[_place(remove, len(hand))]
    players = _number(form, "players", MIN_PLAYERS, MAX_PLAYERS, base.players)
    counts = {seat: _number(form, f"count{seat}", 1, MAX_HAND, base.count(seat), code="bad-count")
              for seat in range(1, players)}
    colours = [c.value for c in Color]
    built = replace(
        base, hand=hand, top=top, players=players, counts=counts,
        color=_choice(form, "color", colours, None) if form.get("color") else None,
        turn=_number(form, "turn", 0, players - 1, min(base.turn, players - 1)),
        direction=-1 if form.get("direction") == "-1" else 1,
        preset=_choice(form, "preset", list(PRESETS), "official"),
        switches=frozenset(name for name in SWITCHES if form.get(name) == "on"),
        pending=pending, drawn=drawn,
        named=_choice(form, "named", colours, None) if form.get("named") else None,
        bluff=form.get("bluff") == "on")
    if built.pending == "link" and not built.moves:
        built.pending = "none"
    if built.pending == "drawn" and not built.drawn:
        raise SandboxError("bad-field", field="drawn")
    return built


Default = TypeVar("Default", str, None)  # a field with a default is always given, one without may not be


def _choice(form: Mapping[str, str], name: str, allowed: list[str], default: Default) -> str | Default:
    value = form.get(name)
    if value is None or value == "":
        return default
    if name in ("top", "pick", "drawn"):
        value = value.strip().upper()
    if value not in allowed:
        raise SandboxError("unknown-card" if name in ("top", "pick", "drawn") else "bad-field", field=name,
                           card=value[:12])
    return value


def _place(text: str, size: int) -> int:
    """The place in your hand a remove button names; any other value (one past the hand, or a
    number of thousands of digits, which ``int`` refuses) is refused as the fields are."""
    if not (text.isdecimal() and len(text) <= len(str(MAX_HAND)) and int(text) < size):
        raise SandboxError("bad-field", field="remove")
    return int(text)


def _number(form: Mapping[str, str], name: str, low: int, high: int, default: int, code: str = "bad-field") -> int:
    text = form.get(name, "").strip()
    if not text:
        return default
    if not text.isdecimal() or len(text) > 3 or not low <= int(text) <= high:
        if name == "players":
            raise SandboxError("bad-players", field=name, min=MIN_PLAYERS, max=MAX_PLAYERS)
        raise SandboxError(code, field=name)
    return int(text)
