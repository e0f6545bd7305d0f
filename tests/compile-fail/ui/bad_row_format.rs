restspec_runtime::generate!(mod api = "bad_row_format");
fn main() {}
