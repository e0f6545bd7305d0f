//! A spec directory read into memory, so that a test can edit its text before validating
//! it with `restspec_codegen::load_sources`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use restspec_codegen::SourceFile;

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
