"""The pending decision as data (app.practice.table_view's ``Decision``): what the reader is asked
and the answers without a card it allows, worded from the engine's state in the practice table's
words. A position (app.learn.position: lessons, the sandbox, the presenter) shows ``decision``
whole; the practice table, pass-and-play and a watch link (app.practice.narration.table) show
``table_decision``: the same, with what the table's request adds (``Asked``: a card waiting for its
colour or player, the round's or the game's end). The table macro draws its sentences and its
options' buttons (macros/table.html ``table_decision``, ``option_button``) for every page.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .. import wording
from ..engine.cards import Color, card
from ..engine.round import RoundState
from ..engine.rules import Rule
from ..engine.vocabulary import PendingKind
from ..i18n import gettext as _, ngettext
from .table_view import Decision, Option


@dataclass(frozen=True)
class Asked:
    """What the practice table's request adds to the state (app.practice.views): ``chosen``, a card
    the reader played that needs a colour (a wild) or a player (a 7 under 7-0) first, and ``uno``
    called with it; ``wd4_color``, the colour in play when the Wild Draw Four now to be challenged
    was played (its ``color`` in the log; None: not in the shown log); ``again``, a new game's
    address once this one is over (``together``: a pass-and-play game's, with the same players);
    ``back``, the table without the card chosen."""

    chosen: str | None = None
    uno: bool = False
    wd4_color: str | None = None
    again: str | None = None
    together: bool = False
    back: str | None = None


NOTHING_ASKED = Asked()  # a table's request that adds nothing: no card chosen, the game goes on


def decision(state: RoundState, viewer: int, names: tuple[str, ...]) -> Decision:
    """What ``viewer`` is asked (or told: whose turn, who won the round) and may answer; a
    position shows whose turn it is and lets its drawn card be played from the hand."""
    actor, pending = state.actor(), state.pending
    if state.winner is not None:
        return Decision("over", None, _result(state, names, viewer))
    kind = pending.kind if actor == viewer and pending is not None else "turn" if actor == viewer else "wait"
    return Decision(kind, actor, _prompt(state, names, viewer), _options(state, viewer, names),
                    card=pending.card.notation if kind == PendingKind.DRAWN and pending and pending.card else None)


def table_decision(state: RoundState, me: int | None, names: tuple[str, ...], reader: int | None, asked: Asked,
                   game_result: str | None) -> Decision:
    """The practice table's decision for ``me`` (None: a watcher, who is told and answers nothing),
    the results said to ``reader`` as "you" (None: to nobody, in pass-and-play and to a watcher);
    ``game_result``: the game's end in a line, once it is over. Beside a position's answers: play
    stops before a bot's turn until the reader lets it go on (the practice-only action continue);
    a drawn card is played by a button (a wild's with each colour); the card ``asked.chosen`` is
    completed by each colour or player; the challenge says what is at stake, with its rule; a
    round's end is answered by dealing the next, a game's by a new game."""
    if game_result is not None:
        again = asked.again if me is not None else None
        return Decision("game-over", None, game_result,
                        (Option(_("Play a new game with the same players") if asked.together else _("Play a new game"),
                                {}, primary=True, url=again),) if again else ())
    if state.winner is not None:
        return Decision("over", None, _result(state, names, reader),
                        (Option(_("Deal the next round"), {"action": "next-round"}, primary=True),) if me is not None
                        else ())
    actor = state.actor()
    assert actor is not None  # the round goes on
    forgot = _forgot(state, me, names)
    if me is None:
        return Decision("wait", actor, _("It is %(name)s's turn.", name=names[actor]), forgot=forgot)
    if asked.chosen and actor == me:
        chosen = card(asked.chosen)
        move = {"action": "play", "card": chosen.notation, **({"uno": "1"} if asked.uno else {})}
        choose = "color" if chosen.is_wild else "target"
        prompt = (_("Name the colour for %(card)s:", card=wording.card_name(chosen.notation)) if choose == "color"
                  else _("Choose the player to swap hands with (%(card)s):", card=wording.card_name(chosen.notation)))
        options = (*_catch(state, me, names), *completions(move, choose, names, me),
                   Option(_("Choose another card"), {}, url=asked.back))
        return Decision("choose", me, prompt, options, card=chosen.notation, forgot=forgot)
    asked_now = replace(decision(state, me, names), forgot=forgot)
    if asked_now.kind == "wait":  # the first answer when there is no forgotten UNO to catch or call
        return replace(asked_now, prompt=_("Play is paused: %(name)s is next. Take your time, then let play go on.",
                                           name=names[actor]),
                       options=(*asked_now.options, Option(_("Let play go on"), {"action": "continue"},
                                                           primary=not asked_now.options)))
    if asked_now.kind == PendingKind.DRAWN and asked_now.card is not None:
        drawn = asked_now.card
        play = (colour_options({"action": "play", "card": drawn}) if card(drawn).is_wild
                else (Option(_("Play %(card)s", card=wording.card_name(drawn)), {"action": "play", "card": drawn},
                             primary=True),))
        return replace(asked_now, options=(*play, *asked_now.options))
    if asked_now.kind == PendingKind.CHALLENGE:
        detail = _("If they held a card of the colour that was in play (%(color)s), a challenge makes them draw 4 "
                   "cards instead of you; if they did not, you draw 6 cards.",
                   color=wording.color_word(asked.wd4_color)) if asked.wd4_color else ""
        return replace(asked_now, rule=str(Rule.WILD_DRAW_FOUR_CHALLENGE), detail=detail)
    return asked_now


def _result(state: RoundState, names: tuple[str, ...], reader: int | None) -> str:
    """The round's end, said to ``reader`` (None: to nobody)."""
    assert state.winner is not None
    return _("You win the round!") if state.winner == reader else wording.about_name(names[state.winner],
                                                                                      "%(name)s wins the round.")


def _forgot(state: RoundState, me: int | None, names: tuple[str, ...]) -> str:
    """A forgotten UNO in a sentence: someone's, others may catch; or the reader's own, to call late."""
    if state.exposed is None:
        return ""
    if state.exposed == me:
        return _("You have one card left and did not call UNO: call it before someone catches you.")
    return wording.about_name(names[state.exposed], "%(name)s has one card left and did not call UNO.")


def _prompt(state: RoundState, names: tuple[str, ...], viewer: int) -> str:
    """The decision panel's sentence, in the practice table's words."""
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
        return wording.about_name(names[pending.offender], "%(name)s played a Wild Draw Four on you.")
    if pending.kind == PendingKind.STACK:
        return ngettext("Stack a card of the same kind from your hand, or accept and draw %(num)d card.",
                        "Stack a card of the same kind from your hand, or accept and draw %(num)d cards.",
                        pending.amount)
    return _("The first card is a Wild: you name the colour, then play.")


def _options(state: RoundState, viewer: int, names: tuple[str, ...]) -> tuple[Option, ...]:
    """The viewer's answers without a card, as the practice table offers them: a forgotten UNO to
    catch (or the viewer's own to call late) at any time, then what their decision allows."""
    return (*_catch(state, viewer, names), *_to_play(state, viewer))


def _catch(state: RoundState, viewer: int, names: tuple[str, ...]) -> tuple[Option, ...]:
    """A forgotten UNO: someone else's to catch, or the viewer's own to call late."""
    forgot = state.exposed
    if forgot is not None and forgot != viewer:
        return (Option(_("Catch %(name)s!", name=names[forgot]), {"action": "catch", "target": forgot}, primary=True),)
    if forgot == viewer:
        return (Option(_("UNO!"), {"action": "uno"}, primary=True),)
    return ()


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


def completions(move: dict[str, Any], choose: str | None, names: tuple[str, ...], viewer: int) -> tuple[Option, ...]:
    """The move tried, completed by each colour (``choose`` "color": a wild) or each other player
    ("target": a 7 under 7-0)."""
    if choose == "color":
        return colour_options(move)
    if choose == "target":
        return tuple(Option(name, {**move, "target": seat}) for seat, name in enumerate(names) if seat != viewer)
    return ()


def _accept(amount: int) -> str:
    return ngettext("Accept: draw %(num)d card", "Accept: draw %(num)d cards", amount)
