//! `extends:`: a spec built on a base spec.
//!
//! A downstream `service.yaml` names its base either by a path relative to its own directory
//! (`extends: { path: ../base }`) or by the `links` name of a crate that publishes its spec
//! directory (`extends: { links: shop_base }`): the base crate's build script calls
//! [`publish_spec`](crate::publish_spec), and Cargo hands the directory to the build scripts
//! of the crates that depend on it as `DEP_<LINKS>_SPEC`.
//!
//! The merge works on YAML trees, before decoding, so that every value keeps the position of
//! the file it was written in, and the ordinary checks (a type declared twice, a route that
//! clashes, a duplicate endpoint name) name both files. What the spec inherits:
//! - `conventions`: the base's, with each key the spec writes replacing the base's
//!   (`json_prefix: ~` removes one);
//! - `statuses` and `capabilities`: the base's plus the spec's; a status the spec restates
//!   keeps its code (another code is an error) and may change its message;
//! - `types` and the families: the base's plus the spec's;
//! - `quota`: the base's unless the spec writes its own.
//!
//! `service` and `breaking_allowed` are the spec's own. A base may extend another base.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use super::decode::{Decode, Spanned};
use super::files::{self, Tree};
use super::raw::Extends;
use super::yaml::{Key, Node, NodeKind};
use crate::diag::{Diagnostic, Diagnostics, Location};

/// How deep a chain of bases may go: deeper is almost surely a mistake.
const MAX_DEPTH: usize = 8;

/// Keys of `service.yaml` that are never inherited.
const OWN_ONLY: &[&str] = &["service", "breaking_allowed", "extends"];

/// Where the spec directories published by crates are, by the crates' `links` names.
///
/// A name not given here is looked up in the environment as `DEP_<LINKS>_SPEC` (the
/// variable Cargo sets for build scripts; the CLI and other tools may set it too).
#[derive(Debug, Clone, Default)]
pub struct PublishedSpecs {
    dirs: BTreeMap<String, PathBuf>,
}

impl PublishedSpecs {
    /// No names given: every `links` name is looked up in the environment.
    pub fn new() -> Self {
        Self::default()
    }

    /// Gives the spec directory published under `links`.
    #[must_use]
    pub fn with(mut self, links: impl Into<String>, dir: impl Into<PathBuf>) -> Self {
        self.dirs.insert(links.into(), dir.into());
        self
    }

    /// The environment variable Cargo sets for a crate's dependents when its build script
    /// publishes a spec: `DEP_<LINKS>_SPEC`, upper case, `-` as `_`.
    pub fn env_var(links: &str) -> String {
        format!("DEP_{}_SPEC", links.to_uppercase().replace('-', "_"))
    }

    fn find(&self, links: &str) -> Option<PathBuf> {
        self.dirs
            .get(links)
            .cloned()
            .or_else(|| std::env::var_os(Self::env_var(links)).map(PathBuf::from))
    }
}

/// Applies the service file's `extends:`, if any: reads the base (and its bases) and merges
/// it into `tree`.
pub(super) fn apply(tree: Tree, published: &PublishedSpecs, diags: &mut Diagnostics) -> Tree {
    let mut chain = Vec::new();
    if let Some(dir) = tree.sources.first().and_then(|s| s.path.parent()) {
        chain.extend(std::fs::canonicalize(dir));
    }
    extend(tree, published, &mut chain, diags)
}

fn extend(
    mut tree: Tree,
    published: &PublishedSpecs,
    chain: &mut Vec<PathBuf>,
    diags: &mut Diagnostics,
) -> Tree {
    let Some(written) = tree.service.as_ref().and_then(|s| extends_of(s, diags)) else {
        return tree;
    };
    match written.and_then(|(extends, at)| read_base(&tree, &extends, at, published, chain, diags))
    {
        Some(base) => {
            // A base whose service file is unusable (reported) leaves this one so too.
            tree.service = match (base.service, tree.service.take()) {
                (Some(base), Some(own)) => Some(merge_service(base, own, diags)),
                _ => None,
            };
            tree.families = base.families.into_iter().chain(tree.families).collect();
            tree.sources.extend(base.sources);
        }
        // Without its base the service file lacks what it inherits: the reason is
        // reported, and the keys it would have inherited are not reported missing.
        None => tree.service = None,
    }
    tree
}

