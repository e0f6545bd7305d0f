//! The document's operations as families (one per first path segment) of endpoints, with
//! their parameters, bodies and answers, and the status rows their errors need.

use std::collections::{BTreeMap, BTreeSet};

use restspec_codegen::naming;
use serde_json::Value;

use crate::documented::{Documented, documented};
use crate::media::key_category;
use crate::names::unique_snake_name;
use crate::path_items::{METHODS, without_fragment};
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::schemas::Types;
use crate::security::Security;
use crate::templates::Template;
use crate::yaml_out::Yaml;

/// A family file's content.
pub(crate) struct Family {
    pub(crate) name: String,
    /// The name each parameter position has in this family (the router needs one).
    positions: BTreeMap<Vec<String>, String>,
    /// The routes declared, method and shape, to leave out a second one.
    routes: BTreeSet<(String, Vec<String>)>,
    pub(crate) segment: String,
    /// Path parameters by spec name: their declaration.
    pub(crate) params: Vec<(String, Yaml)>,
    pub(crate) endpoints: Vec<(String, Yaml)>,
    /// What the document shows of its endpoints' exchanges, for their examples.
    pub(crate) documented: Vec<Documented>,
}

#[cfg(test)]
impl Family {
    /// A family of no endpoints, for the tests of what is done with them.
    pub(crate) fn for_test(name: &str) -> Self {
        Family {
            name: name.to_owned(),
            positions: BTreeMap::new(),
            routes: BTreeSet::new(),
            segment: name.to_owned(),
            params: Vec::new(),
            endpoints: Vec::new(),
            documented: Vec::new(),
        }
    }
}

/// Named entries of a spec mapping (query options, header parameters), in order.
pub(crate) type Entries = Vec<(String, Yaml)>;

/// What the operations need of the service file.
#[derive(Default)]
pub(crate) struct Needs {
    pub(crate) statuses: crate::errors::StatusRows,
    /// How many operations read their body in each set of media types (`json`,
    /// `json_or_form`, ...): the most common one is the service's `request_bodies`.
    pub(crate) request_media: BTreeMap<&'static str, usize>,
    /// Some operation reads a request body.
    pub(crate) request_bodies: bool,
    /// How many operations read a JSON request body.
    pub(crate) json_requests: usize,
    /// Where those that take it in JSON by another name too (ASP.NET's `text/json`) say
    /// so, and the name: where every one does, the service reads JSON whatever its type.
    pub(crate) json_aliases: Vec<(String, String)>,
    /// The rate-limit headers the document declares on its answers, which the service
    /// writes on every answer (read before the operations).
    pub(crate) rate_limits: Option<crate::rate_limits::RateLimitHeaders>,
    /// The body of the `default` answer of the operation being read.
    pub(crate) default_body: Option<String>,
    /// Each endpoint's `default` answer body: its family's index, its name, the type.
    pub(crate) default_bodies: Vec<(usize, String, String)>,
    /// The headers of answers no status row stands for (`default`, `4XX`): those any
    /// error answer may carry (`error_headers`).
    pub(crate) error_headers: crate::response_headers::Found,
}

impl Needs {
    /// Whether every JSON request body may come as JSON by another name (`text/json`):
    /// the service then reads JSON whatever a request's type (`request_content_type: any`).
    pub(crate) fn reads_json_of_any_type(&self) -> bool {
        self.json_requests > 0 && self.json_aliases.len() == self.json_requests
    }
}

