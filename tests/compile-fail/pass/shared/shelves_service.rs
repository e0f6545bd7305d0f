// The handlers of the shelves spec, written against the type the spec means (`Shelf`):
// shared by the case with the misspelt spec and the one with the spec fixed.
struct Service;

#[allow(refining_impl_trait)]
impl api::ShelvesHandlers for Service {
    async fn resolve_shelves(
        &self,
        _caller: &restspec_runtime::Caller,
        _shelf_id: &str,
    ) -> Result<bool, api::Error> {
        Ok(true)
    }

    async fn get_shelf(
        &self,
        _ctx: restspec_runtime::RequestContext<'_>,
        _shelf_id: &str,
    ) -> Result<api::types::Shelf, api::Error> {
        Ok(api::types::Shelf {
            name: "Fiction".to_owned(),
            label: Some("novels".to_owned()),
        })
    }
}
