//! Spec files on disk to parsed YAML trees: which files a spec directory holds, reading them,
//! and parsing each into a [`Node`] tree with positions.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::yaml::{self, Node};
use crate::diag::{Diagnostic, Diagnostics, Location};
use crate::source::SourceFile;

/// The name of the service-wide file inside a spec directory.
pub(crate) const SERVICE_FILE: &str = "service.yaml";

/// A spec's files parsed into trees, not yet decoded into records.
#[derive(Debug, Clone)]
pub(crate) struct Tree {
    /// Every file read.
    pub sources: Vec<SourceFile>,
    /// The service file's tree (`None` when it did not parse).
    pub service: Option<Node>,
    /// The family files' trees, in reading order.
    pub families: Vec<Node>,
}

/// Lists the spec files of `dir`: `service.yaml` first, then the other `.yaml` files sorted,
/// those of its folders (one level down: section files such as `changes/reviewers.yaml`)
/// included.
pub fn spec_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut families = Vec::new();
    let mut service = None;
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            for inner in std::fs::read_dir(&path)? {
                let inner = inner?.path();
                if is_yaml(&inner) {
                    families.push(inner);
                }
            }
        } else if path.file_name().is_some_and(|n| n == SERVICE_FILE) {
            service = Some(path);
        } else if is_yaml(&path) {
            families.push(path);
        }
    }
    // By the path's text, so that a family file (`changes.yaml`) comes before its folder of
    // sections (`changes/reviewers.yaml`), as `restspec diff --base` lists them from git.
    families.sort_by(|a, b| a.to_string_lossy().cmp(&b.to_string_lossy()));
    Ok(service.into_iter().chain(families).collect())
}

fn is_yaml(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "yaml" || e == "yml") && path.is_file()
}

/// A location naming a whole file or directory.
pub(crate) fn whole(path: &Path) -> Location {
    Location {
        file: Arc::new(path.to_path_buf()),
        line: 0,
        column: 0,
        offset: 0,
        len: 0,
    }
}

/// Reads the spec files of `dir`, service file first. `display_dir` is how messages name
/// the directory. `None` when the directory cannot be listed or has no service file.
pub(crate) fn read_files(
    dir: &Path,
    display_dir: &Path,
    diags: &mut Diagnostics,
) -> Option<Vec<SourceFile>> {
    let paths = match spec_files(dir) {
        Ok(paths) => paths,
        Err(err) => {
            diags.push(
                Diagnostic::new(
                    whole(display_dir),
                    format!("cannot read the spec directory: {err}"),
                )
                .hint("point the generator at the directory holding `service.yaml`"),
            );
            return None;
        }
    };
    let has_service_file = paths
        .first()
        .is_some_and(|p| p.file_name().is_some_and(|n| n == SERVICE_FILE));
    if !has_service_file {
        diags.push(
            Diagnostic::new(
                whole(display_dir),
                format!("the spec directory has no `{SERVICE_FILE}`"),
            )
            .hint(format!(
                "create `{SERVICE_FILE}` with the keys `service`, `conventions`, `statuses` and `quota`"
            )),
        );
        return None;
    }

    let mut sources = Vec::new();
    for path in paths {
        let relative = path.strip_prefix(dir).unwrap_or(&path);
        let display = Arc::new(display_dir.join(relative));
        match std::fs::read_to_string(&path) {
            Ok(text) => sources.push(SourceFile {
                display,
                path,
                text,
            }),
            Err(err) => diags.push(Diagnostic::new(
                whole(&display),
                format!("cannot read the file: {err}"),
            )),
        }
    }
    Some(sources)
}

/// Parses spec files: the first is the service file, the rest are family files.
pub(crate) fn parse(sources: Vec<SourceFile>, diags: &mut Diagnostics) -> Tree {
    let mut service = None;
    let mut families = Vec::new();
    for (index, source) in sources.iter().enumerate() {
        if let Some(node) = yaml::parse(source.display.clone(), &source.text, diags) {
            if index == 0 {
                service = Some(node);
            } else {
                families.push(node);
            }
        }
    }
    Tree {
        sources,
        service,
        families,
    }
}
