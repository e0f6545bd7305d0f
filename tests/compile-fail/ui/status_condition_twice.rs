restspec_runtime::generate!(mod api = "status_condition_twice");
fn main() {}
