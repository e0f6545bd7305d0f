//! Which option a query key stands for (an option's own name, a list's bracket spelling,
//! a deep map's member, a nested option's member), and the keys of map and nested options
//! packed into one value each, as the options' reader takes them.

use crate::pagination::Pagination;
use crate::spec::{Conventions, EndpointSpec};

/// Whether `key` is one of `endpoint`'s options (a list's bracket spelling too) or a
/// parameter the runtime reads itself (an override, a token, a page).
pub fn is_known(key: &str, endpoint: &EndpointSpec, conventions: &Conventions) -> bool {
    let paging = conventions.pagination.filter(|_| endpoint.paginated);
    let paging = paging.as_ref();
    let reserved = [
        conventions.pretty_parameter,
        conventions.trace.and_then(|t| t.parameter),
        conventions.access_token_parameter,
        conventions.method_override_parameter,
        conventions.content_type_override_parameter,
        paging.map(|p| p.parameters()[0]),
        paging.map(|p| p.parameters()[1]),
        paging.and_then(Pagination::before_parameter),
    ];
    endpoint.options.contains(&key)
        || reserved.contains(&Some(key))
        || conventions.is_token_parameter(key)
        || bracketed(key, endpoint.options).is_some()
}

/// The deep map option `key` is a member of (`filter` for `filter[status]`), and the
/// member's key.
pub fn deep_map<'k>(key: &'k str, endpoint: &EndpointSpec) -> Option<(&'static str, &'k str)> {
    let (name, member) = key.strip_suffix(']')?.split_once('[')?;
    let (map, _) = (endpoint.query_maps.iter()).find(|(map, deep)| *deep && *map == name)?;
    Some((map, member))
}

/// The option a member's key names and the rest of the key (`filters` and `[0][name]`,
/// `sortings` and `[0].key`, `expand` and `[]`): its name ends at the first bracket or dot.
pub fn member_of(key: &str) -> Option<(&str, &str)> {
    let end = key.find(['[', '.']).filter(|end| *end > 0)?;
    Some(key.split_at(end))
}

/// The nested option `key` is a member of (`filters` for `filters[0][name]` and for
/// `filters[0].name`), and the key in brackets alone (`filters[0][name]`), as a form
/// reader reads it.
pub fn nested_member(key: &str, endpoint: &EndpointSpec) -> Option<(&'static str, String)> {
    let (name, rest) = member_of(key)?;
    let option = endpoint.nested_options.iter().find(|o| **o == name)?;
    let mut member = String::with_capacity(key.len() + 2);
    member.push_str(name);
    // `.key` is `[key]`: ASP.NET's binding writes records' members so, PHP's and Rails'
    // with brackets.
    let mut rest = rest;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            member.push('[');
            member.push_str(&after[..end]);
            member.push(']');
            rest = &after[end..];
        } else {
            let end = rest.find(']').map_or(rest.len(), |at| at + 1);
            member.push_str(&rest[..end]);
            rest = &rest[end..];
        }
    }
    Some((option, member))
}

/// `query` with the keys of `endpoint`'s map options packed into one value a map
/// (`filter[a]=1&filter[b]=2` → `filter=a%3D1%26b%3D2`), as `QueryMap` reads it: the
/// members of a `deepObject` map by their brackets, those of the map of every other key
/// by being no option's or runtime parameter's. A nested option's keys are packed whole,
/// in brackets (`sortings[0].key=a` → `sortings=sortings%255B0%255D%255Bkey%255D%3Da`),
/// for `deserialize_nested_text`. `None` for an endpoint without maps or nested options.
pub fn pack_maps(
    query: &str,
    endpoint: &EndpointSpec,
    conventions: &Conventions,
) -> Option<String> {
    if endpoint.query_maps.is_empty() && endpoint.nested_options.is_empty() {
        return None;
    }
    let rest = (endpoint.query_maps.iter()).find_map(|(name, deep)| (!deep).then_some(*name));
    let mut packed: Vec<(&str, form_urlencoded::Serializer<'_, String>)> = Vec::new();
    let mut out = form_urlencoded::Serializer::new(String::with_capacity(query.len()));
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        // An option or parameter of that very name is itself (`created[gte]` beside a
        // `created` map).
        let found = match deep_map(&key, endpoint) {
            _ if is_known(&key, endpoint, conventions) => None,
            Some((map, member)) => Some((map, member.to_owned())),
            None => match nested_member(&key, endpoint) {
                Some((option, member)) => Some((option, member)),
                None => rest.map(|map| (map, key.clone().into_owned())),
            },
        };
        let Some((map, member)) = found else {
            out.append_pair(&key, &value);
            continue;
        };
        let at = match packed.iter().position(|(m, _)| *m == map) {
            Some(at) => at,
            None => {
                packed.push((map, form_urlencoded::Serializer::new(String::new())));
                packed.len() - 1
            }
        };
        packed[at].1.append_pair(&member, &value);
    }
    for (map, mut pairs) in packed {
        out.append_pair(map, &pairs.finish());
    }
    Some(out.finish())
}

