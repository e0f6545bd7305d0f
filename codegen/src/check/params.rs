//! Rules about path parameters.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Method, Segment, Service};

/// Every parameter a template uses is declared under the family's `params`, and every
/// declared parameter is used by some template.
///
/// ```yaml
/// family: { params: { change-id: The change } }
/// endpoints:
///   get_revision: { path: /changes/{change-id}/revisions/{revision-id} }  # undeclared
/// ```
pub(crate) fn declared_and_used(service: &Service, complete: bool, diags: &mut Diagnostics) {
    for family in &service.families {
        let declared: Vec<&str> = family.params.iter().map(|p| p.name.as_str()).collect();
        for endpoint in &family.endpoints {
            for param in endpoint.path.params() {
                if !declared.contains(&param) {
                    diags.push(
                        Diagnostic::new(
                            endpoint.path.location.clone(),
                            format!(
                                "path parameter `{{{param}}}` of `{}` is not declared",
                                endpoint.name
                            ),
                        )
                        .related(
                            family.params_location.clone(),
                            "the family's `params` are here",
                        )
                        .hint(
                            match crate::diag::did_you_mean(param, declared.iter().copied()) {
                                Some(hint) => hint,
                                None => format!(
                                    "add `{param}: <what it identifies>` under `family.params`"
                                ),
                            },
                        ),
                    );
                }
            }
        }
        for param in &family.params {
            let used = family
                .endpoints
                .iter()
                .any(|e| e.path.params().any(|p| p == param.name));
            // Only when every endpoint was read: a broken one may be the user.
            if complete && !used && family.id_param.as_ref() != Some(&param.name) {
                diags.push(
                    Diagnostic::new(
                        param.location.clone(),
                        format!(
                            "path parameter `{}` is declared but no path uses it",
                            param.name
                        ),
                    )
                    .hint("remove it, or use it in a path template"),
                );
            }
        }
        let named = [
            (&family.id_param, &family.id_location, "top-level id"),
            (&family.owner_param, &family.owner_location, "owner"),
        ];
        for (name, location, what) in named {
            if let Some(name) = name
                && !declared.contains(&name.as_str())
            {
                diags.push(
                    Diagnostic::new(
                        location.clone(),
                        format!("the {what} `{name}` is not declared under `params`"),
                    )
                    .hint(format!(
                        "add `{name}: <what it identifies>` under `family.params`"
                    )),
                );
            }
        }
    }
}

/// A parameter right after the family prefix is the top-level resource's id, so it carries
/// the family's `id` name (the runtime resolves it before quota checks). A family without
/// an `id` names no resource of its own, and its parameters there are plain parameters.
///
/// ```yaml
/// family: { prefix: /changes/, id: change-id }
/// endpoints:
///   get_change: { path: /changes/{id} }
/// ```
pub(crate) fn top_level_id(service: &Service, diags: &mut Diagnostics) {
    for family in &service.families {
        let Some(id_param) = &family.id_param else {
            if family.owner_param.is_some() {
                diags.push(
                    Diagnostic::new(family.owner_location.clone(), "an `owner` without an `id`")
                        .hint("name what the owner scopes with `id` (`owner: owner` and `id: repo` for `/repos/{owner}/{repo}`), or remove `owner`"),
                );
            }
            continue;
        };
        if family.owner_param.as_ref() == Some(id_param) {
            diags.push(
                Diagnostic::new(
                    family.owner_location.clone(),
                    format!("`{id_param}` is both the owner and the id"),
                )
                .hint("two segments name the resource: give each its own parameter"),
            );
            continue;
        }
        let after_prefix = family.prefix_segments().count();
        for endpoint in &family.endpoints {
            if let Some(owner) = &family.owner_param {
                owned_id(family, endpoint, owner, id_param, diags);
                continue;
            }
            if let Some(Segment::Param(name)) = endpoint.path.segments.get(after_prefix)
                && name != id_param
            {
                diags.push(
                        Diagnostic::new(
                            endpoint.path.location.clone(),
                            format!(
                                "`{{{name}}}` is the top-level id of `{}`, which the family names `{{{}}}`",
                                endpoint.name, id_param
                            ),
                        )
                        .related(family.id_location.clone(), "the family's `id` is declared here")
                        .hint(format!("write `{{{id_param}}}`")),
                    );
            }
        }
    }
}

/// In a family whose resources two segments name, the parameter right after the prefix
/// is the `owner` and the one after it the `id`.
///
/// ```yaml
/// family: { prefix: /repos/, owner: owner, id: repo }
/// endpoints:
///   get_repo: { path: /repos/{repo}/{owner} }
/// ```
fn owned_id(
    family: &crate::model::Family,
    endpoint: &crate::model::Endpoint,
    owner: &str,
    id: &str,
    diags: &mut Diagnostics,
) {
    let after_prefix = family.prefix_segments().count();
    let segments = endpoint.path.segments.iter().skip(after_prefix);
    for ((expected, what), segment) in [(owner, "owner"), (id, "id")].into_iter().zip(segments) {
        match segment {
            Segment::Param(name) if name != expected => {
                diags.push(
                    Diagnostic::new(
                        endpoint.path.location.clone(),
                        format!(
                            "`{{{name}}}` stands where `{}` names its resource's {what}, `{{{expected}}}`",
                            endpoint.name
                        ),
                    )
                    .related(family.owner_location.clone(), "the family's `owner` is declared here")
                    .hint(format!(
                        "write `{}{{{owner}}}/{{{id}}}/...`",
                        family.prefix
                    )),
                );
                return;
            }
            Segment::Param(_) => {}
            // A fixed segment: the path names no resource of the family (`/repos/search`).
            _ => return,
        }
    }
}

