restspec_runtime::generate!(mod api = "bad_quota_template");
fn main() {}
