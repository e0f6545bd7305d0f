// A `PUT` on the collection path of a family whose `id` is declared: the one located error
// saying which parameter the path lacks. Its handler, written with the `note_id` the path
// should give it, gets no second error (rustc's E0050, wrong number of parameters, was the
// only one once), and neither does the family's resolver.
restspec_runtime::generate!(mod api = "collection_put_lacks_id");

include!("../pass/shared/notes_service.rs");

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
