"""bench/tables.py still runs, tiny, on one host and on two sharing one SQLite file, and prints every
figure of each set-up and their ratios; and no seat ever saw another seat's hand, nor had a move
refused (correctness, read from what it prints; its timings are read by people, never asserted)."""
import re
import subprocess
import sys
from pathlib import Path

from bench.tables import leaks

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ("p50", "p95", "max", "moves/s held", "memory per open stream", "processor time per move")


def test_tables_bench__runs_tiny_and_prints_every_line_with_no_hand_seen_by_another_seat():
    done = subprocess.run([sys.executable, "bench/tables.py", "--tables", "2", "--moves", "4", "--hosts", "1", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3, done.stdout
    for line, hosts in zip(lines[:2], (1, 2)):
        assert line.startswith(f"2 tables x 4 seats (8 people, no bot) on {hosts} host(s), sqlite:"), line
        assert all(figure in line for figure in FIGURES), line
        assert re.search(r"\b(\d+) moves,", line)[1] in ("8", "9", "10"), line  # 4 a table; one more may be in flight
        assert line.endswith("moves refused 0; hands seen by another seat 0"), line
    assert lines[2].startswith("  2 host(s), sqlite / 1 host(s), sqlite: "), lines[2]
    assert all(f"{figure.split()[0]} " in lines[2] for figure in FIGURES), lines[2]


def test_tables_bench__counts_another_seats_hand_as_seen():
    view = {"seat": 1, "hands": [["R1", "G2"], ["B3"]], "round_over": False, "draw_pile_size": 90,
            "discard_size": 15, "pending": None}
    assert leaks({"view": view}, 1) == ["seat 0's hand"]
    assert leaks({"view": {**view, "hands": [2, ["B3"]]}}, 1) == []
    assert leaks({"view": {**view, "hands": [2, ["B3"]], "pending": {"kind": "drawn", "seat": 0, "card": "R5"}}},
                 1) == ["another seat's drawn card"]
