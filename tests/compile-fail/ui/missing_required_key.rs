restspec_runtime::generate!(mod api = "missing_required_key");
fn main() {}
