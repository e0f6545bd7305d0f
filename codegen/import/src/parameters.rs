//! An operation's parameters: path parameters to its family, query and header parameters
//! to the endpoint (as query options, header and cookie parameters).

use std::collections::BTreeSet;

use restspec_codegen::naming;
use serde_json::Value;

use crate::operations::{Entries, Operation};
use crate::query::{Place, query_option, schema_of};
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::round_trip::spread::spread;
use crate::schemas::{Types, description};
use crate::security::Security;
use crate::yaml_out::Yaml;

impl<'d> Operation<'_, 'd> {
    /// Path parameters go to the family (to `own_params` where the family declares one
    /// otherwise), query, header and cookie parameters to the endpoint.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn parameters(
        &self,
        types: &mut Types<'d>,
        security: &Security,
        family_params: &mut Vec<(String, Yaml)>,
        own_params: &mut Vec<(String, Yaml)>,
        pascal: &str,
        losses: &mut Losses,
    ) -> (Entries, Entries, Entries) {
        let mut seen: Vec<(String, String)> = Vec::new();
        let mut all: Vec<(&'d Value, String)> = Vec::new();
        let own = self.operation.get("parameters").and_then(Value::as_array);
        let lists = [
            (own, refs::push(self.at, "parameters")),
            (self.shared, refs::push(self.item_at, "parameters")),
        ];
        for (list, list_at) in lists {
            for (index, parameter) in list.into_iter().flatten().enumerate() {
                let at = refs::push(&list_at, &index.to_string());
                let Ok((parameter, at)) =
                    refs::Doc::new(self.document).resolve(parameter, at.clone())
                else {
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
                // What selects the operation is its `selected_by`, not a parameter.
                let selects = self
                    .selector
                    .as_ref()
                    .is_some_and(|(place, name, _)| key.0 == *place && key.1 == *name);
                // The operation's own parameter overrides the path item's of the same name.
                if !selects && !seen.contains(&key) {
                    seen.push(key);
                    all.push((parameter, at));
                }
            }
        }
        let query_names: Vec<&str> = all
            .iter()
            .filter(|(p, _)| p.get("in").and_then(Value::as_str) == Some("query"))
            .filter_map(|(p, _)| p.get("name").and_then(Value::as_str))
            .collect();
        let mut query: Vec<(String, Yaml)> = Vec::new();
        let mut fields = BTreeSet::new();
        let mut headers = Vec::new();
        let mut cookies = Vec::new();
        // Header and cookie parameters are one struct's fields.
        let mut header_fields = BTreeSet::new();
        for (parameter, at) in all {
            let name = parameter
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            // A "path" parameter the document's path fills in its query string
            // (Clicksend's `/fax/history?date_from={date_from}`) is a query parameter.
            let in_query_string = refs::query_string_holds(self.path, name, true);
            let place = match parameter.get("in").and_then(Value::as_str) {
                Some("path") if in_query_string => Some("query"),
                place => place,
            };
            match place {
                Some("path") => {
                    if let Some(own) =
                        self.path_parameter(parameter, name, &at, types, family_params, losses)
                    {
                        own_params.push(own);
                    }
                }
                Some("query") if security.reads_query(name) => losses.push(Loss::faithful(
                    at,
                    "credential parameter",
                    format!(
                        "query parameter `{name}` is read as the credential it is, not declared"
                    ),
                )),
                Some("query") => {
                    // Unless a key is another parameter's, or another object's member.
                    let taken = |key: &str| {
                        query.iter().any(|(n, _): &(String, Yaml)| n == key)
                            || query_names.iter().any(|n| *n != name && *n == key)
                    };
                    let members = spread(refs::Doc::new(self.document), parameter, &at)
                        .filter(|members| !members.iter().any(|m| taken(&m.key)));
                    let Some(members) = members else {
                        let schema = schema_of(parameter, &at);
                        let read = (parameter, schema);
                        let found = query_option(
                            Place::Query,
                            read,
                            name,
                            &at,
                            pascal,
                            types,
                            &mut fields,
                            losses,
                        );
                        // One map of every other key holds them all (Files.com's `filter`,
                        // `filter_gt`, ... each an object of any members).
                        let every_key = |o: &Yaml| {
                            o.get("style").is_none()
                                && matches!(o.get("type"), Some(Yaml::Str(t)) if t.starts_with("map<"))
                        };
                        if let Some(option) = found {
                            match query.iter().find(|(_, o)| every_key(o) && every_key(&option)) {
                                Some((other, _)) => losses.push(Loss::faithful(
                                    at,
                                    "query parameter",
                                    format!("`{name}`'s keys are read by `{other}`: each holds every key no other option names"),
                                )),
                                None => query.push((name.to_owned(), option)),
                            }
                        }
                        continue;
                    };
                    // An object sent as a query key a member (`filter[id]=7`): an option
                    // a key.
                    for member in members {
                        if member.key == name {
                            losses.push(Loss::faithful(
                                refs::push(&at, "schema"),
                                "query parameter",
                                format!("`{name}` is an object or one value: both are read, each under its keys, and a request may send both"),
                            ));
                        }
                        let parameter = member.as_parameter();
                        let key = member.key;
                        let read = (&parameter, Some((member.schema, member.at)));
                        let found = query_option(
                            Place::Query,
                            read,
                            &key,
                            &at,
                            pascal,
                            types,
                            &mut fields,
                            losses,
                        );
                        query.extend(found.map(|option| (key, option)));
                    }
                }
                // OpenAPI ignores these three as parameters.
                Some("header")
                    if ["accept", "content-type", "authorization"]
                        .contains(&name.to_ascii_lowercase().as_str()) => {}
                Some("header") if security.reads_header(name) => losses.push(Loss::faithful(
                    at,
                    "credential parameter",
                    format!("header `{name}` is read as the credential it is, not declared"),
                )),
                Some("header")
                    if naming::HTTP_HEADERS.contains(&name.to_ascii_lowercase().as_str()) =>
                {
                    losses.push(Loss::wire(
                        at,
                        "header parameter",
                        format!("header parameter `{name}` is left out: HTTP gives it its meaning"),
                    ))
                }
                Some(place @ ("header" | "cookie")) if !naming::is_header_name(name) => {
                    let category = match place {
                        "header" => "header parameter",
                        _ => "cookie parameter",
                    };
                    losses.push(Loss::wire(
                        at,
                        category,
                        format!("{category} `{name}` is left out: it is not a {place} name"),
                    ))
                }
                // A cookie's value is read as a header's is, from the `Cookie` header.
                Some(place @ ("header" | "cookie")) => {
                    let into = match place {
                        "header" => &mut headers,
                        _ => &mut cookies,
                    };
                    if let Some(option) = query_option(
                        Place::Header,
                        (parameter, schema_of(parameter, &at)),
                        name,
                        &at,
                        pascal,
                        types,
                        &mut header_fields,
                        losses,
                    ) {
                        into.push((name.to_owned(), option));
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
        (query, headers, cookies)
    }

    fn path_parameter(
        &self,
        parameter: &'d Value,
        name: &str,
        at: &str,
        types: &mut Types<'d>,
        family_params: &mut Vec<(String, Yaml)>,
        losses: &mut Losses,
    ) -> Option<(String, Yaml)> {
        let Some(spec) = self.template.spec_name(name) else {
            losses.push(Loss::faithful(
                at.to_owned(),
                "unused path parameter",
                format!("path parameter `{name}` is not in the path `{}`", self.path),
            ));
            return None;
        };
        let text = description(parameter).unwrap_or_else(|| Yaml::str(format!("The {name}.")));
        let schema_at = refs::push(at, "schema");
        let kind = parameter.get("schema").map(|schema| {
            let mut found = types.use_keeping_rules(schema, &schema_at, "PathValue", losses);
            // Text's lengths and pattern, and a number's bounds, are the parameter's own
            // keys, and so are any parameter's stated default and format (Sportsdata's `{format}` of `XML`,
            // BeezUP's `guid`).
            let text = found.spelled == "string";
            // A number's inclusive bounds and values too (Figshare's ids from 1, TomTom's map
            // versions).
            let number = found.spelled == "integer"
                || found.spelled == "number"
                || restspec_codegen::model::Scalar::from_spelled(&found.spelled)
                    .is_some_and(|s| s.is_number());
            let (kept, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut found.rules)
                .into_iter()
                .partition(|rule| {
                    (rule.key == "default" && rule.value != Yaml::Null)
                        || rule.key == "format"
                        || text && matches!(rule.key, "min_length" | "max_length" | "pattern")
                        || number && matches!(rule.key, "minimum" | "maximum" | "values")
                });
            found.rules = rest;
            found.lose_rules(losses);
            (found.spelled, kept)
        });
        let declaration = match kind {
            Some((spelled, kept)) if spelled == "string" && !kept.is_empty() => {
                let mut d = Yaml::map();
                d.push("description", text);
                for rule in kept {
                    d.push(rule.key, rule.value);
                }
                d
            }
            // A number, a switch, a width or format, or a string enumeration is the
            // parameter's type (a value that is not one names nothing, 404; base64 text
            // holds `/`, which a path segment cannot).
            Some((spelled, kept))
                if spelled == "integer"
                    || spelled == "number"
                    || spelled == "boolean"
                    || restspec_codegen::model::Scalar::from_spelled(&spelled)
                        .is_some_and(|s| s != restspec_codegen::model::Scalar::Base64)
                    || types.is_enumeration(&spelled) =>
            {
                let mut d = Yaml::map();
                d.push("description", text);
                d.push("type", Yaml::str(spelled));
                for rule in kept {
                    d.push(rule.key, rule.value);
                }
                d
            }
            Some((spelled, kept)) if spelled == "string" || spelled == "timestamp" => {
                // A timestamp parameter is text here: its default is not carried.
                let mut lost = crate::schemas::Use {
                    spelled,
                    nullable: false,
                    rules: kept,
                    item_rules: Vec::new(),
                };
                lost.lose_rules(losses);
                text
            }
            Some((spelled, _)) => {
                // A union with an alternative of any text is text, as a parameter's
                // (GitHub's `workflow_id`: an integer or a string).
                let any_text = parameter
                    .get("schema")
                    .is_some_and(|s| crate::round_trip::meant::text_union(types.document, s));
                if !any_text {
                    losses.push(Loss::wire(
                        schema_at,
                        "path parameter type",
                        format!("path parameter `{name}` of type `{spelled}` became a string"),
                    ));
                }
                text
            }
            None => text,
        };
        // The family declares each name once; an endpoint whose parameter of that name is
        // of another type (Autotask's `parentId`, an integer here and text there) declares
        // it again.
        match family_params.iter().find(|(n, _)| n == spec) {
            None => {
                family_params.push((spec.to_owned(), declaration));
                None
            }
            Some((_, declared))
                if beyond_description(declared) == beyond_description(&declaration) =>
            {
                None
            }
            Some(_) => Some((spec.to_owned(), declaration)),
        }
    }
}

/// What a parameter's declaration says besides its description: its type, pattern and
/// lengths (none for a description alone).
fn beyond_description(declaration: &Yaml) -> Vec<(String, Yaml)> {
    match declaration {
        Yaml::Map(entries) => entries
            .iter()
            .filter(|(key, _)| key != "description")
            .cloned()
            .collect(),
        _ => Vec::new(),
    }
}
