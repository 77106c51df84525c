"""Properties of the whole engine over random play: random rule sets, 2-10 players, random legal
moves and random illegal candidates. Examples are few and short so the suite stays fast."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine import DECK, FACES, Action, Color, Event, Game, IllegalMoveError, InvalidMoveError, Move, RoundState
from app.engine import visibility
from app.engine.bots import catch_move, decide
from app.engine.scenario import from_scenario

from .helpers import candidates, random_moves

SETTINGS = {"deadline": None, "database": None}
rule_sets = st.builds(lambda preset, stacking, seven_zero: {"preset": preset, "stacking": stacking,
                                                             "seven_zero": seven_zero, "target": 200},
                      st.sampled_from(["official", "guide-long", "guide-short"]), st.booleans(), st.booleans())
players = st.integers(min_value=2, max_value=10)
seeds = st.integers(min_value=0, max_value=10**6)
FULL_DECK = Counter(DECK)


# --- moves with extras ----------------------------------------------------------------------

def with_extras(move: Move, rng: random.Random, players: int) -> Move:
    """``move`` with fields its action ignores filled in (a colour on a number card, a call on a draw…)."""
    extras = {"uno": True}
    if move.action is not Action.PLAY:
        extras["card"] = rng.choice(list(FACES.values()))
    if move.action not in (Action.COLOR, Action.PLAY) or (move.card and not move.card.is_wild):
        extras["color"] = rng.choice(list(Color))
    seven_zero = move.card is not None and move.card.number == 7
    if move.action is not Action.CATCH and not seven_zero:
        extras["target"] = rng.randrange(players)
    return Move(**{**{f: getattr(move, f) for f in Move.__slots__}, **extras})


# --- invariants ---------------------------------------------------------------------------------

def assert_cards_accounted(state: RoundState) -> None:
    """The 108 cards, each exactly once: hands + draw pile + discard pile is the deck."""
    everywhere = Counter(state.draw_pile) + Counter(state.discard)
    for hand in state.hands:
        everywhere += Counter(hand)
    assert everywhere == FULL_DECK
    top = state.top  # the face-up card is not also waiting in the draw pile
    assert state.draw_pile.count(top) + state.discard.count(top) + sum(h.count(top) for h in state.hands) \
        == DECK.count(top)


def assert_events_explain_sizes(before: RoundState, after: RoundState, events: list[Event]) -> None:
    """Hand and pile sizes change exactly as the events say."""
    sizes, pile, discard = [len(h) for h in before.hands], len(before.draw_pile), len(before.discard)
    for event in events:
        p = event.params
        if event.kind == "play":
            sizes[p["seat"]] -= 1
            discard += 1
        elif event.kind == "draw":
            assert p["count"] == len(p["cards"])
            sizes[p["seat"]] += p["count"]
            pile -= p["count"]
        elif event.kind == "reshuffle":
            pile += p["count"]
            discard -= p["count"]
        elif event.kind == "swap":
            sizes[p["seat"]], sizes[p["target"]] = sizes[p["target"]], sizes[p["seat"]]
        elif event.kind == "rotate":
            sizes = [sizes[(s - p["direction"]) % len(sizes)] for s in range(len(sizes))]
    assert (sizes, pile, discard) == ([len(h) for h in after.hands], len(after.draw_pile), len(after.discard))


def assert_views_hide(state: RoundState, events: list[Event]) -> None:
    """A seat's view shows its own hand only, no draw-pile cards, no hidden pending fields; other
    seats' drawn or shown cards are redacted from the events it receives."""
    for seat in range(state.players):
        view = visibility.view(state, visibility.player(seat))
        json.dumps(view)
        assert view["seat"] == seat and "draw_pile" not in view
        assert view["hands"][seat] == [c.notation for c in state.hands[seat]]
        assert all(h == len(state.hands[s]) for s, h in enumerate(view["hands"]) if s != seat)
        allowed = {*view["hands"][seat], state.top.notation}
        if state.pending is not None and state.pending.kind == "drawn" and state.pending.seat == seat:
            allowed.add(state.pending.card.notation)
        assert notations_in(view) <= allowed
        if view["pending"] is not None:
            mine = state.pending.kind == "drawn" and state.pending.seat == seat
            assert set(view["pending"]) == ({"kind", "seat", "card"} if mine else {"kind", "seat"})
        for event in events:
            seen = visibility.event(event, visibility.player(seat))
            json.dumps(seen.to_dict())
            assert "private_to" not in seen.params and "held" not in seen.params
            if event.params.get("private_to", seat) != seat:
                assert "cards" not in seen.params


