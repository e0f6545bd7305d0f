restspec_runtime::generate!(mod api = "bad_values");
fn main() {}