/// Reads every operation of `document` into families.
pub(crate) fn families<'d>(
    document: &'d Value,
    types: &mut Types<'d>,
    security: &Security,
    needs: &mut Needs,
    losses: &mut Losses,
) -> Vec<Family> {
    let mut families: Vec<Family> = Vec::new();
    let mut endpoint_names = BTreeSet::new();
    let Some(paths) = document.get("paths").and_then(Value::as_object) else {
        return families;
    };
    // AWS tells operations of one path apart by a fragment (`/tags/{arn}#tagKeys`), which
    // never goes on the wire: an operation is served on the path without it, unless
    // another of the same method is too.
    let mut on_wire_path: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for (path, item) in paths {
        for method in METHODS.iter().filter(|m| item.get(**m).is_some()) {
            *on_wire_path
                .entry((method, without_fragment(path)))
                .or_default() += 1;
        }
    }
    let selectable = crate::selectors::Selectable::of(document, paths);
    for (path, item) in paths {
        let item_at = refs::push("/paths", path);
        let Ok((item, item_at)) = refs::Doc::new(document).resolve(item, item_at.clone()) else {
            losses.push(Loss::wire(
                item_at,
                "unresolved reference",
                "a path item that leads nowhere is left out",
            ));
            continue;
        };
        let told_apart_by_fragment = |method: &str| {
            path.contains(['#', '?']) && on_wire_path[&(method, without_fragment(path))] > 1
        };
        let by_fragment = |method: &str| {
            format!(
                "`{} {path}` is left out: operations told apart only by the fragment or query \
                 of their path, not by one fixed value of a parameter each, are not carried over",
                method.to_uppercase(),
            )
        };
        let Some(template) = Template::read(without_fragment(path)) else {
            for method in METHODS.iter().filter(|m| item.get(**m).is_some()) {
                if told_apart_by_fragment(method) {
                    let at = refs::push(&item_at, method);
                    losses.push(Loss::wire(at, "path shape", by_fragment(method)));
                    continue;
                }
                losses.push(Loss::wire(
                    refs::push(&item_at, method),
                    "path shape",
                    format!(
                        "`{} {path}` is left out: a path must start with a fixed segment, a parameter fill a whole segment, a fixed segment need no URL encoding, and at most {} parameters",
                        method.to_uppercase(),
                        restspec_codegen::MAX_PATH_PARAMS
                    ),
                ));
            }
            continue;
        };
        let shared = item.get("parameters").and_then(Value::as_array);
        for method in METHODS {
            let Some(operation) = item.get(*method) else {
                continue;
            };
            let at = refs::push(&item_at, method);
            let selector = if told_apart_by_fragment(method) {
                match crate::selectors::fragment_selector(document, path, operation, shared) {
                    Some(selector) if selectable.all_selected(method, path) => Some(selector),
                    _ => {
                        losses.push(Loss::wire(at, "path shape", by_fragment(method)));
                        continue;
                    }
                }
            } else {
                None
            };
            if *method == "trace" {
                losses.push(Loss::wire(
                    at,
                    "method",
                    format!(
                        "`{} {path}` is left out: the spec has no {} endpoints",
                        method.to_uppercase(),
                        method.to_uppercase()
                    ),
                ));
                continue;
            }
            let index = match families.iter().position(|f| f.segment == template.first) {
                Some(index) => index,
                None => {
                    families.push(Family {
                        name: family_name(&template.first, &families),
                        positions: BTreeMap::new(),
                        routes: BTreeSet::new(),
                        segment: template.first.clone(),
                        params: Vec::new(),
                        endpoints: Vec::new(),
                        documented: Vec::new(),
                    });
                    families.len() - 1
                }
            };
            let family = &mut families[index];
            let mut template = template.clone();
            template.unify(&mut family.positions);
            let mut shape = template.shape();
            if let Some((_, name, value)) = &selector {
                shape.push(format!("{name}={value}"));
            }
            if !family.routes.insert((method.to_string(), shape)) {
                losses.push(Loss::wire(
                    at,
                    "duplicate route",
                    format!("`{} {path}` is left out: another path of the document routes the same requests", method.to_uppercase()),
                ));
                continue;
            }
            let template = &template;
            let read = Operation {
                document,
                method,
                path,
                template,
                operation,
                shared,
                at: &at,
                item_at: &item_at,
                selector,
            };
            let (name, endpoint) = read.endpoint(
                types,
                security,
                needs,
                &mut families[index].params,
                &mut endpoint_names,
                losses,
            );
            if let Some(body) = needs.default_body.take() {
                needs.default_bodies.push((index, name.clone(), body));
            }
            let documented = documented(document, operation, &at, &name);
            families[index].documented.extend(documented);
            families[index].endpoints.push((name, endpoint));
        }
    }
    families
}

fn family_name(segment: &str, families: &[Family]) -> String {
    let taken: BTreeSet<String> = families.iter().map(|f| f.name.clone()).collect();
    unique_snake_name(
        if segment.is_empty() { "root" } else { segment },
        &taken,
        &[],
    )
}

