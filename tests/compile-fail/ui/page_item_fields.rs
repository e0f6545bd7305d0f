restspec_runtime::generate!(mod api = "page_item_fields");
fn main() {}
