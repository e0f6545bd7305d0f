restspec_runtime::generate!(mod api = "bad_response_headers");
fn main() {}
