#!/usr/bin/env bash
# What generated code costs to build: a clean dev build (`cargo build`, the default profile)
# and the incremental rebuild after one line of one endpoint's YAML is edited (its summary),
# for the example (`-p review-service`, spec/, 114 endpoints through the `generate!` macro)
# and for the whole API (benches/whole-api, 320 endpoints, macro and stub handlers).
#
#   benches/scripts/build-cost.sh                 # both; prints a markdown table
#   benches/scripts/build-cost.sh whole-api       # one of: example, whole-api
#   BUILD_COST_DIR=/tmp/x benches/scripts/build-cost.sh
#
# It works on a copy of the working tree (tracked and untracked files, not ignored ones)
# under $BUILD_COST_DIR (default /tmp/restspec-build-cost), with a target directory per
# project there: the checkout is never edited and other builds are not disturbed. The
# edited line is put back when the script ends, however it ends. Clean builds take minutes.
set -euo pipefail
shopt -s inherit_errexit

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="${BUILD_COST_DIR:-/tmp/restspec-build-cost}"
[ $# -gt 0 ] || set -- example whole-api
projects=("$@")

copy="$work/tree"
restore=()
cleanup() {
    # Copied rather than moved back: the file must look newer than the last build.
    for file in "${restore[@]}"; do
        if [ -f "$file.orig" ]; then
            cp "$file.orig" "$file" && rm "$file.orig"
        fi
    done
}
trap cleanup EXIT INT TERM

echo "copying the working tree to $copy" >&2
rm -rf "$copy"
mkdir -p "$copy"
(cd "$repo" && git ls-files -z -co --exclude-standard |
    while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done |
    tar --null -T - -cf -) | tar -xf - -C "$copy"

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f s", b - a }'; }

# build <target dir> <cargo args...>: prints the wall time of one `cargo build`.
build() {
    local target="$1"
    shift
    local start
    start="$(now)"
    if ! (cd "$copy" && CARGO_TARGET_DIR="$target" cargo build --quiet "$@" >&2); then
        echo "cargo build $* failed" >&2
        exit 1
    fi
    seconds "$start" "$(now)"
}

# edit <file> <summary>: the first `summary:` line holding the text gets " (edited)" after it.
edit() {
    local file="$1" text="$2"
    cp "$file" "$file.orig"
    restore+=("$file")
    awk -v t="$text" '!done && /summary:/ && (i = index($0, t)) {
        $0 = substr($0, 1, i + length(t) - 1) " (edited)" substr($0, i + length(t)); done = 1
    } { print }' "$file.orig" >"$file"
    if cmp -s "$file" "$file.orig"; then
        echo "no summary \"$text\" in $file" >&2
        exit 1
    fi
}

rows=()
for project in "${projects[@]}"; do
    case "$project" in
    example)
        args=(-p review-service)
        yaml="$copy/spec/changes/revisions.yaml"
        summary="Get Revision Detail"
        endpoints="$(cat "$copy"/spec/*.yaml "$copy"/spec/*/*.yaml | grep -c '^    method:')"
        ;;
    whole-api)
        args=(--manifest-path benches/whole-api/Cargo.toml)
        yaml="$copy/benches/whole-api/spec/changes.yaml"
        summary="Get Change"
        endpoints="$(grep -c '^    method:' "$copy"/benches/whole-api/spec/*.yaml | awk -F: '{ s += $2 } END { print s }')"
        ;;
    *)
        echo "unknown project $project (example, whole-api)" >&2
        exit 2
        ;;
    esac
    target="$work/target-$project"
    rm -rf "$target"
    echo "$project: clean build" >&2
    clean="$(build "$target" "${args[@]}")"
    echo "$project: no-op build" >&2
    noop="$(build "$target" "${args[@]}")"
    echo "$project: one YAML line edited" >&2
    edit "$yaml" "$summary"
    edited="$(build "$target" "${args[@]}")"
    echo "$project: the line put back" >&2
    cleanup
    restore=()
    reverted="$(build "$target" "${args[@]}")"
    rows+=("| $project | $endpoints | $clean | $noop | $edited | $reverted |")
done

echo
echo "Dev profile, $(nproc) cores, $(rustc --version | cut -d' ' -f2), $(date -u +%Y-%m-%d)."
echo
echo "| project | endpoints | clean build | no-op build | one YAML line edited | edit reverted |"
echo "|---|---:|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
