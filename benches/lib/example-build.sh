# Builds the example service and the load tool for the scripts that drive them, and sets
# SERVICE and LOAD to the binaries. Needs TARGET_DIR (absolute).
#
# PROFILE=debug uses the debug build `cargo test` has made already: the properties those
# scripts check hold the same, the numbers are not measurements (CI runs them so, to skip
# a release build of the example and its dependencies).
PROFILE=${PROFILE:-release}

build_example_and_load() {
    if [[ $PROFILE == debug ]]; then
        source benches/lib/debug-build.sh
        debug_build
    else
        cargo build -q --release -p review-service -p restspec-benches \
            --bin review-service --bin mixed-load
    fi
    SERVICE=$TARGET_DIR/$PROFILE/review-service
    LOAD=$TARGET_DIR/$PROFILE/mixed-load
}
