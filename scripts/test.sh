#!/usr/bin/env bash
# Install everything the tests need, then run pytest (arguments go to pytest; its exit status is ours).
# Python packages go into .venv, installed again only when pyproject.toml has changed since. The
# browser suite (tests/browser) also needs Debian's chromium-headless-shell, Java and fonts that
# cover Arabic, and the offline checkers axe-core and vnu-jar from npm, kept in
# tests/browser/node_modules; the PostgreSQL leg of the store's tests needs Debian's postgresql,
# whose throwaway server (scripts/postgres.sh) runs for the tests and is stopped after them.
# The Debian packages are installed here when run as root (README lists them for anyone else).
# Without them those tests skip, saying why — except in CI (CI=1/true/yes), where they fail.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  need=()
  command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null \
    || need+=(chromium-headless-shell)
  command -v java >/dev/null || need+=(default-jre-headless)
  command -v npm >/dev/null || need+=(npm)
  command -v fc-list >/dev/null || need+=(fontconfig fonts-dejavu-core)
  bash scripts/postgres.sh bindir >/dev/null 2>&1 || need+=(postgresql)
  if [ ${#need[@]} -gt 0 ]; then
    echo "installing ${need[*]}"
    for try in 1 2 3; do  # a mirror can fail for a moment
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null && break
      [ "$try" = 3 ] && exit 1
      sleep 10
    done
  fi
fi

# The stamp is a copy of the pyproject.toml last installed: an unchanged one needs no pip run.
if ! cmp -s pyproject.toml .venv/.installed-pyproject; then
  python3 -m venv .venv
  .venv/bin/pip install -q -e '.[test,browser,serve,postgres]'
  cp pyproject.toml .venv/.installed-pyproject
fi

# npm ci only when the lock file changed since the last install (it empties node_modules first).
# --ignore-scripts: vnu-jar's postinstall would download a Java runtime; Debian's is used instead.
browser=tests/browser
if command -v npm >/dev/null && ! cmp -s "$browser/package-lock.json" "$browser/node_modules/.installed-lock"; then
  npm ci --prefix "$browser" --ignore-scripts --no-audit --no-fund --loglevel=error
  cp "$browser/package-lock.json" "$browser/node_modules/.installed-lock"
fi

# A server of our own for the PostgreSQL leg, unless the caller named one (UNO_TEST_POSTGRES_URL).
if [ -z "${UNO_TEST_POSTGRES_URL:-}" ] && bash scripts/postgres.sh bindir >/dev/null 2>&1; then
  cluster=$(mktemp -d)
  trap 'bash scripts/postgres.sh stop "$cluster" || true; rm -rf "$cluster"' EXIT
  UNO_TEST_POSTGRES_URL=$(bash scripts/postgres.sh start "$cluster")
  export UNO_TEST_POSTGRES_URL
  echo "PostgreSQL for the tests: $UNO_TEST_POSTGRES_URL"
fi

.venv/bin/python -m pytest "$@"
