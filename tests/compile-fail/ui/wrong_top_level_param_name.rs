restspec_runtime::generate!(mod api = "wrong_top_level_param_name");
fn main() {}
