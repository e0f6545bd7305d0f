//! Path templates as the spec writes them: fixed segments first, each parameter filling a
//! segment or with fixed text around it (`{name}:move`, `{sid}.json`), one name per
//! parameter position in a family.

use std::collections::BTreeMap;

use crate::names::param_name;

/// A path template split into segments, parameters renamed as the spec accepts them.
#[derive(Clone)]
pub(crate) struct Template {
    /// The first fixed segment, which names its family; empty for the root family's
    /// paths (`/`, or a parameter first).
    pub(crate) first: String,
    /// `/pets/{pet_id}`.
    pub(crate) spelled: String,
    /// Document name → spec name.
    renamed: Vec<(String, String)>,
}

impl Template {
    pub(crate) fn read(path: &str) -> Option<Template> {
        let mut spelled = String::new();
        let mut renamed: Vec<(String, String)> = Vec::new();
        let mut first = None;
        for segment in path.trim_start_matches('/').split('/') {
            if segment.is_empty() {
                continue;
            }
            spelled.push('/');
            if let Some((texts, names)) = params_of(segment) {
                // A parameter first: the path belongs to the root family.
                first.get_or_insert_with(String::new);
                // (Two parameters with no text between them, `{id}{ext}`, are no segment the
                // generator reads: the path is a fixed one's, and left out below.)
                let fixed = texts.concat();
                if names.iter().any(|n| n.is_empty())
                    || !fixed.chars().all(restspec_codegen::naming::is_path_char)
                {
                    return None;
                }
                spelled.push_str(&texts[0]);
                for (name, text) in names.iter().zip(&texts[1..]) {
                    let spec = param_name(name);
                    if renamed.iter().any(|(_, s)| *s == spec) {
                        return None;
                    }
                    spelled.push_str(&format!("{{{spec}}}{text}"));
                    renamed.push((name.clone(), spec));
                }
            } else {
                if !segment.chars().all(restspec_codegen::naming::is_path_char) {
                    return None;
                }
                first.get_or_insert_with(|| segment.to_owned());
                spelled.push_str(segment);
            }
        }
        if (path.ends_with('/') && path.len() > 1) || spelled.is_empty() {
            spelled.push('/');
        }
        if renamed.len() > restspec_codegen::MAX_PATH_PARAMS {
            return None;
        }
        Some(Template {
            // The root family's (`/`) when no fixed segment comes first.
            first: first.unwrap_or_default(),
            spelled,
            renamed,
        })
    }

    /// Segments with parameters as `{}`: what the router tells routes apart by (a trailing
    /// slash does not).
    pub(crate) fn shape(&self) -> Vec<String> {
        self.spelled
            .trim_end_matches('/')
            .split('/')
            .map(|s| match params_of(s) {
                Some((texts, _)) => texts.join("{}"),
                None => s.to_owned(),
            })
            .collect()
    }

    /// Renames parameters to the name their position already has in the family, and
    /// gives a new position the name found here.
    pub(crate) fn unify(&mut self, positions: &mut BTreeMap<Vec<String>, String>) {
        let mut key = Vec::new();
        let mut spelled = String::new();
        let mut used: Vec<String> = Vec::new();
        let mut params = self.renamed.iter_mut();
        for segment in self.spelled.split('/').skip(1) {
            spelled.push('/');
            if let Some((texts, _)) = params_of(segment) {
                // One name per position, with text around it or not: the router's, which
                // is the first parameter's of a segment holding several.
                key.push("{}".to_owned());
                spelled.push_str(&texts[0]);
                for (i, text) in texts[1..].iter().enumerate() {
                    let Some((_, spec)) = params.next() else {
                        break;
                    };
                    let mut name = if i == 0 {
                        positions
                            .entry(key.clone())
                            .or_insert_with(|| spec.clone())
                            .clone()
                    } else {
                        spec.clone()
                    };
                    while used.contains(&name) {
                        name.push_str("_2");
                    }
                    used.push(name.clone());
                    *spec = name.clone();
                    spelled.push_str(&format!("{{{name}}}{text}"));
                }
            } else {
                key.push(segment.to_owned());
                spelled.push_str(segment);
            }
        }
        self.spelled = spelled;
    }

    /// Each parameter: its name in the document and in the spec.
    pub(crate) fn params(&self) -> impl Iterator<Item = (&str, &str)> {
        self.renamed.iter().map(|(d, s)| (d.as_str(), s.as_str()))
    }

    pub(crate) fn spec_name(&self, name: &str) -> Option<&str> {
        self.renamed
            .iter()
            .find(|(d, _)| d == name)
            .map(|(_, s)| s.as_str())
    }
}

/// The fixed texts and parameters of a segment holding one at least, read as the
/// generator reads a template's (`(["", "-", ".zip"], ["name", "version"])` for
/// `{name}-{version}.zip`); `None` for a fixed segment, or one the generator refuses.
fn params_of(segment: &str) -> Option<(Vec<String>, Vec<String>)> {
    restspec_codegen::model::Segment::parts(segment)
        .ok()
        .filter(|(_, names)| !names.is_empty())
}
