restspec_runtime::generate!(mod api = "bad_selector");
fn main() {}
