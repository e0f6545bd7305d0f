restspec_runtime::generate!(mod api = "duplicate_family_prefix");
fn main() {}
