restspec_runtime::generate!(mod api = "owner_mistakes");
fn main() {}
