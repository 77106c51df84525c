"""Who may touch which game, and the version check: shared by the table's forms and the JSON API.

A game belongs to the browser that started it: a random owner token, stored in the game's row as
a hash and compared in constant time, in an HttpOnly cookie signed with the app's secret key (as
Flask signs its session), so that only a token this server issued is taken: one a client made up
owns nothing, and a new one is issued in its place when a token is needed. A cookie of the random
part alone (as tokens were issued before they were signed) is refused: it can't be told from the
bare half of a signed cookie, which must own nothing without its signature. Every move names the version
it was made on; the save is a compare-and-set, so a replayed, stale or racing request is refused
and nothing is applied twice.

A whole signed cookie can still be planted: a sibling subdomain, or a plain-HTTP answer on the way,
may set a cookie for this site, and a browser that plays under a planted token plays games its
planter owns. Over HTTPS the cookie is therefore ``__Host-uno_owner``, and only that name is read:
browsers accept a ``__Host-`` cookie only from this very host, over HTTPS, with ``Secure`` and
``Path=/`` and no ``Domain``, so no one else can set it. Over plain HTTP (a development server)
no cookie can be kept from being planted, and the plain name is used.
"""
from __future__ import annotations

import hashlib
import re
import secrets
from collections import OrderedDict
from typing import Any

from flask import current_app, g, request
from flask_babel import lazy_gettext as _l, lazy_ngettext
from itsdangerous import BadSignature, Signer

from ..engine.rules import RuleSet, RuleSetError, ruleset
from ..errors import UserError
from ..limits import LimitReached
from ..store import Record, TooManyGames, new_token
from ..store.opened import store
from .game import DEFAULT_BOTS, LEVELS, MAX_BOTS, MIN_BOTS, Practice, start

OWNER_COOKIE = "uno_owner"  # over plain HTTP
SECURE_OWNER_COOKIE = "__Host-uno_owner"  # over HTTPS: only this host can set it (module docstring)
MAX_KEPT = 256  # games kept in memory per process (most recently saved)
OWNER_COOKIE_AGE = 365 * 24 * 3600
_OWNER_IN_HEADER = {secure: re.compile(rf"(?:^|;)\s*{name}=([A-Za-z0-9_.-]+)\s*(?:;|$)")
                    for secure, name in ((False, OWNER_COOKIE), (True, SECURE_OWNER_COOKIE))}
# new_token's form (43 characters of URL-safe base64), signed: a dot and the HMAC-SHA256 of it, in
# the same alphabet.
_SIGNED = re.compile(r"[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}")
_UNREAD = object()
MAX_SEED_LENGTH = 40
MAX_LIVE_GAMES = 20  # unfinished games one owner may have at once (app.practice.limits)


class GameError(UserError):
    """A request the table refuses before any rule is looked at: ``code`` is a wording error code."""

    def __init__(self, code: str, status: int, **params: Any):
        super().__init__(code, status, **params)


class OptionError(GameError):
    """A new-game option out of range; ``field`` names it (the form shows the message beside it)."""

    def __init__(self, field: str, message: Any):
        super().__init__("bad-options", 400)
        self.field, self.message = field, message


def owner_token(create: bool = False) -> str | None:
    """This browser's token, if this server issued it; with ``create``, a new one is made if not
    (and set by ``set_owner_cookie``).

    Read straight from the Cookie header: a token is URL-safe base64, so there is no quoting to
    undo, and parsing every cookie into a MultiDict cost more than the rest of the owner check.
    """
    found_g = g._get_current_object()
    token = found_g.get("owner_token", _UNREAD)
    if token is _UNREAD:
        found_request = request._get_current_object()
        found = _OWNER_IN_HEADER[found_request.is_secure].search(found_request.environ.get("HTTP_COOKIE", ""))
        token = found_g.owner_token = _issued(found[1]) if found else None
    if token is None and create:
        token = found_g.owner_token = found_g.new_owner_token = new_token()
    return token


