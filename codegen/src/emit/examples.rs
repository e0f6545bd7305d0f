//! The spec's examples as tests: one `#[test]` per example, each handing its data to
//! `restspec_runtime::example_tests::run_blocking` with the caller's start function.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use crate::model::{Example, ExampleRequest, Service};

/// The test functions of every example in `service`, calling `start` to build the service.
pub(crate) fn tests(service: &Service, start: &TokenStream) -> TokenStream {
    let json_prefix = match &service.conventions.json_prefix {
        Some(prefix) => quote! { ::core::option::Option::Some(#prefix) },
        None => quote! { ::core::option::Option::None },
    };
    let tests = service.families.iter().flat_map(|family| {
        family.endpoints.iter().flat_map(|endpoint| {
            endpoint
                .examples
                .iter()
                .map(|example| test(&endpoint.name, example, &json_prefix, start))
        })
    });
    quote! { #(#tests)* }
}

fn test(
    endpoint: &str,
    example: &Example,
    json_prefix: &TokenStream,
    start: &TokenStream,
) -> TokenStream {
    let name = Ident::new(&example.test_name, Span::call_site());
    let doc = format!(" {}: {} ({}).", endpoint, example.name, example.location);
    let title = &example.name;
    let location = example.location.to_string();
    let setup = example.setup.iter().map(request);
    let request = request(&example.request);
    let response = &example.response;
    let status = response.status;
    let headers = pairs(&response.headers);
    let body = option(response.body.as_ref().map(|b| b.to_string()));
    let fields = response.fields.iter().map(|(name, value, _)| {
        let value = value.to_string();
        quote! { (#name, #value) }
    });
    let text = option(response.text.clone());
    let quota_group = option(response.quota_group.as_ref().map(|(g, _)| g.clone()));
    quote! {
        #[doc = #doc]
        #[test]
        fn #name() {
            static EXAMPLE: ::restspec_runtime::example_tests::Example = ::restspec_runtime::example_tests::Example {
                endpoint: #endpoint,
                name: #title,
                location: #location,
                json_prefix: #json_prefix,
                setup: &[#(#setup),*],
                request: #request,
                response: ::restspec_runtime::example_tests::Expected {
                    status: #status,
                    headers: #headers,
                    body: #body,
                    fields: &[#(#fields),*],
                    text: #text,
                    quota_group: #quota_group,
                },
            };
            ::restspec_runtime::example_tests::run_blocking(&EXAMPLE, #start);
        }
    }
}

fn request(request: &ExampleRequest) -> TokenStream {
    let method = request.method.as_str();
    let path = &request.path;
    let query = pairs(&request.query);
    let headers = pairs(&request.headers);
    let body = option(request.body.as_ref().map(|b| b.to_string()));
    let user = option(request.user.clone());
    quote! {
        ::restspec_runtime::example_tests::Request {
            method: #method,
            path: #path,
            query: #query,
            headers: #headers,
            body: #body,
            user: #user,
        }
    }
}

fn pairs(pairs: &[(String, String)]) -> TokenStream {
    let pairs = pairs.iter().map(|(k, v)| quote! { (#k, #v) });
    quote! { &[#(#pairs),*] }
}

fn option(value: Option<String>) -> TokenStream {
    match value {
        Some(v) => quote! { ::core::option::Option::Some(#v) },
        None => quote! { ::core::option::Option::None },
    }
}
