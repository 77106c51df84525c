"""Every verdict, event, card and error the app can show has words in Arabic and English.

Translation tests: these read message text, which other tests never do. Games are driven at
random (seeded) through the engine, including house rules and the guide presets, and every
verdict and event met is worded in both languages, redacted for each viewer and not.
"""
import random
import re
from contextlib import contextmanager

import pytest
from app import wording
from app.engine import visibility
from app.engine.cards import DECK, FACES, Color, Kind, card
from app.engine.game import Game
from app.engine.moves import Action, Move
from app.engine.rules import Rule, ruleset
from app.engine.scenario import from_scenario
from app.engine.verdict import Event, IllegalMoveError, Verdict
from app.practice.game import play, start

LANGS = ("en", "ar")
LATIN = re.compile(r"[A-Za-z]")
EVENT_KINDS = {"play", "color", "uno", "skip", "reverse", "pending", "swap", "rotate", "round-end", "points",
               "pass", "challenge", "draw", "reshuffle", "catch", "deal", "dealer", "dealer-draw", "first",
               "redraw", "game-end"}
ERROR_CODES = ("bad-scenario", "unknown-card", "too-many-copies", "no-discard", "bad-seat", "bad-players",
               "incomplete-deck", "bad-direction", "color-needed", "unknown-color", "color-mismatch",
               "unknown-option", "malformed-json", "bad-move", "bad-form", "not-json", "not-found", "game-not-found",
               "forbidden", "stale-version", "too-large", "csrf", "server-error", "method-not-allowed")
# Every parameter the engine puts in a verdict or an event, with a typical value.
SAMPLE = {"card": "B7", "top": "R5", "held": "R2", "drawn": "G3", "color": "red", "named": "blue",
          "seat": 1, "turn": 2, "target": 2, "offender": 3, "winner": 1, "dealer": 0, "count": 3,
          "copies": 2, "direction": -1, "cards": ["R1", "WD4"], "points": [0, 42, 0, 0],
          "scores": [120, 510, 80, 0], "winners": [1, 3], "method": "highest", "field": "hands", "min": 2, "max": 10,
          "minutes": 10, "players": 4, "score": 510, "name": "x"}
GAMES = [  # (rules, players, seed)
    ("official", 4, 1), ("official", 2, 2), ("official", 3, 3), ("guide-long", 4, 4),
    ("guide-short", 4, 5), ({"preset": "official", "stacking": True}, 4, 6),
    ({"preset": "official", "seven_zero": True}, 4, 7), ({"preset": "guide-long", "stacking": True}, 3, 8),
    ({"preset": "official", "seven_zero": True, "stacking": True}, 2, 9), ("guide-short", 2, 10),
    ({"preset": "official", "first_wild": "redraw", "dealer": "random"}, 5, 11), ("official", 10, 12),
]


@contextmanager
def language(app, lang):
    with app.test_request_context(f"/?lang={lang}"):
        yield


def _clean(text, lang):
    """A rendered message has no leftover placeholder, and Arabic none of the Latin alphabet."""
    assert text and "%(" not in text and ")s" not in text, text
    if lang == "ar":
        assert not LATIN.search(text), text


SEAT_KEYS = {"seat", "turn", "target", "offender", "winner", "dealer"}
FLAG_KEYS = {"guilty", "late", "method", "case", "tie"}


def _shape(params):
    """What makes two params word differently: keys, seats, flags (cards by presence only)."""
    return tuple(sorted((k, v if k in SEAT_KEYS | FLAG_KEYS else bool(v)) for k, v in params.items()))


def _play_round(game, rng, verdicts, events):
    """Random legal moves, mostly plays; every move tried and a few illegal ones are checked."""
    state = game.round
    for _ in range(300):
        if state.round_over:
            return
        actor = state.actor()
        for move in _probes(state, actor, rng):
            verdict = state.check(move)
            verdicts.setdefault((verdict.rule, verdict.legal, _shape(verdict.params)), verdict)
        move = _choose(state, actor, rng)
        verdict = state.check(move)
        verdicts.setdefault((verdict.rule, verdict.legal, _shape(verdict.params)), verdict)
        _keep(events, game.apply(move), state.players)


