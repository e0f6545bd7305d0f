restspec_runtime::generate!(mod api = "bad_cookies");
fn main() {}
