restspec_runtime::generate!(mod api = "rust_keyword_name");
fn main() {}
