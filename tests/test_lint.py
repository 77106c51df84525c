"""The linter, run with the suite: ruff with the rules chosen in pyproject.toml ([tool.ruff]), over
the app, the tests, the benches and the scripts. A finding fails the run with ruff's own words."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    checked = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "app", "tests", "bench", "scripts"],
                             cwd=ROOT, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
