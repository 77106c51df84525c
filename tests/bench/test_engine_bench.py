"""bench/engine.py still runs against the engine and ends with its like-for-like lines (its figures
are read by people, never asserted; the lines' format is read by other tools)."""

import re
import subprocess
import sys
from pathlib import Path

from bench import engine

ROOT = Path(__file__).resolve().parents[2]
RATIO = r"(\d+\.\d\d|n/a)"


def run(*args: str, without_rlcard: bool = False) -> list[str]:
    command = [sys.executable, "bench/engine.py", "--seconds", "0", *args]
    if without_rlcard:  # as if rlcard were not installed: importing it raises ImportError
        command = [sys.executable, "-c", "import runpy, sys; sys.modules['rlcard'] = None; "
                   f"sys.argv = {command[1:]!r}; runpy.run_path('bench/engine.py', run_name='__main__')"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def final_lines(lines: list[str], count: int) -> list[tuple[str, ...]]:
    """The like-for-like lines (the last ``count``), each with the engine-alone ratio before them."""
    alone = [re.fullmatch(rf"engine alone at (\d+)p: ours/rlcard {RATIO}", line) for line in lines[-2 * count:-count]]
    found = [re.fullmatch(rf"like-for-like at (\d+)p: ours/rlcard {RATIO}, ours/floor {RATIO}", line)
             for line in lines[-count:]]
    assert all(alone) and all(found), lines[-2 * count:]
    assert [match.group(1) for match in alone] == [match.group(1) for match in found]
    return [(*match.groups(), alone_match.group(2)) for match, alone_match in zip(found, alone)]


def test_engine_bench__ends_with_one_like_for_like_line_per_table_size():
    lines = run()
    ends = final_lines(lines, 3)
    assert [players for players, _, _, _ in ends] == ["2", "4", "10"]
    assert all("n/a" not in (rlcard, floor) for _, rlcard, floor, _ in ends)
    # The engine-alone ratio of a one-game run may be n/a: on a loaded machine the picks, timed
    # apart, can take as long as the whole turns (the bench's own docstring); see the test below.
    rows = {tuple(line.split()[:2]) for line in lines}
    assert {(p, e) for p in ("2", "4", "10") for e in ("ours", "rlcard", "floor")} <= rows


def test_engine_alone_ratio__takes_each_side_s_pick_out__n_a_only_when_the_picks_took_it_all():
    def tally(turns: int, cpu: float, pick_cpu: float):
        return engine.Tally(play=None, pick_cost=None, players=2, turns=turns, cpu=cpu, pick_cpu=pick_cpu)

    ours, theirs = tally(1000, 0.008, 0.002), tally(1000, 0.006, 0.002)
    assert engine.ratio(ours, theirs) == "0.75"  # as benched: 0.006 / 0.008
    assert engine.ratio(ours, theirs, alone=True) == "0.67"  # the engines alone: 0.004 / 0.006
    assert engine.ratio(ours, tally(1000, 0.002, 0.002), alone=True) == "n/a"
    assert engine.ratio(ours, None) == engine.ratio(ours, None, alone=True) == "n/a"


def test_engine_bench__without_rlcard_still_runs_and_says_n_a():
    lines = run("--players", "3", without_rlcard=True)
    assert any("rlcard is not installed" in line for line in lines)
    [(players, rlcard, floor, alone)] = final_lines(lines, 1)
    assert (players, rlcard, alone) == ("3", "n/a", "n/a") and floor != "n/a"
    assert not any(line.split()[1:2] == ["rlcard"] for line in lines if line.strip())
