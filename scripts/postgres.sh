#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests: `start DIR` makes a cluster in DIR (an empty or
# missing folder), starts it on a free port of 127.0.0.1 and prints its URL; `stop DIR` stops it.
# `start DIR as-deployed` starts it as an operator's server is (fsync on, the server's defaults),
# for the benchmarks: a test's server flushes nothing to disk.
# PostgreSQL refuses to run as root, so as root the cluster belongs to the unprivileged user
# `nobody`. `bindir` prints where the server's binaries are: on PATH, or Debian's
# /usr/lib/postgresql/N/bin (the newest N).
set -euo pipefail

bindir() {
  if command -v initdb >/dev/null; then dirname "$(command -v initdb)"; return; fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$found" ] && [ -x "$found/initdb" ] && { echo "$found"; return; }
  return 1
}

as_owner() {  # run a server command as the cluster's owner (from /, which nobody may enter)
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u nobody -- "$@"); else "$@"; fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

case "${1:-}" in
  bindir)  # where the server's binaries are (exit 1: no server installed)
    bindir
    ;;
  start)
    dir=${2:?usage: postgres.sh start DIR [as-deployed]}
    bin=$(bindir) || { echo "postgres.sh: no PostgreSQL server (Debian: apt-get install postgresql)" >&2; exit 1; }
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
      chown nobody "$dir" && chmod 700 "$dir"
      runuser -u nobody -- test -w "$dir" \
        || { echo "postgres.sh: nobody cannot reach $dir (make it with mktemp -d)" >&2; exit 1; }
    fi
    as_owner "$bin/initdb" -D "$dir/data" -U uno -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    port=$(free_port)
    # fsync off: a test database need not survive a power cut, and its writes then cost no disk flush.
    # A benchmark's (as-deployed) keeps the default, so that it measures what an operator's server does.
    durability="-c fsync=off"
    [ "${3:-}" = as-deployed ] && durability=""
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $durability -c max_connections=300" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://uno@127.0.0.1:$port/postgres"
    ;;
  stop)
    dir=${2:?usage: postgres.sh stop DIR}
    bin=$(bindir)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  *)
    echo "usage: postgres.sh bindir | start DIR [as-deployed] | stop DIR" >&2
    exit 2
    ;;
esac
