"""bench/instructions.py's in-process loop still plays moves and serves the trivial page (valgrind
does the counting around it; its figures are read by people, never asserted)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kind", ["move", "trivial"])
def test_instructions_bench__loop_runs_without_valgrind(kind):
    done = subprocess.run([sys.executable, "bench/instructions.py", "--count", kind, "--requests", "3"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
