restspec_runtime::generate!(mod api = "reserved_status_name");
fn main() {}
