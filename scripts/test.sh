#!/usr/bin/env bash
# Install everything the tests need, then run pytest (arguments go to pytest; its exit status is ours).
# Python packages go into .venv from the pinned versions of constraints.txt (scripts/update_constraints.sh
# writes it), installed again only when pyproject.toml or constraints.txt has changed since. The
# browser suite (tests/browser) also needs Debian's chromium-headless-shell, Java and fonts that
# cover Arabic, and the offline checkers axe-core and vnu-jar from npm, kept in
# tests/browser/node_modules; the PostgreSQL leg of the store's tests needs Debian's postgresql
# (a throwaway server, scripts/postgres.sh, started by the tests when they first need it).
# The Debian packages are installed here when run as root (README lists them for anyone else).
# Without them those tests skip, saying why — except in CI (CI=1/true/yes), where they fail.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/debian_packages.sh

# The stamp is a copy of the pyproject.toml and constraints.txt last installed: unchanged, no pip run.
stamp=.venv/.installed-requirements
if ! cat pyproject.toml constraints.txt | cmp -s - "$stamp"; then
  python3 -m venv .venv
  .venv/bin/pip install -q -c constraints.txt -e '.[test,browser,serve,postgres,bench]'
  cat pyproject.toml constraints.txt > "$stamp"
fi

# npm ci only when the lock file changed since the last install (it empties node_modules first).
# --ignore-scripts: vnu-jar's postinstall would download a Java runtime; Debian's is used instead.
browser=tests/browser
if command -v npm >/dev/null && ! cmp -s "$browser/package-lock.json" "$browser/node_modules/.installed-lock"; then
  npm ci --prefix "$browser" --ignore-scripts --no-audit --no-fund --loglevel=error
  cp "$browser/package-lock.json" "$browser/node_modules/.installed-lock"
fi

exec .venv/bin/python -m pytest "$@"
