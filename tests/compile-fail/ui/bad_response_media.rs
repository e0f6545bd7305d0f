restspec_runtime::generate!(mod api = "bad_response_media");
fn main() {}
