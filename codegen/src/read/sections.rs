//! Section files joined to their families: each section file's endpoints become endpoints of
//! the family it names, marked with the section, so that every later phase sees one family
//! (routes, OpenAPI, `restspec diff` and the client do not know a family was split) and only
//! the handler traits follow the split.

use super::decode::Spanned;
use super::raw::{FamilyFile, SectionFile};
use super::yaml::{Node, NodeKind};
use crate::diag::{Diagnostic, Diagnostics, Location, suggest};

/// A section as its file declares it: what the handler trait's documentation needs.
#[derive(Debug, Clone)]
pub(crate) struct SectionInfo {
    /// The family it belongs to.
    pub family: String,
    /// Its `snake_case` name.
    pub name: String,
    /// What it covers.
    pub description: Option<String>,
    /// Where its name is written.
    pub location: Location,
}

/// Whether a spec file's tree is a section file (`section:` at the top) rather than a
/// family file.
pub(crate) fn is_section_file(node: &Node) -> bool {
    match &node.kind {
        NodeKind::Map(entries) => {
            let has = |name: &str| entries.iter().any(|(k, _)| k.name == name);
            has("section") && !has("family")
        }
        _ => false,
    }
}

/// The family name a family file's tree declares, read even when the file has mistakes, so
/// that a section of a family whose file did not decode is not reported a second time.
pub(crate) fn family_name(node: &Node) -> Option<String> {
    let NodeKind::Map(entries) = &node.kind else {
        return None;
    };
    let (_, family) = entries.iter().find(|(k, _)| k.name == "family")?;
    let NodeKind::Map(fields) = &family.kind else {
        return None;
    };
    match &fields.iter().find(|(k, _)| k.name == "name")?.1.kind {
        NodeKind::Scalar(name) => Some(name.clone()),
        _ => None,
    }
}

/// Moves each section file's endpoints and types into the family file it names, each
/// endpoint marked with the section; answers what the sections say about themselves.
pub(crate) fn join(
    families: &mut [FamilyFile],
    declared: &[String],
    sections: Vec<SectionFile>,
    diags: &mut Diagnostics,
) -> Vec<SectionInfo> {
    let mut infos: Vec<SectionInfo> = Vec::new();
    for file in sections {
        let section = &file.section;
        let Some(family) = families
            .iter_mut()
            .find(|f| f.family.name.value == section.family.value)
        else {
            if declared.contains(&section.family.value) {
                // Its family file has mistakes of its own, already reported.
                continue;
            }
            let known: Vec<&str> = declared.iter().map(String::as_str).collect();
            diags.push(
                Diagnostic::new(
                    section.family.location.clone(),
                    format!(
                        "no family file declares the family `{}`",
                        section.family.value
                    ),
                )
                .hint(suggest(&section.family.value, known.iter().copied())),
            );
            continue;
        };
        if let Some(earlier) = infos
            .iter()
            .find(|i| i.family == section.family.value && i.name == section.name.value)
        {
            diags.push(
                Diagnostic::new(
                    section.name.location.clone(),
                    format!(
                        "the section `{}` of `{}` is declared by two files",
                        section.name.value, section.family.value
                    ),
                )
                .related(earlier.location.clone(), "first declared here")
                .hint("give each section file its own `name`, or join the two files"),
            );
            continue;
        }
        infos.push(SectionInfo {
            family: section.family.value.clone(),
            name: section.name.value.clone(),
            description: section.description.clone(),
            location: section.name.location.clone(),
        });
        for (key, mut endpoint) in file.endpoints {
            if let Some(own) = &endpoint.section
                && own.value != section.name.value
            {
                diags.push(
                    Diagnostic::new(
                        own.location.clone(),
                        format!(
                            "`{}` says section `{}` but stands in the file of section `{}`",
                            key.name, own.value, section.name.value
                        ),
                    )
                    .hint("remove its `section` key: a section file decides the section of its endpoints"),
                );
            }
            endpoint.section = Some(Spanned {
                value: section.name.value.clone(),
                location: section.name.location.clone(),
            });
            family.endpoints.push((key, endpoint));
        }
        if let Some(types) = file.types {
            family.types.get_or_insert_with(Vec::new).extend(types);
        }
    }
    infos
}
