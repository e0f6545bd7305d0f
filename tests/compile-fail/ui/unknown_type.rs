restspec_runtime::generate!(mod api = "unknown_type");
fn main() {}
