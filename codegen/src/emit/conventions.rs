//! The spec's conventions as one constant, `CONVENTIONS`, which the service description
//! and the typed client both use.

use proc_macro2::TokenStream;
use quote::quote;

use super::service::{method_tokens, opt_str};
use crate::model::{ErrorFormat, Service};

pub(crate) fn tokens(service: &Service) -> TokenStream {
    let c = &service.conventions;
    let authenticated_prefix = opt_str(&c.authenticated_prefix);
    let json_prefix = opt_str(&c.json_prefix);
    let pretty_by_default = c.pretty_by_default;
    let pretty_parameter = opt_str(&c.pretty_parameter);
    let compact_when_accept = opt_str(&c.compact_when_accept);
    let method_override_parameter = opt_str(&c.method_override_parameter);
    let methods = c.method_override_methods.iter().map(|m| method_tokens(*m));
    let content_type_override_parameter = opt_str(&c.content_type_override_parameter);
    let create_only_header = opt_str(&c.create_only_header);
    let trace_parameter = opt_str(&c.trace_parameter);
    let trace_header = opt_str(&c.trace_header);
    let xsrf_header = opt_str(&c.xsrf_header);
    let access_token_parameter = opt_str(&c.access_token_parameter);
    let self_alias = opt_str(&c.self_alias);
    let cors_setting = opt_str(&c.cors_setting);
    let run_as = match &c.run_as {
        Some(r) => {
            let (header, capability) = (&r.header, &r.capability);
            quote! { Some(rt::RunAsConventions { header: #header, capability: #capability }) }
        }
        None => quote! { None },
    };
    let security_headers = c.security_headers;
    let openapi_path = opt_str(&c.openapi_path);
    let error_format = match c.error_format {
        ErrorFormat::Plain => quote! { rt::ErrorFormat::Plain },
        ErrorFormat::ProblemJson => quote! { rt::ErrorFormat::ProblemJson },
    };
    let sessions = match &c.sessions {
        Some(s) => {
            let (cookie, xsrf_cookie, login_path, logout_path) =
                (&s.cookie, &s.xsrf_cookie, &s.login_path, &s.logout_path);
            quote! {
                Some(rt::SessionConventions {
                    cookie: #cookie,
                    xsrf_cookie: #xsrf_cookie,
                    login_path: #login_path,
                    logout_path: #logout_path,
                })
            }
        }
        None => quote! { None },
    };

    quote! {
        /// The protocol conventions of the spec, each a name or a switch: what the service
        /// follows and what its client applies.
        pub const CONVENTIONS: rt::Conventions = rt::Conventions {
            authenticated_prefix: #authenticated_prefix,
            json_prefix: #json_prefix,
            pretty_by_default: #pretty_by_default,
            pretty_parameter: #pretty_parameter,
            compact_when_accept: #compact_when_accept,
            method_override_parameter: #method_override_parameter,
            method_override_methods: &[#(#methods),*],
            content_type_override_parameter: #content_type_override_parameter,
            create_only_header: #create_only_header,
            trace_parameter: #trace_parameter,
            trace_header: #trace_header,
            xsrf_header: #xsrf_header,
            access_token_parameter: #access_token_parameter,
            self_alias: #self_alias,
            cors_setting: #cors_setting,
            sessions: #sessions,
            run_as: #run_as,
            security_headers: #security_headers,
            error_format: #error_format,
            openapi_path: #openapi_path,
        };
    }
}
