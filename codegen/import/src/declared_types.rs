//! The spec's types as declared so far (name and YAML, in order), looked up: a record's
//! fields through the records it includes, the records it includes, an enumeration's
//! values. A leaf: the schemas' reading and the guessing of error values both ask it,
//! and neither imports the other.

use crate::yaml_out::Yaml;

/// The values of the enumeration `name` declares, if it is one.
pub(crate) fn enumeration(name: &str, declared: &[(String, Yaml)]) -> Option<Vec<String>> {
    let (_, definition) = declared.iter().find(|(n, _)| n == name)?;
    let Some(Yaml::List(values)) = definition.get("values") else {
        return None;
    };
    let values: Vec<String> = values
        .iter()
        .filter_map(|v| match v {
            Yaml::Str(text) => Some(text.clone()),
            entry => match entry.get("value") {
                Some(Yaml::Str(text)) => Some(text.clone()),
                _ => None,
            },
        })
        .collect();
    (!values.is_empty()).then_some(values)
}

/// The fields of declared record `name` (each with its entry), those of the records it
/// includes first, through their includes too; nothing for a type that is no record.
pub(crate) fn record_fields<'y>(
    declared: &'y [(String, Yaml)],
    name: &str,
) -> Vec<(&'y str, &'y Yaml)> {
    fn walk<'y>(
        declared: &'y [(String, Yaml)],
        name: &str,
        depth: usize,
        out: &mut Vec<(&'y str, &'y Yaml)>,
    ) {
        let Some((_, definition)) = declared.iter().find(|(n, _)| n == name) else {
            return;
        };
        if depth < 32 {
            for included in includes_of(definition) {
                walk(declared, included, depth + 1, out);
            }
        }
        if let Some(Yaml::Map(fields)) = definition.get("fields") {
            for (member, entry) in fields {
                // A field declared again replaces the included one, in its place.
                match out.iter_mut().find(|(m, _)| *m == member.as_str()) {
                    Some(slot) => slot.1 = entry,
                    None => out.push((member.as_str(), entry)),
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(declared, name, 0, &mut out);
    out
}

/// The records `definition` includes (`includes: [Base, ...]`), as written.
pub(crate) fn includes_of(definition: &Yaml) -> Vec<&str> {
    match definition.get("includes") {
        Some(Yaml::List(names)) => names
            .iter()
            .filter_map(|n| match n {
                Yaml::Str(n) => Some(n.as_str()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}
