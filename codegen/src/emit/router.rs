//! The dispatch table: `Api<H>`, the runtime's `Api` over the service's handlers, with one
//! `match` arm per handler trait (a range of indices in `SERVICE.endpoints`) and one per
//! family with a resolver; a function per handler trait with one arm per endpoint; and
//! `router()`, which builds the service from it.
//!
//! Each endpoint's arm is the only per-endpoint code: it reads the endpoint's options and
//! body (when it has them), calls the handler method and writes the answer. Everything else
//! runs in the runtime, compiled once.
//!
//! The table is in two steps so that no function has more than [`MOST_ARMS`] arms: the
//! borrow checker's work on one `async` function grows faster than its arms do, and one
//! `match` over the 11,422 endpoints of the largest public API took it past 16 GB.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::handlers::{family_trait, resolved_families, resolver_method, section_trait};
use crate::model::{Endpoint, Family, PageStyle, Service};
use crate::names;

/// The most endpoint arms one dispatch function has: a handler trait with more is
/// dispatched by several.
pub(crate) const MOST_ARMS: usize = 128;

pub(crate) fn tokens(service: &Service) -> TokenStream {
    let resolver_arm = |family: &Family, args: TokenStream| {
        let name = &family.name;
        let method = resolver_method(family);
        let convert = if family.quota_metadata.is_empty() {
            quote! { rt::resolved_exists }
        } else {
            quote! { rt::resolved }
        };
        quote! { #name => #convert(handlers.#method(caller, #args).await), }
    };
    let resolvers: Vec<TokenStream> = resolved_families(service)
        .filter(|f| f.owner_param.is_none())
        .map(|family| resolver_arm(family, quote! { id }))
        .collect();
    // Families whose resources two segments name (`/repos/{owner}/{repo}`).
    let owned: Vec<TokenStream> = resolved_families(service)
        .filter(|f| f.owner_param.is_some())
        .map(|family| resolver_arm(family, quote! { owner, id }))
        .collect();
    let resolve_owned = (!owned.is_empty()).then(|| {
        quote! {
            async fn resolve_owned(
                &self,
                family: &'static rt::FamilySpec,
                caller: &rt::Caller,
                owner: &str,
                id: &str,
            ) -> rt::Resolution {
                let handlers = &self.0;
                match family.name {
                    #(#owned)*
                    _ => rt::no_resolver(family),
                }
            }
        }
    });
    let resolve = if resolvers.is_empty() {
        quote! {
            async fn resolve(
                &self,
                family: &'static rt::FamilySpec,
                _: &rt::Caller,
                _: &str,
            ) -> rt::Resolution {
                rt::no_resolver(family)
            }
        }
    } else {
        quote! {
            async fn resolve(
                &self,
                family: &'static rt::FamilySpec,
                caller: &rt::Caller,
                id: &str,
            ) -> rt::Resolution {
                let handlers = &self.0;
                match family.name {
                    #(#resolvers)*
                    _ => rt::no_resolver(family),
                }
            }
        }
    };
    let groups = trait_groups(service);
    let ranges = groups.iter().map(|group| {
        let (first, last) = (
            Literal::usize_unsuffixed(group.first),
            Literal::usize_unsuffixed(group.last),
        );
        let function = &group.function;
        if group.first == group.last {
            quote! { #first => #function(handlers, call).await, }
        } else {
            quote! { #first..=#last => #function(handlers, call).await, }
        }
    });
    let functions = groups.iter().map(|group| group_function(service, group));
    quote! {
        /// The service's handlers as the runtime calls them: a table with one arm per
        /// handler trait, each a range of `SERVICE.endpoints`.
        #[derive(Debug, Clone, Default)]
        pub struct Api<H>(pub H);

        /// Builds the service that serves every endpoint with `handlers`, behind the
        /// runtime's conventions: serve it with `restspec_runtime::serve`, or turn it into
        /// an axum router with `into_router()` (the runtime's `axum` feature).
        pub fn router<H: Handlers, A: rt::Authenticator>(
            handlers: H,
            settings: rt::Settings<A>,
        ) -> rt::Service<Api<H>, A> {
            rt::Service::new(Api(handlers), settings)
        }

        impl<H: Handlers> rt::Api for Api<H> {
            const SERVICE: &'static rt::ServiceSpec = &SERVICE;

            #resolve
            #resolve_owned

            async fn call(&self, call: &rt::Call<'_>) -> rt::Answer {
                let handlers = &self.0;
                match call.endpoint().index {
                    #(#ranges)*
                    _ => Err(rt::ApiError::condition(rt::Condition::NotFound)),
                }
            }
        }

        #(#functions)*
    }
}

/// Endpoints next to each other in `SERVICE.endpoints` whose methods are one handler
/// trait's, at most [`MOST_ARMS`] of them: what one dispatch function serves.
struct TraitGroup<'s> {
    /// The handler trait.
    trait_name: proc_macro2::Ident,
    /// `call_changes_handlers`, `call_changes_handlers_2` for a trait's second group.
    function: proc_macro2::Ident,
    /// The indices of the first and the last endpoint.
    first: usize,
    last: usize,
    endpoints: Vec<(usize, &'s Family, &'s Endpoint)>,
}

/// The service's endpoints in their order, grouped by handler trait.
fn trait_groups(service: &Service) -> Vec<TraitGroup<'_>> {
    let mut groups: Vec<TraitGroup<'_>> = Vec::new();
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (index, family, endpoint) in super::indexed_endpoints(service) {
        let trait_name = match endpoint
            .section
            .as_deref()
            .and_then(|name| family.sections.iter().find(|s| s.name == name))
        {
            Some(section) => section_trait(family, section),
            None => family_trait(family),
        };
        if let Some(group) = groups.last_mut()
            && group.trait_name == trait_name
            && group.endpoints.len() < MOST_ARMS
        {
            group.last = index;
            group.endpoints.push((index, family, endpoint));
            continue;
        }
        let count = seen.entry(trait_name.to_string()).or_default();
        *count += 1;
        let base = format!("call_{}", names::snake(&trait_name.to_string()));
        let function = if *count == 1 {
            format_ident!("{base}")
        } else {
            format_ident!("{base}_{count}")
        };
        groups.push(TraitGroup {
            trait_name,
            function,
            first: index,
            last: index,
            endpoints: vec![(index, family, endpoint)],
        });
    }
    groups
}

/// One group's dispatch function: an arm per endpoint, generic over the handler trait
/// alone.
fn group_function(service: &Service, group: &TraitGroup<'_>) -> TokenStream {
    let TraitGroup {
        trait_name,
        function,
        ..
    } = group;
    let arms = group.endpoints.iter().map(|(index, family, endpoint)| {
        let index = Literal::usize_unsuffixed(*index);
        let call = arm_tokens(service, family, endpoint);
        quote! { #index => #call, }
    });
    let docs = super::doc(&if group.first == group.last {
        format!(
            "The endpoint of [`{trait_name}`] at `SERVICE.endpoints[{}]`.",
            group.first
        )
    } else {
        format!(
            "The endpoints of [`{trait_name}`] in `SERVICE.endpoints[{}..={}]`, an arm each.",
            group.first, group.last
        )
    });
    quote! {
        #docs
        async fn #function<H: #trait_name>(handlers: &H, call: &rt::Call<'_>) -> rt::Answer {
            match call.endpoint().index {
                #(#arms)*
                _ => Err(rt::ApiError::condition(rt::Condition::NotFound)),
            }
        }
    }
}

/// One arm: options and body read, the handler called with the path parameters in
/// template order, the answer written as the endpoint's response type.
fn arm_tokens(service: &Service, family: &Family, endpoint: &Endpoint) -> TokenStream {
    let method = format_ident!("{}", endpoint.name);
    // Typed parameters are parsed here, before the handler: one that does not parse
    // names nothing (404).
    let params: Vec<TokenStream> = endpoint
        .path
        .params()
        .enumerate()
        .map(|(i, name)| {
            let i = Literal::usize_unsuffixed(i);
            match family.param_type_of(endpoint, name) {
                crate::model::ParamType::String => quote! { call.param(#i) },
                crate::model::ParamType::Integer => quote! { call.param_integer(#i)? },
                crate::model::ParamType::Enum(_) => quote! { call.param_value(#i)? },
                // Numbers by their `FromStr`, text of a format by its serde reading.
                crate::model::ParamType::Number => quote! { call.param_parsed::<f64>(#i)? },
                // `true` or `false`, as `bool`'s `FromStr` reads them.
                crate::model::ParamType::Boolean => quote! { call.param_parsed::<bool>(#i)? },
                crate::model::ParamType::Scalar(scalar) if scalar.is_number() => {
                    quote! { call.param_parsed(#i)? }
                }
                crate::model::ParamType::Scalar(_) => quote! { call.param_value(#i)? },
            }
        })
        .collect();
    let (read_options, options) = if endpoint.query.is_empty() {
        (None, None)
    } else {
        (
            Some(quote! { let options = call.options()?; }),
            Some(quote! { options, }),
        )
    };
    let (read_headers, headers) = if endpoint.headers.is_empty() {
        (None, None)
    } else {
        (
            Some(quote! { let headers = call.headers()?; }),
            Some(quote! { headers, }),
        )
    };
    let (read_body, body) = match endpoint.request {
        Some(_) if endpoint.request_nullable => {
            let optional = endpoint.request_optional;
            (
                Some(quote! { let body = call.nullable_body(#optional)?; }),
                Some(quote! { body }),
            )
        }
        Some(_) if endpoint.request_optional => (
            Some(quote! { let body = call.optional_body()?; }),
            Some(quote! { body }),
        ),
        Some(_) => (
            Some(quote! { let body = call.body()?; }),
            Some(quote! { body }),
        ),
        None => (None, None),
    };
    let output = super::rust_types::response_type(endpoint, service.conventions.timestamp_format);
    if let Some(p) = service
        .conventions
        .pagination
        .as_ref()
        .filter(|_| endpoint.paginated)
    {
        let (read_page, reply) = match p.style() {
            PageStyle::Pages => (
                quote! { call.page_request()? },
                quote! { call.reply_page(answer, &page) },
            ),
            PageStyle::Offset => {
                let mark = super::rust_types::more_marker(service, endpoint, p);
                (
                    quote! { call.offset_request()? },
                    quote! { call.reply_offset_page(answer, &page, #mark) },
                )
            }
            PageStyle::Cursor => (
                quote! { call.cursor_request()? },
                quote! { call.reply_cursor_page(answer) },
            ),
        };
        return quote! {
            {
                let page = #read_page;
                #read_options
                #read_headers
                #read_body
                let answer = handlers
                    .#method(call.context(), #(#params,)* page, #options #headers #body)
                    .await;
                #reply
            }
        };
    }
    quote! {
        {
            #read_options
            #read_headers
            #read_body
            let answer =
                handlers.#method(call.context(), #(#params,)* #options #headers #body).await;
            call.reply::<#output>(answer)
        }
    }
}
