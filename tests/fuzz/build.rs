//! Generates, through the build-script door, the two services the fuzz targets drive: the
//! example's spec (its routes and options) and `fixtures/conventions` (the whole pipeline,
//! in process). Only these two, without typed clients: the instrumented build compiles
//! every line it links, and the tests crate's library holds every fixture twice.

fn main() {
    for (spec_dir, module) in [
        ("../../spec", "example_spec"),
        ("../fixtures/conventions", "conventions"),
    ] {
        if let Err(err) = restspec_codegen::Config::new()
            .spec_dir(spec_dir)
            .module_name(module)
            .generate()
        {
            // A build script reports by failing; the message names file, line and column.
            eprintln!("{err}");
            std::process::exit(1);
        }
    }
}
