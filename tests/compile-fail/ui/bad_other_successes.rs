restspec_runtime::generate!(mod api = "bad_other_successes");
fn main() {}
