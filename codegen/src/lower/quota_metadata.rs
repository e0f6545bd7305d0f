//! Quota metadata names across the families of a spec.

use crate::diag::{Diagnostic, Diagnostics};
use crate::names;
use crate::read::decode::Spanned;
use crate::read::raw;

/// Quota metadata names, across the families: a quota enforcer looks metadata up by name, so
/// a name spelt two ways (`Project.NameKey` in one family, `Project.Namekey` in another) is
/// one resource the enforcer sees only half the time. A name one letter or only case and
/// punctuation away from a name more families carry (or, between two equally common, an
/// earlier one) is refused with the other as its "did you mean". In one family, a name
/// twice, or two names that become one field of the resolver's resource struct, would only
/// fail in rustc.
///
/// ```yaml
/// family: { name: changes, quota_metadata: [Change.Id, Project.NameKey] }
/// family: { name: projects, quota_metadata: [Project.Namekey] }   # Project.NameKey
/// ```
pub(super) fn check_names(files: &[raw::FamilyFile], diags: &mut Diagnostics) {
    let mut uses: Vec<(&Spanned<String>, &str)> = Vec::new();
    for file in files {
        let family = &file.family;
        let mut fields: Vec<(String, &str)> = Vec::new();
        for meta in family.quota_metadata.iter().flatten() {
            let field = names::field_ident(&meta.value);
            if field == "found" {
                diags.push(
                    Diagnostic::new(
                        meta.location.clone(),
                        format!(
                            "quota metadata `{}` becomes the field `found`, which the family's resource keeps for what its resolver hands on",
                            meta.value
                        ),
                    )
                    .hint("name it more closely, such as `Change.Found`"),
                );
                continue;
            }
            match fields.iter().find(|(f, _)| *f == field) {
                Some((_, other)) => diags.push(
                    Diagnostic::new(
                        meta.location.clone(),
                        if *other == meta.value {
                            format!("quota metadata `{}` is listed twice", meta.value)
                        } else {
                            format!(
                                "quota metadata `{other}` and `{}` both become the field `{field}` of the family's resource",
                                meta.value
                            )
                        },
                    )
                    .hint("remove one of them"),
                ),
                None => {
                    fields.push((field, &meta.value));
                    uses.push((meta, &family.name.value));
                }
            }
        }
    }
    let families_using = |name: &str| {
        let mut families: Vec<&str> = uses
            .iter()
            .filter(|(m, _)| m.value == name)
            .map(|(_, f)| *f)
            .collect();
        families.dedup();
        families
    };
    let mut reported: Vec<&str> = Vec::new();
    for (index, (meta, family)) in uses.iter().enumerate() {
        let name = meta.value.as_str();
        let count = families_using(name).len();
        let other = uses.iter().enumerate().find(|(other_index, (other, _))| {
            let more = families_using(&other.value).len();
            other.value != name
                && likely_the_same(name, &other.value)
                && (more > count || (more == count && *other_index < index))
        });
        let Some((_, (other, other_family))) = other else {
            continue;
        };
        if reported.contains(&name) {
            continue;
        }
        reported.push(name);
        let other_name = &other.value;
        let diagnostic = if families_using(other_name).len() > count {
            Diagnostic::new(
                meta.location.clone(),
                format!(
                    "quota metadata `{name}` is spelt `{other_name}` in `{}`",
                    families_using(other_name).join("` and `"),
                ),
            )
            .hint(format!(
                "did you mean `{other_name}`? (a quota enforcer looks metadata up by name)"
            ))
        } else {
            Diagnostic::new(
                meta.location.clone(),
                format!(
                    "quota metadata `{name}` of `{family}` and `{other_name}` of `{other_family}` are one name spelt two ways"
                ),
            )
            .hint(format!(
                "spell both `{other_name}`, or both `{name}` (a quota enforcer looks metadata up by name)"
            ))
        };
        diags.push(diagnostic.related(
            other.location.clone(),
            format!("`{other_name}` is written here"),
        ));
    }
}

/// Two metadata names one typo apart: equal but for case and punctuation, or one letter
/// added, dropped, changed or swapped.
fn likely_the_same(a: &str, b: &str) -> bool {
    let letters = |s: &str| -> String {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    letters(a) == letters(b) || strsim::damerau_levenshtein(a, b) <= 1
}
