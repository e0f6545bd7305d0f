restspec_runtime::generate!(mod api = "page_style_mistakes");
fn main() {}
