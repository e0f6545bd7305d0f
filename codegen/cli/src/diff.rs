//! `restspec diff OLD NEW`: every change between two versions of a spec, each breaking or
//! compatible, with its position in both; the exit status says whether any is breaking.

use std::io::Write;

use restspec_codegen::diff::Change;
use restspec_codegen::model::AllowedBreak;

/// How the changes are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// One line per change, breaking ones first, then a summary.
    Text,
    /// A JSON object: `changes` (kind, breaking, breaks, subject, explanation, old, new,
    /// allowed) and `breaking` (how many are not allowed).
    Json,
}

/// Writes the changes to `out` and answers the exit status: 0 when nothing breaks (or every break
/// is listed in the new version's `breaking_allowed`), 1 when something else does.
///
/// `unused` are allowances of the new version that match no change (a typo, or a break
/// that did not happen): reported, never fatal.
pub(crate) fn report(
    changes: &[Change],
    unused: &[&AllowedBreak],
    format: Format,
    out: &mut dyn Write,
) -> u8 {
    let breaking = changes.iter().filter(|c| c.is_unallowed_break()).count();
    match format {
        Format::Text => {
            for change in changes {
                let _ = writeln!(out, "{change}");
            }
            for allowance in unused {
                let hint = restspec_codegen::diff::closest_break(allowance, changes)
                    .map(|closest| format!("; did you mean `{closest}`?"))
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "{:<20}  {}  {} {}: allowed, but the diff has no such change{hint}",
                    "unused allowance", allowance.location, allowance.change, allowance.subject
                );
            }
            let _ = writeln!(
                out,
                "{}, {breaking} breaking{}",
                crate::render::count(changes.len(), "change", "changes"),
                match changes.iter().filter(|c| c.allowed.is_some()).count() {
                    0 => String::new(),
                    n => format!(" (and {n} allowed)"),
                }
            );
        }
        Format::Json => {
            let value = serde_json::json!({
                "changes": changes.iter().map(Change::to_json).collect::<Vec<_>>(),
                "breaking": breaking,
                "unused_allowances": unused
                    .iter()
                    .map(|a| serde_json::json!({
                        "change": a.change,
                        "subject": a.subject,
                        "at": a.location.to_string(),
                        "did_you_mean": restspec_codegen::diff::closest_break(a, changes),
                    }))
                    .collect::<Vec<_>>(),
            });
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&value).unwrap_or_default()
            );
        }
    }
    u8::from(breaking != 0)
}
