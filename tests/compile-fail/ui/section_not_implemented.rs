// A family split into sections: the section's endpoints are a trait of their own
// (`ThingsListingHandlers`). A service that implements only the family's trait is told which
// trait it is missing when it asks for a router.
restspec_runtime::generate!(mod api = "section_not_implemented");

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

    async fn get_thing(
        &self,
        _ctx: restspec_runtime::RequestContext<'_>,
        _thing_id: &str,
    ) -> Result<String, api::Error> {
        Ok("a thing".into())
    }
}

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
