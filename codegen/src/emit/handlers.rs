//! The handler trait: one async method per endpoint, one resolver per family whose
//! endpoints name a top-level resource.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::doc;
use super::docs::summary_and_description;
use super::rust_types::rust_type;
use crate::model::{Endpoint, Family, PageStyle, Section, Service};
use crate::names;

/// Families whose endpoints name their top-level resource, so the trait has a resolver.
pub(crate) fn resolved_families(service: &Service) -> impl Iterator<Item = &Family> {
    service
        .families
        .iter()
        .filter(|f| f.endpoints.iter().any(|e| f.names_top_level(e)))
}

pub(crate) fn resource_struct(family: &Family) -> proc_macro2::Ident {
    format_ident!("{}Resource", names::pascal(&family.name))
}

pub(crate) fn resolver_method(family: &Family) -> proc_macro2::Ident {
    format_ident!("resolve_{}", names::snake(&family.name))
}

/// The handler trait of one family (`ChangesHandlers`): its resolver and the endpoints
/// outside its sections.
pub(crate) fn family_trait(family: &Family) -> proc_macro2::Ident {
    format_ident!("{}", names::handler_trait(&family.name, None))
}

/// The handler trait of one section of a family (`ChangesReviewersHandlers`).
pub(crate) fn section_trait(family: &Family, section: &Section) -> proc_macro2::Ident {
    format_ident!(
        "{}",
        names::handler_trait(&family.name, Some(&section.name))
    )
}

/// Whether the family has a trait of its own: a resolver, or endpoints outside its sections.
pub(crate) fn has_own_trait(family: &Family) -> bool {
    family
        .endpoints
        .iter()
        .any(|e| family.names_top_level(e) || e.section.is_none())
}

/// The handler traits of one family: the family's own (when it has one), then one per
/// section.
pub(crate) fn family_traits(family: &Family) -> Vec<proc_macro2::Ident> {
    has_own_trait(family)
        .then(|| family_trait(family))
        .into_iter()
        .chain(family.sections.iter().map(|s| section_trait(family, s)))
        .collect()
}

