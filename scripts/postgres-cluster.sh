#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL 15 cluster on a free loopback port, for tests.
#   scripts/postgres-cluster.sh start DIR   -> prints the DATABASE_URL
#   scripts/postgres-cluster.sh stop DIR
set -euo pipefail
action=${1:?start or stop}
dir=${2:?cluster directory}
bin=/usr/lib/postgresql/15/bin
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$action" in
  start)
    port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    rm -rf "$dir" && mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_postgres "$bin/initdb" -D "$dir/data" -A trust -U postgres >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" -w start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
