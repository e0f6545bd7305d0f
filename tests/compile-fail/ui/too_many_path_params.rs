restspec_runtime::generate!(mod api = "too_many_path_params");
fn main() {}
