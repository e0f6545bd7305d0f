restspec_runtime::generate!(mod api = "unknown_status");
fn main() {}