/// Reads the base `extends` names, itself merged with its own bases.
fn read_base(
    tree: &Tree,
    extends: &Extends,
    at: Location,
    published: &PublishedSpecs,
    chain: &mut Vec<PathBuf>,
    diags: &mut Diagnostics,
) -> Option<Tree> {
    let own = tree.sources.first()?;
    let (dir, display) = locate(extends, own, published, &at, diags)?;
    let canonical = match std::fs::canonicalize(&dir) {
        Ok(canonical) => canonical,
        Err(err) => {
            diags.push(
                Diagnostic::new(
                    at,
                    format!("cannot read the base spec `{}`: {err}", dir.display()),
                )
                .hint("name the directory holding the base spec's `service.yaml`"),
            );
            return None;
        }
    };
    if chain.contains(&canonical) {
        diags.push(
            Diagnostic::new(at, "this spec extends itself through its bases")
                .hint("remove the `extends` that closes the circle"),
        );
        return None;
    }
    if chain.len() > MAX_DEPTH {
        diags.push(Diagnostic::new(
            at,
            format!("bases extend bases more than {MAX_DEPTH} deep"),
        ));
        return None;
    }
    let sources = files::read_files(&dir, &display, diags)?;
    chain.push(canonical);
    let base = extend(files::parse(sources, diags), published, chain, diags);
    chain.pop();
    Some(base)
}

/// The service file's `extends:` record and where it is written: `None` when it has none,
/// `Some(None)` when it is written wrong (and reported).
fn extends_of(service: &Node, diags: &mut Diagnostics) -> Option<Option<(Extends, Location)>> {
    let NodeKind::Map(entries) = &service.kind else {
        return None;
    };
    let (key, node) = entries
        .iter()
        .find(|(key, node)| key.name == "extends" && !matches!(node.kind, NodeKind::Null))?;
    Some(Extends::decode(node, diags).map(|extends| (extends, key.location.clone())))
}

/// The base's directory (to read) and how messages name it.
fn locate(
    extends: &Extends,
    own: &crate::source::SourceFile,
    published: &PublishedSpecs,
    at: &Location,
    diags: &mut Diagnostics,
) -> Option<(PathBuf, PathBuf)> {
    match (&extends.path, &extends.links) {
        (Some(path), None) => {
            let own_dir = own.path.parent().unwrap_or(Path::new("."));
            let own_display = own.display.parent().unwrap_or(Path::new(""));
            Some((
                own_dir.join(&path.value),
                normalise(&own_display.join(&path.value)),
            ))
        }
        (None, Some(links)) => match published.find(&links.value) {
            Some(dir) => {
                // `shop_base:spec/service.yaml`: the crate's links name, then the directory's
                // own name, not the absolute path (messages and generated headers stay the
                // same on every machine).
                let name = dir.file_name().unwrap_or_default().to_string_lossy();
                let display = PathBuf::from(format!("{}:{name}", links.value));
                Some((dir, display))
            }
            None => {
                diags.push(unpublished(links));
                None
            }
        },
        _ => {
            diags.push(
                Diagnostic::new(at.clone(), "`extends` names its base by `path` or by `links`, exactly one")
                    .hint("write `extends: { path: ../base }` for a directory beside this one, or `extends: { links: <name> }` for a crate that publishes its spec"),
            );
            None
        }
    }
}

fn unpublished(links: &Spanned<String>) -> Diagnostic {
    let var = PublishedSpecs::env_var(&links.value);
    Diagnostic::new(
        links.location.clone(),
        format!("no crate publishes a spec as `{}` here (`{var}` is not set)", links.value),
    )
    .hint(format!(
        "depend on the crate whose `Cargo.toml` says `links = \"{}\"` and whose build script calls `restspec_codegen::publish_spec`, and generate from a build script (Cargo sets `{var}` only for build scripts); elsewhere set `{var}` to the base spec's directory",
        links.value
    ))
}

