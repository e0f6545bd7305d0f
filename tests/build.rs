//! Generates every fixture under `fixtures/` (and the example's and the bookshop's specs)
//! through the build-script front door, server and typed client, so that `src/lib.rs`
//! compiles each generated module.

use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let fixtures = Path::new(&manifest).join("fixtures");
    println!("cargo:rerun-if-changed={}", fixtures.display());
    let mut dirs: Vec<_> = std::fs::read_dir(&fixtures)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    for dir in dirs {
        let name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        generate(&format!("fixtures/{name}"), &name);
    }
    // The macro door runs inside rustc, which sees only the variables a build script sets
    // for it: hand on where the bookshop's base spec is.
    if let Some(dir) = std::env::var_os(restspec_codegen::PublishedSpecs::env_var("shop_base")) {
        println!(
            "cargo:rustc-env=DEP_SHOP_BASE_SPEC={}",
            dir.to_string_lossy()
        );
    }
    generate("../spec", "example_spec");
    generate("../generated-example/bookshop/spec", "bookshop");
}

fn generate(spec_dir: &str, module: &str) {
    if let Err(err) = restspec_codegen::Config::new()
        .spec_dir(spec_dir)
        .module_name(module)
        .client(true)
        .generate()
    {
        // A build script reports by failing; the message names file, line and column.
        eprintln!("{err}");
        std::process::exit(1);
    }
}
