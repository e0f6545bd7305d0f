restspec_runtime::generate!(mod api = "duplicate_endpoint");
fn main() {}