def _probes(state, actor, rng):
    """Some candidate moves (legal or not), another seat acting, a catch of oneself, a card not in
    the hand, and cards played bare (a wild without a colour, a 7 without a target)."""
    candidates = state.candidate_moves(actor)
    other = (actor + 1) % state.players
    hand = [Move(actor, Action.PLAY, card) for card in dict.fromkeys(state.hands[actor])]
    elsewhere = next(card for card in FACES.values() if card not in state.hands[actor])
    return [*rng.sample(candidates, min(4, len(candidates))), Move(other, Action.DRAW),
            Move(actor, Action.CATCH, target=actor), Move(actor, Action.PLAY, elsewhere), *hand[:3]]


def _choose(state, actor, rng):
    """A legal move: now and then a late UNO or a catch of a forgotten one, mostly a play."""
    exposed = state.exposed
    if exposed is not None and rng.random() < 0.6:
        catcher = rng.choice([s for s in range(state.players) if s != exposed])
        return rng.choice([Move(exposed, Action.UNO), Move(catcher, Action.CATCH, target=exposed)])
    legal = state.legal_moves(actor)
    plays = [m for m in legal if m.action is Action.PLAY]
    return rng.choice(plays if plays and rng.random() < 0.8 else legal)


def _keep(events, new, players):
    for event in new:
        events.setdefault((event.kind, event.rule, _shape(event.params)), (event, players))


@pytest.fixture(scope="module")
def played():
    """Seeded random games: every kind of verdict checked and event produced, once each."""
    verdicts, events = {}, {}
    for rules, players, seed in GAMES:
        spec = {**(rules if isinstance(rules, dict) else {"preset": rules}), "target": 150}
        rng = random.Random(seed)
        game, dealt = Game.new(spec, players, seed)
        _keep(events, dealt, players)
        for _ in range(8):
            _play_round(game, rng, verdicts, events)
            if not game.round.round_over:
                break
            over = game.round.check(Move(0, Action.DRAW))  # round.end: the round is over
            verdicts.setdefault((over.rule, over.legal, _shape(over.params)), over)
            try:
                _keep(events, game.next_round(), players)
            except IllegalMoveError as error:  # the game is over
                verdicts.setdefault((error.verdict.rule, False, _shape(error.verdict.params)), error.verdict)
                break
    for events_of_a_rare_case in _staged():
        _keep(events, events_of_a_rare_case, 2)
    try:
        Game.new("official", 2, 0)[0].next_round()
    except IllegalMoveError as error:  # round.end: not over yet
        verdicts[Rule.ROUND_END, False, "not-over"] = error.verdict
    practice, _ = start(ruleset({"preset": "official", "players": 2}), 1, "easy", 0)  # the learner to move
    with pytest.raises(IllegalMoveError) as refused:  # the table's own case: no bot to wait for
        play(practice, {"action": "continue"})
    verdicts[Rule.TURN_ORDER, False, "yours"] = refused.value.verdict
    return list(verdicts.values()), list(events.values())


def _staged():
    """Events random play meets only now and then, set up directly so the test never misses them."""
    deck = [c.notation for c in DECK if c.notation != "WD4"]
    yield from_scenario({"players": 2, "deck": [*deck[:14], "WD4", *deck[14:], "WD4", "WD4", "WD4"]})[1]  # redraw
    state, _ = from_scenario({"hands": [["R1", "G2"], ["B3"]], "discard": ["Y4", "Y5", "R5"], "draw_pile": []})
    yield state.apply(Move(0, Action.DRAW))  # reshuffle
    state, _ = from_scenario({"hands": [["R0", "G2"], ["B3", "B4"]], "discard": ["R5"],
                              "rules": {"seven_zero": True}})
    yield state.apply(Move(0, Action.PLAY, card("R0")))  # rotate


