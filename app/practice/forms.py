"""The practice forms read: a new game's fields, a teacher's link, pass-and-play's people and a
move on the table, each turned into the values the options' checks and the engine take.

Reading is all that happens here: a field that can't be read becomes a value the checks refuse
(``read_options`` says which field, in words), or None where the table answers "bad-form".
"""
from __future__ import annotations

from typing import Any

from ..engine.rules import PRESETS, RuleSetError, ruleset
from ..i18n import gettext as _, ngettext
from . import pass_and_play
from .game import CONTINUE, DEFAULT_BOTS, LEVELS, MAX_BOTS, MIN_BOTS, NEXT_ROUND
from .options import MAX_SEED_LENGTH, TARGETS, read_options

ACTIONS = ("play", "draw", "pass", "challenge", "accept", "uno", "catch", "color", NEXT_ROUND, CONTINUE)
HINTS = "hints"  # not a move: the table's hints switch, sent to the same address
SHOW = "show"  # not a move either: in pass-and-play, the next person takes the device
# The "preset" of a form that offers rules kept elsewhere (a class's, app.tables.teaching) as a choice
# of their own: rules no preset and switches of the form make.
KEPT = "kept"
# The kept rules with the form's house-rule switches off: the form's switches say which ones stay on.
_SWITCHED_OFF = {"draw": "one", "stacking": False, "seven_zero": False}


def to_int(value: Any) -> int | None:
    """A form's number (any digits ``int`` reads, "٤٢" too), None if it is not one."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def form_options(form, kept: dict[str, Any] | None = None) -> dict[str, Any]:
    """The new-game form's choices, checked (``read_options``; OptionError names a bad one).
    The class form (app.classroom) shares the form's fields and this reading of them; pass-and-play's
    form has them too, and its people besides (``together_options``). ``kept``: the rules (a rule
    set's ``to_dict``) that the preset ``KEPT`` stands for, in a form that offers them."""
    return read_options(_rules(form, kept), _count(form, "bots"), form.get("level"), form.get("seed", "").strip(),
                        form.get("hints") == "on")


def rules_fields(rules: dict[str, Any]) -> dict[str, str]:
    """The form's rule fields that choose ``rules`` (a rule set's ``to_dict``; the players aside, which
    the form does not choose): the first preset that makes them with the form's target, scoring and
    switches, else ``KEPT`` (then ``form_options(form, kept=rules)`` reads the same fields), so that a
    form starts from rules chosen before (a class's) rather than from the official ones."""
    fields = {"target": str(rules["target"]), **{name: "on" for name in ("stacking", "seven_zero") if rules[name]}}
    if rules["draw"] == "until-playable":
        fields["draw_until_playable"] = "on"
    wanted = ruleset(rules)
    for name, preset in PRESETS.items():
        tried = {**fields, "preset": name, "scoring": "" if preset.scoring == wanted.scoring else wanted.scoring}
        try:
            if ruleset({**_rules(tried), "players": wanted.players}) == wanted:
                return tried
        except RuleSetError:  # a target the form does not offer: no preset makes these rules
            break
    return {**fields, "preset": KEPT, "scoring": ""}


def together_options(form) -> dict[str, Any]:
    """Pass-and-play's form: the new-game fields and the people's number and names, checked."""
    names = [form.get(f"name-{number}", "") for number in range(1, pass_and_play.MAX_PEOPLE + 1)]
    return pass_and_play.read_options(_rules(form), _count(form, "players"), names, _count(form, "bots"),
                                      form.get("level"), form.get("seed", "").strip(), form.get("hints") == "on")


def _count(form, field: str) -> int | str | None:
    """A count typed in the form: a number, else the text (which the options refuse), None if empty."""
    text = form.get(field, "").strip() or None
    number = to_int(text) if text and text.isdecimal() else None
    return text if number is None else number


def _rules(form, kept: dict[str, Any] | None = None) -> dict[str, Any]:
    preset = form.get("preset", "official")
    rules: dict[str, Any] = ({**kept, **_SWITCHED_OFF} if kept is not None and preset == KEPT
                             else {"preset": preset})
    rules["target"] = to_int(form.get("target"))
    if rules["target"] not in TARGETS and not (kept is not None and rules["target"] == kept["target"]):
        rules["target"] = "?"  # refused by ruleset(): the form only offers TARGETS
    if form.get("scoring"):
        rules["scoring"] = form["scoring"]  # an unknown method is refused by ruleset()
    if form.get("stacking") == "on":
        rules["stacking"] = True
    if form.get("seven_zero") == "on":
        rules["seven_zero"] = True
    if form.get("draw_until_playable") == "on":
        rules["draw"] = "until-playable"
    return rules


def from_link(args) -> tuple[dict[str, str], list[str]]:
    """A teacher's link: its usable choices as form values, and a sentence for each bad one."""
    linked: dict[str, str] = {}
    problems: list[str] = []
    for parameter, field, read, refused in _LINK_CHOICES:
        text = args.get(parameter, "").strip()
        value = read(text) if text else None
        if value is not None:
            linked[field] = value
        elif text:
            problems.append(refused())
    return linked, problems


def _link_bots(text: str) -> str | None:
    number = to_int(text) if text.isdecimal() and len(text) < 3 else None  # "٢" too; not 5,000 digits
    return str(number) if number is not None and MIN_BOTS <= number <= MAX_BOTS else None


# A link's query parameter, the form field it fills, its value (None: unusable) and what is said then.
_LINK_CHOICES = (
    ("rules", "preset", lambda text: text if text in PRESETS else None,
     lambda: _("The link names rules that are not offered here: the official rules are used.")),
    ("bots", "bots", _link_bots,
     lambda: _("The link's number of bots can't be used (there can be %(min)d to %(max)d), "
               "so the default is used: %(default)s.", min=MIN_BOTS, max=MAX_BOTS,
               default=ngettext("%(num)d bot", "%(num)d bots", DEFAULT_BOTS))),
    ("level", "level", lambda text: text if text in LEVELS else None,
     lambda: _("The link's bot level can't be used (it is easy or normal), so the default is used: easy.")),
    ("seed", "seed", lambda text: text if len(text) <= MAX_SEED_LENGTH and text.isprintable() else None,
     lambda: ngettext("The link's seed can't be used (it is a number or a word of up to %(num)d character), "
                      "so a new deal is chosen at random.",
                      "The link's seed can't be used (it is a number or a word of up to %(num)d characters), "
                      "so a new deal is chosen at random.", MAX_SEED_LENGTH)),
)


def move_from_form(form) -> dict[str, Any] | None:
    """The form's move in the check API's spelling, or None if the form can't be read."""
    action = form.get("action")
    if action not in ACTIONS:
        return None
    data: dict[str, Any] = {"action": action, "uno": form.get("uno") in ("1", "on")}
    for field in ("card", "color"):
        if form.get(field):
            data[field] = form[field]
    if form.get("target"):
        data["target"] = to_int(form["target"])
        if data["target"] is None:
            return None
    if action == "play" and "card" not in data:
        return None
    return data
