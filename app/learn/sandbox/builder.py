"""The builder's fields and the position they make (the package docstring says what the fields
are and how a pending decision is reached): ``Builder.scenario()`` writes the canonical scenario and
its lead-in moves, dealing the other players' cards in a fixed order and searching for the seed that
puts the card drawn on top. ``SandboxError`` lives here because the fields, the form and links all
refuse with it, and this is the room they all import.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...engine.cards import COLOR_LETTERS, COPIES, FACES, Color, card
from ...engine.rules import PRESETS
from ...engine.setup import rest_of_deck
from ...i18n import gettext as _, ngettext
from ..position import PositionError

MAX_HAND = 25  # cards in one hand the builder makes (the engine takes any number)
DEFAULT_COUNT = 7
PENDING = ("none", "drawn", "wild-draw-four", "draw-two", "link")
SWITCHES = ("stacking", "seven_zero", "draw_until_playable")  # the house-rule boxes, as on the practice form
FILLER_SEED = "sandbox"  # the fixed order other players' cards are dealt in
MAX_SEED_SEARCH = 5000

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
