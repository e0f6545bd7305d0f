restspec_runtime::generate!(mod api = "bad_own_error_body");
fn main() {}