def test_games_meet_every_event_kind(played):
    _, events = played
    assert {event.kind for event, _ in events} == EVENT_KINDS


@pytest.mark.parametrize("lang", LANGS)
def test_every_verdict_met_in_play_is_worded(app, played, lang):
    verdicts, _ = played
    with language(app, lang):
        for verdict in verdicts:
            text = wording.verdict_message(verdict)
            _clean(text, lang)
            assert text != wording.rule_title(verdict.rule), verdict  # not the fallback


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_met_in_play_is_worded_for_every_viewer(app, played, lang):
    _, events = played
    names = [f"N{seat}" for seat in range(10)] if lang == "en" else None
    with language(app, lang):
        for event, players in events:
            for viewer in (None, *range(players)):
                seer = visibility.TABLE if viewer is None else visibility.player(viewer)
                for seen in (event, visibility.event(event, seer)):
                    text = wording.event_message(seen, names, viewer)
                    _clean(text, lang)
                    assert text != wording.rule_title(event.rule), event
                    listed = event.kind in ("dealer-draw", "points", "game-end")  # lists name every seat
                    if names and viewer is not None and not listed:  # the viewer is "you", not a name
                        assert not re.search(rf"\bN{viewer}\b", text), (event, viewer, text)


def test_games_meet_every_verdict_the_engine_words_by_case(played):
    """The table has no dead case: each (rule, legal, case) with a case is met in play."""
    verdicts, _ = played
    met = {(v.rule, v.legal, v.params.get("case")) for v in verdicts}
    assert met <= set(wording.VERDICTS)
    assert {key for key in wording.VERDICTS if key[2]} <= met


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_has_a_message_for_both_outcomes(app, lang):
    with language(app, lang):
        for rule in Rule:
            title = wording.rule_title(rule)
            _clean(title, lang)
            for legal in (True, False):
                assert (rule, legal, None) in wording.VERDICTS
                text = wording.verdict_message(Verdict(legal, rule, SAMPLE))
                _clean(text, lang)
                assert text != title


def test_arabic_differs_from_english_everywhere(app):
    """Every table entry is translated (a missing translation would show the English msgid)."""
    tables = [wording.VERDICTS, wording.EVENTS, wording.ERRORS, wording.RULE_TITLES, wording.NUMBER_CARDS,
              wording.ACTION_CARDS, wording.COLOR_NAMES, wording.COLOR_WORDS, wording.KIND_NAMES,
              wording.DIRECTIONS, wording.FIELDS]
    params = {**SAMPLE, "total": 3, "number": 5, "kind": "x", "face": "x", "name": "x", "value": 1, "others": "x"}
    texts = {}
    for lang in LANGS:
        with language(app, lang):
            texts[lang] = [_text(message, params) for table in tables for message in table.values()]
    untranslated = [en for en, ar in zip(texts["en"], texts["ar"]) if en == ar]
    assert untranslated == []


def _text(message, params):
    return message(params) if isinstance(message, wording.Plural) else str(message) % params


def test_second_person_variants_exist(app):
    """Whoever a narration is about can read it as "you": every subject has a second-person line."""
    subject = re.compile(r"%\((seat|winner|dealer)\)s")
    with language(app, "en"):
        missing = [key for key, message in wording.EVENTS.items()
                   if key[2] == "they" and subject.search(_source(message)) and (*key[:2], "you") not in wording.EVENTS]
    assert missing == []


def _source(message):
    return message.singular if isinstance(message, wording.Plural) else str(message)


