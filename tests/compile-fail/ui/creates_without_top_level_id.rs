restspec_runtime::generate!(mod api = "creates_without_top_level_id");
fn main() {}
