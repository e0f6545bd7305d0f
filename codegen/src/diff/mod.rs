//! What changed between two versions of a spec, and whom each change breaks.
//!
//! [`diff`] compares two validated models: endpoints by name, types by name, conventions by
//! field. Every difference is a [`Change`] with a stable [`ChangeKind`], a [`Verdict`]
//! (breaking for clients, for operators, or compatible) and the YAML position in each
//! version, so that a reviewer, or CI through `restspec diff`, sees exactly what an edit
//! does to the service's users. Operators count: a changed quota group makes their quota
//! rules silently stop matching.

mod conventions;
mod endpoints;
mod field_rules;
mod options;
mod places;
mod types;

use serde_json::{Value, json};

use crate::diag::Location;
use crate::model::Service;

/// Whom a breaking change breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Who {
    /// Programs calling the service.
    Clients,
    /// People running it: quota rules, monitoring keyed by quota group.
    Operators,
}

/// Breaking clients: what most changes of what a client sends or reads are (declared once
/// for every comparison module).
const CLIENTS: Verdict = Verdict::Breaking(Who::Clients);

/// The verdict on one change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Someone who relied on the old version breaks.
    Breaking(Who),
    /// Nobody breaks (a client may still want to know).
    Compatible,
}

impl Verdict {
    /// `breaking (clients)`, `breaking (operators)` or `compatible`.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Breaking(Who::Clients) => "breaking (clients)",
            Verdict::Breaking(Who::Operators) => "breaking (operators)",
            Verdict::Compatible => "compatible",
        }
    }
}

pub use crate::model::ChangeKind;

/// One difference between the two versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// What kind of change it is.
    pub kind: ChangeKind,
    /// Whom it breaks.
    pub verdict: Verdict,
    /// What changed: `endpoint get_change`, `field ChangeInfo.subject`.
    pub subject: String,
    /// Who breaks and why, in one line.
    pub explanation: String,
    /// Where it is in the old version (`None` for an addition).
    pub old: Option<Location>,
    /// Where it is in the new version (`None` for a removal).
    pub new: Option<Location>,
    /// Why it is intended, when the new version's `breaking_allowed` lists it.
    pub allowed: Option<String>,
}

impl Change {
    /// A change the new version has not said it intends (see [`newly_allowed`]).
    pub fn new(
        kind: ChangeKind,
        verdict: Verdict,
        subject: String,
        explanation: String,
        old: Option<Location>,
        new: Option<Location>,
    ) -> Self {
        Change {
            kind,
            verdict,
            subject,
            explanation,
            old,
            new,
            allowed: None,
        }
    }

    /// True when someone breaks.
    pub fn is_breaking(&self) -> bool {
        matches!(self.verdict, Verdict::Breaking(_))
    }

    /// True when someone breaks and the new version does not say it is intended.
    pub fn is_unallowed_break(&self) -> bool {
        self.is_breaking() && self.allowed.is_none()
    }

    /// The change as a JSON object (for `restspec diff --format json`).
    pub fn to_json(&self) -> Value {
        let who = match self.verdict {
            Verdict::Breaking(Who::Clients) => json!("clients"),
            Verdict::Breaking(Who::Operators) => json!("operators"),
            Verdict::Compatible => Value::Null,
        };
        json!({
            "kind": self.kind.name(),
            "breaking": self.is_breaking(),
            "breaks": who,
            "subject": self.subject,
            "explanation": self.explanation,
            "old": self.old.as_ref().map(ToString::to_string),
            "new": self.new.as_ref().map(ToString::to_string),
            "allowed": self.allowed,
        })
    }
}

impl std::fmt::Display for Change {
    /// `breaking (clients)  old -> new  subject: explanation`, on one line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = |l: &Option<Location>| l.as_ref().map_or("-".to_owned(), ToString::to_string);
        write!(
            f,
            "{:<20}  {} -> {}  {}: {}",
            self.verdict.label(),
            at(&self.old),
            at(&self.new),
            self.subject,
            self.explanation
        )?;
        match &self.allowed {
            Some(reason) => write!(f, " (allowed: {reason})"),
            None => Ok(()),
        }
    }
}

/// Every change from `old` to `new`: breaking ones first, each group in the order of the
/// files and lines where the changes stand.
///
/// A breaking change the new version lists under `breaking_allowed` (and the old one did
/// not: an entry allows its change once, and the next diff forgets it) carries the reason.
pub fn diff(old: &Service, new: &Service) -> Vec<Change> {
    let mut changes = Vec::new();
    conventions::compare(old, new, &mut changes);
    endpoints::compare(old, new, &mut changes);
    types::compare(old, new, &mut changes);
    for change in changes.iter_mut().filter(|c| c.is_breaking()) {
        change.allowed = newly_allowed(old, new)
            .find(|a| a.change == change.kind.name() && a.subject == change.subject)
            .map(|a| a.reason.clone());
    }
    changes.sort_by_cached_key(|c| {
        let at = c.new.as_ref().or(c.old.as_ref());
        (
            !c.is_breaking(),
            at.map(|l| (l.file.display().to_string(), l.line, l.column)),
        )
    });
    changes
}

/// The new version's `breaking_allowed` entries that the old version did not have.
pub fn newly_allowed<'a>(
    old: &'a Service,
    new: &'a Service,
) -> impl Iterator<Item = &'a crate::model::AllowedBreak> {
    new.breaking_allowed.iter().filter(|a| {
        !old.breaking_allowed
            .iter()
            .any(|o| o.change == a.change && o.subject == a.subject)
    })
}

/// For an allowance that matches no change, the breaking change it most likely means: its
/// kind and subject (`path_changed endpoint get_big`), when they are written close enough
/// to be a typo.
pub fn closest_break(allowance: &crate::model::AllowedBreak, changes: &[Change]) -> Option<String> {
    let written = format!("{} {}", allowance.change, allowance.subject);
    let candidates: Vec<String> = changes
        .iter()
        .filter(|c| c.is_breaking())
        .map(|c| format!("{} {}", c.kind.name(), c.subject))
        .collect();
    crate::diag::closest(&written, candidates.iter().map(String::as_str)).map(str::to_owned)
}