def _plurals():
    tables = [wording.VERDICTS, wording.EVENTS, wording.ERRORS]
    return [message for table in tables for message in table.values() if isinstance(message, wording.Plural)]


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_read_naturally(app, lang):
    """Arabic: one and two in words (a dual, not "2 بطاقة"), 3, 11 and 100 in digits, each
    form its own; English: the number always shown."""
    # Letters for every other parameter, so the only digits are the count's.
    params = {key: "س" for key in ("seat", "target", "card", "top", "winner", "dealer", "offender", "cards",
                                   "count", "copies", "points")}
    counts = (0, 1, 2, 3, 11, 100)
    for message in _plurals():
        with language(app, lang):
            texts = {n: message({**params, message.key: n}) for n in counts}
        for n, text in texts.items():
            _clean(text, lang)
            shown = str(n) in re.sub(r"\d*108", "", text)  # the deck's size is no count
            assert shown if lang == "en" or n >= 3 else n == 0 or not shown, text
        if lang == "ar":
            forms = {texts[n].replace(str(n), "#") for n in counts[:5]}
            assert len(forms) == 5, texts


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_code_has_a_message(app, lang):
    allowed = re.compile(r"\b(JSON|R5|GS|BR|YD2|W|WD4|red|yellow|green|blue|scenario|moves|scores|"
                         r"demo|quiz|to|next|back|reveal|frame|answer|leaderboard|true|false|x)\b")  # API names (x: a demo's name sent)
    assert set(ERROR_CODES) <= set(wording.ERRORS)
    with language(app, lang):
        texts = {code: wording.error_message(code, **SAMPLE) for code in wording.ERRORS}
        unknown = wording.error_message("no-such-code")
        assert wording.error_message("no-discard", unexpected=1) == str(wording.ERRORS["no-discard"])
    assert unknown not in texts.values()
    for text in texts.values():
        _clean(allowed.sub("", text), lang)
    assert len(set(texts.values())) == len(texts)


@pytest.mark.parametrize("lang", LANGS)
def test_names_of_cards_colours_kinds_and_seats(app, lang):
    with language(app, lang):
        cards = [wording.card_name(notation) for notation in FACES]
        colors = [wording.color_name(c) for c in Color]
        words = [wording.color_word(c) for c in Color]
        kinds = [wording.kind_name(k) for k in Kind]
        titles = [wording.rule_title(rule) for rule in Rule]
        assert wording.card_name("X9") == "X9" and wording.color_name("pink") == "pink"
        assert wording.rule_title("no.such-rule") == "no.such-rule"
        assert wording.seat_name(1, ["You", "Bot 1"]) == "Bot 1"
        assert wording.seat_name(0) != wording.seat_name(1)
        assert wording.seat_name(5, ["You"]) == wording.seat_name(5)  # names too short: the default
    for group in (cards, colors, words, kinds):
        assert len(set(group)) == len(group)
        for text in group:
            _clean(text, lang)
    for text in titles:
        _clean(text, lang)


def test_the_design_example(app):
    """DESIGN.md "Words": the rule first, then the reason with the actual cards."""
    verdict = Verdict(False, Rule.MATCH_NONE, {"card": "B7", "top": "R5", "color": "red"})
    with language(app, "en"):
        assert wording.verdict_message(verdict) == (
            "You can't play Blue 7: it matches neither the colour (red) nor the number (5).")
    with language(app, "ar"):
        assert wording.verdict_message(verdict) == "لا يمكنك لعب بطاقة زرقاء رقم\u00a07، فهي لا تطابق اللون الأحمر ولا الرقم 5."


def test_unknown_case_falls_back_to_the_rules_message_and_missing_params_to_its_title(app):
    with language(app, "en"):
        odd = wording.verdict_message(Verdict(False, Rule.UNO_CATCH, {"case": "new-case"}))
        plain = wording.verdict_message(Verdict(False, Rule.UNO_CATCH, {}))
        bare = wording.verdict_message(Verdict(False, Rule.MATCH_NONE, {}))
        event = wording.event_message(Event(("draw", Rule.DRAW_ONE, {})))
        unknown_kind = wording.event_message(Event(("no-such-kind", Rule.DRAW_ONE, {"seat": 0})))
        titles = wording.rule_title(Rule.MATCH_NONE), wording.rule_title(Rule.DRAW_ONE)
    assert odd == plain
    assert bare == titles[0]
    assert event == titles[1] == unknown_kind


