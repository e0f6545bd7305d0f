restspec_runtime::generate!(mod api = "endpoint_outside_prefix");
fn main() {}
