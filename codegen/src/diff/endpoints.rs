//! Endpoints compared by name: what a request may be and what it is answered.

use std::collections::BTreeMap;

use super::{CLIENTS, Change, ChangeKind, Verdict, Who};
use crate::model::{Endpoint, Param, ParamType, Service, SpecWords};

fn by_name(service: &Service) -> BTreeMap<&str, &Endpoint> {
    service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .map(|e| (e.name.as_str(), e))
        .collect()
}

pub(super) fn compare(old: &Service, new: &Service, out: &mut Vec<Change>) {
    let (before, after) = (by_name(old), by_name(new));
    // An endpoint gone by name whose method and route a new name serves is the same
    // endpoint renamed: the same requests, a handler method of another name.
    let same_requests =
        |a: &Endpoint, b: &Endpoint| a.method == b.method && a.path.route() == b.path.route();
    let renamed: BTreeMap<&str, &Endpoint> = before
        .iter()
        .filter(|(name, _)| !after.contains_key(*name))
        .filter_map(|(name, was)| {
            after
                .iter()
                .filter(|(new_name, _)| !before.contains_key(*new_name))
                .find(|(_, now)| same_requests(was, now))
                .map(|(_, now)| (*name, *now))
        })
        .collect();
    for (name, was) in &before {
        if let Some(now) = after.get(name) {
            compare_endpoint(old, new, was, now, out);
        } else if let Some(now) = renamed.get(name) {
            out.push(Change::new(
                ChangeKind::EndpointRenamed,
                Verdict::Compatible,
                format!("endpoint {name}"),
                format!(
                    "renamed `{}`: `{} {}` is answered as before; the handler method is \
                     renamed (a change for the service's code, none for its clients)",
                    now.name,
                    now.method.as_str(),
                    now.path.raw
                ),
                Some(was.location.clone()),
                Some(now.location.clone()),
            ));
            compare_endpoint(old, new, was, now, out);
        } else {
            out.push(Change::new(
                ChangeKind::EndpointRemoved,
                CLIENTS,
                format!("endpoint {name}"),
                format!(
                    "`{} {}` is gone: clients calling it get 404 or 405",
                    was.method.as_str(),
                    was.path.raw
                ),
                Some(was.location.clone()),
                None,
            ));
        }
    }
    for (name, now) in &after {
        let is_rename_target = renamed.values().any(|r| r.name == now.name);
        if !before.contains_key(name) && !is_rename_target {
            out.push(Change::new(
                ChangeKind::EndpointAdded,
                Verdict::Compatible,
                format!("endpoint {name}"),
                format!("new: `{} {}`", now.method.as_str(), now.path.raw),
                None,
                Some(now.location.clone()),
            ));
        }
    }
}

/// `endpoint`'s path parameters in order, each as its endpoint or family declares it
/// (`None`: undeclared, text).
fn declared_params<'s>(service: &'s Service, endpoint: &'s Endpoint) -> Vec<Option<&'s Param>> {
    let family = service
        .families
        .iter()
        .find(|f| f.endpoints.iter().any(|e| e.name == endpoint.name));
    endpoint
        .path
        .params()
        .map(|p| family.and_then(|f| f.param_of(endpoint, p)))
        .collect()
}

