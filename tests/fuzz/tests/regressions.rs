//! Every input kept under `corpus/<target>/` (the seeds, and each input a fuzzer found
//! that once failed, named after what it found) replayed through its target.

use std::path::Path;

fn replay(target: &str, run: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("the corpus directory") {
        let path = entry.expect("an entry").path();
        let data = std::fs::read(&path).expect("an input");
        run(&data);
        count += 1;
    }
    assert!(count > 0, "{} holds no input", dir.display());
}

#[test]
fn spec_inputs() {
    replay("spec", restspec_fuzz::spec);
}

#[test]
fn path_inputs() {
    replay("paths", restspec_fuzz::paths);
}

#[test]
fn query_inputs() {
    replay("queries", restspec_fuzz::queries);
}

#[test]
fn pipeline_inputs() {
    replay("pipeline", restspec_fuzz::pipeline);
}
