restspec_runtime::generate!(mod api = "bad_map_option");
fn main() {}
