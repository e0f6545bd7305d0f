//! Where each key under a mapping is written, by its dotted path (`pagination.style`,
//! `credentials[1]`): the positions `restspec diff` gives for a convention in both versions.
//! Read from the tree, not the records, so that a key added to the format is found without
//! a line of code here.

use super::yaml::{Node, NodeKind};
use crate::diag::Location;

/// Every key of `node`'s value under `key` (and every item of its lists), by dotted path,
/// with where it is written; the path `""` is `key` itself. Empty when `node` has no `key`.
pub(crate) fn key_paths(node: &Node, key: &str) -> Vec<(String, Location)> {
    let mut out = Vec::new();
    if let NodeKind::Map(entries) = &node.kind
        && let Some((k, value)) = entries.iter().find(|(k, _)| k.name == key)
    {
        out.push((String::new(), k.location.clone()));
        walk(value, "", &mut out);
    }
    out
}

fn walk(node: &Node, prefix: &str, out: &mut Vec<(String, Location)>) {
    match &node.kind {
        NodeKind::Map(entries) => {
            for (key, value) in entries {
                let path = if prefix.is_empty() {
                    key.name.clone()
                } else {
                    format!("{prefix}.{}", key.name)
                };
                out.push((path.clone(), key.location.clone()));
                walk(value, &path, out);
            }
        }
        NodeKind::Seq(items) => {
            for (i, item) in items.iter().enumerate() {
                let path = format!("{prefix}[{i}]");
                out.push((path.clone(), item.location.clone()));
                walk(item, &path, out);
            }
        }
        _ => {}
    }
}