def test_drawn_cards_are_named_only_for_the_one_who_drew_them(app):
    event = Event(("draw", Rule.DRAW_ONE, {"seat": 1, "count": 2, "cards": ["R5", "G7"], "private_to": 1}))
    with language(app, "en"):
        own = wording.event_message(visibility.event(event, visibility.player(1)), viewer=1)
        other = wording.event_message(visibility.event(event, visibility.player(0)), viewer=0)
    assert own == "You draw 2 cards: Red 5 and Green 7."
    assert other == "Player 2 draws 2 cards."  # how many, never which


def test_card_lists_in_english_have_the_serial_comma(app):
    """Arabic lists are tested with the style sheet (test_arabic_style.py)."""
    event = Event(("draw", Rule.DRAW_ONE, {"seat": 0, "count": 3, "cards": ["WD4", "R2", "G7"], "private_to": 0}))
    with language(app, "en"):
        assert "Wild Draw Four, Red 2, and Green 7" in wording.event_message(visibility.event(event, visibility.player(0)), viewer=0)


@pytest.mark.parametrize("lang", LANGS)
def test_a_tied_game_names_every_winner(app, lang):
    """score.tally-lowest can end in a tie: the sentence names all who share the win, "you" among them."""
    names = ("You", "Bot 1", "Bot 2", "Bot 3") if lang == "en" else ("أنت", "البوت 1", "البوت 2", "البوت 3")
    with_you = Event(("game-end", Rule.SCORE_TALLY_LOWEST, {"winner": 0, "winners": [0, 2], "scores": [7, 12, 7, 30]}))
    without = Event(("game-end", Rule.SCORE_TALLY_LOWEST, {"winner": 1, "winners": [1, 3], "scores": [30, 7, 12, 7]}))
    alone = Event(("game-end", Rule.SCORE_TALLY_LOWEST, {"winner": 1, "scores": [30, 7, 12, 9]}))
    with language(app, lang):
        mine, theirs, single = (wording.event_message(e, names, viewer=0) for e in (with_you, without, alone))
        tie_words = {str(wording.EVENTS["game-end", "tie", who]).split("%")[0] for who in ("you", "they")}
    for text in (mine, theirs):
        _clean(text, lang)
        assert any(text.startswith(words) for words in tie_words), text
    assert not any(single.startswith(words) for words in tie_words)
    assert names[2] in mine and names[1] in theirs and names[3] in theirs
    if lang == "en":
        assert mine.startswith("The game ends in a tie: you share the win with Bot 2.")
        assert theirs.startswith("The game ends in a tie: Bot 1 and Bot 3 share the win.")


@pytest.mark.parametrize("lang", LANGS)
def test_a_tie_for_dealer_is_told_as_the_tied_players_drawing_again(app, lang):
    """setup.dealer (#32): after a tie only the tied players draw again, and the narration says so
    rather than "each player draws", which the list of fewer players would contradict."""
    from app.engine.setup import choose_dealer
    seed = next(s for s in range(100) if len([e for e in choose_dealer(ruleset("official"), 4, s)[1]
                                                if e.kind == "dealer-draw"]) > 1)
    first, again, *_ = [e for e in choose_dealer(ruleset("official"), 4, seed)[1] if e.kind == "dealer-draw"]
    assert (first.params["tie"], again.params["tie"]) == (False, True) and len(again.params["cards"]) < 4
    with language(app, lang):
        told = [wording.event_message(e) for e in (first, again)]
    for text in told:
        _clean(text, lang)
    each, tied = {"en": ("Each player draws", "only the tied players draw again"),
                  "ar": ("يسحب كل لاعب", "إلا المتعادلون")}[lang]
    assert each in told[0] and tied not in told[0]
    assert tied in told[1] and each not in told[1]
