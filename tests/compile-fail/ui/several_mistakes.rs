restspec_runtime::generate!(mod api = "several_mistakes");
fn main() {}
