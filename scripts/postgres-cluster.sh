#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL 15 cluster on a free loopback port, for tests.
#   scripts/postgres-cluster.sh start DIR       -> prints the DATABASE_URL
#   scripts/postgres-cluster.sh stop DIR
#   scripts/postgres-cluster.sh crash DIR       -> `pg_ctl -m immediate stop`: every server process
#                                                  quits at once, no checkpoint (crash recovery on the next start)
#   scripts/postgres-cluster.sh start-again DIR -> starts a stopped cluster on its port and settings
#                                                  (waits until it accepts connections)
set -euo pipefail
action=${1:?start, stop, crash or start-again}
dir=${2:?cluster directory}
bin=/usr/lib/postgresql/15/bin
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
start_server() {
  as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "-p $1 -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" -w start >/dev/null
}

case "$action" in
  start)
    port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    rm -rf "$dir" && mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_postgres "$bin/initdb" -D "$dir/data" -A trust -U postgres >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    start_server "$port"
    echo "$port" >"$dir/port"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    ;;
  crash)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
    ;;
  start-again)
    start_server "$(cat "$dir/port")"
    ;;
  *) echo "usage: $0 start|stop|crash|start-again DIR" >&2; exit 2 ;;
esac
