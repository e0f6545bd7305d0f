restspec_runtime::generate!(mod api = "bad_together");
fn main() {}
