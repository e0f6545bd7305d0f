restspec_runtime::generate!(mod api = "yaml_alias");
fn main() {}