/// One operation being read, with where it is.
pub(crate) struct Operation<'a, 'd> {
    pub(crate) document: &'d Value,
    pub(crate) method: &'a str,
    pub(crate) path: &'a str,
    pub(crate) template: &'a Template,
    pub(crate) operation: &'d Value,
    pub(crate) shared: Option<&'d Vec<Value>>,
    pub(crate) at: &'a str,
    pub(crate) item_at: &'a str,
    /// What selects it among the operations of its method and wire path (AWS's
    /// `#X-Amz-Target=...`): where (`header`, `query`), the name and the value.
    pub(crate) selector: Option<crate::selectors::FoundSelector>,
}

impl<'d> Operation<'_, 'd> {
    fn endpoint(
        &self,
        types: &mut Types<'d>,
        security: &Security,
        needs: &mut Needs,
        family_params: &mut Vec<(String, Yaml)>,
        taken: &mut BTreeSet<String>,
        losses: &mut Losses,
    ) -> (String, Yaml) {
        let operation = self.operation;
        let hint = operation
            .get("operationId")
            .and_then(Value::as_str)
            .map_or_else(|| format!("{} {}", self.method, self.path), str::to_owned);
        let name = unique_snake_name(&hint, taken, naming::CLIENT_METHODS);
        taken.insert(name.clone());
        let pascal = naming::pascal(&name);
        let mut endpoint = Yaml::map();
        endpoint.push("method", Yaml::str(self.method.to_uppercase()));
        endpoint.push("path", Yaml::str(self.template.spelled.clone()));
        endpoint.push(
            "summary",
            Yaml::str(summary(operation, self.method, self.path)),
        );
        let text = operation
            .get("description")
            .and_then(Value::as_str)
            .map(str::trim);
        if let Some(text) = text.filter(|t| !t.is_empty()) {
            endpoint.push("description", Yaml::str(text));
        }
        if operation.get("deprecated") == Some(&Value::Bool(true)) {
            endpoint.push("deprecated", Yaml::Bool(true));
        }
        if let Some((place, name, value)) = &self.selector {
            let mut selected = Yaml::map();
            selected.push(*place, Yaml::str(name.clone()));
            if !value.is_empty() {
                selected.push("value", Yaml::str(value.clone()));
            }
            endpoint.push("selected_by", selected);
        }
        let mut own_params = Vec::new();
        let (query, headers, cookies) = self.parameters(
            types,
            security,
            family_params,
            &mut own_params,
            &pascal,
            losses,
        );
        // A document may use a path parameter it never declares: a string, said.
        for (name, spec) in self.template.params() {
            if !family_params.iter().any(|(n, _)| n == spec) {
                losses.push(Loss::faithful(
                    self.at.to_owned(),
                    "undeclared path parameter",
                    format!("path parameter `{name}` is not declared: a string"),
                ));
                family_params.push((spec.to_owned(), Yaml::str(format!("The {name}."))));
            }
        }
        if !own_params.is_empty() {
            endpoint.push("params", Yaml::Map(own_params));
        }
        self.request(types, needs, &mut endpoint, &pascal, losses);
        self.responses(types, needs, &mut endpoint, &pascal, losses);
        endpoint.push_some(
            "anonymous",
            security.endpoint_anonymous(operation, self.at, losses),
        );
        endpoint.push_some("credentials", security.endpoint_credentials(operation));
        for key in ["callbacks", "servers"] {
            if operation.get(key).is_some() {
                losses.push(Loss::wire(
                    refs::push(self.at, key),
                    key_category(key),
                    format!("`{key}` is not carried over"),
                ));
            }
        }
        if !query.is_empty() {
            endpoint.push("query", Yaml::Map(query));
        }
        if !headers.is_empty() {
            endpoint.push("headers", Yaml::Map(headers));
        }
        if !cookies.is_empty() {
            endpoint.push("cookies", Yaml::Map(cookies));
        }
        (name, endpoint)
    }
}

fn summary(operation: &Value, method: &str, path: &str) -> String {
    let from = |key: &str| {
        operation
            .get(key)
            .and_then(Value::as_str)
            .and_then(|t| t.lines().map(str::trim).find(|l| !l.is_empty()))
            .map(str::to_owned)
    };
    from("summary")
        .or_else(|| from("description"))
        .unwrap_or_else(|| format!("{} {path}", method.to_uppercase()))
}
