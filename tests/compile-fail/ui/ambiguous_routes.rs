restspec_runtime::generate!(mod api = "ambiguous_routes");
fn main() {}