def notations_in(value) -> set[str]:
    """Every string in a JSON-like value that is a card's notation."""
    if isinstance(value, dict):
        return set().union(*map(notations_in, value.values()))
    if isinstance(value, list):
        return set().union(*map(notations_in, value))
    return {value} if isinstance(value, str) and value in FACES else set()


def assert_illegal_changes_nothing(state: RoundState, move: Move) -> None:
    verdict = state.check(move)
    assert not verdict.legal
    before = state.to_dict()
    try:
        state.apply(move)
    except IllegalMoveError as error:
        assert error.verdict == verdict
    else:
        raise AssertionError(f"{move} was applied")
    assert state.to_dict() == before
    assert state.attempt(move) == (verdict, [])
    assert state.to_dict() == before


def assert_extras_change_no_verdict(state: RoundState, rng: random.Random) -> None:
    """Fields a move's action ignores never change its verdict. (That ``legal_moves`` lists exactly
    the moves ``check`` accepts is pinned in one place: test_fast_paths.)"""
    for move in rng.sample(candidates(state), 40):
        assert state.check(with_extras(move, rng, state.players)) == state.check(move)


# --- random play --------------------------------------------------------------------------------

def play_randomly(game: Game, rng: random.Random, steps: int, full_checks: int = 0):
    """Random legal moves (with illegal attempts and catches thrown in), checking every invariant;
    yields each move applied."""
    for step in range(steps):
        state = game.round
        if state.round_over:
            if game.game_over:
                return
            game.next_round()
            assert_cards_accounted(game.round)
            continue
        if step < full_checks:
            assert_extras_change_no_verdict(state, rng)
        for illegal in [m for m in rng.sample(candidates(state), 30) if not state.check(m).legal][:2]:
            assert_illegal_changes_nothing(state, illegal)
        move = Move(rng.randrange(state.players), Action.CATCH, target=state.exposed) \
            if state.exposed is not None and rng.random() < 0.5 else random_moves(state, rng)
        if move.target == move.seat and move.action is Action.CATCH:
            continue
        before = state.copy()
        events = game.apply(move)
        assert_cards_accounted(state)
        assert_events_explain_sizes(before, state, [e for e in events if e.kind != "game-end"])
        assert_views_hide(state, events)
        yield move, events


@settings(max_examples=25, **SETTINGS)
@given(rule_sets, players, seeds)
def test_property__random_play_keeps_every_invariant(rules, n, seed):
    game, _ = Game.new(rules, players=n, seed=seed)
    rng = random.Random(seed)
    for _ in play_randomly(game, rng, steps=60, full_checks=4):
        pass


@settings(max_examples=15, **SETTINGS)
@given(rule_sets, players, seeds)
def test_property__same_seed_same_moves_same_game(rules, n, seed):
    game, setup = Game.new(rules, players=n, seed=seed)
    played = list(play_randomly(game, random.Random(seed), steps=80))
    again, setup_again = Game.new(rules, players=n, seed=seed)
    assert setup_again == setup
    for move, events in played:
        if again.round.round_over:
            again.next_round()
        verdict, replayed = again.attempt(move)  # attempt: the same as apply, with the verdict
        assert verdict.legal and replayed == events
    if again.number < game.number:  # the steps ran out just after the original dealt a new round
        again.next_round()
    assert again.to_dict() == game.to_dict()


@settings(max_examples=15, **SETTINGS)
@given(rule_sets, players, seeds, st.integers(min_value=0, max_value=40))
def test_property__json_round_trip_continues_identically(rules, n, seed, split):
    game, _ = Game.new(rules, players=n, seed=seed)
    rng = random.Random(seed)
    moves = play_randomly(game, rng, steps=split + 40)
    for _ in range(split):
        next(moves, None)
    copy = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.to_dict() == game.to_dict()
    state = game.round.to_dict()
    assert RoundState.from_dict(json.loads(json.dumps(state))).to_dict() == state
    for move, events in moves:
        if copy.round.round_over:
            copy.next_round()
        assert copy.apply(move) == events
        assert copy.to_dict() == game.to_dict()


def finish(game: Game, choose, limit: int) -> int:
    """Play ``game`` to its end with ``choose(state, rng)``; the number of moves it took."""
    rng = random.Random(game.seed)
    for count in range(limit):
        state = game.round
        if state.round_over:
            if game.game_over:
                return count
            game.next_round()
            continue
        game.apply(choose(state, rng))
    raise AssertionError("game did not end")


def bot_move(state: RoundState, rng: random.Random) -> Move:
    for seat in range(state.players):
        catch = catch_move(state, seat, "easy", rng)
        if catch is not None:
            return catch
    level = "easy" if state.actor() % 2 else "normal"
    return decide(state, state.actor(), level, rng)


