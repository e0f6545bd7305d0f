//! The service description constants: conventions, status table, families, endpoints.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::runtime_values::{condition_tokens, method_tokens};
use super::{doc, opt_str};
use crate::model::{Anonymous, Endpoint, Family, Service};
use crate::names;

pub(crate) fn family_const(family: &Family) -> proc_macro2::Ident {
    format_ident!("{}", names::screaming(&family.name))
}

pub(crate) fn endpoint_const(endpoint: &Endpoint) -> proc_macro2::Ident {
    format_ident!("{}", names::screaming(&endpoint.name))
}

/// The description constants, `OPENAPI` being `openapi_document` (a literal or an
/// `include_str!`).
pub(crate) fn tokens(service: &Service, openapi_document: &TokenStream) -> TokenStream {
    let statuses = service.statuses.iter().map(|s| {
        let (name, code, message) = (&s.name, Literal::u16_unsuffixed(s.code), &s.message);
        let conditions = s.raised_for.iter().map(|c| condition_tokens(c));
        // Only a row that fills in the error body's own placeholders says so; the rest
        // comes from `USUAL` (left out while every field is written, as clippy asks).
        let values = if s.values.is_empty() {
            quote! {}
        } else {
            let values = s.values.iter().map(|(k, v)| quote! { (#k, #v) });
            quote! { values: &[#(#values),*], }
        };
        let message_for = s
            .message_for
            .as_ref()
            .map(|m| quote! { message_for: Some(#m), });
        let format = s.error_format.map(|f| {
            let format = super::conventions::error_format_value(f, s.error_body.as_ref());
            quote! { format: Some(#format), }
        });
        let usual = (s.values.is_empty() || message_for.is_none() || format.is_none())
            .then(|| quote! { ..rt::StatusEntry::USUAL });
        quote! {
            rt::StatusEntry {
                name: #name,
                code: #code,
                message: #message,
                conditions: &[#(#conditions),*],
                #values
                #message_for
                #format
                #usual
            }
        }
    });
    let family_refs = service.families.iter().map(|f| {
        let ident = family_const(f);
        quote! { &families::#ident }
    });
    let endpoint_refs = service.families.iter().flat_map(|f| &f.endpoints).map(|e| {
        let ident = endpoint_const(e);
        quote! { &endpoints::#ident }
    });
    let (name, title, base_url) = (&service.name, &service.title, &service.base_url);
    let files = &service.files;
    let service_doc = doc(&format!(
        "{title}{}\n\nDescribed by {}.",
        service
            .description
            .as_deref()
            .map(|d| format!(": {}", d.trim()))
            .unwrap_or_default(),
        files.join(", ")
    ));
    let families = service.families.iter().map(family_tokens);
    let endpoints = super::indexed_endpoints(service)
        .map(|(index, family, endpoint)| endpoint_tokens(service, family, endpoint, index));

    quote! {
        /// The spec files this module was generated from. Edit them, not this code: the
        /// module is regenerated on every build.
        #[allow(dead_code)]
        pub const SPEC_FILES: &[&str] = &[#(#files),*];

        /// The service's OpenAPI 3.1 document (compact JSON), generated from the same spec.
        pub const OPENAPI: &str = #openapi_document;

        #service_doc
        pub const SERVICE: rt::ServiceSpec = rt::ServiceSpec {
            name: #name,
            title: #title,
            base_url: #base_url,
            conventions: CONVENTIONS,
            openapi: OPENAPI,
            statuses: &[#(#statuses),*],
            families: &[#(#family_refs),*],
            endpoints: &[#(#endpoint_refs),*],
        };

        /// The endpoint families, one constant each.
        pub mod families {
            #[allow(unused_imports)]
            use super::rt;
            #(#families)*
        }

        /// Every endpoint: method, template, route and quota group, computed when the code
        /// was generated.
        pub mod endpoints {
            #[allow(unused_imports)]
            use super::rt;
            #(#endpoints)*
        }
    }
}

fn family_tokens(family: &Family) -> TokenStream {
    let ident = family_const(family);
    let (name, prefix) = (&family.name, &family.prefix);
    // A family without a top-level resource has no id: `""` (the runtime resolves nothing).
    let id_param = family.id_param.as_deref().unwrap_or_default();
    // Written only where two segments name the resource: other families keep the default
    // (and so does every field the runtime adds later).
    let owner = match family.owner_param.as_deref() {
        Some(owner) => quote! { owner_param: #owner, },
        None => quote! { ..rt::FamilySpec::NONE },
    };
    let metadata = &family.quota_metadata;
    let text = match &family.description {
        Some(d) => format!("`{prefix}`: {}.\n\n{}", family.covers, d.trim()),
        None => format!("`{prefix}`: {}.", family.covers),
    };
    let docs = doc(&text);
    quote! {
        #docs
        pub const #ident: rt::FamilySpec = rt::FamilySpec {
            name: #name,
            prefix: #prefix,
            id_param: #id_param,
            quota_metadata: &[#(#metadata),*],
            #owner
        };
    }
}

fn endpoint_tokens(
    service: &Service,
    family: &Family,
    endpoint: &Endpoint,
    index: usize,
) -> TokenStream {
    let index = Literal::usize_unsuffixed(index);
    let ident = endpoint_const(endpoint);
    let family_ident = family_const(family);
    let name = &endpoint.name;
    let method = method_tokens(endpoint.method);
    let template = &endpoint.path.raw;
    let route = endpoint.path.route();
    let quota_group = &endpoint.quota_group;
    let params: Vec<&str> = endpoint.path.params().collect();
    // A `style: comma` list is also read as `name[]` and `name[0]`: listing `name[]` tells
    // the runtime so.
    // A query selector is an option the request may (must) carry, too.
    let selector_option = endpoint
        .selected_by
        .as_ref()
        .filter(|s| s.place == crate::model::SelectorPlace::Query && s.value.is_some())
        .map(|s| s.name.clone());
    let options = endpoint
        .query
        .iter()
        .flat_map(|o| {
            let bracketed = o.comma_separated.then(|| format!("{}[]", o.wire));
            std::iter::once(o.wire.clone()).chain(bracketed)
        })
        .chain(selector_option);
    // Indices of the parameters in which the self alias stands for the caller.
    let self_params = params
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            service
                .conventions
                .self_alias_params
                .iter()
                .any(|s| s == *p)
        })
        .map(|(i, _)| Literal::usize_unsuffixed(i));
    // Fields at their usual value are left to `rt::EndpointSpec::USUAL`.
    let mut rare: Vec<TokenStream> = Vec::new();
    if !params.is_empty() {
        rare.push(quote! { params: &[#(#params),*] });
    }
    let self_params: Vec<_> = self_params.collect();
    if !self_params.is_empty() {
        rare.push(quote! { self_params: &[#(#self_params),*] });
    }
    let options: Vec<_> = options.collect();
    if !options.is_empty() {
        rare.push(quote! { options: &[#(#options),*] });
    }
    let maps: Vec<TokenStream> = (endpoint.query.iter())
        .filter(|o| matches!(o.ty, crate::model::OptionType::Map(_)))
        .map(|o| {
            let (wire, deep) = (&o.wire, o.deep_object);
            quote! { (#wire, #deep) }
        })
        .collect();
    if !maps.is_empty() {
        rare.push(quote! { query_maps: &[#(#maps),*] });
    }
    let nested: Vec<&str> = (endpoint.query.iter())
        .filter(|o| matches!(o.ty, crate::model::OptionType::Nested(_)))
        .map(|o| o.wire.as_str())
        .collect();
    if !nested.is_empty() {
        rare.push(quote! { nested_options: &[#(#nested),*] });
    }
    if endpoint.creates {
        rare.push(quote! { creates: true });
    }
    if let Some(selector) = &endpoint.selected_by {
        let name = &selector.name;
        let selector = match (&selector.value, selector.place) {
            (Some(value), crate::model::SelectorPlace::Header) => {
                quote! { rt::Selector::Header { name: #name, value: #value } }
            }
            (Some(value), crate::model::SelectorPlace::Query) => {
                quote! { rt::Selector::Query { name: #name, value: #value } }
            }
            (None, _) => quote! { rt::Selector::QueryKey { name: #name } },
        };
        rare.push(quote! { selected_by: Some(#selector) });
    }
    if endpoint.capability.is_some() {
        let capability = opt_str(&endpoint.capability);
        rare.push(quote! { capability: #capability });
    }
    if !endpoint.other_successes.is_empty() {
        let other_successes = endpoint
            .other_successes
            .iter()
            .map(|s| Literal::u16_unsuffixed(*s));
        rare.push(quote! { other_successes: &[#(#other_successes),*] });
    }
    if let Some(body) = &endpoint.error_body {
        let format =
            super::conventions::error_format_value(crate::model::ErrorFormat::Json(()), Some(body));
        rare.push(quote! { error_format: Some(#format) });
    }
    let refusals = crate::model::answers::refusal_rows(service, endpoint);
    if !refusals.is_empty() {
        let rows = refusals.iter().map(|row| {
            let code = Literal::u16_unsuffixed(row.code);
            let format = super::conventions::error_format_value(
                row.error_format
                    .unwrap_or(crate::model::ErrorFormat::Json(())),
                row.error_body.as_ref(),
            );
            quote! { (#code, #format) }
        });
        rare.push(quote! { refusals: &[#(#rows),*] });
    }
    if let Some(places) = &endpoint.credentials {
        let places = places.iter().map(|p| Literal::u8_unsuffixed(*p as u8));
        rare.push(quote! { credentials: Some(&[#(#places),*]) });
    }
    if !endpoint.empty_successes.is_empty() {
        let empty = endpoint
            .empty_successes
            .iter()
            .map(|s| Literal::u16_unsuffixed(*s));
        rare.push(quote! { empty_successes: &[#(#empty),*] });
    }
    let error_codes = crate::model::answers::error_codes(service, family, endpoint)
        .into_iter()
        .map(Literal::u16_unsuffixed);
    rare.push(quote! { error_codes: Some(&[#(#error_codes),*]) });
    if endpoint.request.is_some() {
        rare.push(quote! { request_body: true });
    }
    if let Some(bodies) = &endpoint.request_bodies {
        rare.push(quote! { request_bodies: Some(#bodies) });
    }
    if endpoint.response.is_some() {
        rare.push(quote! { response_body: true });
    }
    if let Some(content_type) = endpoint.response_content_type() {
        rare.push(quote! { response_media: Some(#content_type) });
    }
    if endpoint.paginated {
        rare.push(quote! { paginated: true });
    }
    rare.extend(super::options::spec_fields(endpoint));
    let patterns: Vec<TokenStream> = endpoint
        .path
        .params()
        .enumerate()
        .filter_map(|(i, name)| {
            let pattern = family.param_of(endpoint, name)?.pattern.as_deref()?;
            // As the runtime's matcher reads it (checked when the spec was read).
            let pattern = crate::pattern::for_matcher(pattern).ok()?;
            let i = Literal::usize_unsuffixed(i);
            Some(quote! { (#i, #pattern) })
        })
        .collect();
    if !patterns.is_empty() {
        rare.push(quote! { param_patterns: &[#(#patterns),*] });
    }
    let lengths: Vec<TokenStream> = endpoint
        .path
        .params()
        .enumerate()
        .filter_map(|(i, name)| {
            let param = family.param_of(endpoint, name)?;
            if param.min_length.is_none() && param.max_length.is_none() {
                return None;
            }
            let limit = |n: Option<u64>, none: u32| {
                Literal::u32_unsuffixed(n.map_or(none, |n| u32::try_from(n).unwrap_or(u32::MAX)))
            };
            let (i, fewest, most) = (
                Literal::usize_unsuffixed(i),
                limit(param.min_length, 0),
                limit(param.max_length, u32::MAX),
            );
            Some(quote! { (#i, #fewest, #most) })
        })
        .collect();
    if !lengths.is_empty() {
        rare.push(quote! { param_lengths: &[#(#lengths),*] });
    }
    let bounds: Vec<TokenStream> = endpoint
        .path
        .params()
        .enumerate()
        .filter_map(|(i, name)| {
            let param = family.param_of(endpoint, name)?;
            if param.minimum.is_none() && param.maximum.is_none() {
                return None;
            }
            let bound = |n: Option<f64>, none: TokenStream| {
                n.map_or(none, |n| {
                    let n = Literal::f64_suffixed(n);
                    quote! { #n }
                })
            };
            let (i, least, most) = (
                Literal::usize_unsuffixed(i),
                bound(param.minimum, quote! { f64::NEG_INFINITY }),
                bound(param.maximum, quote! { f64::INFINITY }),
            );
            Some(quote! { (#i, #least, #most) })
        })
        .collect();
    if !bounds.is_empty() {
        rare.push(quote! { param_bounds: &[#(#bounds),*] });
    }
    let values: Vec<TokenStream> = endpoint
        .path
        .params()
        .enumerate()
        .filter_map(|(i, name)| {
            let param = family.param_of(endpoint, name)?;
            let values = (param.values.iter())
                .filter_map(serde_json::Value::as_f64)
                .map(Literal::f64_suffixed);
            let i = Literal::usize_unsuffixed(i);
            (!param.values.is_empty()).then(|| quote! { (#i, &[#(#values),*]) })
        })
        .collect();
    if !values.is_empty() {
        rare.push(quote! { param_values: &[#(#values),*] });
    }
    let affixes: Vec<TokenStream> = endpoint
        .path
        .segments
        .iter()
        .filter(|s| !s.params().is_empty())
        .enumerate()
        .filter_map(|(i, segment)| match segment {
            crate::model::Segment::Affixed { texts, .. } => {
                let i = Literal::usize_unsuffixed(i);
                Some(quote! { (#i, &[#(#texts),*]) })
            }
            _ => None,
        })
        .collect();
    if !affixes.is_empty() {
        rare.push(quote! { param_affixes: &[#(#affixes),*] });
    }
    // The quota category is written only where a header carries it.
    let carried = service
        .conventions
        .rate_limit_headers
        .as_ref()
        .is_some_and(|h| h.resource.is_some());
    if let Some(resource) = endpoint.rate_limit_resource.as_ref().filter(|_| carried) {
        rare.push(quote! { rate_limit_resource: Some(#resource) });
    }
    if let Some(since) = &endpoint.deprecated_since {
        let value = since.header_value();
        rare.push(quote! { deprecation: Some(#value) });
    }
    if endpoint.anonymous != Anonymous::default() {
        let anonymous = endpoint.anonymous;
        rare.push(quote! { anonymous: #anonymous });
    }
    let success = Literal::u16_unsuffixed(endpoint.status);
    let docs = doc(&format!(
        "`{} {template}`: {}\n\nQuota group `{quota_group}`.",
        endpoint.method.as_str(),
        endpoint.summary
    ));
    quote! {
        #docs
        pub const #ident: rt::EndpointSpec = rt::EndpointSpec {
            index: #index,
            name: #name,
            family: &super::families::#family_ident,
            method: #method,
            template: #template,
            route: #route,
            quota_group: #quota_group,
            success: #success,
            #(#rare,)*
            ..rt::EndpointSpec::USUAL
        };
    }
}