/// One handler trait per family, and per section of a family, so that a service can
/// implement each in a file of its own, and `Handlers`, implemented for every type that
/// implements them all.
pub(crate) fn tokens(service: &Service) -> TokenStream {
    let resources = resolved_families(service)
        .filter(|f| !f.quota_metadata.is_empty())
        .map(resource_tokens);
    let traits = service
        .families
        .iter()
        .filter(|f| !f.endpoints.is_empty())
        .map(|family| {
            let own = has_own_trait(family).then(|| own_trait_tokens(service, family));
            let sections = family
                .sections
                .iter()
                .map(|section| section_trait_tokens(service, family, section));
            quote! { #own #(#sections)* }
        });
    let names: Vec<_> = service.families.iter().flat_map(family_traits).collect();
    let trait_doc = doc(&format!(
        "Every endpoint of {}: implement each family's trait ({}) and pass the \
         implementation to [`router`]. Implemented automatically.",
        service.title,
        names
            .iter()
            .map(|n| format!("[`{n}`]"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    quote! {
        #(#resources)*

        #(#traits)*

        #trait_doc
        pub trait Handlers: Send + Sync + 'static #(+ #names)* {}

        impl<T> Handlers for T where T: Send + Sync + 'static #(+ #names)* {}
    }
}

/// The family's own trait: its resolver and the endpoints outside its sections.
fn own_trait_tokens(service: &Service, family: &Family) -> TokenStream {
    let name = family_trait(family);
    let resolver = family
        .endpoints
        .iter()
        .any(|e| family.names_top_level(e))
        .then(|| resolver_tokens(family));
    let methods = family
        .endpoints
        .iter()
        .filter(|e| e.section.is_none())
        .map(|e| method_tokens(service, family, e));
    let sections = if family.sections.is_empty() {
        String::new()
    } else {
        format!(
            " The endpoints of its sections are in {}.",
            family
                .sections
                .iter()
                .map(|s| format!("[`{}`]", section_trait(family, s)))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let docs = doc(&format!(
        "The endpoints of `{}` ({}), one method each.{sections}{}",
        family.prefix,
        family.covers,
        if resolver.is_some() {
            "\n\nThe resolver finds the top-level resource a path names; the runtime calls it \
             before quota checks and answers 404 when it finds nothing."
        } else {
            ""
        }
    ));
    quote! {
        #docs
        pub trait #name: Send + Sync + 'static {
            #resolver
            #(#methods)*
        }
    }
}

/// One section's trait: its endpoints, one method each.
fn section_trait_tokens(service: &Service, family: &Family, section: &Section) -> TokenStream {
    let name = section_trait(family, section);
    let methods = family
        .endpoints
        .iter()
        .filter(|e| e.section.as_deref() == Some(section.name.as_str()))
        .map(|e| method_tokens(service, family, e));
    let family_doc = if has_own_trait(family) {
        format!("[`{}`]", family_trait(family))
    } else {
        format!("the `{}` family", family.name)
    };
    let heading = format!(
        "The `{}` section of {family_doc} (`{}`): one method per endpoint.",
        section.name, family.prefix
    );
    let docs = doc(&match section.description.as_deref() {
        Some(covers) => format!("{}\n\n{heading}", covers.trim()),
        None => heading,
    });
    quote! {
        #docs
        pub trait #name: Send + Sync + 'static {
            #(#methods)*
        }
    }
}

fn resource_tokens(family: &Family) -> TokenStream {
    let ident = resource_struct(family);
    let fields: Vec<_> = family
        .quota_metadata
        .iter()
        .map(|m| format_ident!("{}", names::field_ident(m)))
        .collect();
    let metadata = &family.quota_metadata;
    let field_docs = metadata.iter().map(|m| doc(&format!("`{m}`")));
    let docs = doc(&format!(
        "The top-level resource of `{}` as its resolver finds it: the metadata quota checks carry.",
        family.prefix
    ));
    let found_doc = doc(
        "What the resolver found, handed on to the handler (`rt::ResolvedRecord::new(row)`, read back \
         with `ctx.found::<Row>()`); `Default::default()` hands on nothing.",
    );
    quote! {
        #docs
        #[derive(Debug, Clone, Default, PartialEq, Eq)]
        pub struct #ident {
            #(#field_docs pub #fields: String,)*
            #found_doc
            pub found: rt::ResolvedRecord,
        }

        impl rt::TopLevelResource for #ident {
            fn into_metadata(self) -> rt::ResourceMetadata {
                rt::ResourceMetadata::new(vec![#((#metadata, self.#fields)),*])
                    .with_found(self.found)
            }
        }
    }
}

fn resolver_tokens(family: &Family) -> TokenStream {
    let method = resolver_method(family);
    let id_param = family.id_param.as_deref().unwrap_or_default();
    let id = format_ident!("{}", names::field_ident(id_param));
    let param_doc = family
        .params
        .iter()
        .find(|p| p.name == id_param)
        .map(|p| p.description.trim().to_owned())
        .unwrap_or_default();
    let (output, what) = if family.quota_metadata.is_empty() {
        (
            quote! { bool },
            "`true` when it exists and the caller may see it",
        )
    } else {
        let ident = resource_struct(family);
        (
            quote! { Option<#ident> },
            "`None` when it does not exist or the caller may not see it",
        )
    };
    let (owner, owned) = match &family.owner_param {
        Some(owner) => (
            Some(format_ident!("{}", names::field_ident(owner))),
            format!(" within `{{{owner}}}`"),
        ),
        None => (None, String::new()),
    };
    let owner = owner.map(|o| quote! { #o: &str, });
    let docs = doc(&format!(
        "Finds `{{{id_param}}}`{owned} of `{}` ({param_doc}): {what}.",
        family.prefix
    ));
    quote! {
        #docs
        fn #method(&self, caller: &rt::Caller, #owner #id: &str)
            -> impl rt::Future<Output = Result<#output, Error>> + Send;
    }
}

fn method_tokens(service: &Service, family: &Family, endpoint: &Endpoint) -> TokenStream {
    let method = format_ident!("{}", endpoint.name);
    let format = service.conventions.timestamp_format;
    let params = endpoint.path.params().map(|p| {
        let ident = format_ident!("{}", names::field_ident(p));
        let ty = super::rust_types::param_type(&family.param_type_of(endpoint, p));
        quote! { #ident: #ty }
    });
    let options = (!endpoint.query.is_empty()).then(|| {
        let ty = super::options::options_struct(endpoint);
        quote! { options: options::#ty, }
    });
    let headers = (!endpoint.headers.is_empty()).then(|| {
        let ty = super::options::headers_struct(endpoint);
        quote! { headers: headers::#ty, }
    });
    let body = endpoint.request.as_ref().map(|ty| {
        let ty = rust_type(ty, format, false);
        if endpoint.request_may_be_none() {
            quote! { body: Option<#ty> }
        } else {
            quote! { body: #ty }
        }
    });
    let pagination = service
        .conventions
        .pagination
        .as_ref()
        .filter(|_| endpoint.paginated);
    let page = pagination.map(|p| {
        let ty = match p.style() {
            PageStyle::Pages => quote! { rt::PageRequest },
            PageStyle::Offset => quote! { rt::OffsetRequest },
            PageStyle::Cursor => quote! { rt::CursorRequest },
        };
        quote! { page: #ty, }
    });
    let output = super::rust_types::response_type(endpoint, format);
    // A paginated endpoint answers the page itself: the runtime writes its headers, its
    // marker or its envelope.
    let answer = match pagination {
        Some(p) => super::rust_types::page_type(endpoint, p, format),
        // Declared response headers come with the reply, so none can be forgotten.
        None if !endpoint.response_headers.is_empty() => {
            let headers = super::response_headers::struct_name(endpoint);
            quote! { rt::WithHeaders<impl rt::Reply<#output>, response_headers::#headers> }
        }
        None => quote! { impl rt::Reply<#output> },
    };
    let mut text = summary_and_description(&endpoint.summary, endpoint.description.as_deref());
    if endpoint.deprecated {
        text.push_str("\n\nDeprecated: still served, about to go.");
        if let Some(since) = &endpoint.deprecated_since {
            text.push_str(&format!(
                " Since {}: every answer says so in a `Deprecation` header.",
                since.date
            ));
        }
    }
    text.push_str(&format!(
        "\n\n`{} {}` answers {} on success",
        endpoint.method.as_str(),
        endpoint.path.raw,
        endpoint.status
    ));
    if !endpoint.other_successes.is_empty() {
        let others: Vec<String> = endpoint
            .other_successes
            .iter()
            .map(|code| match endpoint.empty_successes.contains(code) {
                true => format!("{code} without a body"),
                false => code.to_string(),
            })
            .collect();
        text.push_str(&format!(
            " (or {}, chosen with `restspec_runtime::Custom::status`)",
            others.join(" or ")
        ));
    }
    text.push_str(&super::docs::failures(service, endpoint));
    text.push('.');
    if !endpoint.response_headers.is_empty() && pagination.is_none() {
        text.push_str(&format!(
            " Answer with `restspec_runtime::WithHeaders::new(reply, response_headers::{} {{ .. }})`.",
            super::response_headers::struct_name(endpoint)
        ));
    }
    if let Some(cap) = &endpoint.capability {
        text.push_str(&format!(" Requires the `{cap}` capability."));
    }
    if let Some(p) = pagination {
        text.push_str(match p.style() {
            PageStyle::Pages => {
                " Paginated: `page` is the page the request asks for; answer it with \
                 `page.slice(&whole_list)` or `rt::Page::new(items, total)`, and the runtime \
                 writes the links and counts."
            }
            PageStyle::Offset => {
                " Paginated: `page` is the offset and size the request asks for; answer it \
                 with `page.slice(&whole_list)` or `rt::Page::without_total(items, more)`, and \
                 the runtime marks the last item when more follow."
            }
            PageStyle::Cursor => {
                " Paginated: `page` is the cursor and size the request asks for; answer it \
                 with `page.slice(&whole_list, cursor_of)` or `rt::CursorPage::new(items, \
                 next_cursor)`, and the runtime writes the answer's object."
            }
        });
    }
    for param in endpoint.path.params() {
        if let Some(p) = family.param_of(endpoint, param) {
            text.push_str(&format!(
                "\n- `{}`: {}",
                names::field_ident(param),
                p.description.trim()
            ));
        }
    }
    let docs = doc(&text);
    quote! {
        #docs
        fn #method(&self, ctx: rt::RequestContext<'_>, #(#params,)* #page #options #headers #body)
            -> impl rt::Future<Output = Result<#answer, Error>> + Send;
    }
}
