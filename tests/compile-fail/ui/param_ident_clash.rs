restspec_runtime::generate!(mod api = "param_ident_clash");
fn main() {}
