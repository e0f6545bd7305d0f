//! The document's operations as families (one per first path segment) of endpoints, with
//! their parameters, bodies and answers, and the status rows their errors need.

use std::collections::{BTreeMap, BTreeSet};

use restspec_codegen::naming;
use serde_json::Value;

use crate::names::{param_name, unique_snake_name};
use crate::refs;
use crate::report::{Loss, Losses};
use crate::schemas::{Types, description};
use crate::security::Security;
use crate::yaml_out::Yaml;

const METHODS: &[&str] = &[
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

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
}

/// A row of the status table an error answer needs.
pub(crate) struct StatusRow {
    pub(crate) name: String,
    /// The type its answers carry, when every use agrees.
    pub(crate) body: Option<String>,
    /// Where a use disagreed (the row then carries no body).
    pub(crate) disagrees: bool,
}

/// What the operations need of the service file.
#[derive(Default)]
pub(crate) struct Needs {
    pub(crate) statuses: BTreeMap<u16, StatusRow>,
    pub(crate) forms: bool,
    pub(crate) json_bodies: bool,
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
    for (path, item) in paths {
        let item_at = refs::join("/paths", path);
        let Ok((item, item_at)) = refs::resolve(document, item, &item_at) else {
            losses.push(Loss::wire(
                item_at,
                "unresolved reference",
                "a path item that leads nowhere is left out",
            ));
            continue;
        };
        let Some(template) = Template::read(path) else {
            for method in METHODS.iter().filter(|m| item.get(**m).is_some()) {
                losses.push(Loss::wire(
                    refs::join(&item_at, method),
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
            let at = refs::join(&item_at, method);
            if matches!(*method, "options" | "trace") {
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
                    });
                    families.len() - 1
                }
            };
            let family = &mut families[index];
            let mut template = template.clone();
            template.unify(&mut family.positions);
            if !family.routes.insert((method.to_string(), template.shape())) {
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
            };
            let (name, endpoint) = read.endpoint(
                types,
                security,
                needs,
                &mut families[index].params,
                &mut endpoint_names,
                losses,
            );
            families[index].endpoints.push((name, endpoint));
        }
    }
    families
}

fn family_name(segment: &str, families: &[Family]) -> String {
    let taken: BTreeSet<String> = families.iter().map(|f| f.name.clone()).collect();
    unique_snake_name(segment, &taken, &[])
}

/// A path template split into segments, parameters renamed as the spec accepts them.
#[derive(Clone)]
struct Template {
    first: String,
    /// `/pets/{pet_id}`.
    spelled: String,
    /// Document name → spec name.
    renamed: Vec<(String, String)>,
}

impl Template {
    fn read(path: &str) -> Option<Template> {
        let mut spelled = String::new();
        let mut renamed: Vec<(String, String)> = Vec::new();
        let mut first = None;
        for segment in path.trim_start_matches('/').split('/') {
            if segment.is_empty() {
                continue;
            }
            spelled.push('/');
            if let Some(name) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                first.as_ref()?;
                if name.contains(['{', '}']) {
                    return None;
                }
                let spec = param_name(name);
                if renamed.iter().any(|(_, s)| *s == spec) {
                    return None;
                }
                spelled.push_str(&format!("{{{spec}}}"));
                renamed.push((name.to_owned(), spec));
            } else {
                let plain = |c: char| c.is_ascii_alphanumeric() || "-._~:".contains(c);
                if !segment.chars().all(plain) {
                    return None;
                }
                first.get_or_insert_with(|| segment.to_owned());
                spelled.push_str(segment);
            }
        }
        if path.ends_with('/') && path.len() > 1 {
            spelled.push('/');
        }
        if renamed.len() > restspec_codegen::MAX_PATH_PARAMS {
            return None;
        }
        Some(Template {
            first: first?,
            spelled,
            renamed,
        })
    }

    /// Segments with parameters as `{}`: what the router tells routes apart by (a trailing
    /// slash does not).
    fn shape(&self) -> Vec<String> {
        self.spelled
            .trim_end_matches('/')
            .split('/')
            .map(|s| {
                if s.starts_with('{') {
                    "{}".to_owned()
                } else {
                    s.to_owned()
                }
            })
            .collect()
    }

    /// Renames parameters to the name their position already has in the family, and
    /// gives a new position the name found here.
    fn unify(&mut self, positions: &mut BTreeMap<Vec<String>, String>) {
        let mut key = Vec::new();
        let mut spelled = String::new();
        let mut used: Vec<String> = Vec::new();
        let mut params = self.renamed.iter_mut();
        for segment in self.spelled.split('/').skip(1) {
            spelled.push('/');
            if segment.starts_with('{') {
                key.push("{}".to_owned());
                let Some((_, spec)) = params.next() else {
                    break;
                };
                let mut name = positions
                    .entry(key.clone())
                    .or_insert_with(|| spec.clone())
                    .clone();
                while used.contains(&name) {
                    name.push_str("_2");
                }
                used.push(name.clone());
                *spec = name.clone();
                spelled.push_str(&format!("{{{name}}}"));
            } else {
                key.push(segment.to_owned());
                spelled.push_str(segment);
            }
        }
        self.spelled = spelled;
    }

    fn spec_name(&self, name: &str) -> Option<&str> {
        self.renamed
            .iter()
            .find(|(d, _)| d == name)
            .map(|(_, s)| s.as_str())
    }
}

