restspec_runtime::generate!(mod api = "malformed_template");
fn main() {}
