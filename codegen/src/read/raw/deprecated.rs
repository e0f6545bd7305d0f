//! `deprecated:` on an endpoint: `true`, or the day it was deprecated (`2026-06-30`), which
//! the service then also sends in a `Deprecation` header (RFC 9745).

use serde_json::{Value, json};

use crate::diag::{Diagnostic, Diagnostics};
use crate::read::decode::Decode;
use crate::read::yaml::{Node, NodeKind};

/// What `deprecated:` says, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Deprecated {
    /// `true` or `false`.
    Flag(bool),
    /// A date, `YYYY-MM-DD`, checked when lowered.
    Since(String),
}

impl Decode for Deprecated {
    fn decode(node: &Node, diags: &mut Diagnostics) -> Option<Self> {
        match &node.kind {
            NodeKind::Scalar(s) if s == "true" => Some(Deprecated::Flag(true)),
            NodeKind::Scalar(s) if s == "false" => Some(Deprecated::Flag(false)),
            NodeKind::Scalar(s) => Some(Deprecated::Since(s.clone())),
            NodeKind::Invalid => None,
            _ => {
                diags.push(
                    Diagnostic::new(
                        node.location.clone(),
                        "expected `true`, `false` or the date it was deprecated",
                    )
                    .hint("write `deprecated: true`, or `deprecated: 2026-06-30` to also send a `Deprecation` header"),
                );
                None
            }
        }
    }

    fn schema() -> Value {
        json!({ "oneOf": [{ "type": "boolean" }, { "type": "string", "format": "date" }] })
    }
}
