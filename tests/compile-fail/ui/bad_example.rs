restspec_runtime::example_tests!("bad_example", start = start_service);
fn main() {}
