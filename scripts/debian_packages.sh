#!/usr/bin/env bash
# The Debian packages some tests need, installed when missing and run as root (anyone else installs
# them once, as README says): Chromium, Java and fonts for the browser suite, npm for its checkers,
# PostgreSQL for the store's PostgreSQL leg. Not root, or not Debian: nothing is done.
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
