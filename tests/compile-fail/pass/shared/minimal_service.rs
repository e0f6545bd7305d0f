// The handlers of `fixtures/minimal` as a user writes them, for both doors' cases; the
// including file defines `mod api`.

struct Service;

// Writing the concrete return type refines the trait's `impl Reply`; the guide says so.
#[allow(refining_impl_trait)]
impl api::ThingsHandlers for Service {
    async fn list_things(
        &self,
        _ctx: restspec_runtime::RequestContext<'_>,
    ) -> Result<Vec<String>, api::Error> {
        Ok(vec!["one".to_owned()])
    }
}
