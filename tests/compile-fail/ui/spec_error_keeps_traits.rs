// A spec mistake (an unknown capability) in a crate that already implements the handlers:
// the spec's error is the only one. The generated traits, types and `router` are still
// there, so the `impl` block and the call below do not fail a second time.
restspec_runtime::generate!(mod api = "unknown_capability");

struct Service;

#[allow(refining_impl_trait)]
impl api::ThingsHandlers for Service {
    async fn resolve_things(
        &self,
        _caller: &restspec_runtime::Caller,
        _thing_id: &str,
    ) -> Result<bool, api::Error> {
        Ok(true)
    }

    async fn list_things(
        &self,
        _ctx: restspec_runtime::RequestContext<'_>,
    ) -> Result<Vec<api::types::Thing>, api::Error> {
        Ok(Vec::new())
    }

    async fn get_thing(
        &self,
        _ctx: restspec_runtime::RequestContext<'_>,
        _thing_id: &str,
    ) -> Result<api::types::Thing, api::Error> {
        Err(api::Error::NotFound("no such thing".into()))
    }
}

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
