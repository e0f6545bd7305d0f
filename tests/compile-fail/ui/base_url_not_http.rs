restspec_runtime::generate!(mod api = "base_url_not_http");
fn main() {}
