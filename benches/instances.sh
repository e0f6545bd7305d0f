#!/usr/bin/env bash
# Several instances of the example behind a load balancer, tested and measured: PostgreSQL,
# Redis and HAProxy from Debian's packages on loopback (benches/lib/servers.sh), three
# instances on one database (--database) and one quota store (--quota-store), HAProxy
# round robin in front. Then, in order:
#
#   1. a write through one instance is read through the others, and a session made on one
#      is used (read and XSRF-checked write) on the others;
#   2. a quota rule with a burst of BURST admits exactly BURST requests across the three
#      instances, and every 429 carries Retry-After;
#   3. requests/s of mixed reads and writes (mixed-load, 20% writes) on one instance on
#      SQLite, one on PostgreSQL, and the three behind the balancer, in one run;
#   4. kill -9 of one instance under a mixed write load through the balancer: the balancer
#      routes around it, every acknowledged write is found, and the database is consistent;
#   5. PostgreSQL restarted, then paused for PAUSE_SECONDS (SIGSTOP: it accepts connections
#      and answers nothing, as when the network to it is cut), each under a mixed load on
#      instance 0: every request is answered (503 while the database is away, never
#      another 5xx) within the instances' --database-timeout plus a bound, the instance
#      recovers without a restart, and every acknowledged write is found;
#   6. Redis paused (DEBUG SLEEP), then stopped: every request is answered, by the
#      fail-open policy, within the enforcer's timeout plus a bound.
#
#   bash benches/instances.sh
#   SECONDS_PER_ROW=10 CONNECTIONS=64 bash benches/instances.sh
#   BEFORE_SERVICE=/tmp/old/review-service bash benches/instances.sh
#
# BEFORE_SERVICE names another build of the example (an older commit's, say) to compare
# with in the same run: step 3 then also measures it on SQLite and on PostgreSQL alone (on a
# database of its own on the same server), as rows named "... (before)", each right before
# the same row of this build, so that both see the same machine.
#
# Exits non-zero when any property fails. Environment: SECONDS_PER_ROW [5], CONNECTIONS
# [32], BURST [10], KILL_SECONDS [6], PAUSE_SECONDS [10], REDIS_PAUSE_SECONDS [6], DB_TIMEOUT [2],
# BASE_PORT [18600], CARGO_TARGET_DIR [target], BEFORE_SERVICE [none]; KEEP_FAILED=1
# keeps the servers' logs when a property fails.
set -euo pipefail

SECONDS_PER_ROW=${SECONDS_PER_ROW:-5}
CONNECTIONS=${CONNECTIONS:-32}
BURST=${BURST:-10}
KILL_SECONDS=${KILL_SECONDS:-6}
PAUSE_SECONDS=${PAUSE_SECONDS:-10}
REDIS_PAUSE_SECONDS=${REDIS_PAUSE_SECONDS:-6}
DB_TIMEOUT=${DB_TIMEOUT:-2}
BASE_PORT=${BASE_PORT:-18600}

cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-target}
[[ $TARGET_DIR == /* ]] || TARGET_DIR=$ROOT/$TARGET_DIR
source benches/lib/servers.sh

DIR=$(mktemp -d)
PG_PORT=$((BASE_PORT + 1))
REDIS_PORT=$((BASE_PORT + 2))
LB_PORT=$((BASE_PORT + 3))
SQLITE_PORT=$((BASE_PORT + 4))
INSTANCE_PORTS=($((BASE_PORT + 11)) $((BASE_PORT + 12)) $((BASE_PORT + 13)))
DATABASE=postgres://review@127.0.0.1:$PG_PORT/review
LB=http://127.0.0.1:$LB_PORT
INSTANCE_PIDS=()
FAILED=0

log() { echo "instances.sh: $*" >&2; }
fail() {
    echo "instances.sh: FAILED: $*" >&2
    FAILED=1
}
cleanup() {
    local pid
    for pid in "${INSTANCE_PIDS[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    stop_servers
    if [[ -n ${KEEP_LOGS:-} || ($FAILED != 0 && -n ${KEEP_FAILED:-}) ]]; then
        log "logs kept in $DIR"
    else
        rm -rf "$DIR"
    fi
}
trap cleanup EXIT

source benches/lib/example-build.sh
log "building the example and the load tool ($PROFILE)"
build_example_and_load

log "starting PostgreSQL, Redis and the instances"
start_postgres "$DIR/pg" "$PG_PORT"
start_redis "$DIR/redis" "$REDIS_PORT"
cat >"$DIR/quota.yaml" <<YAML
rules:
  - group: "/restapi/projects/description:GET"
    burst: $BURST
    refill_per_second: 0.001
YAML

# wait_for URL PID LOG: until URL answers, or the process dies.
wait_for() {
    local _
    for _ in $(seq 150); do
        curl -sf -o /dev/null "$1/readyz" && return 0
        kill -0 "$2" 2>/dev/null || { log "died: $(tail -5 "$3")"; exit 1; }
        sleep 0.1
    done
    log "$1 does not answer: $(tail -5 "$3")"
    exit 1
}

# start_instance N: instance N (0, 1, 2) on the shared database and quota store.
start_instance() {
    local n=$1 port=${INSTANCE_PORTS[$1]}
    mkdir -p "$DIR/site$n"
    "$SERVICE" --listen "127.0.0.1:$port" --site "$DIR/site$n" --admin-password secret \
        --database "$DATABASE" --database-timeout "$DB_TIMEOUT" --quota-config "$DIR/quota.yaml" \
        --quota-store "redis://127.0.0.1:$REDIS_PORT" --quota-store-timeout 0.1 \
        >>"$DIR/site$n/service.log" 2>&1 &
    INSTANCE_PIDS[n]=$!
    wait_for "http://127.0.0.1:$port" "${INSTANCE_PIDS[n]}" "$DIR/site$n/service.log"
}
# Three instances starting at once migrate and seed the new database once between them.
STARTERS=()
for n in 0 1 2; do
    start_instance "$n" &
    STARTERS+=($!)
done
for pid in "${STARTERS[@]}"; do wait "$pid" || { log "an instance did not start"; exit 1; }; done
for n in 0 1 2; do
    INSTANCE_PIDS[n]=$(pgrep -f -- "--listen 127.0.0.1:${INSTANCE_PORTS[n]} ") ||
        { log "instance $n is not running"; exit 1; }
done
start_haproxy "$DIR/haproxy" "$LB_PORT" "${INSTANCE_PORTS[@]/#/127.0.0.1:}"
instance() { echo "http://127.0.0.1:${INSTANCE_PORTS[$1]}"; }

# ---- 1. one database: writes and sessions cross instances ----------------------------------
log "1. a write on one instance is read on the others; a session crosses instances"
status=$(curl -s -o /dev/null -w '%{http_code}' -u admin:secret -X PUT \
    -H 'Content-Type: application/json' -d '{"description":"made on instance 0"}' \
    "$(instance 0)/a/projects/shared")
[[ $status == 201 ]] || fail "creating a project on instance 0 answered $status"
for n in 1 2; do
    body=$(curl -s "$(instance "$n")/projects/shared/description")
    [[ $body == *'made on instance 0'* ]] || fail "instance $n reads '$body' for the description"
done
curl -s -o /dev/null -c "$DIR/cookies" -u admin:secret -X POST "$(instance 0)/login"
xsrf=$(awk '$6 == "XSRF_TOKEN" { print $7 }' "$DIR/cookies")
[[ -n $xsrf ]] || fail "no XSRF_TOKEN cookie from /login on instance 0"
status=$(curl -s -o /dev/null -w '%{http_code}' -b "$DIR/cookies" "$(instance 1)/accounts/self/detail")
[[ $status == 200 ]] || fail "instance 1 answers $status to instance 0's session"
status=$(curl -s -o /dev/null -w '%{http_code}' -b "$DIR/cookies" -X PUT \
    -H "X-Service-Auth: $xsrf" -H 'Content-Type: application/json' -d '{}' \
    "$(instance 2)/projects/by-session")
[[ $status == 201 ]] || fail "instance 2 answers $status to a write with instance 0's session"
status=$(curl -s -o /dev/null -w '%{http_code}' -b "$DIR/cookies" -X PUT \
    -H 'Content-Type: application/json' -d '{}' "$(instance 2)/projects/no-xsrf")
[[ $status == 403 ]] || fail "a session write without the XSRF token answered $status"
echo "cross_instance: write read on 2 others, session used on 2 others"

# ---- 2. one quota store: the burst is shared -----------------------------------------------
log "2. a burst of $BURST across three instances"
admitted=0 refused=0 without_retry_after=0
for i in $(seq $((BURST * 3))); do
    headers=$(curl -s -D - -o /dev/null -u admin:secret "$LB/a/projects/shared/description")
    case $headers in
        "HTTP/1.1 200"*) admitted=$((admitted + 1)) ;;
        "HTTP/1.1 429"*)
            refused=$((refused + 1))
            grep -qi '^retry-after: [0-9]' <<<"$headers" || without_retry_after=$((without_retry_after + 1))
            ;;
        *) fail "request $i through the balancer: ${headers%%$'\r'*}" ;;
    esac
done
echo "quota: burst=$BURST requests=$((BURST * 3)) admitted=$admitted refused=$refused refused_without_retry_after=$without_retry_after"
[[ $admitted == "$BURST" ]] || fail "the three instances admitted $admitted, not $BURST"
[[ $without_retry_after == 0 ]] || fail "$without_retry_after refusals without Retry-After"

# ---- 3. requests/s ------------------------------------------------------------------------
log "3. requests/s, $CONNECTIONS connections, 20% writes, $SECONDS_PER_ROW s each"
# alone NAME BINARY PORT [ARGS...]: BINARY started alone on PORT with a site of its own
# (SQLite unless ARGS name a database); its pid in ALONE_PID.
alone() {
    local name=$1 binary=$2 port=$3
    shift 3
    mkdir -p "$DIR/$name-site"
    "$binary" --listen "127.0.0.1:$port" --site "$DIR/$name-site" --admin-password secret "$@" \
        >"$DIR/$name-site/service.log" 2>&1 &
    ALONE_PID=$!
    INSTANCE_PIDS+=("$ALONE_PID")
    wait_for "http://127.0.0.1:$port" "$ALONE_PID" "$DIR/$name-site/service.log"
}
row() {
    local name=$1 url=$2 line
    line=$("$LOAD" --url "$url" --password secret --connections "$CONNECTIONS" \
        --seconds "$SECONDS_PER_ROW" --write-percent 20)
    printf '| %s | %s |\n' "$name" "$line"
}
# before_row NAME ARGS...: the BEFORE_SERVICE build alone, measured as "NAME (before)".
before_row() {
    local name=$1
    shift
    [[ -n ${BEFORE_SERVICE:-} ]] || return 0
    alone before "$BEFORE_SERVICE" "$BEFORE_PORT" "$@"
    row "$name (before)" "http://127.0.0.1:$BEFORE_PORT"
    kill "$ALONE_PID"
    wait "$ALONE_PID" 2>/dev/null || true
    rm -rf "$DIR/before-site"
}
BEFORE_PORT=$((BASE_PORT + 5))
if [[ -n ${BEFORE_SERVICE:-} ]]; then
    [[ -x $BEFORE_SERVICE ]] || { log "BEFORE_SERVICE=$BEFORE_SERVICE is not a program"; exit 1; }
    as_postgres "$(postgres_bin)/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U review -d postgres \
        -c "CREATE DATABASE review_before" >/dev/null
fi
echo "| configuration | mixed-load |"
echo "|---|---|"
before_row "1 instance, SQLite"
alone sqlite "$SERVICE" "$SQLITE_PORT"
row "1 instance, SQLite" "http://127.0.0.1:$SQLITE_PORT"
kill "$ALONE_PID"
before_row "1 instance, PostgreSQL" --database "postgres://review@127.0.0.1:$PG_PORT/review_before" \
    --database-timeout "$DB_TIMEOUT"
row "1 instance, PostgreSQL" "$(instance 0)"
row "3 instances, PostgreSQL, HAProxy" "$LB"

# ---- 4. kill -9 under load ----------------------------------------------------------------
log "4. kill -9 instance 1 under a mixed write load through the balancer"
"$LOAD" --url "$LB" --password secret --connections "$CONNECTIONS" --seconds "$KILL_SECONDS" \
    --write-percent 50 --acked "$DIR/acked" --tolerate-errors >"$DIR/kill-load" &
LOADER=$!
sleep $((KILL_SECONDS / 2))
kill -9 "${INSTANCE_PIDS[1]}"
wait "$LOADER"
echo "kill_load: $(cat "$DIR/kill-load")"
verify=$("$LOAD" --url "$LB" --password secret --verify "$DIR/acked") || fail "acknowledged writes are missing: $verify"
echo "kill_verify: $verify"
routed=0
for _ in $(seq 30); do
    [[ $(curl -s -o /dev/null -w '%{http_code}' "$LB/config/server/version") == 200 ]] && routed=$((routed + 1))
done
echo "after_kill: $routed of 30 requests through the balancer answered 200"
[[ $routed == 30 ]] || fail "the balancer sent requests to the dead instance"
consistency=$(psql_review "$PG_PORT" "
    SELECT (SELECT count(*) FROM changes c LEFT JOIN commits m
              ON m.project = c.project AND m.sha = c.current_revision WHERE m.sha IS NULL)
         + (SELECT count(*) FROM sequences s WHERE s.name = 'change_number'
              AND s.next_value <= (SELECT COALESCE(max(number), 0) FROM changes))
         + (SELECT count(*) FROM (SELECT change_id FROM changes GROUP BY change_id
              HAVING count(*) > 1) d)")
echo "database: changes=$(psql_review "$PG_PORT" 'SELECT count(*) FROM changes') inconsistencies=$consistency"
[[ $consistency == 0 ]] || fail "the database is inconsistent after the kill"

# ---- 5. PostgreSQL restarted, then cut off ------------------------------------------------
# fault NAME LOAD_SECONDS COMMAND...: a mixed load on instance 0 (directly: the balancer
# would take the instances out while /readyz says 503), COMMAND at its second second; then
# the properties of step 5.
fault() {
    local name=$1 seconds=$2
    shift 2
    "$LOAD" --url "$(instance 0)" --password secret --connections 16 --seconds "$seconds" \
        --write-percent 20 --acked "$DIR/acked-$name" --tolerate-errors >"$DIR/$name-load" &
    local loader=$!
    sleep 2
    "$@"
    wait "$loader"
    local line
    line=$(cat "$DIR/$name-load")
    echo "$name: $line"
    field() { sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<<"$line"; }
    [[ $(field server_errors) == 0 ]] || fail "$name: $(field server_errors) answers were a 5xx other than 503"
    [[ $(field failed) == 0 ]] || fail "$name: $(field failed) requests got no answer"
    (($(field slowest) <= (DB_TIMEOUT + 2) * 1000)) ||
        fail "$name: a request took $(field slowest) ms (the database timeout is $DB_TIMEOUT s)"
    kill -0 "${INSTANCE_PIDS[0]}" 2>/dev/null || fail "$name: instance 0 died"
    local status=000 _
    for _ in $(seq 50); do
        status=$(curl -s -o /dev/null -w '%{http_code}' -u admin:secret -X PUT \
            -H 'Content-Type: application/json' -d '{}' "$(instance 0)/a/projects/after-$name")
        [[ $status == 201 ]] && break
        sleep 0.2
    done
    echo "$name: a write after the fault answered $status"
    [[ $status == 201 ]] || fail "$name: instance 0 did not recover (a write answered $status)"
    local verify
    verify=$("$LOAD" --url "$(instance 0)" --password secret --verify "$DIR/acked-$name") ||
        fail "$name: acknowledged writes are missing: $verify"
    echo "$name: $verify"
}
pause() {
    pause_postgres
    sleep "$PAUSE_SECONDS"
    resume_postgres
}
log "5. PostgreSQL restarted, then paused for $PAUSE_SECONDS s, under load (database timeout $DB_TIMEOUT s)"
fault pg_restart 8 restart_postgres "$DIR/pg" "$PG_PORT"
fault pg_paused $((PAUSE_SECONDS + 6)) pause
paused_503=$(sed -n 's/.* unavailable=\([0-9]*\).*/\1/p' "$DIR/pg_paused-load")
[[ $paused_503 -gt 0 ]] || fail "no request was answered 503 while PostgreSQL was paused"

# ---- 6. Redis slow, then gone --------------------------------------------------------------
log "6. Redis paused, then stopped: requests answered by the fail-open policy, none hanging"
# The probes ask for the group whose burst step 2 spent: answered 200 only because the
# store is away (fail-open). Redis sleeps long enough for the probes to end before it wakes,
# however loaded the machine: one that wakes mid-probe answers 429 for the spent burst.
redis-cli -p "$REDIS_PORT" DEBUG SLEEP $REDIS_PAUSE_SECONDS >/dev/null &
SLEEPER=$!
sleep 0.2
slowest=0 not_ok=0 statuses=""
probe() {
    local out started=$SECONDS
    for _ in $(seq 10); do
        out=$(curl -s -o /dev/null -m 5 -w '%{http_code} %{time_total}' -u admin:secret \
            "$LB/a/projects/shared/description") || out="000 5"
        if [[ ${out%% *} != 200 ]]; then
            not_ok=$((not_ok + 1)) statuses+=" ${out%% *}"
        fi
        slowest=$(awk -v a="$slowest" -v b="${out##* }" 'BEGIN { print (b > a ? b : a) }')
    done
    PROBE_SECONDS=$((SECONDS - started))
}
probe
echo "redis_paused: 10 requests in ${PROBE_SECONDS}s, not_200=$not_ok${statuses:+ (statuses:$statuses)} slowest=${slowest}s"
((PROBE_SECONDS < REDIS_PAUSE_SECONDS)) ||
    fail "the probes outlasted Redis's ${REDIS_PAUSE_SECONDS}s pause (${PROBE_SECONDS}s): raise REDIS_PAUSE_SECONDS"
wait "$SLEEPER"
kill "$REDIS_PID"
sleep 0.2
probe
echo "redis_stopped: 20 requests in all, not_200=$not_ok${statuses:+ (statuses:$statuses)} slowest=${slowest}s"
[[ $not_ok == 0 ]] || fail "$not_ok requests were not let through while Redis was away:$statuses"
awk -v s="$slowest" 'BEGIN { exit !(s < 1.0) }' ||
    fail "a request took ${slowest}s while Redis was away (timeout 0.1 s)"

if [[ $FAILED != 0 ]]; then
    log "some properties failed; the instances' logs:"
    tail -n 5 "$DIR"/site*/service.log >&2 || true
    exit 1
fi
log "every property holds"
