restspec_runtime::generate!(mod api = "missing_service_file");
fn main() {}
