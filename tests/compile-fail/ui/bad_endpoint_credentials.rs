restspec_runtime::generate!(mod api = "bad_endpoint_credentials");
fn main() {}
