//! `restspec import DOC -o DIR`: an OpenAPI document read into a spec folder, every loss
//! said at its JSON pointer, the spec then checked as `restspec check` would.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use restspec_import::round_trip::{self, Comparison, Kind, Tally};
use restspec_import::{Loss, Options, Severity};

use crate::{FAILURE, SUCCESS};

/// What `restspec import` was asked.
#[derive(Debug, clap::Args)]
pub(crate) struct Request {
    /// The OpenAPI document.
    document: PathBuf,
    /// The spec directory to write (created; it must be empty unless --force).
    #[arg(short, long)]
    output: PathBuf,
    /// The service's name (snake_case); default: the document's title.
    #[arg(long)]
    name: Option<String>,
    /// Make every loss an error, and write nothing when there is one.
    #[arg(long)]
    strict: bool,
    /// Replace the spec files (`*.yaml`) of a directory that is not empty.
    #[arg(long)]
    force: bool,
    /// Also write every loss, and the figures, as JSON to this file.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
}

/// Runs the import; the exit status.
pub(crate) fn run(request: &Request, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let started = Instant::now();
    let shown = request.document.display().to_string();
    let text = match std::fs::read_to_string(&request.document) {
        Ok(text) => text,
        Err(problem) => {
            let _ = writeln!(err, "error: cannot read {shown}: {problem}");
            return FAILURE;
        }
    };
    let document = match restspec_import::parse(&text) {
        Ok(document) => document,
        Err(problem) => {
            let _ = writeln!(err, "error: {shown}:{problem}");
            return FAILURE;
        }
    };
    let options = Options {
        name: request.name.clone(),
        source: request
            .document
            .file_name()
            .map(|n| n.to_string_lossy().into_owned()),
    };
    let imported = match restspec_import::import(&document, &options) {
        Ok(imported) => imported,
        Err(problem) => {
            let _ = writeln!(err, "error: {shown}: {problem}");
            return FAILURE;
        }
    };
    for loss in &imported.losses {
        let word = if request.strict { "error" } else { "warning" };
        let _ = writeln!(err, "{word}: {shown}{loss}");
    }
    if request.strict && !imported.losses.is_empty() {
        let _ = writeln!(
            err,
            "error: {} things in {shown} cannot be said in a spec (--strict): nothing written",
            imported.losses.len()
        );
        return FAILURE;
    }
    if let Err(problem) = write_files(&request.output, &imported.files, request.force) {
        let _ = writeln!(err, "error: {problem}");
        return FAILURE;
    }
    let imported_in = started.elapsed();
    let checked = restspec_codegen::load(&request.output);
    // The measure: the spec's own OpenAPI document against the original, operation by
    // operation.
    let comparison = checked.as_ref().ok().map(|loaded| {
        let exported = restspec_codegen::openapi::document(&loaded.service);
        round_trip::compare(&document, &exported)
    });
    let status = match &checked {
        Ok(_) => SUCCESS,
        Err(errors) => {
            let _ = writeln!(
                err,
                "error: the imported spec does not check; this is a mistake of the import, please report it with the document:"
            );
            crate::render::diagnostics(errors, err);
            FAILURE
        }
    };
    let _ = writeln!(
        out,
        "{}",
        summary(&imported, request, imported_in.as_secs_f64())
    );
    if let Some(comparison) = &comparison {
        let counted = comparison.summary();
        let _ = writeln!(
            out,
            "round trip (restspec openapi of the spec against {shown}): {} of {} operations on the wire, {} faithfully",
            counted.on_wire, counted.operations, counted.faithful
        );
    }
    if let Some(path) = &request.report {
        let mut report = report(
            &imported,
            &shown,
            checked.is_ok(),
            imported_in.as_secs_f64(),
        );
        if let Some(comparison) = &comparison {
            report["round_trip"] = round_trip_report(comparison);
        }
        let text = serde_json::to_string_pretty(&report).unwrap_or_default();
        if let Err(problem) = std::fs::write(path, text + "\n") {
            let _ = writeln!(err, "error: cannot write {}: {problem}", path.display());
            return FAILURE;
        }
    }
    status
}

fn write_files(dir: &Path, files: &[(PathBuf, String)], force: bool) -> Result<(), String> {
    if !force
        && dir
            .read_dir()
            .is_ok_and(|mut entries| entries.next().is_some())
    {
        return Err(format!(
            "{} is not empty: choose a new directory, or add --force to overwrite its spec files",
            dir.display()
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // The spec files of an earlier import go: one left over would join this spec.
    for entry in dir
        .read_dir()
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
    {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "yaml") {
            std::fs::remove_file(&path)
                .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
        }
    }
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The closing lines: what was written, and the losses tallied by kind.
fn summary(imported: &restspec_import::Imported, request: &Request, seconds: f64) -> String {
    let wire = imported
        .losses
        .iter()
        .filter(|l| l.severity == Severity::Wire)
        .count();
    let mut text = format!(
        "imported {} operations into {} ({} files) in {seconds:.2} s; {} not carried over ({wire} on the wire)",
        imported.operations,
        request.output.display(),
        imported.files.len(),
        match imported.losses.len() {
            1 => "1 thing".to_owned(),
            n => format!("{n} things"),
        },
    );
    for (category, count) in tally(&imported.losses) {
        text.push_str(&format!("\n  {count:>6}  {category}"));
    }
    text
}

fn tally(losses: &[Loss]) -> Vec<(&'static str, usize)> {
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    for loss in losses {
        *counts.entry(loss.category).or_default() += 1;
    }
    let mut counts: Vec<_> = counts.into_iter().collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    counts
}

fn report(
    imported: &restspec_import::Imported,
    document: &str,
    checks: bool,
    seconds: f64,
) -> serde_json::Value {
    let losses: Vec<serde_json::Value> = imported
        .losses
        .iter()
        .map(|l| {
            serde_json::json!({
                "pointer": l.pointer,
                "category": l.category,
                "severity": if l.severity == Severity::Wire { "wire" } else { "faithful" },
                "message": l.message,
            })
        })
        .collect();
    serde_json::json!({
        "document": document,
        "operations": imported.operations,
        "files": imported.files.len(),
        "checks": checks,
        "import_seconds": seconds,
        "losses": losses,
    })
}

/// The round trip's figures, what differs in each operation (kind and category), and the
/// categories ranked by the operations they touch.
fn round_trip_report(comparison: &Comparison) -> serde_json::Value {
    let counted = comparison.summary();
    let mut tally = Tally::new();
    tally.add(comparison);
    let ranked = |kind: Kind| -> Vec<serde_json::Value> {
        tally
            .ranked(kind)
            .into_iter()
            .map(|(category, count)| {
                serde_json::json!({
                    "category": category,
                    "operations": count.operations,
                    "sole": count.sole,
                })
            })
            .collect()
    };
    let operations: Vec<serde_json::Value> = comparison
        .operations
        .iter()
        .map(|v| {
            serde_json::json!({
                "method": v.method,
                "path": v.path,
                "on_wire": v.on_wire,
                "faithful": v.faithful,
                "differences": v.differences.iter().map(|d| serde_json::json!({
                    "pointer": d.pointer,
                    "kind": if d.kind == Kind::Wire { "wire" } else { "faithful" },
                    "category": d.category,
                    "what": d.what,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    serde_json::json!({
        "operations": counted.operations,
        "on_wire": counted.on_wire,
        "faithful": counted.faithful,
        "wire_differences": ranked(Kind::Wire),
        "faithful_differences": ranked(Kind::Faithful),
        "verdicts": operations,
    })
}
