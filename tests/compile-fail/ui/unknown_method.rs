restspec_runtime::generate!(mod api = "unknown_method");
fn main() {}
