//! One spec file as read: what the reader parses and what located errors point into (a
//! tool shows a problem's snippet from it). A leaf, so that both the spec reader and
//! [`SpecErrors`](crate::SpecErrors) hold it without depending on each other.

use std::path::PathBuf;
use std::sync::Arc;

/// One spec file as read from disk (or held in memory by a tool or a test).
///
/// ```
/// use std::path::PathBuf;
/// use std::sync::Arc;
///
/// let service = restspec_codegen::SourceFile {
///     display: Arc::new(PathBuf::from("spec/service.yaml")),
///     path: PathBuf::from("shop/spec/service.yaml"),
///     text: "name: Shop\n".to_owned(),
/// };
/// assert_eq!(service.display.to_str(), Some("spec/service.yaml"));
/// ```
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path as shown in messages: the directory as the user named it, plus the file name.
    pub display: Arc<PathBuf>,
    /// The path to read (and to watch for changes).
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
}
