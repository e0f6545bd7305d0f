//! `restspec diff OLD NEW`: every change between two versions of a spec, each breaking or
//! compatible, with its position in both; the exit status says whether any is breaking.

use std::process::ExitCode;

use restspec_codegen::diff::Change;

/// How the changes are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// One line per change, breaking ones first, then a summary.
    Text,
    /// A JSON object: `changes` (kind, breaking, breaks, subject, explanation, old, new)
    /// and `breaking` (how many).
    Json,
}

/// Prints the changes and answers the exit status: 0 when nothing breaks, 1 when
/// something does.
pub(crate) fn report(changes: &[Change], format: Format) -> ExitCode {
    let breaking = changes.iter().filter(|c| c.is_breaking()).count();
    match format {
        Format::Text => {
            for change in changes {
                println!("{change}");
            }
            println!(
                "{} change{}, {breaking} breaking",
                changes.len(),
                if changes.len() == 1 { "" } else { "s" }
            );
        }
        Format::Json => {
            let value = serde_json::json!({
                "changes": changes.iter().map(Change::to_json).collect::<Vec<_>>(),
                "breaking": breaking,
            });
            println!(
                "{}",
                serde_json::to_string_pretty(&value).unwrap_or_default()
            );
        }
    }
    if breaking == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