def assert_game_ends(rules, n: int, seed, choose, target: int) -> None:
    """A whole game played with ``choose`` reaches its target and names a winner."""
    game, _ = Game.new({**rules, "target": target}, players=n, seed=seed)
    assert finish(game, choose, limit=20_000) > 0
    assert game.winner is not None


@settings(max_examples=15, **SETTINGS)
@given(rule_sets, players, seeds)
def test_property__bot_games_end(rules, n, seed):
    assert_game_ends(rules, n, seed, bot_move, target=100)


@pytest.mark.parametrize("stacking", [False, True])
@pytest.mark.parametrize("seven_zero", [False, True])
@pytest.mark.parametrize("preset", ["official", "guide-long", "guide-short"])
def test_property__bot_games_end_for_every_rule_set_and_table_size_on_fixed_seeds(preset, seven_zero, stacking):
    # The property above on fixed seeds, the same games every run: every rule set and table size (its
    # random draw came on the games below only by chance).
    for n in range(2, 11):
        for seed in range(16):
            assert_game_ends({"preset": preset, "stacking": stacking, "seven_zero": seven_zero}, n, seed,
                             bot_move, target=100)


@pytest.mark.parametrize("stacking, n, seed", [(False, 10, 920250), (False, 10, 68), (False, 10, 90),
                                               (False, 10, 154), (False, 8, 106), (True, 10, 352)])
def test_property__bot_games_end_where_two_seats_once_passed_a_reverse_back_and_forth(stacking, n, seed):
    # The games (drawing until playable, 7-0) whose first round never ended before bots kept a Reverse
    # drawn from an exhausted pile: two neighbours each drew the one Reverse the reshuffle made and
    # played it, for ever, and no other seat had a turn again.
    assert_game_ends({"preset": "guide-long", "stacking": stacking, "seven_zero": True}, n, seed, bot_move,
                     target=100)


@settings(max_examples=10, **SETTINGS)
@given(rule_sets, players, seeds)
def test_property__random_legal_games_end(rules, n, seed):
    assert_game_ends(rules, n, seed, random_moves, target=60)


# --- scenarios and moves as the check API receives them --------------------------------------

move_dicts = st.fixed_dictionaries({
    "action": st.sampled_from([a.value for a in Action] + ["jump", None, 3]),
    "seat": st.one_of(st.integers(min_value=-1, max_value=10), st.just("0"), st.none()),
}, optional={
    "card": st.one_of(st.sampled_from(list(FACES)), st.sampled_from(["r5", " wd4 ", "X1", "", 7])),
    "color": st.one_of(st.sampled_from([c.value for c in Color]), st.sampled_from(["RED", "pink", 1])),
    "uno": st.one_of(st.booleans(), st.just("yes")),
    "target": st.one_of(st.integers(min_value=-1, max_value=10), st.none(), st.just(1.5)),
})


@st.composite
def scenarios(draw) -> dict:
    """A possible mid-round position: the deck split at random into hands, discards and maybe a draw pile."""
    deck = [c.notation for c in DECK]
    draw(st.randoms(use_true_random=False)).shuffle(deck)
    sizes = draw(st.lists(st.integers(min_value=0, max_value=8), min_size=2, max_size=10))
    hands = [[deck.pop() for _ in range(size)] for size in sizes]
    discard = [deck.pop() for _ in range(draw(st.integers(min_value=1, max_value=3)))]
    scenario = {"hands": hands, "discard": discard, "rules": draw(rule_sets), "turn": draw(st.integers(0, 1)),
                "seed": draw(seeds)}
    if FACES[discard[-1]].is_wild:
        scenario["color"] = draw(st.sampled_from([c.value for c in Color]))
    if draw(st.booleans()):
        scenario["draw_pile"] = deck[:draw(st.integers(min_value=0, max_value=6))]
    return scenario


@settings(max_examples=40, **SETTINGS)
@given(scenarios(), st.lists(move_dicts, max_size=12), seeds)
def test_property__scenario_moves_are_read_checked_or_refused_never_crash(scenario, raw_moves, seed):
    # What the check API does: read each move (InvalidMoveError) then check and apply it.
    state, _ = from_scenario(scenario)
    rng = random.Random(seed)
    for raw in raw_moves:
        if state.round_over:
            break
        try:
            move = Move.from_dict(raw)
            verdict = state.check(move)
        except InvalidMoveError:
            move = random_moves(state, rng)  # keep the round going with a legal move
            verdict = state.check(move)
        if verdict.legal:
            before = state.copy()
            events = state.apply(move)
            assert_events_explain_sizes(before, state, events)
            assert_views_hide(state, events)
        else:
            assert_illegal_changes_nothing(state, move)
