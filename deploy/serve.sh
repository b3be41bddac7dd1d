#!/usr/bin/env bash
# The production stack in the foreground: gunicorn behind nginx, debug off.
#
#   deploy/serve.sh           (make serve runs it, after installing what it needs)
#   deploy/serve.sh --check   (make check-deploy: manage.py check --deploy, same settings)
#
# Settings come from the environment, then from .env (or SUDOKU_ENV_FILE) for
# what the environment does not set; .env.example lists every variable, and
# Django's settings read them all (this script asks them for its own). This
# script sets DJANGO_DEBUG=0, DJANGO_STATIC_MANIFEST=1 and SUDOKU_CLIENT_IP_HEADER
# (nginx's X-Real-IP) itself, migrates the database, collects the static files,
# compiles the catalogs, writes nginx's configuration into the runtime
# directory, starts gunicorn on a unix socket there and nginx on
# SUDOKU_LISTEN, and waits. Ctrl-C or SIGTERM stops
# both gracefully (requests under way finish) and exits 0; if either stops by
# itself, the other is stopped and the exit status is 1. Both servers log into
# the runtime directory's logs/ (gunicorn's log holds Django's too). SIGUSR1 is
# passed to nginx, which reopens its logs (after logrotate has moved them; see
# deploy/logrotate.conf, which signals gunicorn itself).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# Each NAME=value line of the file whose NAME the environment does not set.
# Values are taken as written, nothing expanded; one pair of quotes around a
# value is removed. Blank lines and lines starting with # are skipped.
load_env() {
  local file=$1 line name value number=0
  [ -f "$file" ] || return 0
  while IFS= read -r line || [ -n "$line" ]; do
    number=$((number + 1))
    line=${line%$'\r'}
    [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
    if [[ ! $line =~ ^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]]; then
      echo "serve: $file, line $number: not NAME=value" >&2
      exit 2
    fi
    name=${BASH_REMATCH[2]}
    value=${BASH_REMATCH[3]}
    if [[ $value =~ ^\"(.*)\"$ || $value =~ ^\'(.*)\'$ ]]; then
      value=${BASH_REMATCH[1]}
    fi
    [ -n "${!name+set}" ] || export "$name=$value"
  done <"$file"
}

# The one variable read here rather than in Django's settings: it names the
# file the others come from, so it is needed before they are read.
load_env "${SUDOKU_ENV_FILE:-$root/.env}"
export DJANGO_SETTINGS_MODULE=sudoku_site.settings DJANGO_DEBUG=0 DJANGO_STATIC_MANIFEST=1
# nginx sets X-Real-IP to the client's address (deploy/nginx.conf); Django,
# reached over a unix socket, sees no address of its own.
export SUDOKU_CLIENT_IP_HEADER=HTTP_X_REAL_IP

python=$root/.venv/bin/python
nginx=$(command -v nginx || echo /usr/sbin/nginx)

# `serve.sh --check`: Django's deployment checks with these settings, nothing started.
if [ "${1:-}" = --check ]; then
  exec "$python" manage.py check --deploy --fail-level WARNING
fi

if [ ! -x "$nginx" ]; then
  echo "serve: nginx is missing: run \`make serve\`, which installs Debian's nginx," \
    "or \`apt-get install nginx\`." >&2
  exit 2
fi
if [ ! -x "$python" ]; then
  echo "serve: $python is missing: run \`make serve\`, which makes the virtualenv." >&2
  exit 2
fi

# USR1 (logrotate's postrotate) would otherwise end this script, even while
# it migrates: nginx reopens its logs on it. Only once nginx has written its
# pid file: it sets its signal handlers just before, and a USR1 any earlier
# would end it. Not passed to gunicorn: its workers reopen their log in the
# signal's handler, and a second USR1 within that moment would hang the
# worker for good (gunicorn's lock); logrotate sends gunicorn one.
reopen_logs() {
  [ -n "${nginx_pid:-}" ] && [ -s "$run_dir/nginx.pid" ] || return 0
  kill -USR1 "$nginx_pid" 2>/dev/null || true
}
trap reopen_logs USR1

# nginx's address and the runtime directory, as Django's settings read them
# (a wrong value in the environment stops the script here).
stack_settings=$("$python" -c \
  'from django.conf import settings as s; print(s.SUDOKU_LISTEN, s.SUDOKU_RUN_DIR, sep="\n")')
{ read -r listen && read -r run_dir; } <<<"$stack_settings"

mkdir -p "$run_dir/logs" "$run_dir/tmp"
run_dir=$(cd "$run_dir" && pwd)
socket=$run_dir/gunicorn.sock

"$python" manage.py migrate --noinput --verbosity 0
"$python" manage.py collectstatic --noinput --verbosity 0
# The catalogs, compiled from the reviewed .po files (.mo files are not in
# git: docs/i18n.md); nginx's error pages below are written from them too.
if ! command -v msgfmt >/dev/null; then
  echo "serve: msgfmt is missing: run \`make serve\`, which installs Debian's gettext," \
    "or \`apt-get install gettext\`." >&2
  exit 2
fi
"$python" manage.py compilemessages --ignore .venv --verbosity 0
"$python" deploy/render.py "$run_dir" "$listen" "$socket" >"$run_dir/nginx.conf"
nginx_args=(-p "$run_dir" -c "$run_dir/nginx.conf" -e "$run_dir/logs/error.log")
"$nginx" -t -q "${nginx_args[@]}"

# TERM asks gunicorn, QUIT asks nginx, to finish the requests under way and
# stop. Each server leads a process group of its own (setsid, below), and the
# whole group is told: workers whose master died would otherwise live on, and
# nginx's would keep the port.
gunicorn_pid=
nginx_pid=
stopping=0
stop() {
  stopping=1
  [ -z "$gunicorn_pid" ] || kill -TERM -- "-$gunicorn_pid" 2>/dev/null || true
  [ -z "$nginx_pid" ] || kill -QUIT -- "-$nginx_pid" 2>/dev/null || true
}
# HUP too: a closed terminal or SSH session would otherwise leave both servers running.
trap stop INT TERM HUP

# Each in a session of its own, so that Ctrl-C reaches only this script, which
# then stops them gracefully (a terminal's Ctrl-C would stop both at once).
rm -f "$socket"
setsid "$python" -m gunicorn --bind "unix:$socket" \
  --config deploy/gunicorn.conf.py --pid "$run_dir/gunicorn.pid" sudoku_site.wsgi &
gunicorn_pid=$!

# gunicorn loads the site before it opens the socket.
while [ "$stopping" = 0 ] && [ ! -S "$socket" ] && kill -0 "$gunicorn_pid" 2>/dev/null; do
  sleep 0.1
done
if [ "$stopping" = 0 ] && [ -S "$socket" ]; then
  rm -f "$run_dir/nginx.pid"  # a stale one would let USR1 through too early
  setsid "$nginx" "${nginx_args[@]}" &
  nginx_pid=$!
  echo "serve: http://$listen/ (gunicorn pid $gunicorn_pid, nginx pid $nginx_pid;" \
    "logs in $run_dir/logs; Ctrl-C stops)"
  # A trapped signal ends `wait` too: wait again until one has really stopped.
  while [ "$stopping" = 0 ] && kill -0 "$gunicorn_pid" 2>/dev/null &&
    kill -0 "$nginx_pid" 2>/dev/null; do
    wait -n "$gunicorn_pid" "$nginx_pid" || true
  done
fi

status=0
if [ "$stopping" = 0 ]; then
  echo "serve: gunicorn or nginx stopped by itself; stopping the other" >&2
  status=1
fi
stop
for pid in "$gunicorn_pid" $nginx_pid; do
  while kill -0 "$pid" 2>/dev/null; do
    wait "$pid" || true
  done
done
exit "$status"
