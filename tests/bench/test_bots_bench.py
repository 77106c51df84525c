"""bench/bots.py still plays seeded practice rounds and prints its rows (its figures are read by
people, never asserted)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bots_bench__runs_and_prints_a_row_per_level_and_learner():
    done = subprocess.run([sys.executable, "bench/bots.py", "--rounds", "2", "--bots", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rows = [line.split()[:3] for line in done.stdout.splitlines()]
    assert [row for row in rows if row[1:2] == ["1"]] == [
        ["easy", "1", "waits"], ["easy", "1", "catches"], ["normal", "1", "waits"], ["normal", "1", "catches"]]