fn compare_endpoint(
    old: &Service,
    new: &Service,
    was: &Endpoint,
    now: &Endpoint,
    out: &mut Vec<Change>,
) {
    let subject = format!("endpoint {}", now.name);
    let mut push = |kind, verdict, explanation: String| {
        out.push(Change::new(
            kind,
            verdict,
            subject.clone(),
            explanation,
            Some(was.location.clone()),
            Some(now.location.clone()),
        ));
    };
    if was.method != now.method {
        push(
            ChangeKind::MethodChanged,
            CLIENTS,
            format!(
                "{} became {}: clients sending {} get 405",
                was.method.as_str(),
                now.method.as_str(),
                was.method.as_str()
            ),
        );
    }
    let selects = |e: &Endpoint| {
        e.selected_by
            .as_ref()
            .map(|s| (s.place, s.name.clone(), s.value.clone()))
    };
    if selects(was) != selects(now) {
        let said = |s: &Option<crate::model::Selector>| match s {
            Some(s) => s.spelled(),
            None => "nothing".to_owned(),
        };
        let (then, later) = (said(&was.selected_by), said(&now.selected_by));
        let verdict = if now.selected_by.is_none() {
            Verdict::Compatible
        } else {
            CLIENTS
        };
        push(
            ChangeKind::SelectorChanged,
            verdict,
            format!("selected by {later}, not {then}: clients sending the old one miss"),
        );
    }
    if was.path.shape() != now.path.shape() {
        push(
            ChangeKind::PathChanged,
            CLIENTS,
            format!(
                "`{}` became `{}`: clients requesting the old path miss",
                was.path.raw, now.path.raw
            ),
        );
    } else if was.path.raw != now.path.raw {
        push(
            ChangeKind::PathParameterRenamed,
            Verdict::Compatible,
            format!(
                "`{}` became `{}`: the same requests match (parameters are positional)",
                was.path.raw, now.path.raw
            ),
        );
    }
    // Parameters are positional: the i-th of each version stand for each other.
    let (before, after) = (declared_params(old, was), declared_params(new, now));
    let ty = |param: &Option<&Param>| param.map_or(ParamType::String, |p| p.ty.clone());
    let types = before.iter().map(ty).zip(after.iter().map(ty));
    for (then, is) in types {
        if then != is {
            let verdict = if is == ParamType::String {
                Verdict::Compatible
            } else {
                CLIENTS
            };
            push(
                ChangeKind::PathParameterTypeChanged,
                verdict,
                format!(
                    "a path parameter takes {} instead of {}{}",
                    is.name(),
                    then.name(),
                    if verdict == Verdict::Compatible {
                        ""
                    } else {
                        ": paths clients send may now name nothing (404)"
                    }
                ),
            );
        }
    }
    // Their patterns and lengths, as a request field's constraints.
    let rules = |param: &Option<&Param>| crate::model::FieldRules {
        pattern: param.and_then(|p| p.pattern.clone()),
        min_length: param.and_then(|p| p.min_length),
        max_length: param.and_then(|p| p.max_length),
        minimum: param
            .and_then(|p| p.minimum)
            .map(|value| crate::model::Bound {
                value,
                exclusive: false,
            }),
        maximum: param
            .and_then(|p| p.maximum)
            .map(|value| crate::model::Bound {
                value,
                exclusive: false,
            }),
        format: param.and_then(|p| p.format.clone()),
        values: param.map(|p| p.values.clone()).filter(|v| !v.is_empty()),
        ..Default::default()
    };
    for (then, is) in before.iter().map(rules).zip(after.iter().map(rules)) {
        for (kind, verdict, why) in super::field_rules::compare(&then, &is, (false, true)) {
            push(kind, verdict, format!("a path parameter's {why}"));
        }
    }
    // A stated default: a path always carries its parameters, nothing fills it in.
    let default = |param: &Option<&Param>| param.and_then(|p| p.default.clone());
    if before.iter().map(default).ne(after.iter().map(default)) {
        push(
            ChangeKind::FieldDefaultChanged,
            Verdict::Compatible,
            "a path parameter's stated default is another; every path carries its value".to_owned(),
        );
    }
    if was.deprecated != now.deprecated || was.deprecated_since != now.deprecated_since {
        let since = |d: &Option<crate::model::Deprecation>| {
            d.as_ref().map_or_else(String::new, |d| {
                format!(" since {}, said in a `Deprecation` header", d.date)
            })
        };
        push(
            ChangeKind::EndpointDeprecationChanged,
            Verdict::Compatible,
            match (was.deprecated, now.deprecated) {
                (_, false) => "no longer deprecated".to_owned(),
                (false, true) => format!(
                    "now deprecated{}: still served",
                    since(&now.deprecated_since)
                ),
                (true, true) => format!(
                    "deprecated{} (was: deprecated{})",
                    since(&now.deprecated_since),
                    since(&was.deprecated_since)
                ),
            },
        );
    }
    if was.status != now.status {
        push(
            ChangeKind::SuccessStatusChanged,
            CLIENTS,
            format!(
                "success was {}, is {}: clients checking the status see a failure",
                was.status, now.status
            ),
        );
    }
    // The shapes as written, the service's where an endpoint has none of its own.
    let shape = |e: &Endpoint| e.error_body.as_ref().map(ToString::to_string);
    if shape(was) != shape(now) {
        let said = |e: &Endpoint| shape(e).unwrap_or_else(|| "the service's".to_owned());
        push(
            ChangeKind::ErrorBodyChanged,
            CLIENTS,
            format!(
                "its errors were written as {}, are as {}: clients reading them find other members",
                said(was),
                said(now)
            ),
        );
    }
    let code = |service: &Service, name: &str| {
        service
            .statuses
            .iter()
            .find(|s| s.name == name)
            .map_or(0, |s| s.code)
    };
    for error in now.errors.iter().filter(|e| !was.errors.contains(e)) {
        push(
            ChangeKind::ErrorStatusAdded,
            Verdict::Compatible,
            format!(
                "may now answer {} ({error}): clients may not handle it",
                code(new, error)
            ),
        );
    }
    for error in was.errors.iter().filter(|e| !now.errors.contains(e)) {
        push(
            ChangeKind::ErrorStatusRemoved,
            Verdict::Compatible,
            format!("no longer declares {} ({error})", code(old, error)),
        );
    }
    match (&was.capability, &now.capability) {
        (None, Some(cap)) => push(
            ChangeKind::CapabilityRequired,
            CLIENTS,
            format!("now needs `{cap}`: callers without it get 403"),
        ),
        (Some(a), Some(b)) if a != b => push(
            ChangeKind::CapabilityRequired,
            CLIENTS,
            format!("needs `{b}` instead of `{a}`: callers with only `{a}` get 403"),
        ),
        (Some(cap), None) => push(
            ChangeKind::CapabilityDropped,
            Verdict::Compatible,
            format!("no longer needs `{cap}`"),
        ),
        _ => {}
    }
    if was.quota_group != now.quota_group {
        push(
            ChangeKind::QuotaGroupChanged,
            Verdict::Breaking(Who::Operators),
            format!(
                "charged to `{}` instead of `{}`: quota rules naming the old group silently \
                 stop matching",
                now.quota_group, was.quota_group
            ),
        );
    }
    let (before, after) = (
        was.anonymous.allows_method(was.method.as_str()),
        now.anonymous.allows_method(now.method.as_str()),
    );
    if before != after {
        let (verdict, why) = if before {
            (
                CLIENTS,
                "anonymous callers may no longer call it: clients without credentials are refused",
            )
        } else {
            (Verdict::Compatible, "anonymous callers may now call it")
        };
        push(ChangeKind::AnonymousAccessChanged, verdict, why.to_owned());
    }
    if let Some((verdict, why)) = super::places::compare((old, was), (new, now)) {
        push(ChangeKind::CredentialPlacesChanged, verdict, why);
    }
    if was.paginated != now.paginated {
        let (verdict, why) = if now.paginated {
            (
                CLIENTS,
                "now answered a page at a time: clients reading the whole list get its first page",
            )
        } else {
            (
                Verdict::Compatible,
                "no longer paginated: the whole list comes in one answer",
            )
        };
        push(ChangeKind::PaginationChanged, verdict, why.to_owned());
    }
    if was.request != now.request {
        let text = |t: &Option<crate::model::TypeRef>| {
            t.as_ref()
                .map_or("none".into(), crate::model::TypeRef::spelled)
        };
        push(
            ChangeKind::RequestTypeChanged,
            CLIENTS,
            format!(
                "request body `{}` became `{}`: what clients send may be refused",
                text(&was.request),
                text(&now.request)
            ),
        );
    }
    if was.request.is_some()
        && was.request == now.request
        && was.request_optional != now.request_optional
    {
        let (verdict, why) = if now.request_optional {
            (
                Verdict::Compatible,
                "the request body may now be left out (handlers get an `Option`)",
            )
        } else {
            (
                CLIENTS,
                "the request body is now required: clients leaving it out are refused",
            )
        };
        push(ChangeKind::RequestTypeChanged, verdict, why.to_owned());
    }
    if was.request.is_some()
        && was.request == now.request
        && was.request_nullable != now.request_nullable
    {
        let (verdict, why) = match now.request_nullable {
            true => (
                Verdict::Compatible,
                "the request body may now be `null` (handlers get an `Option`)",
            ),
            false => (
                CLIENTS,
                "the request body may no longer be `null`: clients sending it are refused",
            ),
        };
        push(ChangeKind::RequestTypeChanged, verdict, why.to_owned());
    }
    if was.request.is_some() && now.request.is_some() && was.request_bodies != now.request_bodies {
        let (before, after) = (
            was.request_bodies(&old.conventions),
            now.request_bodies(&new.conventions),
        );
        let (was_read, now_read) = (before.media_types(), after.media_types());
        if before != after {
            let (before, after) = (before.word(), after.word());
            let (verdict, why) = if was_read.iter().any(|m| !now_read.contains(m)) {
                (
                    CLIENTS,
                    format!(
                        "its body is read as `{after}`, not `{before}`: clients sending a type it no longer reads get 415"
                    ),
                )
            } else {
                (
                    Verdict::Compatible,
                    format!("its body is read as `{after}` (was `{before}`)"),
                )
            };
            push(ChangeKind::RequestTypeChanged, verdict, why);
        }
    }
    if was.response != now.response {
        let text = |t: &Option<crate::model::TypeRef>| {
            t.as_ref()
                .map_or("none".into(), crate::model::TypeRef::spelled)
        };
        push(
            ChangeKind::ResponseTypeChanged,
            CLIENTS,
            format!(
                "response `{}` became `{}`: clients decoding the old type fail",
                text(&was.response),
                text(&now.response)
            ),
        );
    }
    if was.response == now.response && was.response_nullable != now.response_nullable {
        let (verdict, why) = if now.response_nullable {
            (
                CLIENTS,
                "the response may now be `null`: clients decoding a value fail",
            )
        } else {
            (Verdict::Compatible, "the response is no longer `null`")
        };
        push(ChangeKind::ResponseTypeChanged, verdict, why.to_owned());
    }
    if was.response_media != now.response_media {
        let text = |m: &Option<String>| m.as_deref().unwrap_or("JSON").to_owned();
        push(
            ChangeKind::ResponseTypeChanged,
            CLIENTS,
            format!(
                "its answer is written as {}, not {}: clients reading the old form fail",
                text(&now.response_media),
                text(&was.response_media)
            ),
        );
    }
    super::options::compare(was, now, out);
}
