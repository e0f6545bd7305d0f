#!/usr/bin/env bash
# Vendors the docs page's renderer (Swagger UI, from npm's swagger-ui-dist) into
# runtime/assets/swagger-ui/, which the runtime's `docs-page` feature embeds with
# include_bytes!: a cargo build needs neither npm nor the network.
#
# Only what the page loads is kept: the bundle and its stylesheet, stored gzipped (what a
# browser is sent; the runtime inflates them once for a client that does not accept gzip),
# plus the package's licence files. MANIFEST records the version and the sha256 of each
# file as npm ships it and as stored.
#
#   bash runtime/assets/update.sh            # fetch VERSION below with npm pack
#   bash runtime/assets/update.sh --check    # the stored files still match MANIFEST
set -euo pipefail
cd "$(dirname "$0")"

PACKAGE=swagger-ui-dist
VERSION=5.35.0
FILES=(swagger-ui-bundle.js swagger-ui.css)
LICENSES=(LICENSE NOTICE swagger-ui-bundle.js.LICENSE.txt)
out=swagger-ui

if [[ ${1:-} == --check ]]; then
    read -r _ version < <(grep '^version ' "$out/MANIFEST")
    [[ $version == "$VERSION" ]] || { echo "MANIFEST is for $version, not $VERSION"; exit 1; }
    while read -r kind name npm_sha stored_sha; do
        [[ $kind == file ]] || continue
        got=$(gunzip -c "$out/$name.gz" | sha256sum | cut -d' ' -f1)
        [[ $got == "$npm_sha" ]] || { echo "$name: $got, MANIFEST says $npm_sha"; exit 1; }
        got=$(sha256sum "$out/$name.gz" | cut -d' ' -f1)
        [[ $got == "$stored_sha" ]] || { echo "$name.gz: $got, MANIFEST says $stored_sha"; exit 1; }
    done <"$out/MANIFEST"
    echo "$PACKAGE $VERSION: every file matches MANIFEST"
    exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "$PACKAGE@$VERSION" >/dev/null && tar xzf ./*.tgz)
rm -rf "$out" && mkdir -p "$out"
{
    echo "# $PACKAGE as vendored by runtime/assets/update.sh; 'file' rows: name, sha256 of"
    echo "# the file npm ships, sha256 of the gzipped copy stored here."
    echo "version $VERSION"
    echo "integrity $(cd "$work" && sha256sum ./*.tgz | cut -d' ' -f1)"
} >"$out/MANIFEST"
for name in "${FILES[@]}"; do
    gzip -9 -n -c "$work/package/$name" >"$out/$name.gz"
    echo "file $name $(sha256sum "$work/package/$name" | cut -d' ' -f1) $(sha256sum "$out/$name.gz" | cut -d' ' -f1)" >>"$out/MANIFEST"
done
for name in "${LICENSES[@]}"; do
    cp "$work/package/$name" "$out/$name"
    echo "license $name $(sha256sum "$out/$name" | cut -d' ' -f1)" >>"$out/MANIFEST"
done
echo "$PACKAGE $VERSION vendored into runtime/assets/$out"