def _issued(cookie: str) -> str | None:
    """The token in the cookie's value if it is one this server issued, else None."""
    if not _SIGNED.fullmatch(cookie):
        return None
    try:
        return _signer().unsign(cookie).decode()
    except BadSignature:
        return None


def _signer() -> Signer:
    """The owner cookie's signer, made once per app from its secret key (as Flask's session)."""
    app = current_app._get_current_object()
    found = app.extensions.get("owner_signer")
    if found is None:
        found = app.extensions["owner_signer"] = Signer(app.secret_key, salt="uno-owner-token",
                                                        key_derivation="hmac", digest_method=hashlib.sha256)
    return found


def set_owner_cookie(response):
    """After a request that made a token, give it to the browser, signed (HttpOnly, SameSite=Lax)."""
    token = g.get("new_owner_token")
    if token is not None:
        secure = request.is_secure
        response.set_cookie(SECURE_OWNER_COOKIE if secure else OWNER_COOKIE, _signer().sign(token).decode(),
                            max_age=OWNER_COOKIE_AGE, path="/", httponly=True, samesite="Lax", secure=secure)
    return response


def load(game_id: str, version: Any = None) -> tuple[Record, Practice]:
    """The game, if it exists and belongs to this browser; GameError (404/403) otherwise.

    Given the ``version`` a move names, a game this process saved at that version is taken out
    of memory without reading its row or copying it: the move changes it, and only its save
    keeps it again (a refused or failed move leaves nothing half-changed behind). It may be
    stale (another process saved since): the save's compare-and-set then refuses the move, and
    a refusal must ask ``current_version``.
    """
    key, memory = (game_id, version), kept_games()
    kept = memory.get(key) if type(version) is int else None
    record = kept[0] if kept else store().load(game_id) if len(game_id) <= 64 else None
    if record is None:
        raise GameError("game-not-found", 404)
    if not record.owned_by(owner_token()):  # the kept record carries the owner too: never skipped
        raise GameError("forbidden", 403)
    if kept is not None and memory.pop(key, None) is kept:  # None: another thread took it first
        return record, kept[1]
    kept = memory.get((record.id, record.version))
    if kept is not None:
        copied = kept[1].copy()
        if memory.get((record.id, record.version)) is kept:  # else a move took it while it was copied
            return record, copied
    return record, Practice.from_dict(record.state)


def current_version(game_id: str) -> int | None:
    """The stored version (None: no such game), for an answer that must say it."""
    record = store().load(game_id)
    return record and record.version


def kept_games() -> OrderedDict[tuple[str, int], tuple[Record, Practice]]:
    """The games this app saved last, by (id, version), with their records: a version is written
    once (the save is a compare-and-set), so the stored row of that version is exactly this game,
    and the next move skips decoding it. The database stays the truth: another process's or
    host's save simply misses here, or fails the compare-and-set. A move takes its game out
    (``load``); every other reader gets a copy. One memory per app, as there is one app per
    process in production (two apps in one process, as in the tests, are two hosts)."""
    extensions = current_app._get_current_object().extensions
    found = extensions.get("kept_games")
    if found is None:
        found = extensions.setdefault("kept_games", OrderedDict())
    return found


def _keep(record: Record, practice: Practice) -> None:
    """Keep ``practice`` itself, not a copy: the caller has saved it and no longer changes it."""
    memory = kept_games()
    memory[record.id, record.version] = record, practice
    while len(memory) > MAX_KEPT:
        memory.popitem(last=False)  # atomic, unlike iterating: safe in a threaded server


def check_version(record: Record, version: Any) -> None:
    """A move made on another version than the stored one is stale (a double click, a replay)."""
    if type(version) is not int or version != record.version:
        raise GameError("stale-version", 409, version=record.version)


def save(record: Record, practice: Practice, steps: list[dict[str, Any]]) -> Record:
    """Store the game's next version and its new steps, unless another request got there first
    (then nothing is saved). The caller must not change ``practice`` afterwards: it is kept."""
    saved = store().save(record, practice.to_dict(), practice.finished, steps, practice.latest)
    if saved is None:
        raise GameError("stale-version", 409)
    kept_games().pop((record.id, record.version), None)
    _keep(saved, practice)
    return saved


