#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL 15 for tests on 127.0.0.1:${PGPORT:-54329}, data in a temp dir.
#   eval "$(scripts/test-postgres.sh start)"   # exports PROVISOR_TEST_POSTGRES_URL
#   scripts/test-postgres.sh stop
set -euo pipefail
PGPORT=${PGPORT:-54329}
PGDATA=${PROVISOR_TEST_PGDATA:-/tmp/provisor-test-pg-$PGPORT}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$BIN" ]; then
  echo "PostgreSQL server binaries not found; install Debian's postgresql package" >&2
  exit 1
fi
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "${1:-start}" in
  start)
    if ! as_pg "$BIN/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
      rm -rf "$PGDATA"
      mkdir -p "$PGDATA"
      [ "$(id -u)" = 0 ] && chown postgres "$PGDATA"
      as_pg "$BIN/initdb" -D "$PGDATA" -U provisor --auth=trust -E UTF8 >/dev/null
      as_pg "$BIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
        -o "-p $PGPORT -k $PGDATA -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
    fi
    echo "export PROVISOR_TEST_POSTGRES_URL=postgres://provisor@127.0.0.1:$PGPORT/postgres"
    ;;
  stop)
    as_pg "$BIN/pg_ctl" -D "$PGDATA" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$PGDATA"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