struct Operation<'a, 'd> {
    document: &'d Value,
    method: &'a str,
    path: &'a str,
    template: &'a Template,
    operation: &'d Value,
    shared: Option<&'d Vec<Value>>,
    at: &'a str,
    item_at: &'a str,
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
        let query = self.parameters(types, security, family_params, &pascal, losses);
        self.request(types, needs, &mut endpoint, &pascal, losses);
        self.responses(types, needs, &mut endpoint, &pascal, losses);
        endpoint.push_some(
            "anonymous",
            security.endpoint_anonymous(operation, self.at, losses),
        );
        if operation.get("deprecated").and_then(Value::as_bool) == Some(true) {
            losses.push(Loss::faithful(
                refs::join(self.at, "deprecated"),
                "deprecated",
                "`deprecated` is not carried over",
            ));
        }
        for key in ["callbacks", "servers"] {
            if operation.get(key).is_some() {
                losses.push(Loss::wire(
                    refs::join(self.at, key),
                    key_category(key),
                    format!("`{key}` is not carried over"),
                ));
            }
        }
        if !query.is_empty() {
            endpoint.push("query", Yaml::Map(query));
        }
        (name, endpoint)
    }

    /// Path parameters go to the family, query parameters to the endpoint; header and
    /// cookie parameters are lost.
    fn parameters(
        &self,
        types: &mut Types<'d>,
        security: &Security,
        family_params: &mut Vec<(String, Yaml)>,
        pascal: &str,
        losses: &mut Losses,
    ) -> Vec<(String, Yaml)> {
        let mut seen: Vec<(String, String)> = Vec::new();
        let mut all: Vec<(&'d Value, String)> = Vec::new();
        let own = self.operation.get("parameters").and_then(Value::as_array);
        let lists = [
            (own, refs::join(self.at, "parameters")),
            (self.shared, refs::join(self.item_at, "parameters")),
        ];
        for (list, list_at) in lists {
            for (index, parameter) in list.into_iter().flatten().enumerate() {
                let at = refs::join(&list_at, &index.to_string());
                let Ok((parameter, at)) = refs::resolve(self.document, parameter, &at) else {
                    losses.push(Loss::wire(
                        at,
                        "unresolved reference",
                        "a parameter that leads nowhere is left out",
                    ));
                    continue;
                };
                let key = (
                    parameter
                        .get("in")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_owned(),
                    parameter
                        .get("name")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_owned(),
                );
                // The operation's own parameter overrides the path item's of the same name.
                if !seen.contains(&key) {
                    seen.push(key);
                    all.push((parameter, at));
                }
            }
        }
        let mut query = Vec::new();
        let mut fields = BTreeSet::new();
        for (parameter, at) in all {
            let name = parameter
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            match parameter.get("in").and_then(Value::as_str) {
                Some("path") => {
                    self.path_parameter(parameter, name, &at, types, family_params, losses)
                }
                Some("query") if security.reads_query(name) => losses.push(Loss::faithful(
                    at,
                    "credential parameter",
                    format!(
                        "query parameter `{name}` is read as the credential it is, not declared"
                    ),
                )),
                Some("query") => {
                    if let Some(option) =
                        query_option(parameter, name, &at, pascal, types, &mut fields, losses)
                    {
                        query.push((name.to_owned(), option));
                    }
                }
                Some(place @ ("header" | "cookie")) => {
                    let ignored = place == "header"
                        && ["accept", "content-type", "authorization"]
                            .contains(&name.to_ascii_lowercase().as_str());
                    if !ignored {
                        losses.push(Loss::wire(
                            at,
                            if place == "header" { "header parameter" } else { "cookie parameter" },
                            format!("{place} parameter `{name}` is left out: the spec has no {place} parameters yet"),
                        ));
                    }
                }
                other => losses.push(Loss::wire(
                    at,
                    "parameter place",
                    format!(
                        "parameter `{name}` in `{}` is left out",
                        other.unwrap_or("?")
                    ),
                )),
            }
        }
        query
    }

    fn path_parameter(
        &self,
        parameter: &'d Value,
        name: &str,
        at: &str,
        types: &mut Types<'d>,
        family_params: &mut Vec<(String, Yaml)>,
        losses: &mut Losses,
    ) {
        let Some(spec) = self.template.spec_name(name) else {
            losses.push(Loss::faithful(
                at.to_owned(),
                "unused path parameter",
                format!("path parameter `{name}` is not in the path `{}`", self.path),
            ));
            return;
        };
        if family_params.iter().any(|(n, _)| n == spec) {
            return;
        }
        let text = description(parameter).unwrap_or_else(|| Yaml::str(format!("The {name}.")));
        let schema_at = refs::join(at, "schema");
        let kind = parameter.get("schema").map(|schema| {
            let resolved = refs::resolve(self.document, schema, &schema_at)
                .map(|(s, _)| s)
                .unwrap_or(schema);
            let found = types.use_of(schema, &schema_at, "PathValue", losses);
            (found.spelled, resolved)
        });
        let declaration = match kind {
            Some((spelled, _)) if spelled == "integer" => {
                let mut d = Yaml::map();
                d.push("description", text);
                d.push("type", Yaml::str("integer"));
                d
            }
            Some((spelled, _)) if spelled == "string" || spelled == "timestamp" => text,
            Some((spelled, _)) => {
                losses.push(Loss::wire(
                    schema_at,
                    "path parameter type",
                    format!("path parameter `{name}` of type `{spelled}` became a string"),
                ));
                text
            }
            None => text,
        };
        family_params.push((spec.to_owned(), declaration));
    }

    fn request(
        &self,
        types: &mut Types<'d>,
        needs: &mut Needs,
        endpoint: &mut Yaml,
        pascal: &str,
        losses: &mut Losses,
    ) {
        let Some(body) = self.operation.get("requestBody") else {
            return;
        };
        let at = refs::join(self.at, "requestBody");
        if self.method == "get" || self.method == "head" {
            losses.push(Loss::wire(
                at,
                "request body",
                format!(
                    "the request body of a {} is left out",
                    self.method.to_uppercase()
                ),
            ));
            return;
        }
        let Ok((body, at)) = refs::resolve(self.document, body, &at) else {
            losses.push(Loss::wire(
                at,
                "unresolved reference",
                "a request body that leads nowhere is left out",
            ));
            return;
        };
        let Some(content) = body.get("content").and_then(Value::as_object) else {
            return;
        };
        let content_at = refs::join(&at, "content");
        let mut chosen = None;
        for (media, value) in content {
            let kind = media_kind(media);
            match (kind, &chosen) {
                (MediaKind::Json | MediaKind::Form, None) => {
                    if kind == MediaKind::Form {
                        needs.forms = true;
                    } else {
                        needs.json_bodies = true;
                    }
                    chosen = Some((media, value));
                }
                (MediaKind::Json | MediaKind::Form, Some(_)) => {
                    if kind == MediaKind::Form {
                        needs.forms = true;
                    } else {
                        needs.json_bodies = true;
                    }
                }
                (MediaKind::Other, _) => losses.push(Loss::wire(
                    refs::join(&content_at, media),
                    media_category(media),
                    format!(
                        "a `{media}` request body is left out: the spec reads JSON and forms only"
                    ),
                )),
            }
        }
        let Some((media, value)) = chosen else { return };
        let schema_at = refs::join(&refs::join(&content_at, media), "schema");
        match value.get("schema") {
            Some(schema) => {
                let found = types.use_of(schema, &schema_at, &format!("{pascal}Request"), losses);
                endpoint.push("request", Yaml::str(found.spelled));
            }
            None => losses.push(Loss::wire(
                schema_at,
                "any value",
                "a request body without a schema is left out",
            )),
        }
    }

    fn responses(
        &self,
        types: &mut Types<'d>,
        needs: &mut Needs,
        endpoint: &mut Yaml,
        pascal: &str,
        losses: &mut Losses,
    ) {
        let Some(responses) = self.operation.get("responses").and_then(Value::as_object) else {
            return;
        };
        let at = refs::join(self.at, "responses");
        let mut successes: Vec<(u16, Option<String>, String)> = Vec::new();
        let mut errors: Vec<String> = Vec::new();
        for (code, response) in responses {
            let response_at = refs::join(&at, code);
            let Ok((response, response_at)) = refs::resolve(self.document, response, &response_at)
            else {
                losses.push(Loss::wire(
                    response_at,
                    "unresolved reference",
                    "a response that leads nowhere is left out",
                ));
                continue;
            };
            let Some(status) = status_code(code) else {
                losses.push(Loss::wire(
                    response_at,
                    "default or range response",
                    format!(
                        "the `{code}` response is left out: the spec lists answers by their code"
                    ),
                ));
                continue;
            };
            if response
                .get("headers")
                .and_then(Value::as_object)
                .is_some_and(|h| !h.is_empty())
            {
                losses.push(Loss::wire(
                    refs::join(&response_at, "headers"),
                    "response header",
                    "response headers are left out: the spec has no typed response headers yet",
                ));
            }
            if response.get("links").is_some() {
                losses.push(Loss::faithful(
                    refs::join(&response_at, "links"),
                    "links",
                    "links are not carried over",
                ));
            }
            let hint = if (200..300).contains(&status) {
                format!("{pascal}Response")
            } else {
                naming::pascal(&status_name(status))
            };
            let body = self.response_body(response, &response_at, types, &hint, losses);
            if (200..300).contains(&status) {
                successes.push((status, body, response_at));
            } else if (400..600).contains(&status) {
                let body = match body {
                    Some(body) if types.is_record(&body) => Some(body),
                    Some(other) => {
                        losses.push(Loss::wire(response_at.clone(), "error body", format!("the {status} answer's body of type `{other}` is left out: an error body is a record")));
                        None
                    }
                    None => None,
                };
                let row = needs.statuses.entry(status).or_insert_with(|| StatusRow {
                    name: status_name(status),
                    body: body.clone(),
                    disagrees: false,
                });
                if row.body != body && !row.disagrees {
                    row.disagrees = true;
                    losses.push(Loss::wire(response_at, "error body", format!("the {status} answer's body differs from another operation's: the status row carries none")));
                }
                errors.push(row.name.clone());
            } else {
                losses.push(Loss::wire(
                    response_at,
                    "informational or redirect response",
                    format!("the {status} response is left out"),
                ));
            }
        }
        successes.sort_by_key(|(code, _, _)| *code);
        // 201 answers only what creates (a POST or PUT).
        if !matches!(self.method, "post" | "put") {
            successes.retain(|(code, _, at)| {
                let keep = *code != 201;
                if !keep {
                    losses.push(Loss::wire(
                        at.clone(),
                        "response status",
                        format!(
                            "the 201 answer of a {} is left out: only a POST or PUT creates",
                            self.method.to_uppercase()
                        ),
                    ));
                }
                keep
            });
        }
        let mut successes = successes.into_iter();
        if let Some((code, body, at)) = successes.next() {
            match body {
                Some(_) if matches!(code, 204 | 205) => {
                    losses.push(Loss::wire(
                        at,
                        "response body",
                        format!("the body of the {code} answer is left out: {code} has none"),
                    ));
                }
                Some(body) => endpoint.push("response", Yaml::str(body)),
                None => {}
            }
            endpoint.push("status", Yaml::Int(i64::from(code)));
            let others: Vec<Yaml> = successes
                .filter(|(other, _, _)| *other != code)
                .map(|(other, other_body, other_at)| {
                    if other_body.is_some() {
                        losses.push(Loss::wire(other_at, "several success bodies", format!("the {other} answer's body is left out: an endpoint answers one success body")));
                    }
                    Yaml::Int(i64::from(other))
                })
                .collect();
            if !others.is_empty() {
                endpoint.push("other_successes", Yaml::List(others));
            }
        }
        if !errors.is_empty() {
            errors.dedup();
            endpoint.push(
                "errors",
                Yaml::List(errors.into_iter().map(Yaml::Str).collect()),
            );
        }
    }

    /// The type of a response's JSON body, if it has one; other media types are lost.
    fn response_body(
        &self,
        response: &'d Value,
        at: &str,
        types: &mut Types<'d>,
        hint: &str,
        losses: &mut Losses,
    ) -> Option<String> {
        let content = response.get("content").and_then(Value::as_object)?;
        let content_at = refs::join(at, "content");
        let mut found = None;
        for (media, value) in content {
            if media_kind(media) == MediaKind::Json && found.is_none() {
                let schema_at = refs::join(&refs::join(&content_at, media), "schema");
                found = Some(match value.get("schema") {
                    Some(schema) => types.use_of(schema, &schema_at, hint, losses).spelled,
                    None => {
                        losses.push(Loss::wire(
                            schema_at,
                            "any value",
                            "a JSON answer without a schema became a string",
                        ));
                        "string".to_owned()
                    }
                });
            } else if media_kind(media) != MediaKind::Json {
                losses.push(Loss::wire(
                    refs::join(&content_at, media),
                    media_category(media),
                    format!("a `{media}` answer is left out: the spec answers JSON only"),
                ));
            }
        }
        found
    }
}