/// An endpoint that acts on one resource of the family (a `PUT`, `PATCH` or `DELETE`, or one
/// that `creates` what it names) has the family's id in its path. Without it, the handler
/// gets no id to act on (its method takes one parameter fewer than the user expects), and the
/// family may have no resolver at all; only rustc would say so, in the user's `impl`.
///
/// ```yaml
/// family: { prefix: /notes/, id: note-id }
/// endpoints:
///   update_note: { method: PUT, path: /notes/ }   # /notes/{note-id}
/// ```
pub(crate) fn one_resource_names_its_id(service: &Service, diags: &mut Diagnostics) {
    for family in &service.families {
        for endpoint in &family.endpoints {
            if !lacks_family_id(family, endpoint) {
                continue;
            }
            let what = if endpoint.creates {
                "creates the resource its path names".to_owned()
            } else {
                format!(
                    "is a `{}`, which acts on one resource of `{}`",
                    endpoint.method.as_str(),
                    family.name
                )
            };
            let ids = id_segments(family);
            let lacks = ids
                .iter()
                .map(|id| format!("`{{{id}}}`"))
                .collect::<Vec<_>>()
                .join(" and ");
            let path = ids
                .iter()
                .map(|id| format!("{{{id}}}"))
                .collect::<Vec<_>>()
                .join("/");
            diags.push(
                Diagnostic::new(
                    endpoint.path.location.clone(),
                    format!(
                        "`{}` {what}, but its path `{}` lacks the family's id {lacks}",
                        endpoint.name, endpoint.path.raw,
                    ),
                )
                .related(
                    family.id_location.clone(),
                    "the family's `id` is declared here",
                )
                .hint(format!("write `path: {}{path}`", family.prefix)),
            );
        }
    }
}

/// The family's `owner` and `id`, in path order.
fn id_segments(family: &crate::model::Family) -> Vec<&str> {
    family
        .owner_param
        .iter()
        .chain(&family.id_param)
        .map(String::as_str)
        .collect()
}

/// True for an endpoint on the family's collection path (the prefix alone) that acts on
/// one resource: [`one_resource_names_its_id`] reports it, and the rules that would fail
/// because of the same missing id (`creates`, its examples' paths) leave it alone.
pub(crate) fn lacks_family_id(
    family: &crate::model::Family,
    endpoint: &crate::model::Endpoint,
) -> bool {
    family.id_param.is_some()
        && endpoint.path.segments.len() == family.prefix_segments().count()
        && match endpoint.method {
            Method::Put | Method::Patch | Method::Delete => true,
            Method::Post => endpoint.creates,
            Method::Get | Method::Head | Method::Options => false,
        }
}

/// `creates: true` means "call the handler when the top-level resource is missing", which
/// only makes sense when the path names one, and on a method that can create it.
///
/// ```yaml
/// create_change: { method: POST, path: /changes/, creates: true }
/// delete_change: { method: DELETE, path: /changes/{change-id}, creates: true }
/// ```
pub(crate) fn creates_needs_top_level_id(service: &Service, diags: &mut Diagnostics) {
    for family in &service.families {
        for endpoint in &family.endpoints {
            if endpoint.creates
                && family.names_top_level(endpoint)
                && matches!(endpoint.method, Method::Get | Method::Head | Method::Delete)
            {
                diags.push(
                    Diagnostic::new(
                        endpoint.location.clone(),
                        format!(
                            "`{}` is a `{}`, which creates nothing, but it says `creates: true`",
                            endpoint.name,
                            endpoint.method.as_str()
                        ),
                    )
                    .hint(
                        "remove `creates`; it is for the `PUT` or `POST` that creates the \
                         resource its path names",
                    ),
                );
            }
            if endpoint.creates
                && !family.names_top_level(endpoint)
                && !lacks_family_id(family, endpoint)
            {
                diags.push(
                    Diagnostic::new(
                        endpoint.location.clone(),
                        format!("`{}` sets `creates: true` but its path names no top-level resource", endpoint.name),
                    )
                    .hint(match &family.id_param {
                        Some(id) => format!(
                            "remove `creates`; it is for paths like `{}{{{id}}}` that create what they name",
                            family.prefix
                        ),
                        None => "remove `creates`, or give the family an `id`: it is for paths \
                                 that create the top-level resource they name"
                            .to_owned(),
                    }),
                );
            }
        }
    }
}

/// The runtime keeps path parameters in a fixed-size array (no allocation per request), so
/// a template has at most [`MAX_PATH_PARAMS`] parameters.
///
/// ```yaml
/// endpoints:
///   deep: { path: /a/{p1}/{p2}/{p3}/{p4}/{p5}/{p6}/{p7}/{p8}/{p9} }  # nine
/// ```
pub(crate) fn at_most_max_params(service: &Service, diags: &mut Diagnostics) {
    for endpoint in service.families.iter().flat_map(|f| &f.endpoints) {
        let count = endpoint.path.params().count();
        if count > MAX_PATH_PARAMS {
            diags.push(
                Diagnostic::new(
                    endpoint.path.location.clone(),
                    format!(
                        "`{}` has {count} path parameters; at most {MAX_PATH_PARAMS} are supported",
                        endpoint.name
                    ),
                )
                .hint("pass the extra values as query options or in the request body"),
            );
        }
    }
}

/// Most path parameters one template may have: the runtime's `routing::MAX_PATH_PARAMS`
/// (a test keeps the two equal; the generator cannot depend on the runtime).
pub const MAX_PATH_PARAMS: usize = 8;
