"""How fast the rules engine plays a turn, like for like: ours, rlcard's UNO core, and a bare floor.

Run from the repository root (exits 0; rlcard is optional and only adds its column)::

    .venv/bin/pip install -e '.[bench]'               # rlcard 1.2.0 + numpy
    .venv/bin/python bench/engine.py                  # 2, 4 and 10 players, 3 CPU seconds each
    .venv/bin/python bench/engine.py --seconds 10 --players 2 3 4
    .venv/bin/python bench/engine.py --seconds 0      # a smoke run: one game each

What is measured: the CPU time of the turns of whole rounds, dealing excluded. Each game is dealt
untimed (ours ``setup.deal`` with seat 0 dealing, rlcard ``UnoGame(num_players=n).init_game()`` with
its RandomState seeded, the floor ``Table``), then the clock (``time.process_time``) runs around the
turn loop only. Seeds go 0, 1, 2… on every side. The engines take turns in 0.5 s slices until each
has had ``--seconds`` of timed CPU at a table size, after a few untimed warm-up games, so a change
in the machine's load hits all three alike. Compare ratios within one run, not figures across runs.

Three players of the same work, all through public interfaces:

- ours (official rules, as the app plays them): ``state.actor()``, ``state.legal_moves(actor)``,
  the policy's pick, ``state.apply(move)`` - the check (a Verdict with its rule id and parameters),
  the state change, the events - for every move; a draw plays the drawn card in the same move.
- rlcard 1.2.0: ``round.get_legal_actions(players, seat)`` (strings), the pick,
  ``round.proceed_round(players, action)`` - the core under ``UnoGame.step`` without the observation
  dict ``step`` builds. No verdicts, no events. ``UnoGame(num_players=10)`` plays as it is: its
  core has no limit on the table's size (70 of the 108 cards dealt, the rest to draw from).
- the floor (bench/floor.py): cards as small integers, the matching test inline, nothing returned:
  what any engine of these rules must at least do.

The same policy on all three: play a uniformly random playable card if there is one (each face
once however many copies are held; a wild's colour then at random), else draw, and play the drawn
card when it can be played, else keep it. A Wild Draw Four counts as playable only when nothing
else is: rlcard's own rule, and under ours' official rules a play that is never a bluff, so our
player accepts it (it never challenges) and loses nothing by it. Our player always calls UNO when
it plays its second-last card, so nobody is caught (rlcard has neither UNO nor challenges).

A turn is one player's decision: a play, or a draw together with the play of the drawn card. rlcard
does it in one ``proceed_round``; ours in one move too, a draw with ``play_drawn`` playing the drawn
card in the same move when it can be (its colour, should it be a wild, is chosen with the draw),
plus a move to accept a Wild Draw Four (its victim's turn is lost either way) and, once a game at most, one to
name the colour for a first-card Wild (rlcard draws that colour when dealing). ``moves/turn`` and
``events/turn`` show that extra work; µs/turn and turns/s count turns only.

Fairness shows in the columns: ``turns/game`` (the round's length), ``draws/turn`` (the share of
turns that draw) and ``drawn/turn`` (cards drawn, penalties included) are close on all three (at
2 players about 45 turns a game, a third of the turns drawing, 0.55 cards drawn a turn). Ours and
the floor play the same rules and agree within chance. rlcard's rules differ in
three places its rounds meet: it plays a drawn card only if it is a wild or shares the colour (a
drawn card matching by number or symbol is kept, so a few more turns draw); a drawn Wild Draw Four
makes nobody draw (about half its Wild Draw Fours are drawn ones, so some 0.05 fewer cards drawn a
turn); and with two players its Reverse does not skip. Its reshuffle also takes the top card.

Each side's loop and pick tell a draw from a play the same way: ``action == "draw"``, a string
compared (an ``Action`` is a ``StrEnum``, so its member equals its JSON spelling). Naming the
member instead (``Action.DRAW``) reads it off its class through ``EnumType.__getattr__``'s hook on
Python 3.11, some 0.25 µs, which charged our side alone about 6 % of its turn for the bench's own code.

The pick is the benchmark's own code on each side, made alike and cheap: it keeps one choice per
face and takes the engine's own moves, except that our player's second-last card is played as a
new ``Move(..., uno=True)``. Cheap is still about 1 µs a turn on each side, some 40 % of rlcard's
whole turn, which pulls the ratio towards 1; so the pick's cost is measured apart and taken out
for a second ratio, the engines alone. After each timed game the same game (same seed, same
moves) is played again untimed with a pick that keeps its arguments, and then the same picks are
made again on those arguments under the clock: ``pick µs`` is that time per turn, and ``engine
alone`` compares ``µs/turn - pick µs`` on both sides. (The floor's pick is inline, not apart.)

``deal µs`` is the untimed dealing per game. The old figure (whole games, dealing included, any
legal move at random) was mostly this: rlcard's deal builds 108 card objects and a numpy shuffle,
and a random pick among our legal moves draws a third of the time, so our rounds ran thirty
times longer than rlcard's, and its dealing, once a game, weighed on its figure alone.

Where the gap is (callgrind, ``PYTHONHASHSEED=0``, this bench's own loops on seeds 0-199, a
deal-only run subtracted; #36 item 7): ours 33,614 instructions a turn at 2 players and 34,329 at
4, rlcard 20,430 and 20,990, so 0.61 as benched at both sizes. The pick is about 10k of ours; the
engine and loop about 24k against rlcard's 11.5k, most of the difference in carrying a move out
(about 283 bytecode operations a turn against 110; the listing 142 against 133) and in calls (8.7
a turn against 2.5, each some 470 instructions on 3.11). Taking parts out outright, as upper
bounds: no second check of a play (what judging once could give) 2.8%, a plain list for the
events 1.8%, no effect call for a number card 0.8%; together with a one-card draw's own path, 6%.
Closing the gap needs another shape of the state: a hand held as face to copies (no duplicate
faces to skip when listing, the in-hand test and removal a dictionary's), the effects as data.

The last lines (read by tests) are two per table size, ratios of turns/s (above 1: ours is faster),
first the engines alone (the pick taken out), then as benched (the pick in); ``n/a`` where rlcard is
not installed::

    engine alone at 2p: ours/rlcard 0.49
    like-for-like at 2p: ours/rlcard 0.60, ours/floor 0.37
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, NamedTuple

# The repository root instead of bench/, whose modules (bench/http.py) would shadow the stdlib.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from app.engine import Action, Color, Move, card, ruleset  # noqa: E402
from app.engine.setup import deal, shuffled_deck  # noqa: E402
from bench.floor import Table  # noqa: E402

MAX_TURNS = 10_000  # a round that runs this long is cut (and counted): every loop is bounded
WARM_UP_GAMES = 3
SLICE = 0.5  # seconds of timed play before the next engine takes its turn
OFFICIAL = ruleset("official")
WILD_DRAW_FOUR = card("WD4")
COLOURS = "rgby"  # rlcard's colour letters
GIVEN_ANSWERS = frozenset(Action) - {Action.CHALLENGE}  # the moves without a card our player makes
COLOR_VALUES = list(Color)
# Our player's draw: the drawn card played in the same move when it can be (a wild naming the colour
# chosen at random, UNO called if it is then the last-but-one card): values, so made once.
DRAW_THEN_PLAY = {(seat, colour, uno): Move(seat, Action.DRAW, color=colour, uno=uno, play_drawn=True)
                  for seat in range(10) for colour in Color for uno in (False, True)}


class Game(NamedTuple):
    """What one game cost and did: CPU seconds of its turns and of its deal, and the counts."""

    cpu: float
    deal_cpu: float
    turns: int
    draw_turns: int  # turns whose decision was to draw
    drawn: int  # cards drawn in the turns, penalties included
    moves: int  # engine calls that change the state (ours: apply; rlcard: proceed_round)
    events: int  # events returned (ours only)
    finished: bool


Player = Callable[[int, int], Game]  # (players, seed) -> one game
# (players, seed) -> CPU seconds of that game's picks alone: the game played again untimed, the
# pick's arguments kept, then the pick made again on each of them under the clock
PickCost = Callable[[int, int], float]


class Picks:
    """A pick that keeps its arguments, so they can be picked again under the clock alone."""

    def __init__(self, pick: Callable[..., Any]):
        self.pick = pick
        self.made: list[tuple[Any, ...]] = []

    def __call__(self, *args: Any) -> Any:
        self.made.append(args)
        return self.pick(*args)

    def cost(self, rng: random.Random) -> float:
        """The CPU seconds of the same picks again (the last argument, the generator, fresh)."""
        pick, made = self.pick, [args[:-1] for args in self.made]
        start = time.process_time()
        for args in made:
            pick(*args, rng)
        return time.process_time() - start


# --- ours ------------------------------------------------------------------------------------

def choose_ours(legal: list[Move], hand_size: int, rng: random.Random) -> Move:
    """The policy on our legal moves: a random playable face (a wild's colour at random), else draw
    and play the drawn card in the same move if it can be played; accept a Wild Draw Four (never challenge); name
    a first Wild's colour. A move with a card is a play; the others are answers, a draw, a colour."""
    plays, wilds, others = [], {}, []  # wilds: face -> its plays, one per colour
    for move in legal:
        if move.card is None:
            if move.action in GIVEN_ANSWERS:
                others.append(move)
        elif move.color is None:
            plays.append(move)
        elif move.card in wilds:
            wilds[move.card].append(move)
        else:
            wilds[move.card] = [move]
            plays.append(move)  # a wild is one face: its first colour stands for the four
    if len(plays) > 1 and WILD_DRAW_FOUR in wilds:
        plays = [move for move in plays if move.card is not WILD_DRAW_FOUR]  # never a bluff
    if not plays:  # draw, accept; or one of the four colours for a first Wild
        move = others[0] if len(others) == 1 else rng.choice(others)
        if move.action == "draw":  # and play the drawn card if it can be: a wild's colour now
            return DRAW_THEN_PLAY[move.seat, rng.choice(COLOR_VALUES), hand_size == 1]
        return move
    move = rng.choice(plays)
    if move.color is not None:
        move = rng.choice(wilds[move.card])
    if hand_size == 2:  # the second-last card: call UNO with it
        move = Move(move.seat, move.action, move.card, move.color, uno=True)
    return move


def play_ours(players: int, seed: int, choose: Callable[[list[Move], int, random.Random], Move] = choose_ours
              ) -> Game:
    clock = time.process_time
    start = clock()
    state, _ = deal(OFFICIAL, players, 0, shuffled_deck(seed), seed)
    held, rng = sum(map(len, state.hands)), random.Random(seed)
    turns = draw_turns = plays = moves = events = 0
    dealt = clock()
    while turns < MAX_TURNS:
        actor = state.actor()
        if actor is None:
            break
        # A turn begins when no decision is pending: not the play of a drawn card, an accept, a
        # first Wild's colour.
        turns += state.pending is None
        move = choose(state.legal_moves(actor), len(state.hands[actor]), rng)
        moves += 1
        if move.action == "draw":  # the drawn card is played in the same move when it can be
            draw_turns += 1
            hand = state.hands[actor]
            size = len(hand)
            events += len(state.apply(move))
            plays += len(hand) == size
        else:
            plays += move.card is not None
            events += len(state.apply(move))
    end = clock()
    drawn = sum(map(len, state.hands)) - held + plays
    return Game(end - dealt, dealt - start, turns, draw_turns, drawn, moves, events, actor is None)


def pick_cost_ours(players: int, seed: int) -> float:
    picks = Picks(choose_ours)
    play_ours(players, seed, picks)
    return picks.cost(random.Random(seed))


# --- rlcard ----------------------------------------------------------------------------------

def rlcard_player() -> tuple[Player, PickCost] | None:
    """rlcard's UNO core with the policy and its picks' cost, or None when rlcard (and numpy) are
    not installed."""
    try:
            from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    other_colours = {f"{colour}-{wild}" for colour in COLOURS[1:] for wild in ("wild", "wild_draw_4")}

    def choose(legal: list[str], rng: random.Random) -> str:
        """As choose_ours: a wild is one face whatever its four colour actions; rlcard already
        offers a Wild Draw Four only when nothing else plays, and ``draw`` only then."""
        faces = [action for action in dict.fromkeys(legal) if action not in other_colours]
        action = rng.choice(faces)
        if action in ("r-wild", "r-wild_draw_4"):
            return rng.choice(COLOURS) + action[1:]
        return action

    games: dict[int, UnoGame] = {}  # one per table size, reseeded per game: a new RandomState costs ~300 µs

    def play_rlcard(players: int, seed: int, choose: Callable[[list[str], random.Random], str] = choose) -> Game:
        clock = time.process_time
        start = clock()
        game = games.get(players) or games.setdefault(players, UnoGame(num_players=players))
        game.np_random.seed(seed)  # init_game hands it to the new dealer and round
        game.init_game()
        rnd, seats, rng = game.round, game.players, random.Random(seed)
        held = sum(len(seat.hand) for seat in seats)
        turns = draw_turns = plays = 0
        dealt = clock()
        while turns < MAX_TURNS and not rnd.is_over:
            action = choose(rnd.get_legal_actions(seats, rnd.current_player), rng)
            turns += 1
            if action == "draw":  # the drawn card is played inside proceed_round when it can be
                draw_turns += 1
                hand = seats[rnd.current_player].hand
                size = len(hand)
                rnd.proceed_round(seats, action)
                plays += len(hand) == size
            else:
                plays += 1
                rnd.proceed_round(seats, action)
        end = clock()
        drawn = sum(len(seat.hand) for seat in seats) - held + plays
        return Game(end - dealt, dealt - start, turns, draw_turns, drawn, turns, 0, rnd.is_over)

    def pick_cost_rlcard(players: int, seed: int) -> float:
        picks = Picks(choose)
        play_rlcard(players, seed, picks)
        return picks.cost(random.Random(seed))

    return play_rlcard, pick_cost_rlcard


# --- the floor -------------------------------------------------------------------------------

def play_floor(players: int, seed: int) -> Game:
    clock = time.process_time
    start = clock()
    table = Table(players, seed)
    held = sum(map(len, table.hands))
    dealt = clock()
    turns, draw_turns, plays, finished = table.play(MAX_TURNS)
    end = clock()
    drawn = sum(map(len, table.hands)) - held + plays
    return Game(end - dealt, dealt - start, turns, draw_turns, drawn, turns, 0, finished)


# --- measuring -------------------------------------------------------------------------------

@dataclass
class Tally:
    """One engine's games at one table size, summed; seeds go 0, 1, 2…"""

    play: Player
    pick_cost: PickCost | None  # None: the pick is not apart from the engine (the floor)
    players: int
    games: int = 0
    cut: int = 0
    cpu: float = 0.0
    deal_cpu: float = 0.0
    turns: int = 0
    draw_turns: int = 0
    drawn: int = 0
    moves: int = 0
    events: int = 0
    pick_cpu: float = 0.0  # the same games' picks alone, measured apart (untimed games)

    def warm_up(self) -> None:
        for seed in range(WARM_UP_GAMES):
            self.play(self.players, 10_000 + seed)

    def run(self, seconds: float) -> None:
        """Play whole games (at least one) until their turns have taken ``seconds`` more of CPU time."""
        spent = 0.0
        while True:
            game = self.play(self.players, self.games)
            if self.pick_cost is not None:
                self.pick_cpu += self.pick_cost(self.players, self.games)
            self.games += 1
            self.cut += not game.finished
            spent += game.cpu
            self.deal_cpu += game.deal_cpu
            self.turns, self.draw_turns, self.drawn = (
                self.turns + game.turns, self.draw_turns + game.draw_turns, self.drawn + game.drawn)
            self.moves, self.events = self.moves + game.moves, self.events + game.events
            if spent >= seconds:
                break
        self.cpu += spent

    @property
    def turns_per_s(self) -> float:
        return self.turns / self.cpu if self.cpu else float("inf")

    @property
    def alone_turns_per_s(self) -> float | None:
        """Turns a second with the pick's cost taken out: the engine's own work; None when the
        picks, timed apart, took as long as the whole turns (a short run on a loaded machine, e.g.
        the one-game smoke run): no figure, rather than a ratio of 0 or infinity."""
        alone = self.cpu - self.pick_cpu
        return self.turns / alone if alone > 0 else None


def measure(engines: dict[str, tuple[Player, PickCost | None]], players: int, seconds: float) -> dict[str, Tally]:
    """Each engine's tally, the engines taking turns in slices so a change in machine load hits all."""
    tallies = {name: Tally(play, pick_cost, players) for name, (play, pick_cost) in engines.items()}
    for tally in tallies.values():
        tally.warm_up()
    slices = max(1, round(seconds / SLICE))
    for _ in range(slices):
        for tally in tallies.values():
            tally.run(seconds / slices)
    return tallies


HEADER = (f"{'players':>7}  {'engine':<6}  {'µs/turn':>8}  {'turns/s':>9}  {'turns/game':>10}  "
          f"{'draws/turn':>10}  {'drawn/turn':>10}  {'moves/turn':>10}  {'events/turn':>11}  "
          f"{'pick µs':>7}  {'deal µs':>7}  {'games':>6}")
WORK = {
    "ours": "legal_moves (Move values) + the pick + apply: check (Verdict, rule id, params), "
            "the state change, events; per move (a draw plays the drawn card itself)",
    "rlcard": "get_legal_actions (strings) + the pick + proceed_round (plays a drawn card itself); "
              "no verdicts, no events",
    "floor": "integer cards matched inline + the pick + the state change; nothing returned",
}


def row(players: int, name: str, tally: Tally) -> str:
    turns = max(tally.turns, 1)
    events = f"{tally.events / turns:>11.2f}" if name == "ours" else f"{'-':>11}"
    pick = f"{tally.pick_cpu / turns * 1e6:>7.2f}" if tally.pick_cost else f"{'-':>7}"
    cut = f"  ({tally.cut} cut at {MAX_TURNS} turns)" if tally.cut else ""
    return (f"{players:>7}  {name:<6}  {tally.cpu / turns * 1e6:>8.2f}  {tally.turns_per_s:>9,.0f}  "
            f"{tally.turns / tally.games:>10.1f}  {tally.draw_turns / turns:>10.3f}  "
            f"{tally.drawn / turns:>10.3f}  {tally.moves / turns:>10.3f}  {events}  {pick}  "
            f"{tally.deal_cpu / tally.games * 1e6:>7.1f}  {tally.games:>6}{cut}")


def ratio(ours: Tally, theirs: Tally | None, alone: bool = False) -> str:
    if theirs is None:
        return "n/a"
    if alone:
        mine, other = ours.alone_turns_per_s, theirs.alone_turns_per_s
        return f"{mine / other:.2f}" if mine is not None and other is not None else "n/a"
    return f"{ours.turns_per_s / theirs.turns_per_s:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 10], choices=range(2, 11),
                        metavar="N", help="table sizes, 2 to 10 (default 2 4 10)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="timed CPU seconds per engine per table size (default 3; 0: one game each)")
    args = parser.parse_args(argv)
    engines: dict[str, tuple[Player, PickCost | None]] = {"ours": (play_ours, pick_cost_ours)}
    theirs = rlcard_player()
    if theirs is not None:
        engines["rlcard"] = theirs
    engines["floor"] = (play_floor, None)
    print(f"Turns of whole rounds, dealing excluded; the same policy on every engine; "
          f"{args.seconds:g} CPU s each per table size, interleaved in {SLICE:g} s slices.")
    if theirs is None:
        print("rlcard is not installed: no rlcard rows, ratios n/a (.venv/bin/pip install -e '.[bench]')")
    print(HEADER)
    print("-" * len(HEADER))
    results = {}
    for players in args.players:
        results[players] = measure(engines, players, args.seconds)
        for name, tally in results[players].items():
            print(row(players, name, tally))
    print()
    print("work per turn:")
    for name in engines:
        print(f"  {name:<6}  {WORK[name]}")
    print("a turn: one player's play, or draw and the drawn card's play; ratios: our turns/s over theirs")
    print("engine alone: the pick's own CPU time (pick µs, measured apart) taken out on both sides")
    for players, tallies in results.items():
        print(f"engine alone at {players}p: ours/rlcard {ratio(tallies['ours'], tallies.get('rlcard'), alone=True)}")
    for players, tallies in results.items():
        print(f"like-for-like at {players}p: ours/rlcard {ratio(tallies['ours'], tallies.get('rlcard'))}, "
              f"ours/floor {ratio(tallies['ours'], tallies['floor'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
