//! The error of the ready authenticators' lists ([`FixedUsers`](crate::FixedUsers),
//! [`FixedTokens`](crate::FixedTokens)): which file or variable, which line, what to write.

use std::fmt;

/// A line of a user or token list that is not what the list holds, or a list that could
/// not be read. Its `Display` names the source (file or variable) and the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixedListError {
    source: String,
    line: usize,
    message: String,
}

impl FixedListError {
    pub(crate) fn new(source: &str, line: usize, message: impl Into<String>) -> Self {
        FixedListError {
            source: source.to_owned(),
            line,
            message: message.into(),
        }
    }

    /// The 1-based line the mistake is on; 0 when the list could not be read at all.
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for FixedListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.source, self.message)
        } else {
            write!(f, "{}:{}: {}", self.source, self.line, self.message)
        }
    }
}

impl std::error::Error for FixedListError {}
