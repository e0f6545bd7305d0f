//! `ui/misspelt_type.rs` with the spec's spelling fixed: the same handlers compile, without
//! a warning.
#![deny(warnings, dead_code)]

restspec_runtime::generate!(mod api = "misspelt_type_fixed");

include!("shared/shelves_service.rs");

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
