restspec_runtime::generate!(mod api = "unknown_runtime_condition");
fn main() {}
