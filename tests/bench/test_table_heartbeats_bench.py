"""bench/table_heartbeats.py still opens tables with every seat's stream and prints its counts
(its figures are read by people, never asserted)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_table_heartbeats_bench_runs_and_prints_its_counts():
    done = subprocess.run([sys.executable, "bench/table_heartbeats.py", "--tables", "2", "--seats", "2",
                           "--beats", "2", "--heartbeat", "0.2"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("2 tables x 2 seats = 4 streams")
    assert [line.split()[0] for line in done.stdout.splitlines()[1:]] == ["versions", "versions", "seats", "game",
                                                                       "seen", "seen"]
