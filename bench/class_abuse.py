"""What one address can do to the classroom (issue 31, defects 2 and 3): classes it makes, class
games it makes, and whether a school's students still join after a burst of wrong codes.

Run from the repository root (a throwaway app and SQLite file in a temporary folder)::

    .venv/bin/python bench/class_abuse.py

- classes: POST /api/v1/classes as fast as one script can, each from a new browser (no cookie) at
  one address, until ``--classes`` tries; made and refused, and the seconds it took;
- joins: a class per 200 students, joined by new browsers at one address until ``--joins`` tries:
  games made and refused;
- burst: 60 wrong codes from one address (a script, no cookie), then 40 new browsers at that
  address join with the right code: how many get in.

Games a week per address follow from the limits (app/classroom/limits.py), not from a week's run.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

# The repository root instead of bench/, whose modules (bench/http.py) would shadow the stdlib.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

SCHOOL, TEACHER = "203.0.113.7", "198.51.100.1"
WRONG = "ACDEFH"  # six characters of the alphabet: a code, of no class here


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", type=int, default=400)
    parser.add_argument("--joins", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["UNO_TUTOR_INSTANCE_PATH"] = folder
        os.environ["UNO_TUTOR_CLEANUP_EVERY"] = "0"
        from app import create_app

        app = create_app({"TESTING": True})

        def browser(address):
            client = app.test_client()
            client.environ_base["REMOTE_ADDR"] = address
            return client

        def new_class(address=TEACHER):
            return browser(address).post("/api/v1/classes", json={"bots": 1})

        start = time.perf_counter()
        made = Counter(new_class(SCHOOL).status_code for _ in range(args.classes))
        print(f"classes from one address: {made[201]} made, {made[429]} refused of {args.classes} tries "
              f"in {time.perf_counter() - start:.1f} s")

        joined, code, in_class = Counter(), None, 0
        for _ in range(args.joins):
            if code is None or in_class == 200:
                code, in_class = new_class().get_json()["code"], 0
            status = browser(SCHOOL).post(f"/api/v1/classes/{code}/games", json={}).status_code
            joined[status] += 1
            in_class += status == 201
        print(f"class games from one address: {joined[201]} made, {joined[429]} refused of {args.joins} tries")

        school = "192.0.2.50"
        code = new_class().get_json()["code"]
        wrong = Counter(browser(school).post(f"/api/v1/classes/{WRONG}/games", json={}).status_code
                        for _ in range(60))
        students = Counter(browser(school).post(f"/api/v1/classes/{code}/games", json={}).status_code
                           for _ in range(40))
        print(f"after 60 wrong codes ({dict(wrong)}), 40 students with the right code: "
              f"{students[201]} joined, {students[429]} refused")


if __name__ == "__main__":
    main()
