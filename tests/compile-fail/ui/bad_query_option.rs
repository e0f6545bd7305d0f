restspec_runtime::generate!(mod api = "bad_query_option");
fn main() {}
