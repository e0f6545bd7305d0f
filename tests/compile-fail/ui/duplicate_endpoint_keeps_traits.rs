// A route declared twice in a crate that already implements every handler the spec names:
// the spec's errors are the only ones, no rustc error about the handlers follows them.
restspec_runtime::generate!(mod api = "duplicate_endpoint");

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
        Err(api::Error::not_found())
    }

    async fn read_thing(
        &self,
        _ctx: restspec_runtime::RequestContext<'_>,
        _thing_id: &str,
    ) -> Result<api::types::Thing, api::Error> {
        Err(api::Error::not_found())
    }

    async fn list_all_things(
        &self,
        _ctx: restspec_runtime::RequestContext<'_>,
    ) -> Result<Vec<api::types::Thing>, api::Error> {
        Ok(Vec::new())
    }
}

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
