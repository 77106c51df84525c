"""The sandbox's builder (/<lang>/sandbox): a position made from a form's fields, and the form's
fields read back from a position, so that either spelling of a position leads to the other.

A position is a check-API scenario plus its lead-in moves (app.learn.position); the builder's
fields say it in a learner's terms: your hand (seat 0, "You"), the top card and the colour named
for a wild, how many players and how many cards each other one holds, whose turn, the direction,
the rules, and a pending decision, which the builder reaches by a lead-in move, as a game would:

- ``drawn``: the player whose turn it is has just drawn the card ``drawn`` (the scenario's seed is
  the first one whose shuffled draw pile has that card on top, so the link stays short);
- ``wild-draw-four`` / ``draw-two``: the player before them has just played that card on them (a
  Wild Draw Four naming ``named``, holding a card of the colour in play if ``bluff``; a Draw Two of
  the colour in play), so they may challenge, accept or stack as the rules allow;
- ``link``: other lead-in moves, kept as a link gave them.

The other players' cards are kept from the position being edited (``base``) where they still
fit, and the rest dealt from the deck in a fixed shuffled order: the same fields always give the
same scenario, written the same way (``canonical``), and loading that scenario fills the same fields.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from flask_babel import gettext as _, ngettext

from ..engine.cards import COLOR_LETTERS, COPIES, FACES, Color, InvalidCardError, Kind, card
from ..engine.round import RoundState
from ..engine.rules import OPTIONS, PRESETS, RuleSet
from ..engine.scenario import MAX_PLAYERS, MIN_PLAYERS, from_scenario
from ..engine.setup import rest_of_deck
from ..fast_json import NumberTooLarge, read_input
from .position import PositionError

MAX_HAND = 25  # cards in one hand the builder makes (the engine takes any number)
DEFAULT_COUNT = 7
PENDING = ("none", "drawn", "wild-draw-four", "draw-two", "link")
SWITCHES = ("stacking", "seven_zero", "draw_until_playable")  # the house-rule boxes, as on the practice form
FILLER_SEED = "sandbox"  # the fixed order other players' cards are dealt in
MAX_SEED_SEARCH = 5000
MAX_LINK_LENGTH = 8000  # characters of ?scenario= or ?moves= read at most

# The first position: a bit of everything (a colour match, a number match, no match, a wild, and a
# Wild Draw Four that would be a bluff, as the hand holds red).
DEFAULT_SCENARIO: dict[str, Any] = {
    "rules": "official",
    "hands": [["R3", "G5", "B7", "YS", "W", "WD4"], ["G1", "Y2", "B3", "R4", "G6", "Y7", "B8"],
              ["Y0", "G2", "B4", "R6", "G8", "Y9", "BS"]],
    "discard": ["R5"],
}


class SandboxError(PositionError):
    """A field or a link the builder can't use; ``field`` names the form's field at fault."""

    def __init__(self, code: str, field: str | None = None, **params: Any):
        super().__init__(code, **params)
        self.field = field

    def message(self) -> str:
        own = SANDBOX_ERRORS.get(self.code)
        return own(self.params) if own else super().message()


SANDBOX_ERRORS = {
    "link-json": lambda p: _("The link's %(part)s is not valid JSON.", part=p["part"]),
    "link-too-long": lambda p: _("The link's %(part)s is too long.", part=p["part"]),
    "link-number": lambda p: _("The link's %(part)s holds a number too large to read.", part=p["part"]),
    "not-enough-cards": lambda p: _("The deck has too few cards left for hands that large."),
    "bad-count": lambda p: ngettext("Each hand holds from 1 to %(num)d card.", "Each hand holds from 1 to %(num)d cards.",
                                    MAX_HAND),
    "bad-field": lambda p: _("This choice can't be used; choose again."),
    "no-drawn-card": lambda p: _("Every copy of the drawn card is already in play."),
}


@dataclass
class Builder:
    """The builder form's values (see the module docstring); ``scenario()`` makes the position."""

    hand: list[str]
    top: str
    color: str | None = None
    players: int = 3
    counts: dict[int, int] = field(default_factory=dict)  # seat (1..) -> cards held
    turn: int = 0
    direction: int = 1
    preset: str = "official"
    switches: frozenset[str] = frozenset()
    pending: str = "none"
    drawn: str | None = None
    named: str | None = None
    bluff: bool = False
    others: dict[int, list[str]] = field(default_factory=dict)  # the edited position's other hands
    extra_rules: dict[str, Any] = field(default_factory=dict)  # rule options the form doesn't show
    moves: list[dict[str, Any]] = field(default_factory=list)  # pending "link": the lead-in as given

    def count(self, seat: int) -> int:
        return self.counts.get(seat, DEFAULT_COUNT)

    @property
    def offender(self) -> int:
        """The player before the one whose turn it is: who played the pending card on them."""
        return (self.turn - self.direction) % self.players

    @property
    def top_is_wild(self) -> bool:
        return card(self.top).is_wild

    def rules(self) -> str | dict[str, Any]:
        """The check API's rules: a preset's name, or the preset with the options that differ from
        it (a house-rule switch the preset already has is not repeated; one it has, switched off, is)."""
        options: dict[str, Any] = dict(self.extra_rules)
        preset = PRESETS[self.preset]
        for option, value in (("stacking", "stacking" in self.switches), ("seven_zero", "seven_zero" in self.switches),
                              ("draw", "until-playable" if "draw_until_playable" in self.switches else "one")):
            if getattr(preset, option) != value:
                options[option] = value
        return {"preset": self.preset, **options} if options else self.preset

    def form_values(self) -> dict[str, str]:
        """The form's fields as the page fills them in (the request's own, after an error)."""
        values = {"hand": " ".join(self.hand), "top": self.top, "color": self.color or "",
                  "players": str(self.players), "turn": str(self.turn), "direction": str(self.direction),
                  "preset": self.preset, "pending": self.pending, "drawn": self.drawn or "",
                  "named": self.named or "", "bluff": "on" if self.bluff else ""}
        values.update({f"count{seat}": str(self.count(seat)) for seat in range(1, self.players)})
        values.update({name: "on" for name in self.switches})
        return values

    def scenario(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The canonical scenario and lead-in moves these fields describe (SandboxError if the
        deck can't hold them; an impossible position itself is left for the engine to refuse)."""
        top_color = card(self.top).color  # None for a wild: the colour named, if any, is in play
        active = self.color if top_color is None else top_color.value
        played = None
        if self.pending == "wild-draw-four":
            played = "WD4"
        elif self.pending == "draw-two" and active:
            played = COLOR_LETTERS[Color(active)] + "D2"
        hands = self._hands(played, active)
        scenario: dict[str, Any] = {"rules": self.rules(), "hands": hands, "discard": [self.top]}
        if self.top_is_wild and self.color:
            scenario["color"] = self.color
        turn = self.offender if played else self.turn
        if turn:
            scenario["turn"] = turn
        if self.direction != 1:
            scenario["direction"] = self.direction
        moves: list[dict[str, Any]] = []
        if played:
            moves = [{"seat": turn, "action": "play", "card": played}]
            if played == "WD4":
                moves[0]["color"] = self.named or _other_colour(active)
        elif self.pending == "drawn" and self.drawn:
            scenario["seed"] = _seed_drawing(self.drawn, hands, [self.top])
            moves = [{"seat": turn, "action": "draw"}]
        elif self.pending == "link":
            moves = list(self.moves)
        return scenario, moves

    def _hands(self, played: str | None, active: str | None) -> list[list[str]]:
        """Your hand as given; each other hand kept from the edited position where its cards are
        still free, then dealt up to its size from the rest of the deck. The player who plays the
        pending card holds it too, and holds the colour in play or not as ``bluff`` says."""
        hands: list[list[str]] = [list(self.hand)] + [[] for _ in range(1, self.players)]
        used = Counter([*self.hand, self.top])
        offender = self.offender if played else None
        if offender is not None and played is not None:
            hands[offender].append(played)
            used[played] += 1
        avoid = {active} if played == "WD4" and not self.bluff else set()
        for seat in range(1, self.players):
            size = self.count(seat)
            for notation in self.others.get(seat, []):
                face = FACES.get(notation)
                if face is None or len(hands[seat]) >= size + (seat == offender) or used[notation] >= COPIES[face] \
                        or (seat == offender and face.color and face.color.value in avoid):
                    continue
                hands[seat].append(notation)
                used[notation] += 1
        rest = [c.notation for c in rest_of_deck([FACES[n] for n in used.elements() if n in FACES], FILLER_SEED)]
        if offender and played == "WD4" and self.bluff and not any(_colour_of(n) == active for n in hands[offender]):
            colour_card = next((n for n in rest if _colour_of(n) == active), None)
            if colour_card is not None:  # the bluff's card of the colour in play
                hands[offender].append(colour_card)
                rest.remove(colour_card)
        for seat in range(1, self.players):
            want = self.count(seat) + (seat == offender)
            while len(hands[seat]) < want:
                pick = next((n for n in rest if not (seat == offender and _colour_of(n) in avoid)), None)
                if pick is None:
                    raise SandboxError("not-enough-cards", field="counts")
                hands[seat].append(pick)
                rest.remove(pick)
        return hands


def _colour_of(notation: str) -> str | None:
    face = FACES.get(notation)
    return face.color.value if face and face.color else None


def _other_colour(active: str | None) -> str:
    """A Wild Draw Four's colour when none was chosen: the first that changes the colour."""
    return next(c.value for c in Color if c.value != active)


def _seed_drawing(drawn: str, hands: list[list[str]], discard: list[str]) -> int:
    """The first seed whose shuffled draw pile (the engine's ``rest_of_deck``) has ``drawn`` on top."""
    face = card(drawn)
    used = [card(n) for n in [*discard, *(c for hand in hands for c in hand)] if n in FACES]
    if Counter(used)[face] >= COPIES[face]:
        raise SandboxError("no-drawn-card", field="drawn")
    for seed in range(MAX_SEED_SEARCH):
        if rest_of_deck(used, seed)[0] is face:
            return seed
    raise SandboxError("no-drawn-card", field="drawn")  # never seen: a free copy comes up within a few hundred


# --- the form's fields from a position ---------------------------------------------------------


def from_position(scenario: dict[str, Any], moves: list[dict[str, Any]]) -> Builder:
    """The fields that describe ``scenario`` and its lead-in (as far as the form can say it; other
    lead-in moves are kept as pending "link"). The scenario must be one the engine accepts."""
    state, _setup = from_scenario(scenario)
    hands = [[c.notation for c in hand] for hand in state.hands]
    preset, switches, extras = _rules_fields(scenario.get("rules", "official"), state.rules)
    built = Builder(hand=hands[0], top=state.top.notation, color=state.color and state.color.value,
                    players=state.players, turn=state.turn, direction=state.direction, preset=preset,
                    switches=switches, extra_rules=extras)
    pending = _pending_move(state, moves)
    if pending == "drawn":
        built.pending, built.drawn = "drawn", state.draw_pile[-1].notation
    elif pending in ("wild-draw-four", "draw-two"):
        offender, played = state.turn, moves[0]["card"]
        hands[offender].remove(card(played).notation)
        built.pending, built.turn = pending, state.next_seat(offender)
        if pending == "wild-draw-four":
            built.named = moves[0].get("color")
            built.bluff = any(c.color is state.color for c in state.hands[offender] if not c.is_wild)
        if offender == 0:
            built.hand = hands[0]
    elif moves:
        built.pending, built.moves = "link", list(moves)
    built.counts = {seat: len(hands[seat]) for seat in range(1, state.players)}
    built.others = {seat: hands[seat] for seat in range(1, state.players)}
    return built


def _pending_move(state: RoundState, moves: list[dict[str, Any]]) -> str | None:
    """Which of the builder's pending decisions a lead-in is, if it is one of them."""
    if len(moves) != 1 or not isinstance(moves[0], dict) or moves[0].get("seat") != state.turn:
        return None
    move = moves[0]
    if set(move) == {"seat", "action"} and move["action"] == "draw" and state.draw_pile:
        return "drawn"
    if move.get("action") != "play" or set(move) - {"seat", "action", "card", "color"}:
        return None
    played = FACES.get(str(move.get("card", "")).upper())
    if played is None or played.notation != move["card"] or played not in state.hands[state.turn]:
        return None
    if played.kind is Kind.WILD_DRAW_FOUR and move.get("color") in {c.value for c in Color}:
        return "wild-draw-four"
    if played.kind is Kind.DRAW_TWO and played.color is state.color and "color" not in move:
        return "draw-two"
    return None


def _rules_fields(spec: Any, rules: RuleSet) -> tuple[str, frozenset[str], dict[str, Any]]:
    """The preset, the house-rule switches on, and the other options set beside the preset."""
    preset = spec if isinstance(spec, str) else spec.get("preset", "official") if spec else "official"  # null: official
    base = PRESETS[preset]
    switches = frozenset(name for name, on in (("stacking", rules.stacking), ("seven_zero", rules.seven_zero),
                                               ("draw_until_playable", rules.draw == "until-playable")) if on)
    extras = {name: getattr(rules, name) for name in OPTIONS  # the switches are fields of their own
              if name not in ("stacking", "seven_zero", "draw", "players") and getattr(rules, name) != getattr(base, name)}
    return preset, switches, extras


def raw_values(scenario: Any) -> dict[str, str]:
    """The form's fields read from a scenario the engine refused, as far as they can be read, so
    the learner sees what the link said and can mend it (the engine says what is wrong)."""
    if not isinstance(scenario, dict):
        return {}
    values: dict[str, str] = {}
    hands, discard = scenario.get("hands"), scenario.get("discard")
    if isinstance(hands, list) and hands and all(isinstance(hand, list) for hand in hands):
        values["hand"] = " ".join(map(str, hands[0]))
        values["players"] = str(len(hands))
        values.update({f"count{seat}": str(len(hand)) for seat, hand in enumerate(hands) if seat})
    if isinstance(discard, list) and discard:
        values["top"] = str(discard[-1])
    for name in ("color", "turn", "direction"):
        if name in scenario:
            values[name] = str(scenario[name])
    rules = scenario.get("rules", "official")
    values["preset"] = rules if isinstance(rules, str) else str(rules.get("preset", "official")) \
        if isinstance(rules, dict) else "official"
    return values


# --- the form's fields from a request ------------------------------------------------------------


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


# --- links -----------------------------------------------------------------------------------------


def read_link(args: Mapping[str, str]) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The position a link gives (``?scenario=`` and ``?moves=`` as JSON), or None without one.
    SandboxError for JSON that can't be read; the engine judges the rest."""
    if "scenario" not in args:
        return None
    scenario = _json(args["scenario"], "scenario")
    moves = _json(args["moves"], "moves") if args.get("moves") else []
    if not isinstance(moves, list):
        raise SandboxError("bad-moves", field="moves")
    return scenario, moves


def _json(text: str, part: str) -> Any:
    if len(text) > MAX_LINK_LENGTH:
        raise SandboxError("link-too-long", field=part, part=part)
    try:
        return read_input(text)
    except NumberTooLarge:
        raise SandboxError("link-number", field=part, part=part) from None
    except ValueError:  # also nesting too deep, or a lone surrogate
        raise SandboxError("link-json", field=part, part=part) from None

