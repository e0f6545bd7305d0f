restspec_runtime::generate!(mod api = "unused_path_param");
fn main() {}
