restspec_runtime::generate!(mod api = "undeclared_path_param");
fn main() {}
