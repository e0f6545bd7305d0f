//! `ui/collection_put_lacks_id.rs` with the path fixed (`/notes/{note-id}`): the same
//! handlers compile, without a warning.
#![deny(warnings, dead_code)]

restspec_runtime::generate!(mod api = "collection_put_fixed");

include!("shared/notes_service.rs");

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
