//! A spec directory read into memory, so that a test can edit its text before validating
//! it with `restspec_codegen::Loader::sources`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use restspec_codegen::{SourceFile, SpecErrors};

/// The spec files of `dir`, service file first, each named by its file name in messages.
pub fn spec_sources(dir: &Path) -> Vec<SourceFile> {
    restspec_codegen::spec_files(dir)
        .expect("readable")
        .into_iter()
        .map(|path| SourceFile {
            display: Arc::new(PathBuf::from(path.file_name().expect("a file name"))),
            text: std::fs::read_to_string(&path).expect("readable"),
            path,
        })
        .collect()
}

/// The minimal fixture (`tests/fixtures/minimal`) with `conventions` added to its service
/// file's conventions and `endpoint` to its `list_things` endpoint (each a block of lines,
/// indented as there), validated: what is wrong with it, `None` when it is accepted. Spec
/// mistakes tested in process start from here, so each test writes only its mistake.
pub fn minimal_with(conventions: &str, endpoint: &str) -> Option<SpecErrors> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let mut sources = spec_sources(&dir);
    for (anchor, lines) in [
        ("  timestamp_format: rfc3339\n", conventions),
        ("    response: list<string>\n", endpoint),
    ] {
        let source = sources
            .iter_mut()
            .find(|s| s.text.contains(anchor))
            .expect("the fixture's anchor line");
        source.text = source.text.replacen(anchor, &format!("{anchor}{lines}"), 1);
    }
    restspec_codegen::Loader::sources(sources).load().err()
}