/// A query parameter as a query option, or `None` (a loss) when it cannot be one.
fn query_option<'d>(
    parameter: &'d Value,
    name: &str,
    at: &str,
    pascal: &str,
    types: &mut Types<'d>,
    fields: &mut BTreeSet<String>,
    losses: &mut Losses,
) -> Option<Yaml> {
    let schema_at = refs::join(at, "schema");
    let Some(schema) = parameter.get("schema") else {
        losses.push(Loss::wire(
            at.to_owned(),
            "parameter content",
            format!("query parameter `{name}` without a schema is left out"),
        ));
        return None;
    };
    let hint = format!("{pascal}{}", naming::pascal(name));
    let found = types.use_of(schema, &schema_at, &hint, losses);
    let style = parameter
        .get("style")
        .and_then(Value::as_str)
        .unwrap_or("form");
    let explode = parameter
        .get("explode")
        .and_then(Value::as_bool)
        .unwrap_or(style == "form");
    let mut option = Yaml::map();
    let spelled = match found.spelled.as_str() {
        "string" | "integer" | "boolean" | "list<string>" => found.spelled.clone(),
        "timestamp" => "string".to_owned(),
        other if types.is_enumeration(other) => other.to_owned(),
        other => {
            losses.push(Loss::wire(
                schema_at.clone(),
                "query parameter type",
                format!("query parameter `{name}` of type `{other}` became a string"),
            ));
            "string".to_owned()
        }
    };
    option.push("type", Yaml::str(spelled.clone()));
    if spelled == "list<string>" && style == "form" && !explode {
        option.push("style", Yaml::str("comma"));
    } else if style != "form" {
        losses.push(Loss::wire(
            refs::join(at, "style"),
            "parameter style",
            format!("style `{style}` of query parameter `{name}` is not carried over"),
        ));
    }
    let ident = naming::field_ident(name);
    let clean = naming::is_snake_case(&ident)
        && !naming::KEYWORDS.contains(&ident.as_str())
        && !ident.ends_with('_')
        && ident == naming::snake(name);
    if !clean || fields.contains(&ident) {
        let field = crate::names::unique_snake_name(name, fields, &[]);
        fields.insert(field.clone());
        option.push("field", Yaml::str(field));
    } else {
        fields.insert(ident);
    }
    option.push_some("description", description(parameter));
    let required = parameter.get("required").and_then(Value::as_bool) == Some(true);
    let default = schema
        .get("default")
        .filter(|d| d.is_string() || d.is_i64() || d.is_boolean());
    if spelled == "boolean" || spelled == "list<string>" {
        // A flag is false when absent; a list is empty.
        if required {
            losses.push(Loss::faithful(
                refs::join(at, "required"),
                "required",
                format!("`{name}` is optional: a {spelled} option cannot be required"),
            ));
        }
        if default.is_some_and(|d| d != &Value::Bool(false)) {
            losses.push(Loss::faithful(
                refs::join(&schema_at, "default"),
                "default",
                format!("the default of `{name}` is not carried over"),
            ));
        }
    } else if required {
        option.push("required", Yaml::Bool(true));
    } else if let Some(default) = default {
        let allowed = match spelled.as_str() {
            "integer" => default.is_i64(),
            "string" => default.is_string(),
            _ => default
                .as_str()
                .is_some_and(|d| types.has_value(&spelled, d)),
        };
        if allowed {
            option.push("default", scalar(default));
        } else {
            losses.push(Loss::faithful(
                refs::join(&schema_at, "default"),
                "default",
                format!("the default {default} of `{name}` is none of its values"),
            ));
        }
    }
    if spelled == "integer" {
        for key in ["minimum", "maximum"] {
            if let Some(bound) = schema.get(key).and_then(Value::as_i64) {
                option.push(key, Yaml::Int(bound));
            }
        }
    }
    // What the option carries is not lost (the schema's reading reported it).
    let carried: Vec<String> = ["minimum", "maximum", "default"]
        .iter()
        .filter(|key| matches!(&option, Yaml::Map(e) if e.iter().any(|(k, _)| k == *key)))
        .map(|key| refs::join(&schema_at, key))
        .collect();
    losses.retain(|loss| !carried.contains(&loss.pointer));
    Some(option)
}

