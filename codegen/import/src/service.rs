//! The service file: the service's name and address, the conventions the document shows,
//! the status table its errors need, the quota template, and the types.

use serde_json::Value;

use crate::errors::ErrorBody;
use crate::operations::Needs;
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::security::Security;
use crate::yaml_out::Yaml;

/// Where the service is: `base_url` (scheme and host) and the path every operation sits
/// under (`base_path`), from the document's first server.
pub(crate) struct Address {
    pub(crate) base_url: String,
    pub(crate) base_path: Option<String>,
}

pub(crate) fn address(document: &Value, losses: &mut Losses) -> Address {
    let servers = document.get("servers").and_then(Value::as_array);
    let Some(server) = servers.and_then(|s| s.first()) else {
        return Address {
            base_url: "http://localhost/".to_owned(),
            base_path: None,
        };
    };
    if servers.is_some_and(|s| s.len() > 1) {
        losses.push(Loss::faithful(
            "/servers".to_owned(),
            "servers",
            "only the first server is carried over",
        ));
    }
    let mut url = server
        .get("url")
        .and_then(Value::as_str)
        .unwrap_or("/")
        .to_owned();
    // Server variables take their defaults.
    if let Some(variables) = server.get("variables").and_then(Value::as_object) {
        for (name, variable) in variables {
            let default = variable
                .get("default")
                .and_then(Value::as_str)
                .unwrap_or_default();
            url = url.replace(&format!("{{{name}}}"), default);
        }
    }
    let (origin, path) = match url.split_once("://") {
        Some((scheme, rest)) => {
            let scheme = if scheme.eq_ignore_ascii_case("https") {
                "https"
            } else {
                "http"
            };
            let (host, path) = rest.split_once('/').map_or((rest, ""), |(h, p)| (h, p));
            (format!("{scheme}://{host}/"), path.to_owned())
        }
        None => match url.strip_prefix("//") {
            Some(rest) => {
                let (host, path) = rest.split_once('/').map_or((rest, ""), |(h, p)| (h, p));
                (format!("https://{host}/"), path.to_owned())
            }
            None => (
                "http://localhost/".to_owned(),
                url.trim_start_matches('/').to_owned(),
            ),
        },
    };
    let origin = if origin.contains(['{', '}', ' ']) {
        "http://localhost/".to_owned()
    } else {
        origin
    };
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let plain = |s: &&str| {
        s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-._~".contains(c))
    };
    let base_path = if segments.iter().all(plain) {
        (!segments.is_empty()).then(|| format!("/{}", segments.join("/")))
    } else {
        losses.push(Loss::wire(
            "/servers/0/url".to_owned(),
            "servers",
            format!("the server's path `{path}` is left out: it is not fixed path segments"),
        ));
        None
    };
    Address {
        base_url: origin,
        base_path,
    }
}

/// The service file's tree.
pub(crate) fn file(
    document: &Value,
    name: &str,
    address: &Address,
    security: &Security,
    needs: &Needs,
    error_body: Option<&ErrorBody>,
    types: Vec<(String, Yaml)>,
) -> Yaml {
    let info = document.get("info");
    let title = info
        .and_then(|i| i.get("title"))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .unwrap_or(name);
    let mut service = Yaml::map();
    service.push("name", Yaml::str(name));
    service.push("title", Yaml::str(title.lines().next().unwrap_or(title)));
    service.push("base_url", Yaml::str(address.base_url.clone()));
    if let Some(text) = info
        .and_then(|i| i.get("description"))
        .and_then(Value::as_str)
    {
        let text = text.trim();
        if !text.is_empty() {
            service.push("description", Yaml::str(text));
        }
    }
    let mut conventions = Yaml::map();
    if let Some(path) = &address.base_path {
        conventions.push("base_path", Yaml::str(path.clone()));
    }
    if !security.credentials.is_empty() {
        conventions.push("credentials", Yaml::List(security.credentials.clone()));
    }
    conventions.push("anonymous", Yaml::str(security.anonymous()));
    let mut pretty = Yaml::map();
    pretty.push("default", Yaml::str("compact"));
    conventions.push("pretty_printing", pretty);
    conventions.push("timestamp_format", Yaml::str("rfc3339"));
    conventions.push("json_content_type", Yaml::str("application/json"));
    // OpenAPI's `null` is a value only a nullable schema allows: on an optional field that
    // is not nullable it is invalid, not absent.
    conventions.push("null_optional_fields", Yaml::str("reject"));
    // A document lists the parameters an operation reads; it forbids no others, and real
    // services pass over what they do not read.
    conventions.push("unknown_options", Yaml::str("ignore"));
    if needs.request_bodies {
        conventions.push("empty_request_body", Yaml::str("refuse"));
    }
    // Request bodies a client may send as `text/json` too, every one of them (ASP.NET's):
    // JSON whatever the type.
    if needs.reads_json_of_any_type() {
        conventions.push("request_content_type", Yaml::str("any"));
    }
    if let Some(rate_limits) = &needs.rate_limits {
        conventions.push("rate_limit_headers", rate_limits.convention());
    }
    let media = crate::request_media::service_media(needs);
    if media != "json" {
        conventions.push("request_bodies", Yaml::str(media));
    }
    // Errors as JSON where most of them share a record the runtime's refusals can fill.
    if let Some(body) = error_body {
        conventions.push("error_format", Yaml::str("json"));
        conventions.push("error_body", body.written.shape.clone());
        conventions.push("error_type", Yaml::str(body.type_name.clone()));
        if body.default_answer {
            conventions.push("openapi_default_error", Yaml::Bool(true));
        }
    } else {
        // Errors the document gives as JSON of any shape (an object of any members,
        // Nordigen's and Mist's): the runtime's own are JSON too, their message in
        // `message`, which any shape holds.
        if needs.statuses.any_json_bodies(&types) {
            conventions.push("error_format", Yaml::str("json"));
            conventions.push(
                "error_body",
                Yaml::map_of("message", Yaml::str("{message}")),
            );
        }
        if needs.statuses.gives_default() {
            // Listed as `default` too (Azure's bodiless `default` answers).
            conventions.push("openapi_default_error", Yaml::Bool(true));
        }
    }
    let any_error = &needs.error_headers.entries;
    if !any_error.is_empty() {
        conventions.push("error_headers", Yaml::Map(any_error.clone()));
    }
    let statuses = (needs.statuses).table(error_body.map(|b| b.type_name.as_str()), any_error);
    let mut quota = Yaml::map();
    quota.push("group_template", Yaml::str("{name}"));
    let mut file = Yaml::map();
    file.push("service", service);
    file.push("conventions", conventions);
    file.push("statuses", statuses);
    file.push("quota", quota);
    if !types.is_empty() {
        file.push("types", Yaml::Map(types));
    }
    file
}

/// Keys of the document the spec does not carry, said once each.
pub(crate) fn unsaid(document: &Value, losses: &mut Losses) {
    for key in ["webhooks", "x-webhooks"] {
        if document
            .get(key)
            .is_some_and(|w| w.as_object().is_some_and(|o| !o.is_empty()))
        {
            losses.push(Loss::wire(
                refs::push("", key),
                "webhooks",
                "webhooks are not carried over",
            ));
        }
    }
}
