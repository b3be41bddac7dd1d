#!/usr/bin/env bash
# A PostgreSQL server of the project's own, for the tests' PostgreSQL pass and
# for trying the site on PostgreSQL: Debian's server binaries, run on data,
# socket and log under var/postgres/ (git-ignored), listening on loopback.
#
#   deploy/postgres.sh start [PORT]   (make postgres; PORT: 5433)
#   deploy/postgres.sh stop           (make postgres-stop)
#   deploy/postgres.sh url [PORT]     the DATABASE_URL of its database
#
# start is idempotent: a server already running is left as it is. The first
# start makes the cluster (initdb, C collation, UTF-8), the role "sudoku"
# (CREATEDB, since the tests make a test_sudoku database per worker) and its
# database "sudoku". PostgreSQL refuses to run as root: run by root, the
# server runs as Debian's "postgres" user, which owns var/postgres/.
#
# Who may connect: through the socket in var/postgres/run/ (mode 0700), only
# the server's own user (and root), with no password; on 127.0.0.1:PORT, a
# role with a password, which none has until its owner sets one (ALTER ROLE
# sudoku PASSWORD '...'). Commits are not waited for on disk
# (synchronous_commit off): a crash may lose the last moment's, never
# corrupt the rest. A server for tests and trials, not tuned for production.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
home=$root/var/postgres
data=$home/data
sockets=$home/run
port=${2:-5433}

usage() {
  echo "usage: deploy/postgres.sh start|stop|url [PORT]" >&2
  exit 2
}

# The newest PostgreSQL whose server Debian installed (postgresql-NN).
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "postgres: no server in /usr/lib/postgresql: run \`make postgres\`, which" \
    "installs Debian's postgresql, or \`apt-get install postgresql\`." >&2
  exit 2
fi

# The server's own user: this one, or "postgres" when this is root.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

running() {
  as_owner "$bin/pg_ctl" status -D "$data" >/dev/null 2>&1
}

sql() {
  "$bin/psql" -h "$sockets" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -tAq -c "$1"
}

make_cluster() {
  mkdir -p "$home"
  if [ "$(id -u)" = 0 ]; then
    chown postgres: "$home"
    # The server's user must pass through var/ to its home (Django's file
    # cache may have made var/ its owner's alone).
    chmod o+x "$root/var"
  fi
  as_owner mkdir -m 0700 -p "$data" "$sockets"
  as_owner "$bin/initdb" -D "$data" -U postgres --encoding=UTF8 --locale=C \
    --auth-local=trust --auth-host=scram-sha-256 >"$home/initdb.log"
  as_owner tee -a "$data/postgresql.conf" >/dev/null <<CONF

# deploy/postgres.sh
listen_addresses = '127.0.0.1'
unix_socket_directories = '$sockets'
unix_socket_permissions = 0700
synchronous_commit = off
CONF
}

start() {
  if running; then
    echo "postgres: already running ($data)"
    return 0
  fi
  [ -f "$data/PG_VERSION" ] || make_cluster
  as_owner "$bin/pg_ctl" start -D "$data" -l "$home/server.log" -w -o "-p $port" >/dev/null
  if [ -z "$(sql "SELECT 1 FROM pg_roles WHERE rolname = 'sudoku'")" ]; then
    sql "CREATE ROLE sudoku LOGIN CREATEDB"
    sql "CREATE DATABASE sudoku OWNER sudoku"
  fi
  echo "postgres: running on port $port; DATABASE_URL=$(url)"
}

stop() {
  if running; then
    as_owner "$bin/pg_ctl" stop -D "$data" -m fast >/dev/null
    echo "postgres: stopped"
  else
    echo "postgres: not running"
  fi
}

# The socket's directory as the URL's host, percent-encoded (dj-database-url).
url() {
  echo "postgres://sudoku@${sockets//\//%2F}:$port/sudoku"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) url ;;
  *) usage ;;
esac
