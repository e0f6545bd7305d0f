restspec_runtime::generate!(mod api = "unknown_capability");
fn main() {}
