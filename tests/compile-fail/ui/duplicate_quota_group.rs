restspec_runtime::generate!(mod api = "duplicate_quota_group");
fn main() {}