/// `a/b/../c` as `a/c`, without touching the file system (messages name files as the user
/// would reach them from where they run the tool).
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The base's service tree with the spec's own written over it (see the module docs).
fn merge_service(base: Node, own: Node, diags: &mut Diagnostics) -> Node {
    let (NodeKind::Map(base_entries), NodeKind::Map(own_entries)) = (base.kind, &own.kind) else {
        return own;
    };
    let mut merged: Vec<(Key, Node)> = base_entries
        .into_iter()
        .filter(|(key, _)| !OWN_ONLY.contains(&key.name.as_str()))
        .collect();
    for (key, value) in own_entries {
        let value = value.clone();
        match merged.iter().position(|(k, _)| k.name == key.name) {
            None => merged.push((key.clone(), value)),
            Some(index) => {
                let (_, inherited) = merged.remove(index);
                let value = match key.name.as_str() {
                    "conventions" | "capabilities" => overlay(inherited, value, replace, diags),
                    "statuses" => overlay(inherited, value, same_code, diags),
                    "types" => concatenate(inherited, value),
                    _ => value,
                };
                merged.insert(index, (key.clone(), value));
            }
        }
    }
    Node {
        location: own.location,
        kind: NodeKind::Map(merged),
        key: own.key,
        quoted: false,
    }
}

/// What to do when the base and the spec both write a key of a mapping.
type Conflict = fn(&Node, &Node, &mut Diagnostics);

/// The base's mapping with the spec's entries written over it, key by key; `conflict` is
/// told of each key both write.
fn overlay(base: Node, own: Node, conflict: Conflict, diags: &mut Diagnostics) -> Node {
    let (NodeKind::Map(mut entries), NodeKind::Map(own_entries)) = (base.kind, &own.kind) else {
        return own;
    };
    for (key, value) in own_entries {
        match entries.iter_mut().find(|(k, _)| k.name == key.name) {
            Some(entry) => {
                conflict(&entry.1, value, diags);
                *entry = (key.clone(), value.clone());
            }
            None => entries.push((key.clone(), value.clone())),
        }
    }
    Node {
        location: own.location,
        kind: NodeKind::Map(entries),
        key: own.key,
        quoted: false,
    }
}

/// A key the spec may simply write over.
fn replace(_: &Node, _: &Node, _: &mut Diagnostics) {}

/// A status the spec restates must keep its code: clients and the generated code know a
/// status by both.
fn same_code(base: &Node, own: &Node, diags: &mut Diagnostics) {
    let (Some((base_at, base_code)), Some((own_at, own_code))) = (code_of(base), code_of(own))
    else {
        return;
    };
    if base_code != own_code {
        let name = own.key.as_ref().map_or("", |k| k.name.as_str());
        diags.push(
            Diagnostic::new(
                own_at,
                format!("status `{name}` has code {own_code} here, but {base_code} in the base spec"),
            )
            .related(base_at, format!("the base spec's `{name}`"))
            .hint(format!(
                "give this status another name, or keep code {base_code} and change only its message"
            )),
        );
    }
}

fn code_of(status: &Node) -> Option<(Location, &str)> {
    let NodeKind::Map(entries) = &status.kind else {
        return None;
    };
    entries.iter().find_map(|(key, value)| match &value.kind {
        NodeKind::Scalar(code) if key.name == "code" => {
            Some((value.location.clone(), code.as_str()))
        }
        _ => None,
    })
}

/// Both mappings' entries, the base's first. A name written in both stays twice, so that the
/// check for duplicates reports it with both places.
fn concatenate(base: Node, own: Node) -> Node {
    let (NodeKind::Map(mut entries), NodeKind::Map(own_entries)) = (base.kind, &own.kind) else {
        return own;
    };
    entries.extend(own_entries.iter().cloned());
    Node {
        location: own.location,
        kind: NodeKind::Map(entries),
        key: own.key,
        quoted: false,
    }
}
