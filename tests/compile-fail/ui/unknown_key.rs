restspec_runtime::generate!(mod api = "unknown_key");
fn main() {}
