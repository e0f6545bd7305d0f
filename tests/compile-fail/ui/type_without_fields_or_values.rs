restspec_runtime::generate!(mod api = "type_without_fields_or_values");
fn main() {}
