//! An operation's request body and answers: the JSON (or form) body it reads, the success
//! it answers (as text where `text_answers.rs` says so) and the status rows of its errors;
//! other media types are losses. `request_media.rs` settles the service's media types.

use restspec_codegen::naming;
use serde_json::Value;

use crate::media::{MediaKind, media_category, media_kind, status_code, status_name};
use crate::operations::{Needs, Operation};
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::schemas::Types;
use crate::yaml_out::Yaml;

impl<'d> Operation<'_, 'd> {
    pub(crate) fn request(
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
        let at = refs::push(self.at, "requestBody");
        if self.method == "get" || self.method == "head" {
            // A body holding nothing a client could send says nothing (Stripe's GET
            // forms): nothing is lost.
            let said = refs::Doc::new(self.document).resolve(body, at.clone());
            if said.is_ok_and(|(body, _)| refs::empty_optional_body(body)) {
                return;
            }
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
        let Ok((body, at)) = refs::Doc::new(self.document).resolve(body, at.clone()) else {
            losses.push(Loss::wire(
                at,
                "unresolved reference",
                "a request body that leads nowhere is left out",
            ));
            return;
        };
        let optional = body.get("required").and_then(Value::as_bool) != Some(true);
        let Some(content) = body.get("content").and_then(Value::as_object) else {
            return;
        };
        let content_at = refs::push(&at, "content");
        let mut read = Vec::new();
        let alias = content
            .keys()
            .find(|media| crate::media::json_by_another_name(media));
        if content.keys().any(|m| media_kind(m) == MediaKind::Json) {
            needs.json_requests += 1;
            if let Some(alias) = alias {
                let at = refs::push(&content_at, alias);
                needs.json_aliases.push((at, alias.clone()));
            }
        }
        for media in content.keys() {
            match media_kind(media) {
                kind @ (MediaKind::Json | MediaKind::Form) => read.push(kind),
                MediaKind::Other => losses.push(Loss::wire(
                    refs::push(&content_at, media),
                    media_category(media),
                    format!(
                        "a `{media}` request body is left out: the spec reads JSON and forms only"
                    ),
                )),
            }
        }
        // Of several, the first one with a schema (the export reads the others the same).
        let Some((media, value)) =
            with_schema_first(content, |m| media_kind(m) != MediaKind::Other)
        else {
            return;
        };
        let schema_at = refs::push(&refs::push(&content_at, media), "schema");
        match value.get("schema") {
            Some(schema) => {
                let found = types.use_of(schema, &schema_at, &format!("{pascal}Request"), losses);
                endpoint.push("request", Yaml::str(found.spelled.clone()));
                // Its own media types, kept only where they are not the service's.
                let words = crate::media::media_words(&read);
                *needs.request_media.entry(words).or_default() += 1;
                endpoint.push("request_bodies", Yaml::str(words));
                // A body the document requires is refused when missing
                // (`empty_request_body: refuse`); one it does not, may be left out.
                needs.request_bodies = true;
                if optional {
                    endpoint.push("request_optional", Yaml::Bool(true));
                }
                // A `nullable` schema: a body of `null` is one too (GitHub's).
                if found.nullable && found.spelled != "any" {
                    endpoint.push("request_nullable", Yaml::Bool(true));
                }
            }
            None => losses.push(Loss::wire(
                schema_at,
                "any value",
                "a request body without a schema is left out",
            )),
        }
    }

    pub(crate) fn responses(
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
        let at = refs::push(self.at, "responses");
        let mut successes: Vec<(u16, Option<Body>, String)> = Vec::new();
        let mut errors: Vec<String> = Vec::new();
        let mut headers = crate::response_headers::Found::default();
        let mut redirects: Vec<(u16, String)> = Vec::new();
        for (code, response) in responses {
            let response_at = refs::push(&at, code);
            let Ok((response, response_at)) =
                refs::Doc::new(self.document).resolve(response, response_at.clone())
            else {
                losses.push(Loss::wire(
                    response_at,
                    "unresolved reference",
                    "a response that leads nowhere is left out",
                ));
                continue;
            };
            let succeeds = responses.keys().any(|c| c.starts_with('2'));
            // Without a 2xx answer, the redirects are the successes (Shutterstock's `302`
            // to its login page, Jira's `303` with the task it started), `304` aside.
            let success = |status: u16| {
                (200..300).contains(&status)
                    || (!succeeds && (300..400).contains(&status) && status != 304)
            };
            let default = code.eq_ignore_ascii_case("default");
            if (default && succeeds) || ["4XX", "5XX"].contains(&code.to_ascii_uppercase().as_str())
            {
                // Beside successes, the `default` answer is the error body; so is a range
                // of errors (every answer of the export in it is).
                let body = self
                    .response_body(response, &response_at, types, "Error", losses)
                    .map(|body| body.spelled);
                // The endpoint's own error body, where it is not the service's (settled
                // once every operation is read).
                if default {
                    needs.default_body.clone_from(&body);
                }
                // Its headers any error answer may carry (Telstra's `Content-Language`).
                if let Some(declared) = response.get("headers").and_then(Value::as_object) {
                    let at = refs::push(&response_at, "headers");
                    let found = (declared, at.as_str(), "AnyError");
                    let into = &mut needs.error_headers;
                    let before = into.entries.len();
                    let skip = needs.rate_limits.as_ref();
                    crate::response_headers::read(
                        self.document,
                        found,
                        (types, skip),
                        into,
                        losses,
                    );
                    into.optional_from(before, (&at, code), losses);
                }
                needs
                    .statuses
                    .default_answer(response_at, code, body, default);
                continue;
            }
            // A range of successes alone is answered as 200; so is a `default` that is the
            // only answer of its kind (no success, no redirect beside it): 204 without
            // content.
            let only_success_range = code.eq_ignore_ascii_case("2XX")
                && !responses
                    .keys()
                    .any(|c| c.len() == 3 && c.starts_with('2') && c != code);
            let default_alone = default
                && !responses
                    .keys()
                    .any(|c| c.starts_with('2') || c.starts_with('3'));
            let has_content = response
                .get("content")
                .and_then(Value::as_object)
                .is_some_and(|c| !c.is_empty());
            let status = if only_success_range || (default_alone && has_content) {
                Some(200)
            } else if default_alone {
                Some(204)
            } else {
                status_code(code)
            };
            let Some(status) = status else {
                losses.push(Loss::wire(
                    response_at,
                    "default or range response",
                    format!(
                        "the `{code}` response is left out: the spec lists answers by their code"
                    ),
                ));
                continue;
            };
            // The rate-limit headers are the service's, on every answer.
            let own = |name: &String| {
                !needs.rate_limits.as_ref().is_some_and(|r| r.covers(name))
                    && !restspec_codegen::naming::is_framing_header(name)
            };
            let declared = response
                .get("headers")
                .and_then(Value::as_object)
                .filter(|h| h.keys().any(own));
            // An error answer's headers are its row's.
            let mut row_headers = crate::response_headers::Found::default();
            // A success's headers are the endpoint's; an error's its row's; a 304's or a
            // redirect's (BeezUP's `ETag` and `Last-Modified` on its 304) the endpoint's
            // success headers, none required, for its other successes need not carry them.
            if let Some(declared) = declared {
                let error = (400..600).contains(&status);
                let row = naming::pascal(&status_name(status));
                let (into, named) = match error {
                    true => (&mut row_headers, row.as_str()),
                    false => (&mut headers, pascal),
                };
                let before = into.entries.len();
                let at = refs::push(&response_at, "headers");
                let skip = needs.rate_limits.as_ref();
                let found = (declared, at.as_str(), named);
                crate::response_headers::read(self.document, found, (types, skip), into, losses);
                if !error && !success(status) {
                    into.optional_from(before, (&at, &status.to_string()), losses);
                }
            }
            if response.get("links").is_some() {
                losses.push(Loss::faithful(
                    refs::push(&response_at, "links"),
                    "links",
                    "links are not carried over",
                ));
            }
            let hint = if success(status) {
                format!("{pascal}Response")
            } else {
                naming::pascal(&status_name(status))
            };
            let found = match success(status) {
                true => self.success_body(response, &response_at, types, &hint, losses),
                false => self.response_body(response, &response_at, types, &hint, losses),
            };
            // A redirect with a body beside the successes is answered as errors are, a row
            // of the status table (GitHub's `301` of a renamed repository, its
            // `basic-error` saying so).
            let raised_redirect = (300..400).contains(&status) && status != 304 && found.is_some();
            if success(status) {
                successes.push((status, found, response_at));
            } else if (400..600).contains(&status) || raised_redirect {
                // A record that may be `null` (a `nullable` error schema) says so on its row.
                let nullable = found
                    .as_ref()
                    .is_some_and(|body| body.nullable && body.spelled != "any");
                let body = found.map(|body| body.spelled);
                let empty = response
                    .get("content")
                    .and_then(Value::as_object)
                    .is_none_or(|content| content.is_empty());
                let row = needs
                    .statuses
                    .row_for(status, (body.as_deref(), nullable), empty);
                let at = refs::push(&response_at, "headers");
                needs
                    .statuses
                    .add_headers(&row, row_headers.entries, &at, losses);
                errors.push(row);
            } else if (300..400).contains(&status) {
                // Answered without a body, beside the successes (`304`, a redirect).
                if found.is_some() {
                    losses.push(Loss::wire(
                        response_at.clone(),
                        "response body",
                        format!(
                            "the body of the {status} answer is left out: a 3xx answer carries none"
                        ),
                    ));
                }
                redirects.push((status, response_at));
            } else {
                losses.push(Loss::wire(
                    response_at,
                    "informational or redirect response",
                    format!("the {status} response is left out"),
                ));
            }
        }
        successes.sort_by_key(|(code, _, _)| *code);
        // 201 answers only what may create: not a GET, HEAD or DELETE (a PATCH may,
        // RFC 5789; Azure's do).
        if matches!(self.method, "get" | "head" | "delete") {
            successes.retain(|(code, _, at)| {
                let keep = *code != 201;
                if !keep {
                    losses.push(Loss::wire(
                        at.clone(),
                        "response status",
                        format!(
                            "the 201 answer of a {} is left out: it creates nothing",
                            self.method.to_uppercase()
                        ),
                    ));
                }
                keep
            });
        }
        let mut successes = successes.into_iter();
        if let Some((code, body, at)) = successes.next() {
            let answers_body =
                body.is_some() && !matches!(code, 204 | 205) && self.method != "head";
            // Another success answering the same body is the same answer (Azure's 200 and
            // 201 of a PATCH).
            let main_body = body.clone().filter(|_| answers_body);
            match body {
                // Nothing on the wire: a 204 or 205 ends with its header section.
                Some(_) if matches!(code, 204 | 205) => {
                    losses.push(Loss::faithful(
                        at,
                        "response body",
                        format!("the body of the {code} answer is left out: {code} has none"),
                    ));
                }
                Some(_) if self.method == "head" => {
                    losses.push(Loss::wire(
                        at,
                        "response body",
                        "the body of a HEAD answer is left out: HEAD answers carry none",
                    ));
                }
                Some(body) => {
                    endpoint.push("response", Yaml::str(body.spelled));
                    if body.nullable {
                        endpoint.push("response_nullable", Yaml::Bool(true));
                    }
                    if let Some(media) = body.media {
                        endpoint.push("response_media", Yaml::str(media));
                    }
                }
                None => {}
            }
            endpoint.push("status", Yaml::Int(i64::from(code)));
            let mut others: Vec<Yaml> = Vec::new();
            // Beside a success with a body, another without one (Azure's `202` of a change
            // accepted) is answered empty.
            let mut empty: Vec<Yaml> = Vec::new();
            for (other, other_body, other_at) in successes.filter(|(other, _, _)| *other != code) {
                if other_body.is_some() && other_body != main_body {
                    losses.push(Loss::wire(other_at, "several success bodies", format!("the {other} answer's body is left out: an endpoint answers one success body")));
                }
                match other_body.is_none() && answers_body && !matches!(other, 204 | 205) {
                    true => empty.push(Yaml::Int(i64::from(other))),
                    false => others.push(Yaml::Int(i64::from(other))),
                }
            }
            others.extend(redirects.drain(..).map(|(c, _)| Yaml::Int(i64::from(c))));
            if !others.is_empty() {
                endpoint.push("other_successes", Yaml::List(others));
            }
            if !empty.is_empty() {
                endpoint.push("empty_successes", Yaml::List(empty));
            }
        }
        // Without a success, a 3xx answer (`304`) has no endpoint status beside it.
        for (status, at) in redirects {
            losses.push(Loss::wire(
                at,
                "informational or redirect response",
                format!("the {status} response is left out: the operation answers no success"),
            ));
        }
        if !errors.is_empty() {
            errors.dedup();
            endpoint.push(
                "errors",
                Yaml::List(errors.into_iter().map(Yaml::Str).collect()),
            );
        }
        if !headers.entries.is_empty() {
            endpoint.push("response_headers", Yaml::Map(headers.entries));
        }
    }

    /// The type of a response's JSON body, if it has one; other media types are lost.
    pub(crate) fn response_body(
        &self,
        response: &'d Value,
        at: &str,
        types: &mut Types<'d>,
        hint: &str,
        losses: &mut Losses,
    ) -> Option<Body> {
        let content = response.get("content").and_then(Value::as_object)?;
        let content_at = refs::push(at, "content");
        // An answer in a range of types (`*/*`, OpenChannel's and DocuSign's) is answered
        // in JSON, one type of it, where no JSON type is listed.
        let ranged = |m: &str| matches!(crate::media::essence(m).as_str(), "*/*" | "application/*");
        let has_json = content.keys().any(|m| media_kind(m) == MediaKind::Json);
        let read = |m: &str| media_kind(m) == MediaKind::Json || (!has_json && ranged(m));
        for (media, _) in content.iter().filter(|(m, _)| !read(m)) {
            losses.push(Loss::wire(
                refs::push(&content_at, media),
                media_category(media),
                format!("a `{media}` answer is left out: the spec answers JSON only"),
            ));
        }
        // The JSON entry that has a schema: a document may list `application/json` with
        // its example alone beside `application/json; charset=utf-8` with the schema
        // (Zuora's); without any, any JSON value.
        let (media, value) = with_schema_first(content, |m| read(m))?;
        if ranged(media) {
            losses.push(Loss::faithful(
                refs::push(&content_at, media),
                media_category(media),
                format!("a `{media}` answer is answered as JSON, one type of it"),
            ));
        }
        let schema_at = refs::push(&refs::push(&content_at, media), "schema");
        Some(match value.get("schema") {
            Some(schema) => {
                let used = types.use_of(schema, &schema_at, hint, losses);
                Body::json(used.spelled, used.nullable)
            }
            None => Body::json("any".to_owned(), false),
        })
    }
}

/// Of the entries of `content` whose media type is `wanted`: `application/json` itself with a
/// schema, else the first with a schema, else the first. The export names the body
/// `application/json`, so where a document gives that type a schema of its own beside
/// another JSON type's (ConfigCat's `application/hal+json` with `_links`), it is that one.
fn with_schema_first(
    content: &serde_json::Map<String, Value>,
    wanted: impl Fn(&str) -> bool,
) -> Option<(&String, &Value)> {
    let chosen = || content.iter().filter(|(media, _)| wanted(media));
    let first = chosen().next()?;
    let described = |(_, value): &(&String, &Value)| value.get("schema").is_some();
    let plain = chosen()
        .filter(described)
        .find(|(media, _)| crate::media::essence(media) == "application/json");
    Some(plain.or_else(|| chosen().find(described)).unwrap_or(first))
}

/// An answer's body: its type, whether it may be `null`, and the media type it is
/// written in as text, where it is not JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Body {
    pub(crate) spelled: String,
    pub(crate) nullable: bool,
    pub(crate) media: Option<String>,
}

impl Body {
    pub(crate) fn json(spelled: String, nullable: bool) -> Self {
        Body {
            spelled,
            nullable,
            media: None,
        }
    }
}
