//! Phase one: spec files on disk to raw records with positions.
//!
//! A spec is a directory holding `service.yaml` (service-wide conventions, status table,
//! quota rule, shared types) and one more `*.yaml` file per endpoint family.

pub(crate) mod decode;
pub(crate) mod raw;
pub(crate) mod yaml;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diag::{Diagnostic, Diagnostics, Location};
use decode::Decode;

/// The name of the service-wide file inside a spec directory.
pub(crate) const SERVICE_FILE: &str = "service.yaml";

/// One spec file as read from disk.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path as shown in messages: the directory as the user named it, plus the file name.
    pub display: Arc<PathBuf>,
    /// The path to read (and to watch for changes).
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
}

/// Every file of a spec, parsed into raw records.
#[derive(Debug, Clone)]
pub(crate) struct RawSpec {
    /// Every file read, service file first, then families in file-name order.
    pub sources: Vec<SourceFile>,
    /// `service.yaml`.
    pub service: raw::ServiceFile,
    /// The family files in file-name order.
    pub families: Vec<raw::FamilyFile>,
}

/// Lists the spec files of `dir`: `service.yaml` first, then the other `.yaml` files sorted.
pub fn spec_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut families = Vec::new();
    let mut service = None;
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let is_yaml = path.extension().is_some_and(|e| e == "yaml" || e == "yml");
        if !is_yaml || !path.is_file() {
            continue;
        }
        if path.file_name().is_some_and(|n| n == SERVICE_FILE) {
            service = Some(path);
        } else {
            families.push(path);
        }
    }
    families.sort();
    Ok(service.into_iter().chain(families).collect())
}

/// Reads and parses the spec in `dir`. `display_dir` is how messages name the directory
/// (usually as the user typed it). Every problem is reported into `diags`.
pub(crate) fn read_dir(dir: &Path, display_dir: &Path, diags: &mut Diagnostics) -> Option<RawSpec> {
    let dir_location = Location {
        file: Arc::new(display_dir.to_path_buf()),
        line: 0,
        column: 0,
        offset: 0,
        len: 0,
    };
    let paths = match spec_files(dir) {
        Ok(paths) => paths,
        Err(err) => {
            diags.push(
                Diagnostic::new(
                    dir_location,
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
            Diagnostic::new(dir_location, format!("the spec directory has no `{SERVICE_FILE}`"))
                .hint(format!(
                    "create `{SERVICE_FILE}` with the keys `service`, `conventions`, `statuses` and `quota`"
                )),
        );
        return None;
    }

    let mut sources = Vec::new();
    for path in paths {
        let display = Arc::new(display_dir.join(path.file_name().unwrap_or_default()));
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(err) => {
                diags.push(Diagnostic::new(
                    Location {
                        file: display,
                        line: 0,
                        column: 0,
                        offset: 0,
                        len: 0,
                    },
                    format!("cannot read the file: {err}"),
                ));
                continue;
            }
        };
        sources.push(SourceFile {
            display,
            path,
            text,
        });
    }
    parse_sources(sources, diags)
}

/// Parses spec files already in memory: the first is the service file, the rest are
/// family files. Used by [`read_dir`], and by tools and tests that hold specs in memory.
pub(crate) fn parse_sources(sources: Vec<SourceFile>, diags: &mut Diagnostics) -> Option<RawSpec> {
    let mut service = None;
    let mut families = Vec::new();
    for (index, source) in sources.iter().enumerate() {
        if let Some(node) = yaml::parse(source.display.clone(), &source.text, diags) {
            if index == 0 {
                service = raw::ServiceFile::decode(&node, diags);
            } else if let Some(family) = raw::FamilyFile::decode(&node, diags) {
                families.push(family);
            }
        }
    }
    Some(RawSpec {
        service: service?,
        families,
        sources,
    })
}
