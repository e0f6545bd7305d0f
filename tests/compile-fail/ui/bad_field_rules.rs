restspec_runtime::generate!(mod api = "bad_field_rules");
fn main() {}
