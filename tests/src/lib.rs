//! Every fixture under `fixtures/`, generated through both front doors and compiled.
//!
//! `build_script` holds what `build.rs` wrote with `restspec_codegen::Config`;
//! `macro_door` holds what `restspec_runtime::generate!` expands to. The tests in
//! `tests/front_doors.rs` check that the two agree.

/// The build-script front door: `Config` in `build.rs`, `include_generated!` here.
pub mod build_script {
    /// `fixtures/all_types`.
    pub mod all_types {
        restspec_runtime::include_generated!("all_types");
    }
    /// `fixtures/conventions`.
    pub mod conventions {
        restspec_runtime::include_generated!("conventions");
    }
    /// `fixtures/downstream`.
    pub mod downstream {
        restspec_runtime::include_generated!("downstream");
    }
    /// `fixtures/minimal`.
    pub mod minimal {
        restspec_runtime::include_generated!("minimal");
    }
    /// `fixtures/seed_quota`.
    pub mod seed_quota {
        restspec_runtime::include_generated!("seed_quota");
    }
    /// The example service's `spec/`.
    pub mod example_spec {
        restspec_runtime::include_generated!("example_spec");
    }
}

/// The proc-macro front door.
pub mod macro_door {
    restspec_runtime::generate!(
        /// `fixtures/all_types`.
        pub mod all_types = "fixtures/all_types"
    );
    restspec_runtime::generate!(
        /// `fixtures/conventions`.
        pub mod conventions = "fixtures/conventions"
    );
    restspec_runtime::generate!(
        /// `fixtures/downstream`.
        pub mod downstream = "fixtures/downstream"
    );
    restspec_runtime::generate!(
        /// `fixtures/minimal`.
        pub mod minimal = "fixtures/minimal"
    );
    restspec_runtime::generate!(
        /// `fixtures/seed_quota`.
        pub mod seed_quota = "fixtures/seed_quota"
    );
    restspec_runtime::generate!(
        /// The example service's `spec/`.
        pub mod example_spec = "../spec"
    );
}

/// The fixture directories, by name, relative to this crate.
pub const FIXTURES: &[&str] = &[
    "all_types",
    "conventions",
    "downstream",
    "minimal",
    "seed_quota",
];

pub mod support;
