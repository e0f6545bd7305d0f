#!/usr/bin/env bash
# Mixed read/write load on the example service over loopback, then a check that every
# acknowledged write is there; with KILL=1, the service is killed with SIGKILL halfway
# through the load, restarted on the same site, and checked (every acknowledged write
# present, SQLite's integrity check clean).
#
#   bash benches/mixed-load.sh                    # 1,000 connections for 10 s
#   CONNECTIONS=64 DURATION=10 bash benches/mixed-load.sh
#   KILL=1 bash benches/mixed-load.sh             # the crash test
#
# Prints mixed-load's line (requests/s, p50, p99, errors, acknowledged writes) and the
# verification's. Exits non-zero on any error answer (outside KILL mode), any missing
# write, or a failed integrity check. Environment: CONNECTIONS [1000], DURATION [10] seconds,
# WRITE_PERCENT [20], PORT [18561], KILL [unset], CARGO_TARGET_DIR [target].
set -euo pipefail

CONNECTIONS=${CONNECTIONS:-1000}
DURATION=${DURATION:-10}
WRITE_PERCENT=${WRITE_PERCENT:-20}
PORT=${PORT:-18561}

cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-target}
[[ $TARGET_DIR == /* ]] || TARGET_DIR=$ROOT/$TARGET_DIR
SITE=$(mktemp -d)
PID=

die() {
    echo "mixed-load.sh: $*" >&2
    exit 1
}
cleanup() {
    [[ -n $PID ]] && kill -9 "$PID" 2>/dev/null
    rm -rf "$SITE"
}
trap cleanup EXIT

# Both ends need a descriptor per connection, and a few more.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
(( $(ulimit -n) > CONNECTIONS * 2 + 100 )) || die "the open-file limit $(ulimit -n) is too low for $CONNECTIONS connections"

source benches/lib/example-build.sh
echo "mixed-load.sh: building the example and the load tool ($PROFILE)" >&2
build_example_and_load
URL=http://127.0.0.1:$PORT

start() {
    "$SERVICE" --listen "127.0.0.1:$PORT" --site "$SITE" --admin-password secret \
        >>"$SITE/service.log" 2>&1 &
    PID=$!
    for _ in $(seq 100); do
        curl -s -o /dev/null "$URL/config/server/version" && return 0
        kill -0 "$PID" 2>/dev/null || die "the service died: $(tail -5 "$SITE/service.log")"
        sleep 0.1
    done
    die "the service does not answer"
}

start
ARGS=(--url "$URL" --password secret --connections "$CONNECTIONS" --seconds "$DURATION"
    --write-percent "$WRITE_PERCENT" --acked "$SITE/acked")
if [[ -n "${KILL:-}" ]]; then
    "$LOAD" "${ARGS[@]}" --tolerate-errors &
    LOADER=$!
    sleep $((DURATION / 2))
    echo "mixed-load.sh: kill -9 the service under load" >&2
    kill -9 "$PID"
    wait "$PID" 2>/dev/null || true
    PID=
    wait "$LOADER"
    start
else
    "$LOAD" "${ARGS[@]}"
fi
"$LOAD" --url "$URL" --password secret --verify "$SITE/acked"
kill "$PID"
wait "$PID" 2>/dev/null || true
PID=
python3 - "$SITE/db/review.sqlite" <<'PY'
import sqlite3, sys
result = sqlite3.connect(sys.argv[1]).execute("PRAGMA integrity_check").fetchone()[0]
print(f"integrity_check={result}")
sys.exit(0 if result == "ok" else 1)
PY
