// A handler method without its context parameter: rustc's E0050 note names the parameter
// the trait declares, from the file the macro wrote its code to.
restspec_runtime::generate!(mod api = "wrong_parameter_count");

struct Service;

#[allow(refining_impl_trait)]
impl api::ThingsHandlers for Service {
    async fn list_things(&self) -> Result<Vec<String>, api::Error> {
        Ok(vec![])
    }
}

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
