//! Terminal output: diagnostics with source snippets (miette), and the route table.

use std::fmt::Write;

use miette::{Diagnostic, GraphicalReportHandler, LabeledSpan, NamedSource, SourceSpan};
use restspec_codegen::model::Service;
use restspec_codegen::{Location, SpecErrors};

/// One spec problem in the shape miette renders.
#[derive(Debug)]
struct Report {
    message: String,
    help: Option<String>,
    source: NamedSource<String>,
    labels: Vec<LabeledSpan>,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl Diagnostic for Report {
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}

fn span(location: &Location) -> SourceSpan {
    (location.offset, location.len.max(1)).into()
}

/// Writes every diagnostic to `err` with its snippet (from the files read), then a count.
pub(crate) fn diagnostics(errors: &SpecErrors, err: &mut dyn std::io::Write) {
    let handler = GraphicalReportHandler::new();
    for d in &errors.diagnostics {
        let text = errors
            .sources
            .iter()
            .find(|s| *s.display == *d.location.file)
            .map(|s| s.text.clone());
        let mut out = String::new();
        match text {
            Some(text) => {
                let mut labels = vec![LabeledSpan::new_primary_with_span(
                    Some("here".into()),
                    span(&d.location),
                )];
                // Related places in the same file get their own label; others are listed.
                let mut elsewhere = Vec::new();
                for (loc, label) in &d.related {
                    if loc.file == d.location.file {
                        labels.push(LabeledSpan::new_with_span(Some(label.clone()), span(loc)));
                    } else {
                        elsewhere.push(format!("{loc}: {label}"));
                    }
                }
                let mut help = d.hint.clone();
                if !elsewhere.is_empty() {
                    let notes = elsewhere.join("\n");
                    help = Some(match help {
                        Some(h) => format!("{h}\nsee {notes}"),
                        None => format!("see {notes}"),
                    });
                }
                let report = Report {
                    message: format!("{}: {}", d.location, d.message),
                    help,
                    source: NamedSource::new(d.location.file.display().to_string(), text),
                    labels,
                };
                if handler.render_report(&mut out, &report).is_err() {
                    out = format!("error: {d}\n");
                }
            }
            None => out = format!("error: {d}\n"),
        }
        let _ = writeln!(err, "{out}");
    }
    let _ = writeln!(
        err,
        "{}",
        count(errors.diagnostics.len(), "error", "errors")
    );
}

/// `1 family`, `2 families`, `0 families`: a count with its noun in the right number.
pub(crate) fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The route table, one endpoint a line, columns aligned.
pub(crate) fn routes(service: &Service) -> String {
    let mut rows = vec![[
        "METHOD".to_owned(),
        "TEMPLATE".to_owned(),
        "QUOTA GROUP".to_owned(),
        "METADATA".to_owned(),
        "HANDLER".to_owned(),
    ]];
    for family in &service.families {
        for e in &family.endpoints {
            let names_resource = family.names_top_level(e);
            let mut metadata = vec!["CurrentUser".to_owned()];
            if names_resource {
                metadata.extend(family.quota_metadata.iter().cloned());
            }
            rows.push([
                e.method.as_str().to_owned(),
                e.path.raw.clone(),
                e.quota_group.clone(),
                metadata.join(", "),
                e.name.clone(),
            ]);
        }
    }
    let widths: Vec<usize> = (0..5)
        .map(|i| rows.iter().map(|r| r[i].len()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:w$}"))
            .collect();
        let _ = writeln!(out, "{}", line.join("  ").trim_end());
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_count_agrees_with_its_noun() {
        assert_eq!(super::count(1, "family", "families"), "1 family");
        assert_eq!(super::count(0, "family", "families"), "0 families");
        assert_eq!(super::count(2, "error", "errors"), "2 errors");
    }
}
