restspec_runtime::generate!(mod api = "duplicate_endpoint_name");
fn main() {}
