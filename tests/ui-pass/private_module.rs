//! A service as a user writes it: the generated module private to a binary that uses only
//! what serving needs. Generated code must not add a single warning (`deny(warnings)`).
// (`dead_code` is named because trybuild allows it on its command line.)
#![deny(warnings, dead_code)]

restspec_runtime::generate!(mod api = "../fixtures/minimal");

struct Service;

// Writing the concrete return type refines the trait's `impl Reply`; the README says so.
#[allow(refining_impl_trait)]
impl api::ThingsHandlers for Service {
    async fn list_things(
        &self,
        _ctx: restspec_runtime::RequestContext<'_>,
    ) -> Result<Vec<String>, api::Error> {
        Ok(vec!["one".to_owned()])
    }
}

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
