# Builds the workspace's binaries in the dev profile with the features `cargo test
# --workspace` resolves (`--tests` brings in the dev-dependencies' features), so that after
# the tests it only checks fingerprints. `cargo build -p X` alone resolves other features
# and compiles the runtime, the generator and X again: 40 to 110 s of CPU on two cores for
# each such package, once per package.
debug_build() {
    cargo build -q --workspace --bins --tests
}
