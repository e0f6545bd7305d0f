restspec_runtime::generate!(mod api = "resolver_name_clash");
fn main() {}
