// A misspelt field type (`label: { type: strin }`) in a crate whose handlers fill the field:
// the one located error, and no rustc error about the record's fields. The same handlers
// compile once the spelling is fixed: `examples/newcomer_mistakes_fixed.rs`.
restspec_runtime::generate!(mod api = "misspelt_field_type");

include!("../pass/shared/shelves_service.rs");

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
