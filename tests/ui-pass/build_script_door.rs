//! The build-script door's file, included in a private module of a binary that uses only
//! what serving needs. Generated code must not add a single warning.
// (`dead_code` is named because trybuild allows it on its command line.)
#![deny(warnings, dead_code)]

mod api {
    // Written by the test before trybuild runs (`Config::generate` into `generated/`).
    include!("generated/minimal.rs");
}

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