fn scalar(value: &Value) -> Yaml {
    match value {
        Value::Bool(b) => Yaml::Bool(*b),
        Value::Number(n) => n
            .as_i64()
            .map_or_else(|| Yaml::str(n.to_string()), Yaml::Int),
        Value::String(s) => Yaml::str(s.clone()),
        other => Yaml::str(other.to_string()),
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

/// `404` → 404; `default` and ranges (`4XX`) are not codes.
fn status_code(code: &str) -> Option<u16> {
    code.parse().ok().filter(|c| (100..600).contains(c))
}

/// The status table's name for a code: its reason phrase in snake case.
pub(crate) fn status_name(code: u16) -> String {
    let reason = match code {
        400 => "bad_request",
        401 => "unauthorized",
        402 => "payment_required",
        403 => "forbidden",
        404 => "not_found",
        405 => "method_not_allowed",
        406 => "not_acceptable",
        407 => "proxy_authentication_required",
        408 => "request_timeout",
        409 => "conflict",
        410 => "gone",
        411 => "length_required",
        412 => "precondition_failed",
        413 => "payload_too_large",
        414 => "uri_too_long",
        415 => "unsupported_media_type",
        416 => "range_not_satisfiable",
        417 => "expectation_failed",
        418 => "im_a_teapot",
        421 => "misdirected_request",
        422 => "unprocessable_entity",
        423 => "locked",
        424 => "failed_dependency",
        425 => "too_early",
        426 => "upgrade_required",
        428 => "precondition_required",
        429 => "too_many_requests",
        431 => "request_header_fields_too_large",
        451 => "unavailable_for_legal_reasons",
        500 => "internal_server_error",
        501 => "not_implemented",
        502 => "bad_gateway",
        503 => "service_unavailable",
        504 => "gateway_timeout",
        505 => "http_version_not_supported",
        507 => "insufficient_storage",
        508 => "loop_detected",
        511 => "network_authentication_required",
        _ => return format!("status_{code}"),
    };
    reason.to_owned()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MediaKind {
    Json,
    Form,
    Other,
}

fn media_kind(media: &str) -> MediaKind {
    let essence = media
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if essence == "application/json" || essence.ends_with("+json") {
        MediaKind::Json
    } else if essence == "application/x-www-form-urlencoded" {
        MediaKind::Form
    } else {
        MediaKind::Other
    }
}

/// The tally a media type's loss goes under.
fn media_category(media: &str) -> &'static str {
    let essence = media
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    match essence.as_str() {
        "text/plain" => "text body",
        "multipart/form-data" => "multipart body",
        "application/octet-stream" => "binary body",
        e if e.contains("xml") => "xml body",
        e if e.contains("yaml") => "yaml body",
        _ => "other body",
    }
}

fn key_category(key: &str) -> &'static str {
    match key {
        "callbacks" => "callbacks",
        _ => "operation servers",
    }
}
