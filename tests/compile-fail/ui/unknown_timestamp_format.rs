restspec_runtime::generate!(mod api = "unknown_timestamp_format");
fn main() {}
