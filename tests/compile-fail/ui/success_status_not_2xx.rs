restspec_runtime::generate!(mod api = "success_status_not_2xx");
fn main() {}
