restspec_runtime::generate!(mod api = "reserved_type_name");
fn main() {}
