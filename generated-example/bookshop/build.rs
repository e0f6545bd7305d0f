//! Generates the bookshop's API from `spec/` into `$OUT_DIR/api.rs`.

fn main() {
    let generated = restspec_codegen::Config::new()
        .spec_dir("spec")
        .module_name("api")
        .generate();
    if let Err(err) = generated {
        eprintln!("{err}");
        std::process::exit(1);
    }
}