def create(options: dict[str, Any], save=None) -> tuple[Record, Practice, list[dict[str, Any]]]:
    """A new game for this browser from checked options (``read_options``), unless it has
    MAX_LIVE_GAMES unfinished ones (``LimitReached``, 429). ``save(owner token, state, finished,
    steps)`` stores it instead of ``Store.create`` (a class's student joining, which counts the
    same live games), and may raise to refuse it: then nothing is kept."""
    practice, steps = start(**options)
    token, state = owner_token(create=True), practice.to_dict()
    try:
        record = (save(token, state, practice.finished, steps) if save else
                  store().create(token, state, practice.finished, steps, most_live=MAX_LIVE_GAMES))
    except TooManyGames as full:
        raise LimitReached("too-many-games", full.wait, max=MAX_LIVE_GAMES) from None
    _keep(record, practice)
    return record, practice, steps


# The forms that choose rules (a new game here, the sandbox's builder): each preset with what sets
# it apart, and the house-rule switches (form field, label).
RULE_CHOICES = (
    ("official", _l("Official rules"), _l("as printed by the maker of UNO")),
    ("guide-long", _l("Long Arabic guide"), _l("draw until you can play, a 4-card UNO penalty, lowest total wins")),
    ("guide-short", _l("Short Arabic guide"), _l("random dealer, no challenge of a Wild Draw Four, lowest total wins")),
)
HOUSE_RULE_SWITCHES = (
    ("stacking", _l("Stacking: answer a Draw Two with a Draw Two, a Wild Draw Four with a Wild Draw Four")),
    ("seven_zero", _l("Seven-zero: a 7 swaps hands with a player you choose, a 0 passes every hand on")),
    ("draw_until_playable", _l("Draw until you can play")),
)
BOTS_RANGE = _l("Choose between %(min)d and %(max)d bots.")
LEVEL_CHOICE = _l("Choose the bots' level: easy or normal.")
SEED_FORMAT = lazy_ngettext("A seed is a number or a word of up to %(num)d character.",
                            "A seed is a number or a word of up to %(num)d characters.", MAX_SEED_LENGTH)
HINTS_CHOICE = _l("Hints are on or off: true or false.")
RULES_INVALID = _l("These rules can't be used: choose a preset and options from the list.")


def read_options(rules: Any, bots: Any, level: Any, seed: Any, hints: Any = True) -> dict[str, Any]:
    """Checked options for ``create``; OptionError names the first bad one."""
    try:
        chosen: RuleSet = ruleset(rules)
    except (RuleSetError, TypeError, ValueError):
        raise OptionError("rules", RULES_INVALID) from None
    if bots is None:
        bots = DEFAULT_BOTS
    if type(bots) is not int or not MIN_BOTS <= bots <= MAX_BOTS:
        raise OptionError("bots", BOTS_RANGE % {"min": MIN_BOTS, "max": MAX_BOTS})
    if level is None:
        level = LEVELS[0]
    if level not in LEVELS:
        raise OptionError("level", LEVEL_CHOICE)
    if seed is None or seed == "":
        seed = secrets.randbelow(10**18)  # ~60 bits: no client can find it from the cards it sees
    elif not (type(seed) is int or (isinstance(seed, str) and len(seed) <= MAX_SEED_LENGTH
                                    and seed.isprintable())):
        raise OptionError("seed", str(SEED_FORMAT))
    elif isinstance(seed, str) and seed.strip().isdecimal():  # "٤٢" too; not "²", which int() refuses
        seed = int(seed)  # "42" typed in the form and 42 sent as JSON deal the same game
    if hints is None:
        hints = True
    if type(hints) is not bool:
        raise OptionError("hints", HINTS_CHOICE)
    try:
        chosen = ruleset({**chosen.to_dict(), "preset": "official", "players": bots + 1})
    except RuleSetError:
        raise OptionError("bots", BOTS_RANGE % {"min": MIN_BOTS, "max": MAX_BOTS}) from None
    return {"rules": chosen, "bot_count": bots, "level": level, "seed": seed, "hints": hints}
