restspec_runtime::generate!(mod api = "duplicate_yaml_key");
fn main() {}
