restspec_runtime::generate!(mod api = "duplicate_type");
fn main() {}
