restspec_runtime::generate!(mod api = "other_api_mistakes");
fn main() {}
