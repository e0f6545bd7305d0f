// The handlers of the notes spec, written with the `note_id` its `PUT` takes: shared by the
// case whose path lacks the id and the one with the path fixed.
struct Service;

#[allow(refining_impl_trait)]
impl api::NotesHandlers for Service {
    async fn resolve_notes(
        &self,
        _caller: &restspec_runtime::Caller,
        _note_id: &str,
    ) -> Result<bool, api::Error> {
        Ok(true)
    }

    async fn list_notes(
        &self,
        _ctx: restspec_runtime::RequestContext<'_>,
    ) -> Result<Vec<String>, api::Error> {
        Ok(Vec::new())
    }

    async fn update_note(
        &self,
        _ctx: restspec_runtime::RequestContext<'_>,
        _note_id: &str,
        body: String,
    ) -> Result<String, api::Error> {
        Ok(body)
    }
}
