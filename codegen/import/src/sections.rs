//! Sections of the families too large for one handler trait. Each endpoint is a method of
//! its family's trait, and rustc checks each method's returned future against every other
//! method of the trait: the check grows with the square of a trait's size (a trait of 250
//! methods checks in 0.4 s, one of 2,000 in 32 s, Microsoft Graph's three of 1,950 not in
//! 30 minutes). A family of more than [`MOST_METHODS`] endpoints is split into sections
//! (`section:` on each endpoint, a trait each), by the first fixed segment after the
//! family's own (`/users/{user-id}/calendar/...` in `calendar`), a group still too large
//! in parts of it. Sections change nothing on the wire.

use std::collections::{BTreeMap, BTreeSet};

use restspec_codegen::naming::pascal;

use crate::names::unique_snake_name;
use crate::operations::Family;
use crate::yaml_out::Yaml;

/// The most endpoints a handler trait is given.
pub(crate) const MOST_METHODS: usize = 200;

/// Splits each family of more than [`MOST_METHODS`] endpoints into sections, no trait
/// named as another (`user`'s `company` section beside a `user_company` family).
pub(crate) fn split_all(families: &mut [Family]) {
    let mut traits: BTreeSet<String> = families.iter().map(|f| pascal(&f.name)).collect();
    for family in families {
        split(family, &mut traits);
    }
}

/// Splits `family` into sections where it has more than [`MOST_METHODS`] endpoints, each
/// trait's name (but `Handlers`) added to `traits`, where it is not yet.
fn split(family: &mut Family, traits: &mut BTreeSet<String>) {
    if family.endpoints.len() <= MOST_METHODS {
        return;
    }
    // Endpoints by the segment naming their group, in the order groups first come; those
    // of no such segment (the family's own paths) stay in the family's trait while it
    // has room.
    let mut groups: Vec<(Option<String>, Vec<usize>)> = Vec::new();
    for (index, (_, endpoint)) in family.endpoints.iter().enumerate() {
        let key = group_key(endpoint);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(index),
            None => groups.push((key, vec![index])),
        }
    }
    let mut taken = BTreeSet::new();
    let mut sections: BTreeMap<usize, String> = BTreeMap::new();
    for (key, members) in &groups {
        for (part, chunk) in members.chunks(MOST_METHODS).enumerate() {
            let hint = match (key, part) {
                // The family's own paths: its trait, the first part.
                (None, 0) => continue,
                (None, _) => format!("part_{}", part + 1),
                (Some(key), 0) => key.clone(),
                (Some(key), _) => format!("{key}_{}", part + 1),
            };
            let name = loop {
                let name = unique_snake_name(&hint, &taken, &[]);
                taken.insert(name.clone());
                if traits.insert(pascal(&family.name) + &pascal(&name)) {
                    break name;
                }
            };
            for index in chunk {
                sections.insert(*index, name.clone());
            }
        }
    }
    for (index, name) in sections {
        let Yaml::Map(entries) = &mut family.endpoints[index].1 else {
            continue;
        };
        let after = entries
            .iter()
            .position(|(k, _)| k == "path")
            .map_or(0, |p| p + 1);
        entries.insert(after, ("section".to_owned(), Yaml::str(name)));
    }
}

/// The first fixed segment of `endpoint`'s path after the family's (`calendar` of
/// `/users/{user-id}/calendar/events`), if any.
fn group_key(endpoint: &Yaml) -> Option<String> {
    let Some(Yaml::Str(path)) = endpoint.get("path") else {
        return None;
    };
    path.split('/')
        .filter(|s| !s.is_empty())
        .skip(1)
        .find(|s| !s.contains('{'))
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::{MOST_METHODS, group_key, split, split_all};
    use crate::operations::Family;
    use crate::yaml_out::Yaml;

    fn endpoint(path: &str) -> Yaml {
        let mut endpoint = Yaml::map();
        endpoint.push("method", Yaml::str("GET"));
        endpoint.push("path", Yaml::str(path));
        endpoint
    }

    fn section(endpoint: &Yaml) -> Option<&str> {
        match endpoint.get("section") {
            Some(Yaml::Str(name)) => Some(name),
            _ => None,
        }
    }

    #[test]
    fn a_group_is_named_by_its_first_fixed_segment_after_the_family_s() {
        let key = |path: &str| group_key(&endpoint(path));
        assert_eq!(
            key("/users/{user-id}/calendar/events").as_deref(),
            Some("calendar")
        );
        assert_eq!(key("/users/delta()").as_deref(), Some("delta()"));
        assert_eq!(key("/users/{user-id}"), None);
        assert_eq!(key("/users"), None);
    }

    #[test]
    fn a_large_family_is_split_by_segment_and_in_parts() {
        let mut family = Family::for_test("users");
        let paths = (0..MOST_METHODS + 10)
            .map(|i| format!("/users/{{user-id}}/messages/{i}"))
            .chain((0..5).map(|i| format!("/users/{{user-id}}/calendar/{i}")))
            .chain(["/users/{user-id}".to_owned()]);
        for (i, path) in paths.enumerate() {
            family.endpoints.push((format!("e{i}"), endpoint(&path)));
        }
        split(&mut family, &mut BTreeSet::new());
        let named = |i: usize| section(&family.endpoints[i].1);
        assert_eq!(named(0), Some("messages"));
        assert_eq!(named(MOST_METHODS - 1), Some("messages"));
        assert_eq!(named(MOST_METHODS), Some("messages_2"));
        assert_eq!(named(MOST_METHODS + 10), Some("calendar"));
        assert_eq!(named(MOST_METHODS + 15), None, "the family's own path");
        // Written right after the path.
        let Yaml::Map(entries) = &family.endpoints[0].1 else {
            panic!("a mapping");
        };
        assert_eq!(entries[2].0, "section");
    }

    #[test]
    fn a_family_of_few_endpoints_has_no_sections() {
        let mut family = Family::for_test("users");
        for i in 0..MOST_METHODS {
            let path = format!("/users/{{user-id}}/messages/{i}");
            family.endpoints.push((format!("e{i}"), endpoint(&path)));
        }
        split(&mut family, &mut BTreeSet::new());
        assert!(family.endpoints.iter().all(|(_, e)| section(e).is_none()));
    }

    /// A section whose trait would be another family's (bunq's `user` and `user_company`)
    /// is named otherwise.
    #[test]
    fn no_section_is_named_as_another_family_s_trait() {
        let mut families = [Family::for_test("user"), Family::for_test("user_company")];
        for i in 0..=MOST_METHODS {
            let path = format!("/user/{{user-id}}/company/{i}");
            families[0]
                .endpoints
                .push((format!("e{i}"), endpoint(&path)));
        }
        split_all(&mut families);
        assert_eq!(section(&families[0].endpoints[0].1), Some("company2"));
    }
}
