//! The newcomer's mistakes of `ui/` with their specs fixed: the same handlers compile,
//! without a warning.
#![deny(warnings, dead_code)]

/// `ui/misspelt_type.rs` with the spec's spelling fixed.
mod misspelt_type {
    restspec_runtime::generate!(mod api = "pass/misspelt_type_fixed");

    include!("../pass/shared/shelves_service.rs");

    pub(crate) fn start() {
        let _service = api::router(Service, restspec_runtime::Settings::default());
    }
}

/// `ui/collection_put_lacks_id.rs` with the path fixed (`/notes/{note-id}`).
mod collection_put {
    restspec_runtime::generate!(mod api = "pass/collection_put_fixed");

    include!("../pass/shared/notes_service.rs");

    pub(crate) fn start() {
        let _service = api::router(Service, restspec_runtime::Settings::default());
    }
}

fn main() {
    misspelt_type::start();
    collection_put::start();
}
