restspec_runtime::generate!(mod api = "bad_deprecated");
fn main() {}
