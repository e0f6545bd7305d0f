restspec_runtime::generate!(mod api = "name_not_snake_case");
fn main() {}
