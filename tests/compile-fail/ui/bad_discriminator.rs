restspec_runtime::generate!(mod api = "bad_discriminator");
fn main() {}
