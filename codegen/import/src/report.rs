//! What the import could not carry over, each at its JSON pointer in the document: nothing
//! is dropped silently.

use std::fmt;

/// Whether a loss changes what goes over the wire, or only how faithfully the spec
/// describes it (a `pattern` no longer checked, a `format` no longer said).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Requests or answers differ: an operation, parameter, body or status is missing, or
    /// a value has another type.
    Wire,
    /// The same requests and answers, described less precisely.
    Faithful,
}

/// One thing the document says that the spec does not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loss {
    /// Where in the document: a JSON pointer (`/paths/~1pets/get/parameters/0`).
    pub pointer: String,
    /// What kind of thing it is, for tallies (`header parameter`, `pattern`).
    pub category: &'static str,
    /// What was lost and what it became, in words.
    pub message: String,
    /// Whether the wire changes.
    pub severity: Severity,
}

impl Loss {
    /// A loss that changes the wire.
    pub(crate) fn wire(
        pointer: String,
        category: &'static str,
        message: impl Into<String>,
    ) -> Loss {
        Loss {
            pointer,
            category,
            message: message.into(),
            severity: Severity::Wire,
        }
    }

    /// A loss of precision only.
    pub(crate) fn faithful(
        pointer: String,
        category: &'static str,
        message: impl Into<String>,
    ) -> Loss {
        Loss {
            pointer,
            category,
            message: message.into(),
            severity: Severity::Faithful,
        }
    }
}

impl fmt::Display for Loss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pointer = if self.pointer.is_empty() {
            "/"
        } else {
            &self.pointer
        };
        write!(f, "#{pointer}: {}", self.message)
    }
}

/// The losses of one import, in the order found.
pub(crate) type Losses = Vec<Loss>;
