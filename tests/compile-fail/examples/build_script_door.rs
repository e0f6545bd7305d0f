//! The build-script door's file (`build.rs` writes it), included in a private module of a
//! binary that uses only what serving needs. Generated code must not add a single warning.
#![deny(warnings, dead_code)]
// rustc leaves this lint off, as a user's crate has it; the workspace turns it on for its own
// code, which `include!` makes the generated file (the macro's output is not linted so).
#![allow(unreachable_pub)]

mod api {
    restspec_runtime::include_generated!("minimal");
}

include!("../pass/shared/minimal_service.rs");

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
