restspec_runtime::generate!(mod api = "wrong_value_shape");
fn main() {}
