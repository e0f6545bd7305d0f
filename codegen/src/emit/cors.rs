//! `conventions.cors` as the runtime's `CorsConventions`, computed here once: the methods
//! the spec's endpoints use, the headers its credentials and echoed headers name, and the
//! pagination, rate-limit and echoed headers a browser script must be able to read.

use proc_macro2::TokenStream;
use quote::quote;

use super::runtime_values::method_tokens;
use crate::model::{Credential, Method, Service};

/// `cors: rt::CorsConventions { .. }`, when the spec has a `cors` block.
pub(crate) fn field(service: &Service) -> Option<TokenStream> {
    let c = &service.conventions;
    let cors = c.cors.as_ref()?;
    let used = |method: Method| {
        service
            .families
            .iter()
            .flat_map(|f| &f.endpoints)
            .any(|e| e.method == method || (method == Method::Head && e.method == Method::Get))
    };
    let order = [
        Method::Get,
        Method::Head,
        Method::Post,
        Method::Put,
        Method::Patch,
        Method::Delete,
    ];
    let methods: Vec<Method> = order.into_iter().filter(|m| used(*m)).collect();
    let mut joined: Vec<&str> = methods.iter().map(|m| m.as_str()).collect();
    joined.push("OPTIONS");
    let joined = joined.join(", ");
    let preflight = methods.iter().map(|m| method_tokens(*m));

    let mut allow: Vec<String> = c
        .credentials
        .iter()
        .flat_map(Credential::keys)
        .filter_map(|credential| match credential {
            Credential::Header(name) => Some(name.to_ascii_lowercase()),
            _ => None,
        })
        .collect();
    allow.extend(cors.allow_headers.iter().map(|h| h.to_ascii_lowercase()));
    // Echoed headers are sent by scripts (an API version) and read back.
    allow.extend(c.echo_headers.iter().map(|e| e.name.to_ascii_lowercase()));

    let mut expose: Vec<String> = cors.expose_headers.clone();
    if let Some(p) = &c.pagination {
        if p.has_link_header() {
            expose.push("Link".to_owned());
        }
        for name in p.count_headers().into_iter().flatten().flatten() {
            expose.push(name.clone());
        }
    }
    if let Some(h) = &c.rate_limit_headers {
        expose.extend(h.names().map(str::to_owned));
        if h.ietf_policy.is_some() {
            expose.extend(["RateLimit".to_owned(), "RateLimit-Policy".to_owned()]);
        }
    }
    expose.extend(c.echo_headers.iter().map(|e| e.name.clone()));
    let mut seen = Vec::new();
    expose.retain(|name| {
        let lower = name.to_ascii_lowercase();
        let first = !seen.contains(&lower);
        seen.push(lower);
        first
    });
    let expose = if expose.is_empty() {
        quote! { None }
    } else {
        let joined = expose.join(", ");
        quote! { Some(#joined) }
    };
    let any_origin = cors.any_origin;
    Some(quote! {
        cors: rt::CorsConventions {
            methods: #joined,
            preflight_methods: &[#(#preflight),*],
            allow_headers: &[#(#allow),*],
            expose_headers: #expose,
            any_origin: #any_origin,
        }
    })
}
