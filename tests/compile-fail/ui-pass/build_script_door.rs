//! The build-script door's file, included in a private module of a binary that uses only
//! what serving needs. Generated code must not add a single warning.
// (`dead_code` is named because trybuild allows it on its command line.)
#![deny(warnings, dead_code)]

mod api {
    // Written by the test before trybuild runs (`Config::generate` into `generated/`).
    include!("generated/minimal.rs");
}

include!("shared/minimal_service.rs");

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
