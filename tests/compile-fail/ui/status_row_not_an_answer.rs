restspec_runtime::generate!(mod api = "status_row_not_an_answer");
fn main() {}
