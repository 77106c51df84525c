#!/usr/bin/env bash
# Install everything the tests need, then run pytest (arguments go to pytest; its exit status is ours).
# Python packages go into .venv. The browser suite (tests/browser) also needs Debian's
# chromium-headless-shell, Java and fonts that cover Arabic, installed here when run as root, and
# the offline checkers axe-core and vnu-jar from npm, kept in tests/browser/node_modules.
# Without them those tests skip, saying why — except in CI (CI=true), where they fail.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  need=()
  command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null \
    || need+=(chromium-headless-shell)
  command -v java >/dev/null || need+=(default-jre-headless)
  command -v npm >/dev/null || need+=(npm)
  command -v fc-list >/dev/null || need+=(fontconfig fonts-dejavu-core)
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

python3 -m venv .venv
.venv/bin/pip install -q -e '.[test,browser,serve]'

# npm ci only when the lock file changed since the last install (it empties node_modules first).
# --ignore-scripts: vnu-jar's postinstall would download a Java runtime; Debian's is used instead.
browser=tests/browser
if command -v npm >/dev/null && ! cmp -s "$browser/package-lock.json" "$browser/node_modules/.installed-lock"; then
  npm ci --prefix "$browser" --ignore-scripts --no-audit --no-fund --loglevel=error
  cp "$browser/package-lock.json" "$browser/node_modules/.installed-lock"
fi

exec .venv/bin/python -m pytest "$@"
