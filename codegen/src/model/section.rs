//! Sections: parts of a family with a handler trait of their own.

use crate::diag::Location;

/// A part of a family with a handler trait of its own (a section file, or the `section`
/// key of endpoints). Only the handler traits know of it.
#[derive(Debug, Clone)]
pub struct Section {
    /// `snake_case` name (`reviewers`).
    pub name: String,
    /// What it covers.
    pub description: Option<String>,
    /// Where its name is written (its file's `section.name`, or the first endpoint's key).
    pub location: Location,
}
