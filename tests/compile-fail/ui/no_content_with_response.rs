restspec_runtime::generate!(mod api = "no_content_with_response");
fn main() {}
