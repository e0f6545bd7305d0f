//! Keys a document's operations require together (`together:` places): which groups of
//! schemes form one place, and where each goes among the service's `credentials`.

use crate::yaml_out::Yaml;

/// The places of the schemes operations require together (Plaid's client id, secret and
/// version headers; Visma's `client_id` beside an OAuth 2 token; API2Cart's store key
/// beside the API key some operations take alone; Appwrite's project with a JWT, a key,
/// or both; Stream's key in the query beside its headers): each requirement of two to
/// four schemes, every one a header, query or cookie key or an `Authorization` scheme
/// other than basic (one at most). Their places (`named`, by
/// scheme) in the requirement's order; the largest groups first, which the runtime tries
/// first. With the schemes some requirement takes alone.
pub(crate) fn together<'n>(
    requirements: &[Vec<Vec<&str>>],
    named: &'n [(&str, Yaml)],
) -> (Vec<Vec<Yaml>>, Vec<&'n Yaml>) {
    let mut alternatives: Vec<&Vec<&str>> = requirements.iter().flatten().collect();
    alternatives.sort();
    alternatives.dedup();
    let place = |scheme: &str| named.iter().find(|(n, _)| *n == scheme).map(|(_, e)| e);
    let alone: Vec<&Yaml> = (alternatives.iter())
        .filter(|a| a.len() == 1)
        .filter_map(|a| place(a[0]))
        .collect();
    let mut groups: Vec<Vec<Yaml>> = Vec::new();
    for group in alternatives.iter().filter(|g| (2..=4).contains(&g.len())) {
        let found: Vec<&Yaml> = group.iter().filter_map(|s| place(s)).collect();
        let places = distinct_places(found.iter().copied());
        let key = |p: &&Yaml| {
            ["header", "query", "cookie"]
                .iter()
                .any(|k| p.get(k).is_some())
                || matches!(p.get("scheme"), Some(Yaml::Str(s)) if s != "basic")
        };
        let schemes = places.iter().filter(|p| p.get("scheme").is_some()).count();
        // The same schemes in another order are the same group.
        let known = groups.iter().any(|g| {
            g.len() == places.len() && places.iter().all(|p| g.iter().any(|k| same_place(k, p)))
        });
        if !known
            && found.len() == group.len()
            && places.len() >= 2
            && places.iter().all(key)
            && schemes <= 1
        {
            groups.push(places.into_iter().cloned().collect());
        }
    }
    groups.sort_by_key(|g| std::cmp::Reverse(g.len()));
    (groups, alone)
}

/// `places` without repeats, in their order: a place two schemes name (FEC's `api_key` as
/// `apiKey` and as `ApiKeyQueryAuth`) is carried once.
pub(crate) fn distinct_places<'y>(places: impl IntoIterator<Item = &'y Yaml>) -> Vec<&'y Yaml> {
    let mut out: Vec<&Yaml> = Vec::new();
    for place in places {
        if !out.iter().any(|p| same_place(p, place)) {
            out.push(place);
        }
    }
    out
}

/// Whether two places are one: the same header (its name in any case, as HTTP reads
/// header names), or the same scheme, query parameter or cookie.
pub(crate) fn same_place(a: &Yaml, b: &Yaml) -> bool {
    match (a.get("header"), b.get("header")) {
        (Some(Yaml::Str(a)), Some(Yaml::Str(b))) => a.eq_ignore_ascii_case(b),
        (Some(a), Some(b)) => a == b,
        (None, None) => ["scheme", "query", "cookie"]
            .iter()
            .any(|key| a.get(key).is_some() && a.get(key) == b.get(key)),
        _ => false,
    }
}

/// One `together` entry in `credentials` for `group`'s places (as they are there, with
/// who issues a bearer token), before the first of them; each stays a place of its own
/// where some requirement takes it `alone`, or another group holds it.
pub(crate) fn carry_together(credentials: &mut Vec<Yaml>, group: &[Yaml], alone: &[Yaml]) {
    let same = same_place;
    let Some(first) = credentials.iter().position(|c| {
        group.iter().any(|p| same(c, p))
            || matches!(c.get("together"), Some(Yaml::List(keys))
                if keys.iter().any(|k| group.iter().any(|p| same(k, p))))
    }) else {
        return;
    };
    let keys: Vec<Yaml> = group
        .iter()
        .filter_map(|p| {
            let single = credentials.iter().find(|c| same(c, p));
            let grouped = || {
                credentials
                    .iter()
                    .filter_map(|c| match c.get("together") {
                        Some(Yaml::List(keys)) => keys.iter().find(|k| same(k, p)),
                        _ => None,
                    })
                    .next()
            };
            single.or_else(grouped).cloned()
        })
        .collect();
    if keys.len() != group.len() {
        return;
    }
    credentials.retain(|c| !group.iter().any(|p| same(c, p)) || alone.iter().any(|a| same(a, c)));
    credentials.insert(
        first.min(credentials.len()),
        Yaml::map_of("together", Yaml::List(keys)),
    );
}

#[cfg(test)]
mod tests {
    use super::same_place;
    use crate::yaml_out::Yaml;

    fn place(key: &str, name: &str) -> Yaml {
        Yaml::map_of(key, Yaml::str(name))
    }

    #[test]
    fn a_header_is_one_place_in_any_case_and_a_query_key_in_one() {
        assert!(same_place(
            &place("header", "X-Api-Key"),
            &place("header", "x-api-key")
        ));
        assert!(!same_place(
            &place("header", "X-Api-Key"),
            &place("header", "X-App-Key")
        ));
        assert!(!same_place(&place("query", "Key"), &place("query", "key")));
        assert!(same_place(&place("query", "key"), &place("query", "key")));
        assert!(!same_place(&place("header", "key"), &place("query", "key")));
    }
}
