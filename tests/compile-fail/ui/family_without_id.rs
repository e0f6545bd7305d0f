restspec_runtime::generate!(mod api = "family_without_id");
fn main() {}
