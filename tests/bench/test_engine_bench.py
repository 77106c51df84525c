"""bench/engine.py still runs against the engine (its figures are read by people, never asserted)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_bench__runs_and_prints_its_table():
    done = subprocess.run([sys.executable, "bench/engine.py", "--seconds", "0", "--players", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert any(line.split()[:2] == ["2", "ours"] for line in done.stdout.splitlines())
