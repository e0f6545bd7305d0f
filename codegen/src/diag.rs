//! Located diagnostics: every problem in a spec names its file, line and column, says what
//! is wrong and, where it can, what to write instead.
//!
//! Problems are collected in a [`Diagnostics`] accumulator so that one run reports every
//! mistake of a spec at once instead of stopping at the first.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use crate::source::SourceFile;

/// A position in a spec file. Lines and columns are 1-based, as editors show them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// The file as the user named it (for example `spec/changes.yaml`).
    pub file: Arc<PathBuf>,
    /// 1-based line; 0 for a whole file or directory.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// Byte offset into the file, for tools that render source snippets.
    pub offset: usize,
    /// Length in bytes of the offending text (at least 1 where there is text).
    pub len: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            // A directory or a file as a whole: no line to name.
            return write!(f, "{}", self.file.display().to_string().replace('\\', "/"));
        }
        write!(
            f,
            "{}:{}:{}",
            self.file.display().to_string().replace('\\', "/"),
            self.line,
            self.column
        )
    }
}

/// One problem found in a spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where the problem is.
    pub location: Location,
    /// What is wrong, in one sentence.
    pub message: String,
    /// What to write instead, when the generator can tell.
    pub hint: Option<String>,
    /// Other places that take part in the problem (the first definition of a duplicate, say).
    pub related: Vec<(Location, String)>,
}

impl Diagnostic {
    /// A diagnostic without a hint.
    pub fn new(location: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            location,
            message: message.into(),
            hint: None,
            related: Vec::new(),
        }
    }

    /// Adds what to write instead.
    #[must_use]
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Adds a hint only when there is one.
    #[must_use]
    pub fn maybe_hint(mut self, hint: Option<String>) -> Self {
        self.hint = hint;
        self
    }

    /// Points at another place that takes part in the problem.
    #[must_use]
    pub fn related(mut self, location: Location, label: impl Into<String>) -> Self {
        self.related.push((location, label.into()));
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)?;
        for (location, label) in &self.related {
            write!(f, "\n  note: {location}: {label}")?;
        }
        if let Some(hint) = &self.hint {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}

/// The accumulator every phase writes its problems into.
#[derive(Debug, Default, Clone)]
pub(crate) struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// An empty accumulator.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Records a problem.
    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        self.items.push(diagnostic);
    }

    /// True when nothing was recorded.
    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// How many problems were recorded so far: whether a step found one is whether the
    /// count grew.
    pub(crate) fn count(&self) -> usize {
        self.items.len()
    }

    /// The problems in file, line and column order (deterministic output for snapshots).
    pub(crate) fn into_sorted(mut self) -> Vec<Diagnostic> {
        self.items.sort_by(|a, b| {
            a.location
                .cmp(&b.location)
                .then_with(|| a.message.cmp(&b.message))
        });
        self.items.dedup();
        self.items
    }
}

/// The error a front door gets back: every problem of the spec, sorted, and the files read,
/// so that a tool can show each problem's lines.
///
/// `Display` writes one `error: <file>:<line>:<column>: <message>` block per problem.
#[derive(Debug, Clone)]
pub struct SpecErrors {
    /// The problems, in file, line and column order.
    pub diagnostics: Vec<Diagnostic>,
    /// The files read before the problems were found (empty when none could be read);
    /// a diagnostic's [`Location::file`] is one of their [`SourceFile::display`] paths.
    pub sources: Vec<SourceFile>,
}

impl fmt::Display for SpecErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "error: {d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SpecErrors {}

/// The known name closest to `got`, if one is close enough to be a likely typo.
pub(crate) fn closest<'a, I>(got: &str, known: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let got_lower = got.to_ascii_lowercase();
    known
        .into_iter()
        .map(|k| {
            let score = strsim::jaro_winkler(&got_lower, &k.to_ascii_lowercase());
            (score, k)
        })
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

/// Suggests the known name closest to `got`, if one is close enough to be a likely typo.
pub(crate) fn did_you_mean<'a, I>(got: &str, known: I) -> Option<String>
where
    I: IntoIterator<Item = &'a str>,
{
    closest(got, known).map(|k| format!("did you mean `{k}`?"))
}

/// A hint that either suggests the closest name or lists the valid ones.
pub(crate) fn suggest<'a, I>(got: &str, known: I) -> String
where
    I: IntoIterator<Item = &'a str> + Clone,
{
    did_you_mean(got, known.clone()).unwrap_or_else(|| {
        let list: Vec<String> = known.into_iter().map(|k| format!("`{k}`")).collect();
        if list.is_empty() {
            "there is nothing of that kind declared yet".to_owned()
        } else {
            format!("expected one of {}", list.join(", "))
        }
    })
}
