#!/usr/bin/env bash
# Load test over loopback, with wrk: the generated service against the hand-written axum
# service and against the floor (the same endpoints on bare hyper, benches/src/floor.rs).
#
#   bash benches/load.sh              # 5 rounds per endpoint, 10 s measured per run
#   QUICK=1 bash benches/load.sh      # 1 round of 2 s: a smoke test
#   PROFILE=debug QUICK=1 bash benches/load.sh   # the same on the debug build the tests
#                                     # made (CI: it checks the run, not the speed)
#   METRICS=1 bash benches/load.sh    # the generated service with its metrics path on
#                                     # (benches/spec-metrics) against the same without
#   CONNECTION_LAYER=1 bash benches/load.sh  # the generated service served by the
#                                     # runtime's serve against the same on the floor's
#                                     # plain hyper loop: the connection layer's cost
#   BASELINE=/tmp/bench-server-old bash benches/load.sh  # the generated service against
#                                     # the same from another build of bench-server (an
#                                     # earlier commit's) and against the floor, in one
#                                     # run: tells a change of the code from a change of
#                                     # the machine
#
# Builds bench-server (release), installs wrk with apt when it is missing, starts one
# server per implementation pinned to CPU $SERVER_CPU, checks that all answer the
# benchmark's requests (and a 401 and a 404) with the same status, headers and bytes as
# the first, then runs wrk pinned to CPU $LOAD_CPU: per endpoint, $ROUNDS rounds, each the
# generated service, then the hand-written one, then the floor (warm-up, then the
# measured run). Prints, per round, the generated service's requests/s ratio to each of the
# others, then markdown tables: requests/s, server CPU per request (user and system, from
# /proc/<pid>/stat), p50 and p99 latency, resident memory (VmRSS), per round the ratios
# generated / hand-written and generated / floor, and the median ratios.
#
# The machine has two CPUs and the load test needs both: anything else running (a build)
# steals from the server or from wrk. Before each run the script waits, up to QUIET_WAIT
# seconds, until the machine is idle (at most QUIET_MAX percent busy over one second); a
# round during which other processes took more than QUIET_MAX percent of the CPUs is run
# again (up to RETRIES times), and the table shows, per run, the share of both CPUs other
# processes took ("other %"). CPU per request is the server's own and suffers least from
# such noise.
#
# Environment (defaults in brackets): ROUNDS [5], DURATION [10] and WARMUP [2] seconds,
# CONNECTIONS [16], WORKER_THREADS [1] (the server's tokio workers), SERVER_CPU [0],
# LOAD_CPU [1], PORT [18431] (and the next two), QUIET_MAX [10] percent, QUIET_WAIT [600]
# seconds, RETRIES [3], OUT [unset: a file to write the table to too], CARGO_TARGET_DIR
# [target], METRICS [unset: with 1, the pairs are metrics on / metrics off instead of
# generated / hand-written / floor], CONNECTION_LAYER [unset: with 1, the pair is the
# generated service under the runtime's serve / under a bare hyper loop], BASELINE [unset:
# a bench-server binary whose generated service is measured in the hand-written one's
# place].
set -euo pipefail

if [[ -n "${QUICK:-}" ]]; then
    ROUNDS=${ROUNDS:-1}
    DURATION=${DURATION:-2}
    WARMUP=${WARMUP:-1}
fi
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
CONNECTIONS=${CONNECTIONS:-16}
WORKER_THREADS=${WORKER_THREADS:-1}
SERVER_CPU=${SERVER_CPU:-0}
LOAD_CPU=${LOAD_CPU:-1}
PORT=${PORT:-18431}
QUIET_MAX=${QUIET_MAX:-10}
QUIET_WAIT=${QUIET_WAIT:-600}
RETRIES=${RETRIES:-3}

cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-target}
[[ $TARGET_DIR == /* ]] || TARGET_DIR=$ROOT/$TARGET_DIR
PROFILE=${PROFILE:-release}
SERVER=$TARGET_DIR/$PROFILE/bench-server
BUILD=(--quiet -p restspec-benches --bin bench-server)
if [[ $PROFILE == release ]]; then
    BUILD+=(--release)
fi
WORK=$(mktemp -d)

die() {
    echo "load.sh: $*" >&2
    exit 1
}

# --- tools -------------------------------------------------------------------------------
for tool in curl taskset awk; do
    command -v "$tool" >/dev/null || die "$tool is needed"
done
if ! command -v wrk >/dev/null; then
    echo "load.sh: installing wrk with apt" >&2
    if [[ $(id -u) -eq 0 ]]; then
        apt-get update -qq && apt-get install -y -qq wrk >/dev/null
    else
        sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null
    fi
fi
(( $(nproc) > SERVER_CPU && $(nproc) > LOAD_CPU )) || die "needs CPUs $SERVER_CPU and $LOAD_CPU"

echo "load.sh: building bench-server ($PROFILE)" >&2
if [[ -n "${METRICS:-}" ]]; then
    # The same server with the metrics path on, kept under its own name.
    cargo build "${BUILD[@]}" --features metrics
    cp "$SERVER" "$SERVER-metrics"
fi
if [[ $PROFILE == debug ]]; then
    source benches/lib/debug-build.sh
    debug_build
else
    cargo build "${BUILD[@]}"
fi
[[ -x $SERVER ]] || die "no $SERVER (is CARGO_TARGET_DIR the one cargo used?)"

# --- servers -----------------------------------------------------------------------------
# The first is measured against each of the others (ratio = first / other). SHORT names
# the columns of the table, LONG says what they are.
if [[ -n "${METRICS:-}" ]]; then
    IMPLS=(metrics nometrics)
    SHORT=(on off) LONG=("metrics on" "metrics off")
elif [[ -n "${BASELINE:-}" ]]; then
    [[ -x $BASELINE ]] || die "BASELINE: no binary $BASELINE"
    IMPLS=(generated baseline floor)
    SHORT=(gen base floor) LONG=(generated "the baseline build" "bare hyper")
elif [[ -n "${CONNECTION_LAYER:-}" ]]; then
    IMPLS=(generated generated-bare)
    SHORT=(serve bare) LONG=("the runtime's serve" "a bare hyper loop")
else
    IMPLS=(generated handwritten floor)
    SHORT=(gen hand floor) LONG=(generated "hand-written axum" "bare hyper")
fi
N_IMPLS=${#IMPLS[@]}
declare -A PID URL
cleanup() {
    for impl in "${IMPLS[@]}"; do
        if [[ -n "${PID[$impl]:-}" ]]; then
            kill "${PID[$impl]}" 2>/dev/null || true
            wait "${PID[$impl]}" 2>/dev/null || true
        fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

port=$PORT
for impl in "${IMPLS[@]}"; do
    binary=$SERVER kind=$impl
    case $impl in
        metrics) binary=$SERVER-metrics kind=generated ;;
        nometrics) kind=generated ;;
        baseline) binary=$BASELINE kind=generated ;;
    esac
    taskset -c "$SERVER_CPU" "$binary" --impl "$kind" --port "$port" \
        --worker-threads "$WORKER_THREADS" 2>"$WORK/$impl.log" &
    PID[$impl]=$!
    URL[$impl]=http://127.0.0.1:$port
    port=$((port + 1))
done
for impl in "${IMPLS[@]}"; do
    for _ in $(seq 50); do
        curl -s -o /dev/null "${URL[$impl]}/" && break
        kill -0 "${PID[$impl]}" 2>/dev/null || die "$impl server died: $(cat "$WORK/$impl.log")"
        sleep 0.1
    done
    curl -s -o /dev/null "${URL[$impl]}/" || die "$impl server does not answer"
done

# --- the requests ------------------------------------------------------------------------
# name|path|header|header (curl -H / wrk -H)
ENDPOINTS=(
    "account_detail|/a/accounts/self/detail|Authorization: Basic YWRtaW46c2VjcmV0|X-Service-Trace: bench-1"
    "revision_detail|/changes/1/revisions/1/detail?pp=0||"
)
CHECKS=(
    "${ENDPOINTS[@]}"
    "unauthorized|/a/accounts/self/detail|X-Service-Trace: bench-1|"
    "unknown_change|/changes/2/revisions/1/detail?pp=0||"
)

header_args() { # tool-independent -H arguments for fields 3 and 4
    local h
    for h in "$@"; do
        [[ -n $h ]] && printf '%s\0%s\0' -H "$h"
    done
    return 0
}

# All implementations must answer alike before any of them is measured: status line,
# headers (Date left out, order ignored) and body bytes, each against the first.
echo "load.sh: checking that the implementations answer alike" >&2
for check in "${CHECKS[@]}"; do
    IFS='|' read -r name path h1 h2 <<<"$check"
    mapfile -d '' hargs < <(header_args "$h1" "$h2")
    for impl in "${IMPLS[@]}"; do
        curl -s "${hargs[@]}" -D "$WORK/$name.$impl.head" -o "$WORK/$name.$impl.body" \
            "${URL[$impl]}$path" || die "$impl: $path failed"
        tr -d '\r' <"$WORK/$name.$impl.head" | grep -iv '^date:' | sort >"$WORK/$name.$impl.sorted"
    done
    a=${IMPLS[0]}
    for b in "${IMPLS[@]:1}"; do
        if ! cmp -s "$WORK/$name.$a.sorted" "$WORK/$name.$b.sorted" ||
            ! cmp -s "$WORK/$name.$a.body" "$WORK/$name.$b.body"; then
            echo "load.sh: $name ($path): $a and $b answer differently" >&2
            diff "$WORK/$name.$a.sorted" "$WORK/$name.$b.sorted" >&2 || true
            diff <(od -c "$WORK/$name.$a.body") <(od -c "$WORK/$name.$b.body") \
                | head -20 >&2 || true
            exit 1
        fi
    done
    status=$(head -1 "$WORK/$name.$a.head" | tr -d '\r')
    echo "  $name: $status, $(wc -c <"$WORK/$name.$a.body") bytes, identical" >&2
done
for endpoint in "${ENDPOINTS[@]}"; do
    IFS='|' read -r name _ <<<"$endpoint"
    grep -q '^HTTP/1.1 200' "$WORK/$name.${IMPLS[0]}.head" || die "$name does not answer 200"
done

# --- measuring ---------------------------------------------------------------------------
CLK_TCK=$(getconf CLK_TCK)

cpu_ticks() { # user and system ticks of a process (fields 14 and 15 of /proc/<pid>/stat)
    awk '{ sub(/^.*\) /, ""); print $12, $13 }' "/proc/$1/stat"
}

machine_ticks() { # busy and total ticks of all CPUs
    awk '/^cpu / { t = 0; for (i = 2; i <= 9; i++) t += $i; print t - $5 - $6, t; exit }' /proc/stat
}

children_seconds() { # CPU seconds (user + system) of waited-for children, from `times` output
    awk 'NR == 2 { n = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); n += p[1] * 60 + p[2] }; print n }' "$1"
}

wait_for_quiet() { # until the machine is at most QUIET_MAX % busy over a second
    local start=$SECONDS b0 t0 b1 t1 busy
    while :; do
        read -r b0 t0 < <(machine_ticks)
        sleep 1
        read -r b1 t1 < <(machine_ticks)
        busy=$(( (b1 - b0) * 100 / (t1 - t0 > 0 ? t1 - t0 : 1) ))
        (( busy <= QUIET_MAX )) && return 0
        if (( SECONDS - start > QUIET_WAIT )); then
            echo "load.sh: the machine is still $busy% busy; measuring anyway" >&2
            return 0
        fi
        (( SECONDS - start < 2 )) && echo "load.sh: waiting for the machine to be idle ($busy% busy)" >&2
        sleep 4
    done
}

rss_kib() {
    awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"
}

# wrk's latency ("512.00us", "1.20ms", "2.00s") in microseconds.
to_us() {
    awk -v v="$1" 'BEGIN {
        n = v + 0
        if (v ~ /us$/) print n; else if (v ~ /ms$/) print n * 1000;
        else if (v ~ /s$/) print n * 1000000; else print n }'
}

RESULTS=$WORK/results.tsv
: >"$RESULTS"
run() { # endpoint-line round impl
    local name path h1 h2 impl=$3 out=$WORK/wrk.out
    IFS='|' read -r name path h1 h2 <<<"$1"
    mapfile -d '' hargs < <(header_args "$h1" "$h2")
    wait_for_quiet
    taskset -c "$LOAD_CPU" wrk -t1 -c"$CONNECTIONS" -d"${WARMUP}s" "${hargs[@]}" \
        "${URL[$impl]}$path" >/dev/null
    local user0 sys0 user1 sys1 busy0 total0 busy1 total1 wrk0 wrk1
    read -r user0 sys0 < <(cpu_ticks "${PID[$impl]}")
    read -r busy0 total0 < <(machine_ticks)
    times >"$WORK/times.0" # in this shell: a subshell would not see wrk
    taskset -c "$LOAD_CPU" wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency "${hargs[@]}" \
        "${URL[$impl]}$path" >"$out"
    times >"$WORK/times.1"
    wrk0=$(children_seconds "$WORK/times.0")
    wrk1=$(children_seconds "$WORK/times.1")
    read -r busy1 total1 < <(machine_ticks)
    read -r user1 sys1 < <(cpu_ticks "${PID[$impl]}")
    if grep -q -e 'Non-2xx' -e 'Socket errors' "$out"; then
        cat "$out" >&2
        die "$impl $name: errors under load"
    fi
    local requests rps p50 p99 rss
    requests=$(awk '/ requests in / { print $1 }' "$out")
    rps=$(awk '/^Requests\/sec:/ { print $2 }' "$out")
    p50=$(to_us "$(awk '$1 == "50%" { print $2 }' "$out")")
    p99=$(to_us "$(awk '$1 == "99%" { print $2 }' "$out")")
    rss=$(rss_kib "${PID[$impl]}")
    awk -v name="$name" -v round="$2" -v impl="$impl" -v requests="$requests" -v rps="$rps" \
        -v p50="$p50" -v p99="$p99" -v du=$((user1 - user0)) -v ds=$((sys1 - sys0)) \
        -v tck="$CLK_TCK" -v rss="$rss" -v busy=$((busy1 - busy0)) -v total=$((total1 - total0)) \
        -v wrk="$wrk0" -v wrk1="$wrk1" 'BEGIN {
            other = (busy - du - ds) / tck - (wrk1 - wrk)
            if (other < 0) other = 0
            printf "%s\t%s\t%s\t%.1f\t%.1f\t%.1f\t%.2f\t%.2f\t%.1f\t%.1f\n", name, round, impl, rps,
                p50, p99, du / tck / requests * 1e6, ds / tck / requests * 1e6, rss / 1024,
                100 * other * tck / total }' \
        >>"$RESULTS"
    echo "  $name round $2 $impl: $rps req/s" >&2
}

echo "load.sh: $ROUNDS round(s) per endpoint, ${WARMUP}s warm-up + ${DURATION}s measured per run," \
    "$CONNECTIONS connections, server on CPU $SERVER_CPU, wrk on CPU $LOAD_CPU" >&2
# A round where other processes took more than QUIET_MAX % of the CPUs during any run is
# run again, up to RETRIES times; the last try is kept (its "other %" tells).
for endpoint in "${ENDPOINTS[@]}"; do
    for round in $(seq "$ROUNDS"); do
        for try in $(seq 0 "$RETRIES"); do
            for impl in "${IMPLS[@]}"; do
                run "$endpoint" "$round" "$impl"
            done
            noisy=$(tail -n "$N_IMPLS" "$RESULTS" | awk -F'\t' -v max="$QUIET_MAX" '$10 > max { n++ } END { print n + 0 }')
            (( noisy == 0 || try == RETRIES )) && break
            echo "  round $round: other processes were busy during the run; again" >&2
            head -n "-$N_IMPLS" "$RESULTS" >"$RESULTS.kept" && mv "$RESULTS.kept" "$RESULTS"
        done
        # The round's requests/s ratios, first / each other, as the rounds go.
        tail -n "$N_IMPLS" "$RESULTS" | awk -F'\t' -v labels="${SHORT[*]}" '
            { rps[NR] = $4 }
            END {
                split(labels, l, " "); line = ""
                for (i = 2; i <= NR; i++)
                    line = line sprintf("  %s/%s %.3f", l[1], l[i], rps[i] > 0 ? rps[1] / rps[i] : 0)
                printf "  %s round %s, requests/s:%s\n", $1, $2, line
            }' >&2
    done
done

if [[ -n "${METRICS:-}" ]]; then
    # The metered server counted what wrk sent: its page shows the benchmark's endpoints.
    page=$(curl -s "${URL[metrics]}/metrics")
    grep -q 'restspec_requests_total{endpoint="get_account_detail"' <<<"$page" ||
        die "the metrics page does not count the benchmark's requests"
fi

# --- the tables --------------------------------------------------------------------------
report() {
    local i legend="" ratios=""
    for i in "${!IMPLS[@]}"; do
        legend+="${legend:+, }${SHORT[$i]} = ${LONG[$i]}"
        (( i > 0 )) && ratios+="${ratios:+ and }${SHORT[0]} / ${SHORT[$i]}"
    done
    echo "## Load test ($(date -u +%Y-%m-%d), $(nproc) CPUs: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo))"
    echo
    echo "$ROUNDS round(s) per endpoint, each one run per implementation; per run ${WARMUP} s warm-up and ${DURATION} s measured;" \
        "\`wrk -t1 -c$CONNECTIONS --latency\` on CPU $LOAD_CPU, the server on CPU $SERVER_CPU with" \
        "$WORKER_THREADS tokio worker(s). $legend. Ratios are $ratios" \
        "(below 1 for req/s and above 1 for latency and CPU mean ${LONG[0]} is slower)."
    echo "CPU is the server process's user (and system) CPU time per request; RSS its VmRSS after the run;" \
        "other % the share of both CPUs used by processes other than the server and wrk during the run."
    awk -F'\t' -v order="${IMPLS[*]}" -v labels="${SHORT[*]}" '
        function median(list, n,    i, j, t, a) {
            for (i = 1; i <= n; i++) a[i] = list[i]
            for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
            return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
        }
        function ratio(x, y) { return y > 0 ? x / y : 0 }
        # Header cells: "<what> <first label>", then the other labels.
        function heads(what,    i, out) {
            out = " " what " " l[1] " |"
            for (i = 2; i <= ni; i++) out = out " " l[i] " |"
            return out
        }
        function ratio_heads(what,    i, out) {
            for (i = 2; i <= ni; i++) out = out " " (i == 2 ? what " " : "") l[1] "/" l[i] " |"
            return out
        }
        function cells(v, k, fmt,    i, out) {
            for (i = 1; i <= ni; i++) out = out sprintf(" " fmt " |", v[k, im[i]])
            return out
        }
        # Ratios first / other of v for round r, kept in q[what, i, r] for the medians.
        function ratio_cells(v, k, what, r,    i, out) {
            for (i = 2; i <= ni; i++) {
                q[what, i, r] = ratio(v[k, im[1]], v[k, im[i]])
                out = out sprintf(" %.3f |", q[what, i, r])
            }
            return out
        }
        function median_cells(what, n,    i, j, list, out) {
            for (i = 2; i <= ni; i++) {
                for (j = 1; j <= n; j++) list[j] = q[what, i, j]
                out = out sprintf(" **%.3f** |", median(list, n))
            }
            return out
        }
        function blanks(n,    i, out) { for (i = 1; i <= n; i++) out = out " |"; return out }
        function rule(n,    i, out) { out = "|"; for (i = 1; i <= n; i++) out = out "---|"; return out }
        BEGIN { ni = split(order, im, " "); split(labels, l, " ") }
        { key = $1 SUBSEP $2; rps[key, $3] = $4; p50[key, $3] = $5; p99[key, $3] = $6
          user[key, $3] = $7; sys[key, $3] = $8; rss[key, $3] = $9; other[key, $3] = $10
          if (!($1 in seen)) { seen[$1] = 1; names[++nn] = $1 }
          if ($2 > rounds[$1]) rounds[$1] = $2 }
        END {
            for (e = 1; e <= nn; e++) {
                name = names[e]; n = rounds[name]
                printf "\n### %s\n\nRequests/s and CPU per request:\n\n", name
                print "| round |" heads("req/s") ratio_heads("req/s") heads("user CPU µs/req") ratio_heads("user CPU") heads("sys CPU µs/req") heads("other %")
                print rule(1 + 4 * ni + 2 * (ni - 1))
                for (r = 1; r <= n; r++) {
                    k = name SUBSEP r
                    print "| " r " |" cells(rps, k, "%.0f") ratio_cells(rps, k, "rps", r) cells(user, k, "%.2f") ratio_cells(user, k, "user", r) cells(sys, k, "%.2f") cells(other, k, "%.0f")
                }
                print "| **median** |" blanks(ni) median_cells("rps", n) blanks(ni) median_cells("user", n) blanks(2 * ni)
                printf "\nLatency and memory:\n\n"
                print "| round |" heads("p50 µs") heads("p99 µs") ratio_heads("p99") heads("RSS MiB")
                print rule(1 + 3 * ni + (ni - 1))
                for (r = 1; r <= n; r++) {
                    k = name SUBSEP r
                    print "| " r " |" cells(p50, k, "%.0f") cells(p99, k, "%.0f") ratio_cells(p99, k, "p99", r) cells(rss, k, "%.1f")
                }
                print "| **median** |" blanks(2 * ni) median_cells("p99", n) blanks(ni)
            }
        }' "$RESULTS"
}

if [[ -n "${OUT:-}" ]]; then
    report | tee "$OUT"
else
    report
fi
