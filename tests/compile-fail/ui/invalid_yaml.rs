restspec_runtime::generate!(mod api = "invalid_yaml");
fn main() {}
