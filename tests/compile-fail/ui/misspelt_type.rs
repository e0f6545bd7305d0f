// A misspelt type (`response: Shelff` where `Shelf` is declared) in a crate whose handlers
// return the type meant: the one located error, with its "did you mean", and no other (no
// second spec error about the endpoint's body, no rustc error about the handlers). The same
// handlers compile once the spelling is fixed: `examples/newcomer_mistakes_fixed.rs`.
restspec_runtime::generate!(mod api = "misspelt_type");

include!("../pass/shared/shelves_service.rs");

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
