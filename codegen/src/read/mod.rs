//! Phase one (`read`): spec files on disk to raw records with positions.
//!
//! A spec is a directory holding `service.yaml` (service-wide conventions, status table,
//! quota rule, shared types) and one more `*.yaml` file per endpoint family. A large family
//! may be split: section files (in the directory or a folder of it) hold some of its
//! endpoints, joined to the family here. A spec may extend a base spec (`extends:`), whose
//! trees are merged with its own before decoding.

pub(crate) mod decode;
mod extends;
mod files;
mod key_paths;
pub(crate) mod raw;
mod sections;
pub(crate) mod yaml;

use std::path::Path;

use crate::diag::Diagnostics;
use crate::source::SourceFile;
use decode::Decode;
pub use extends::PublishedSpecs;
#[cfg(test)]
pub(crate) use files::SERVICE_FILE;
pub use files::spec_files;
pub(crate) use sections::SectionInfo;

/// Every file of a spec, parsed into raw records.
#[derive(Debug, Clone)]
pub(crate) struct RawSpec {
    /// Every file read: the spec's own (service file first, then families in file-name
    /// order), then those of the base specs it extends.
    pub sources: Vec<SourceFile>,
    /// `service.yaml`, merged with the base's when the spec extends one.
    pub service: raw::ServiceFile,
    /// The family files: the base's first, then the spec's own in file-name order, each
    /// with the endpoints of its section files after its own.
    pub families: Vec<raw::FamilyFile>,
    /// The sections declared by section files, in file-name order.
    pub sections: Vec<SectionInfo>,
    /// Where each key under `conventions` is written (the merged tree's: a base's key keeps
    /// its file), by dotted path.
    pub conventions_at: Vec<(String, crate::diag::Location)>,
}

/// Reads and parses the spec in `dir`. `display_dir` is how messages name the directory
/// (usually as the user typed it). Every problem is reported into `diags`.
pub(crate) fn read_dir(
    dir: &Path,
    display_dir: &Path,
    published: &PublishedSpecs,
    diags: &mut Diagnostics,
) -> Option<RawSpec> {
    let sources = files::read_files(dir, display_dir, diags)?;
    parse_sources(sources, published, diags)
}

/// Parses spec files already in memory: the first is the service file, the rest are
/// family files. A relative `extends` path is resolved against the service file's `path`.
/// Used by [`read_dir`], and by tools and tests that hold specs in memory.
pub(crate) fn parse_sources(
    sources: Vec<SourceFile>,
    published: &PublishedSpecs,
    diags: &mut Diagnostics,
) -> Option<RawSpec> {
    let tree = extends::apply(files::parse(sources, diags), published, diags);
    let service = tree
        .service
        .as_ref()
        .and_then(|node| raw::ServiceFile::decode(node, diags));
    let (section_nodes, family_nodes): (Vec<_>, Vec<_>) = tree
        .families
        .iter()
        .partition(|node| sections::is_section_file(node));
    let declared: Vec<String> = family_nodes
        .iter()
        .filter_map(|node| sections::family_name(node))
        .collect();
    let mut families: Vec<raw::FamilyFile> = family_nodes
        .into_iter()
        .filter_map(|node| raw::FamilyFile::decode(node, diags))
        .collect();
    let section_files = section_nodes
        .into_iter()
        .filter_map(|node| raw::SectionFile::decode(node, diags))
        .collect();
    let sections = sections::join(&mut families, &declared, section_files, diags);
    let conventions_at = tree
        .service
        .as_ref()
        .map(|node| key_paths::key_paths(node, "conventions"))
        .unwrap_or_default();
    Some(RawSpec {
        conventions_at,
        service: service?,
        families,
        sections,
        sources: tree.sources,
    })
}
