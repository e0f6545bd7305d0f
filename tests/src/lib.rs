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
    /// `fixtures/common_style`.
    pub mod common_style {
        restspec_runtime::include_generated!("common_style");
    }
    /// `fixtures/conventions`.
    pub mod conventions {
        restspec_runtime::include_generated!("conventions");
    }
    /// `fixtures/extends_house`: a spec extending `fixtures/house_base` by path.
    pub mod extends_house {
        restspec_runtime::include_generated!("extends_house");
    }
    /// `fixtures/offset_lists`: lists paged by offset, the last item marked.
    pub mod offset_lists {
        restspec_runtime::include_generated!("offset_lists");
    }
    /// `fixtures/payments`: times as Unix seconds.
    pub mod payments {
        restspec_runtime::include_generated!("payments");
    }
    /// `fixtures/house_base`.
    pub mod house_base {
        restspec_runtime::include_generated!("house_base");
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
    /// The bookshop's spec: another service with other conventions.
    pub mod bookshop {
        restspec_runtime::include_generated!("bookshop");
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
        /// `fixtures/extends_house`.
        pub mod extends_house = "fixtures/extends_house"
    );
    restspec_runtime::generate!(
        /// `fixtures/house_base`.
        pub mod house_base = "fixtures/house_base"
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
    restspec_runtime::generate!(
        /// The bookshop's spec.
        pub mod bookshop = "../generated-example/bookshop/spec"
    );
}

/// The valid spec directories besides the example's `spec/`, relative to this crate: every
/// fixture, and the bookshop's spec (another service with other conventions: another
/// prefix, no JSON prefix, other header and parameter names).
pub const SPEC_DIRS: &[&str] = &[
    "fixtures/all_types",
    "fixtures/common_style",
    "fixtures/conventions",
    "fixtures/extends_house",
    "fixtures/house_base",
    "fixtures/minimal",
    "fixtures/offset_lists",
    "fixtures/payments",
    "fixtures/seed_quota",
    "../generated-example/bookshop/spec",
    "../generated-example/gitlab/spec",
];

pub mod cli;
pub mod common_style;
pub mod cookies;
pub mod loopback;
pub mod offset_lists;
pub mod payments;
pub mod recording_enforcer;
pub mod slow_client;
pub mod spec_sources;
pub mod support;
