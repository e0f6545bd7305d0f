restspec_runtime::generate!(mod api = "enum_variant_clash");
fn main() {}
