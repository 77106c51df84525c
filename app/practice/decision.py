"""The pending decision as data (app.practice.table_view's ``Decision``): what the reader is asked
and the answers without a card it allows, worded from the engine's state in the practice table's
words. The practice table (app.practice.narration.table) offers its answers; a position (app.learn.position: lessons, the sandbox, the presenter) shows it whole; the
table macro draws its options' buttons (macros/table.html ``option_button``) for every page.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _, ngettext

from .. import wording
from ..engine.cards import Color
from ..engine.round import RoundState
from ..engine.vocabulary import PendingKind
from .table_view import Decision, Option


def decision(state: RoundState, viewer: int, names: tuple[str, ...], practice: bool = False) -> Decision:
    """What ``viewer`` is asked (or told: whose turn, who won the round) and may answer.
    ``practice``: the practice table's answers besides: play stops before a bot's turn until the
    reader lets it go on (the practice-only action continue), and a drawn card (not a wild,
    whose colours are asked with it) is played by a button; a position shows whose turn it is
    and lets its drawn card be played from the hand."""
    actor, pending = state.actor(), state.pending
    if state.winner is not None:
        return Decision("over", None, _prompt(state, names, viewer))
    kind = pending.kind if actor == viewer and pending is not None else "turn" if actor == viewer else "wait"
    options = _options(state, viewer, names)
    if practice and kind == "wait":  # the first answer when there is no forgotten UNO to catch or call
        options += (Option(_("Let play go on"), {"action": "continue"}, primary=not options),)
    if practice and kind == PendingKind.DRAWN and pending is not None and pending.card is not None \
            and not pending.card.is_wild:
        drawn = pending.card.notation
        options = (Option(_("Play %(card)s", card=wording.card_name(drawn)), {"action": "play", "card": drawn},
                          primary=True), *options)
    return Decision(kind, actor, _prompt(state, names, viewer), options)


def _prompt(state: RoundState, names: tuple[str, ...], viewer: int) -> str:
    """The decision panel's sentence, in the practice table's words."""
    if state.winner is not None:
        return _("You win the round!") if state.winner == viewer else _("%(name)s wins the round.",
                                                                         name=names[state.winner])
    actor, pending = state.actor(), state.pending
    assert actor is not None  # the round goes on
    if actor != viewer:
        return _("It is %(name)s's turn.", name=names[actor])
    if pending is None:
        return _("Your turn: play a card from your hand, or draw a card.")
    if pending.kind == PendingKind.DRAWN:
        assert pending.card is not None  # the card drawn
        return _("You drew %(card)s and can play it now, or keep it and end your turn.",
                 card=wording.card_name(pending.card.notation))
    if pending.kind == PendingKind.CHALLENGE:
        assert pending.offender is not None  # who played the Wild Draw Four
        return _("%(name)s played a Wild Draw Four on you.", name=names[pending.offender])
    if pending.kind == PendingKind.STACK:
        return ngettext("Stack a card of the same kind from your hand, or accept and draw %(num)d card.",
                        "Stack a card of the same kind from your hand, or accept and draw %(num)d cards.",
                        pending.amount)
    return _("The first card is a Wild: you name the colour, then play.")


def _options(state: RoundState, viewer: int, names: tuple[str, ...]) -> tuple[Option, ...]:
    """The viewer's answers without a card, as the practice table offers them: a forgotten UNO to
    catch (or the viewer's own to call late) at any time, then what their decision allows."""
    forgot = state.exposed
    if forgot is not None and forgot != viewer:
        return (Option(_("Catch %(name)s!", name=names[forgot]), {"action": "catch", "target": forgot}, primary=True),
                *_to_play(state, viewer))
    if forgot == viewer:
        return (Option(_("UNO!"), {"action": "uno"}, primary=True), *_to_play(state, viewer))
    return _to_play(state, viewer)


def _to_play(state: RoundState, viewer: int) -> tuple[Option, ...]:
    if state.actor() != viewer:
        return ()
    pending = state.pending
    if pending is None:
        return (Option(_("Draw a card"), {"action": "draw"}),)
    if pending.kind == PendingKind.DRAWN:
        return (Option(_("Keep it"), {"action": "pass"}),)
    if pending.kind == PendingKind.CHALLENGE:
        return (Option(_("Challenge"), {"action": "challenge"}, primary=True),
                Option(_accept(pending.amount), {"action": "accept"}))
    if pending.kind == PendingKind.STACK:
        return (Option(_accept(pending.amount), {"action": "accept"}),)
    return colour_options({"action": "color"})


def colour_options(move: dict[str, Any]) -> tuple[Option, ...]:
    """``move`` completed by each colour it may name: a first Wild's, or a wild's being played."""
    return tuple(Option(wording.color_name(c.value), {**move, "color": c.value}, color=c.value) for c in Color)


def _accept(amount: int) -> str:
    return ngettext("Accept: draw %(num)d card", "Accept: draw %(num)d cards", amount)
