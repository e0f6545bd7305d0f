restspec_runtime::generate!(mod api = "list_api_mistakes");
fn main() {}
