restspec_runtime::generate!(mod api = "bad_closed");
fn main() {}