/// The option a bracket spelling stands for (`expand[]` and `expand[0]` for `expand`),
/// when `options` lists `expand[]`: a list option that accepts them (`style: comma`).
pub fn bracketed<'o>(key: &str, options: &[&'o str]) -> Option<&'o str> {
    let (name, index) = key.strip_suffix(']')?.split_once('[')?;
    if !index.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    options
        .iter()
        .filter_map(|o| o.strip_suffix("[]"))
        .find(|o| *o == name)
}

#[cfg(test)]
mod tests {
    use super::{nested_member, pack_maps};
    use crate::spec::{ConventionKeys, Conventions, EndpointSpec};

    const CONVENTIONS: Conventions = Conventions {
        keys: ConventionKeys {
            access_token_parameter: Some("access_token"),
            ..ConventionKeys::NONE
        },
        ..Conventions::NONE
    };

    fn endpoint(query_maps: &'static [(&'static str, bool)]) -> EndpointSpec {
        EndpointSpec {
            options: &["limit", "created[gte]"],
            query_maps,
            ..EndpointSpec::USUAL
        }
    }

    #[test]
    fn a_deep_map_packs_its_bracketed_keys_and_leaves_the_rest() {
        let deep = endpoint(&[("filter", true)]);
        let packed = pack_maps(
            "limit=5&filter[status]=open&filter%5Bkind%5D=a%26b&other=1",
            &deep,
            &CONVENTIONS,
        );
        assert_eq!(
            packed.as_deref(),
            Some("limit=5&other=1&filter=status%3Dopen%26kind%3Da%2526b")
        );
        assert_eq!(pack_maps("limit=5", &endpoint(&[]), &CONVENTIONS), None);
    }

    #[test]
    fn the_map_of_every_other_key_takes_what_no_option_or_parameter_names() {
        let rest = endpoint(&[("labels", false), ("created", true)]);
        let packed = pack_maps(
            "limit=5&access_token=t&color=red&created[gte]=7&created[lt]=9&size=m",
            &rest,
            &CONVENTIONS,
        );
        assert_eq!(
            packed.as_deref(),
            Some(
                "limit=5&access_token=t&created%5Bgte%5D=7&labels=color%3Dred%26size%3Dm&created=lt%3D9"
            )
        );
    }

    #[test]
    fn a_nested_option_packs_its_members_in_brackets_whatever_their_spelling() {
        let nested = EndpointSpec {
            options: &["limit", "sortings"],
            nested_options: &["sortings"],
            ..EndpointSpec::USUAL
        };
        let member = |key| nested_member(key, &nested).map(|(_, member)| member);
        assert_eq!(
            member("sortings[0].key").as_deref(),
            Some("sortings[0][key]")
        );
        assert_eq!(
            member("sortings.a.b[1]").as_deref(),
            Some("sortings[a][b][1]")
        );
        assert_eq!(
            member("sortings[0][value]").as_deref(),
            Some("sortings[0][value]")
        );
        assert_eq!(member("sortings"), None);
        assert_eq!(member("other[0]"), None);
        let packed = pack_maps(
            "limit=5&sortings[0].key=a&sortings[0].value=Desc",
            &nested,
            &CONVENTIONS,
        );
        let packed = packed.expect("packed");
        let pairs: Vec<(String, String)> = form_urlencoded::parse(packed.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        assert_eq!(pairs[0], ("limit".to_owned(), "5".to_owned()));
        let inner: Vec<(String, String)> = form_urlencoded::parse(pairs[1].1.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        assert_eq!(pairs[1].0, "sortings");
        assert_eq!(
            inner,
            [
                ("sortings[0][key]".to_owned(), "a".to_owned()),
                ("sortings[0][value]".to_owned(), "Desc".to_owned())
            ]
        );
    }
}
