#!/usr/bin/env bash
# Instructions per request of each server, counted by valgrind's callgrind: the measure of
# the load test's "user CPU per request" that a busy machine does not blur. Each server runs
# under callgrind; wrk warms it up (the first request checks the slow password hash), the
# counters are zeroed, wrk sends requests for DURATION seconds, and the counters are dumped:
# instructions executed in the server process (user space, every thread) divided by the
# requests wrk completed.
#
#   bash benches/instructions.sh                 # both endpoints, all four servers
#   IMPLS="generated floor" bash benches/instructions.sh
#   KEEP=/tmp/profiles bash benches/instructions.sh   # keep the callgrind files
#                                                # (callgrind_annotate FILE for a profile)
#   CACHE_SIM=1 bash benches/instructions.sh     # also simulated cache misses and branch
#                                                # mispredictions per request
#   BASELINE=/tmp/bench-server-old IMPLS="generated baseline floor" bash benches/instructions.sh
#                                                # "baseline": the generated service of
#                                                # another build of bench-server (an earlier
#                                                # commit's), to tell what a change did
#
# Servers: generated (the runtime's serve), generated-bare (the generated service on a
# bare hyper loop: the pair prices the connection layer), handwritten (axum), floor (bare
# hyper, hand-written router). The last column is the generated service's count over each
# server's: above 1, the generated service executes more. Environment: IMPLS,
# DURATION [8] seconds, CONNECTIONS [8], PORT [18471], CARGO_TARGET_DIR [target], KEEP [unset],
# CACHE_SIM [unset: with 1, callgrind also simulates the caches and the branch predictor,
# about twice as slow, and three columns more: level-1 instruction and data cache misses and
# mispredicted branches per request. Instructions are the same work either way; misses are
# what makes the same work cost more cycles, which an instruction count does not weigh].
# Needs valgrind and wrk (installed with apt when missing).
set -euo pipefail

read -r -a IMPLS <<<"${IMPLS:-generated generated-bare handwritten floor}"
DURATION=${DURATION:-8}
CONNECTIONS=${CONNECTIONS:-8}
PORT=${PORT:-18471}

cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-target}
[[ $TARGET_DIR == /* ]] || TARGET_DIR=$ROOT/$TARGET_DIR
SERVER=$TARGET_DIR/release/bench-server
WORK=${KEEP:-$(mktemp -d)}
mkdir -p "$WORK"

die() {
    echo "instructions.sh: $*" >&2
    exit 1
}

missing=()
for tool in valgrind wrk; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
if ((${#missing[@]})); then
    echo "instructions.sh: installing ${missing[*]} with apt" >&2
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq && "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "instructions.sh: building bench-server (release)" >&2
cargo build --release --quiet -p restspec-benches --bin bench-server

PID=
cleanup() {
    [[ -n $PID ]] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null
    [[ -n ${KEEP:-} ]] || rm -rf "$WORK"
}
trap cleanup EXIT

# name|path|header|header, as load.sh sends them.
ENDPOINTS=(
    "account_detail|/a/accounts/self/detail|Authorization: Basic YWRtaW46c2VjcmV0|X-Service-Trace: bench-1"
    "revision_detail|/changes/1/revisions/1/detail?pp=0||"
)

# Prints "<requests> <instructions>" for one server and endpoint.
count() {
    local impl=$1 path=$2 h1=$3 h2=$4 out=$WORK/$5.$1.callgrind url
    local hargs=()
    [[ -n $h1 ]] && hargs+=(-H "$h1")
    [[ -n $h2 ]] && hargs+=(-H "$h2")
    local sim=()
    [[ -n ${CACHE_SIM:-} ]] && sim=(--cache-sim=yes --branch-sim=yes)
    local server=$SERVER served=$impl
    if [[ $impl == baseline ]]; then
        [[ -x ${BASELINE:-} ]] || die "IMPLS names baseline: set BASELINE to a bench-server binary"
        server=$BASELINE served=generated
    fi
    valgrind --tool=callgrind "${sim[@]}" --callgrind-out-file="$out.%p" "$server" --impl "$served" \
        --port "$PORT" >"$WORK/$impl.log" 2>&1 &
    PID=$!
    url=http://127.0.0.1:$PORT$path
    for _ in $(seq 300); do
        curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break
        kill -0 "$PID" 2>/dev/null || die "$impl died: $(tail -5 "$WORK/$impl.log")"
        sleep 0.2
    done
    wrk -t1 -c"$CONNECTIONS" -d2s "${hargs[@]}" "$url" >/dev/null
    callgrind_control -z "$PID" >/dev/null 2>&1
    local requests
    requests=$(wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" "${hargs[@]}" "$url" |
        awk '/requests in/ { print $1 }')
    callgrind_control -d "$PID" >/dev/null 2>&1
    kill -INT "$PID"
    wait "$PID" 2>/dev/null || true
    PID=
    # The dump after zeroing is the file with a part number; the final one (at exit) is not.
    local dump
    dump=$(ls -t "$out".*.[0-9]* 2>/dev/null | head -1)
    [[ -n $dump ]] || die "no callgrind dump for $impl"
    # "<requests> <Ir> [<I1 misses> <D1 misses> <mispredicted branches>]", by event name.
    echo "$requests $(awk '
        /^events:/ { for (i = 2; i <= NF; i++) at[$i] = i }
        /^(summary|totals):/ {
            line = $(at["Ir"])
            if ("I1mr" in at)
                line = line " " $(at["I1mr"]) " " $(at["D1mr"]) + $(at["D1mw"]) " " $(at["Bcm"]) + $(at["Bim"])
            print line
            exit
        }' "$dump")"
}

if [[ -n ${CACHE_SIM:-} ]]; then
    echo "| endpoint | server | requests | instructions / request | generated / this | I1 misses / request | D1 misses / request | mispredicted branches / request |"
    echo "|---|---|---|---|---|---|---|---|"
else
    echo "| endpoint | server | requests | instructions / request | generated / this |"
    echo "|---|---|---|---|---|"
fi
for endpoint in "${ENDPOINTS[@]}"; do
    IFS='|' read -r name path h1 h2 <<<"$endpoint"
    first=
    for impl in "${IMPLS[@]}"; do
        echo "instructions.sh: $name on $impl" >&2
        read -r requests instructions i1 d1 branches < <(count "$impl" "$path" "$h1" "$h2" "$name")
        ((requests > 0)) || die "$impl answered no requests"
        per=$((instructions / requests))
        [[ -n $first ]] || first=$per
        printf '| %s | %s | %s | %s | %s |' "$name" "$impl" "$requests" "$per" \
            "$(awk -v a="$first" -v b="$per" 'BEGIN { printf "%.3f", a / b }')"
        if [[ -n ${CACHE_SIM:-} ]]; then
            printf ' %s | %s | %s |' $((i1 / requests)) $((d1 / requests)) $((branches / requests))
        fi
        echo
    done
done
