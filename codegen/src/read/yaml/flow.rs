//! A `,` inside a plain value of a `{ }` mapping: YAML ends the value there and reads the
//! rest as a key without a value (`{ description: Its text, in UTF-8 }` has the keys
//! `description` and `in UTF-8`). The user meant one value: that is the one message, at
//! the value, saying to quote it, and the value is read whole so that nothing else about
//! it (an unknown key `in UTF-8`) is reported.

use super::{Key, Node, NodeKind};
use crate::diag::{Diagnostic, Diagnostics};

/// Finds, in the entries of the `{ }` mapping written in `source`, the plain values a `,`
/// split, reports each and joins it back.
pub(super) fn join_split_values(
    source: &str,
    entries: &mut Vec<(Key, Node)>,
    diags: &mut Diagnostics,
) {
    let mut index = 1;
    while index < entries.len() {
        let run = entries[index..]
            .iter()
            .take_while(|(key, value)| is_key_alone(source, key, value))
            .count();
        let split = run > 0
            && matches!(
                &entries[index - 1].1,
                Node {
                    kind: NodeKind::Scalar(_),
                    quoted: false,
                    ..
                }
            );
        if !split {
            index += 1;
            continue;
        }
        let last = &entries[index + run - 1].0.location;
        let end = (last.offset + last.len).min(source.len());
        let (key, value) = &mut entries[index - 1];
        let start = value.location.offset;
        let whole = source.get(start..end).unwrap_or_default();
        let whole = whole.split_whitespace().collect::<Vec<_>>().join(" ");
        let escaped = whole.replace('\\', "\\\\").replace('"', "\\\"");
        let mut at = value.location.clone();
        at.len = end.saturating_sub(start).max(1);
        diags.push(
            Diagnostic::new(
                at,
                format!(
                    "invalid YAML: the value of `{}` holds `,`, which ends a value inside `{{ }}`",
                    key.name
                ),
            )
            .hint(format!("quote the value: {}: \"{escaped}\"", key.name)),
        );
        value.kind = NodeKind::Scalar(whole);
        value.quoted = true;
        entries.drain(index..index + run);
        index += 1;
    }
}

/// A key written without `:` (so without a value) inside `{ }`: `, in UTF-8 }`.
fn is_key_alone(source: &str, key: &Key, value: &Node) -> bool {
    if !matches!(value.kind, NodeKind::Null) {
        return false;
    }
    let after = source
        .get(key.location.offset + key.location.len..)
        .unwrap_or_default()
        .trim_start();
    after.starts_with([',', '}'])
}
