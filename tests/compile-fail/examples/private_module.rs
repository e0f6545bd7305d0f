//! A service as a user writes it: the generated module private to a binary that uses only
//! what serving needs. Generated code must not add a single warning (`deny(warnings)`).
#![deny(warnings, dead_code)]

restspec_runtime::generate!(mod api = "../fixtures/minimal");

include!("../pass/shared/minimal_service.rs");

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
