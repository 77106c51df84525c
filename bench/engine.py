"""How fast the rules engine plays: full rounds of random legal moves, against rlcard's UNO core.

Run from the repository root (exits 0; rlcard is optional and only for the comparison)::

    .venv/bin/pip install -e '.[bench]'               # rlcard 1.2.0 + numpy: adds its rows and the ratio
    .venv/bin/python bench/engine.py                  # 2 and 4 players, 3 CPU seconds per row
    .venv/bin/python bench/engine.py --seconds 10 --players 2 3 4

A game is one round, dealt and played until a hand is empty; every decision is a uniformly random
pick among the legal ones, with ``random.Random(seed)`` on both sides and seeds 0, 1, 2… in order.
Per move each side does:

- ours (official rules): ``state.actor()``; ``state.legal_moves(actor)`` — every move the actor may
  make (plays, draw, keep, challenge/accept, late UNO, catch), exactly those ``check`` accepts; the
  pick; ``state.apply(move)`` — ``check`` (the Verdict: legal, rule id, params), then the state
  change with its events (drawn cards, reshuffles, skips, UNO, round end and points).
- rlcard 1.2.0: ``round.get_legal_actions(players, current_player)``; the pick;
  ``round.proceed_round(players, action)`` — the core loop under ``UnoGame.step``, without the
  observation dict ``step`` builds. No verdicts, no events, no rule ids.

Dealing is timed on both sides (ours ``setup.deal`` with seat 0 dealing, theirs
``UnoGame(num_players=n).init_game()`` with its RandomState seeded). Each engine first plays a few
untimed warm-up games; then the two take turns playing whole games in 0.5 s slices until each has
used ``--seconds`` of CPU time (``time.process_time``), so a busy machine slows both alike. Compare
the ratio within one run rather than absolute figures across runs.

Compare moves/s, not games/s: rlcard only draws when it cannot play and plays a drawn card
itself, so its rounds last ~50 moves; in ours drawing is always allowed (official rules), a random
player often draws when it could play, and forgotten UNOs get caught, so a random round lasts
~1,400 moves. ``legal/move`` is the mean number of legal moves offered per decision.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Callable

# The repository root instead of bench/, whose modules (bench/http.py) would shadow the stdlib.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from app.engine.rules import ruleset  # noqa: E402
from app.engine.setup import deal, shuffled_deck  # noqa: E402

MAX_MOVES = 100_000  # a round that runs this long is cut (and counted): every loop is bounded
WARM_UP_GAMES = 3
SLICE = 0.5  # seconds of play before the other engine takes its turn
OFFICIAL = ruleset("official")

# One game with a seed -> (moves made, legal moves offered in all, finished?)
Player = Callable[[int, int], tuple[int, int, bool]]


def play_ours(players: int, seed: int) -> tuple[int, int, bool]:
    state, _ = deal(OFFICIAL, players, 0, shuffled_deck(seed), seed)
    rng = random.Random(seed)
    offered = 0
    for moves in range(MAX_MOVES):
        actor = state.actor()
        if actor is None:
            return moves, offered, True
        legal = state.legal_moves(actor)
        offered += len(legal)
        state.apply(rng.choice(legal))
    return MAX_MOVES, offered, False


def rlcard_player() -> Player | None:
    """rlcard's UNO core loop, or None when rlcard (and numpy) are not installed."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None

    def play_rlcard(players: int, seed: int) -> tuple[int, int, bool]:
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(seed)
        game.init_game()
        rnd, seats = game.round, game.players
        rng = random.Random(seed)
        offered = 0
        for moves in range(MAX_MOVES):
            if rnd.is_over:
                return moves, offered, True
            legal = rnd.get_legal_actions(seats, rnd.current_player)
            offered += len(legal)
            rnd.proceed_round(seats, rng.choice(legal))
        return MAX_MOVES, offered, False

    return play_rlcard


class Tally:
    """Games, moves and CPU time one engine has spent at one table size; seeds go 0, 1, 2…"""

    def __init__(self, play: Player, players: int):
        self.play, self.players = play, players
        self.games = self.moves = self.offered = self.cut = 0
        self.cpu = 0.0
        for seed in range(WARM_UP_GAMES):
            play(players, 10_000 + seed)

    def run(self, seconds: float) -> None:
        """Play whole games (at least one) until ``seconds`` more of CPU time have gone."""
        start = time.process_time()
        while True:
            made, offered, finished = self.play(self.players, self.games)
            self.games, self.moves, self.offered = self.games + 1, self.moves + made, self.offered + offered
            self.cut += not finished
            if time.process_time() - start >= seconds:
                break
        self.cpu += time.process_time() - start

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.cpu


def measure(engines: dict[str, Player], players: int, seconds: float) -> dict[str, Tally]:
    """Each engine's tally, the engines taking turns in slices so a change in machine load hits both."""
    tallies = {name: Tally(play, players) for name, play in engines.items()}
    slices = max(1, round(seconds / SLICE))
    for _ in range(slices):
        for tally in tallies.values():
            tally.run(seconds / slices)
    return tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds of play per row (default 3)")
    args = parser.parse_args(argv)
    engines = {"ours": play_ours}
    theirs = rlcard_player()
    if theirs is None:
        print("rlcard is not installed: only our rows (.venv/bin/pip install -e '.[bench]' to compare)")
    else:
        engines["rlcard"] = theirs
    header = f"{'players':>7}  {'engine':<6}  {'moves/s':>9}  {'games/s':>8}  {'moves/game':>10}  " \
             f"{'legal/move':>10}  {'games':>6}  {'ratio':>5}"
    print(header)
    print("-" * len(header))
    for players in args.players:
        rows = measure(engines, players, args.seconds)
        for name, row in rows.items():
            ratio = f"{row.moves_per_s / rows['rlcard'].moves_per_s:.2f}" if "rlcard" in rows and name == "ours" else ""
            cut = f"  ({row.cut} cut at {MAX_MOVES} moves)" if row.cut else ""
            print(f"{players:>7}  {name:<6}  {row.moves_per_s:>9,.0f}  {row.games / row.cpu:>8,.1f}  "
                  f"{row.moves / row.games:>10,.0f}  {row.offered / max(row.moves, 1):>10.2f}  {row.games:>6}  "
                  f"{ratio:>5}{cut}")
    if theirs is not None:
        print("ratio: our moves/s / rlcard's moves/s at the same number of players")
    return 0


if __name__ == "__main__":
    sys.exit(main())
