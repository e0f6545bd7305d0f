restspec_runtime::generate!(mod api = "bad_additional_fields");
fn main() {}
