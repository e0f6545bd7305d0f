//! Handlers that answer at once: the source of a mock service, written into a crate for
//! its user to edit (`restspec new NAME --from DOC`), not generated at each build.
//!
//! Each endpoint answers its first example's body for its success status where the spec
//! has one, or else the least value its response type allows (`value.rs`); a declared
//! response header gets the least value of its type; a paginated endpoint answers a page
//! of that one item; a resolver finds every resource. The files are plain Rust against the
//! generated traits, as a person would write them: `impl ShelvesHandlers for Mock` in
//! `src/handlers/shelves.rs`.

mod exchange;
mod pattern;
mod scalars;
mod value;

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::emit::handlers::{family_trait, has_own_trait, resolver_method, resource_struct};
use crate::emit::rust_types::{param_type, rust_type};
use crate::model::{Endpoint, Family, FieldRules, PageStyle, Service, TypeRef};
use crate::names;
use value::Values;

pub use exchange::{Exchange, Shown, exchange};

/// A file of the mock's source: its path in the crate (`src/handlers/shelves.rs`) and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MockFile {
    /// Where it goes, relative to the crate's directory.
    pub path: String,
    /// Its Rust source, formatted.
    pub text: String,
}

/// The mock's handlers for a validated spec: `src/handlers.rs`, declaring the `Mock` type
/// and a module per family, then `src/handlers/<family>.rs` for each family with
/// endpoints. The generated API is expected at `crate::api`.
pub fn handlers(service: &Service) -> Vec<MockFile> {
    let values = Values::new(service);
    let families: Vec<&Family> = service
        .families
        .iter()
        .filter(|f| !f.endpoints.is_empty())
        .collect();
    let mut files = vec![MockFile {
        path: "src/handlers.rs".to_owned(),
        text: root_file(service, &families),
    }];
    for family in families {
        files.push(MockFile {
            path: format!("src/handlers/{}.rs", module_name(family)),
            text: family_file(service, family, &values),
        });
    }
    files
}

/// The module of a family's handlers (`type_` for a family named `type`).
fn module_name(family: &Family) -> String {
    names::field_ident(&family.name)
}

fn root_file(service: &Service, families: &[&Family]) -> String {
    let modules: String = families
        .iter()
        .map(|f| format!("mod {};\n", module_name(f)))
        .collect();
    format!(
        "//! The handlers of {}: one file per family of the spec, each implementing\n\
         //! that family's traits on [`Mock`]. Written once by `restspec new --from`, to edit:\n\
         //! the spec's types and traits are generated (`crate::api`), these are not.\n\n\
         {modules}\n\
         /// The mock: every endpoint answers its example, or the least value its type allows.\n\
         /// Replace a family's file with real handlers one endpoint at a time.\n\
         #[derive(Debug, Default)]\n\
         {}",
        service.title.replace('\n', " "),
        if remembers_deleted(service) {
            "pub struct Mock {\n    \
             /// The paths `DELETE` removed: they answer 404 from then on.\n    \
             deleted: restspec_runtime::mock::Deleted,\n\
             }\n"
        } else {
            "pub struct Mock;\n"
        }
    )
}

fn family_file(service: &Service, family: &Family, values: &Values<'_>) -> String {
    let gone = not_found(service, family, values);
    let method = |e: &Endpoint| {
        method(
            service,
            family,
            e,
            values,
            gone.as_ref().map(|(error, _)| error),
        )
    };
    let mut impls = Vec::new();
    if has_own_trait(family) {
        let name = family_trait(family);
        let resolver = family
            .endpoints
            .iter()
            .any(|e| family.names_top_level(e))
            .then(|| resolver(family));
        let methods = family
            .endpoints
            .iter()
            .filter(|e| e.section.is_none())
            .map(method);
        impls.push(quote! {
            impl #name for Mock {
                #resolver
                #(#methods)*
            }
        });
    }
    for section in &family.sections {
        let name = crate::emit::handlers::section_trait(family, section);
        let methods = family
            .endpoints
            .iter()
            .filter(|e| e.section.as_deref() == Some(section.name.as_str()))
            .map(method);
        impls.push(quote! {
            impl #name for Mock {
                #(#methods)*
            }
        });
    }
    // Only a path with parameters names a resource `DELETE` can remove.
    let names_resources = family
        .endpoints
        .iter()
        .any(|e| e.path.params().next().is_some());
    let answers = family
        .endpoints
        .iter()
        .filter_map(|e| {
            let json = answer_with(e, values)?.to_string();
            let name = answer_const(e);
            let docs = format!(" What `{}` answers.", e.name);
            let literal = raw_string(&json);
            Some(quote! { #[doc = #docs] const #name: &str = #literal; })
        })
        .chain(
            gone.as_ref()
                .filter(|_| names_resources)
                .and_then(|(_, json)| {
                    let json = json.as_ref()?;
                    let name = not_found_const(family);
                    let literal = raw_string(json);
                    Some(quote! {
                        #[doc = " What a path `DELETE` removed answers."]
                        const #name: &str = #literal;
                    })
                }),
        );
    let traits = crate::emit::handlers::family_traits(family);
    let body = crate::render(&quote! { #(#impls)* #(#answers)* }).to_string();
    // Only the generated modules this file names: a spec without options has no `options`.
    let mut imports: Vec<String> = ["types", "options", "headers", "response_headers"]
        .into_iter()
        .filter(|module| names_module(&body, module))
        .map(str::to_owned)
        .collect();
    imports.push("Error".to_owned());
    imports.extend(traits.iter().map(ToString::to_string));
    if body.contains(&format!("{}::default()", resource_struct(family))) {
        imports.push(resource_struct(family).to_string());
    }
    // As rustfmt orders them: types before modules.
    imports.sort_by_key(|name| (name.starts_with(char::is_lowercase), name.clone()));
    format!(
        "//! The `{}` family (`{}`): answers fixed when the crate was written.\n\n\
         use restspec_runtime as rt;\n\nuse super::Mock;\nuse crate::api::{{{}}};\n\n{body}",
        family.name,
        family.prefix,
        imports.join(", ")
    )
}

/// Whether `code` names `module` as a path's first segment (`types::Shelf`, not
/// `response_types::Shelf`).
fn names_module(code: &str, module: &str) -> bool {
    let needle = format!("{module}::");
    code.match_indices(&needle).any(|(at, _)| {
        !code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
    })
}

/// The resolver: every resource exists.
fn resolver(family: &Family) -> TokenStream {
    let method = resolver_method(family);
    let owner = family.owner_param.as_ref().map(|o| {
        let ident = format_ident!("_{}", names::field_ident(o));
        quote! { #ident: &str, }
    });
    let id = format_ident!(
        "_{}",
        names::field_ident(family.id_param.as_deref().unwrap_or_default())
    );
    if family.quota_metadata.is_empty() {
        quote! {
            async fn #method(&self, _caller: &rt::Caller, #owner #id: &str) -> Result<bool, Error> {
                Ok(true)
            }
        }
    } else {
        let resource = resource_struct(family);
        quote! {
            async fn #method(&self, _caller: &rt::Caller, #owner #id: &str)
                -> Result<Option<#resource>, Error>
            {
                Ok(Some(#resource::default()))
            }
        }
    }
}

/// Whether the mock remembers what `DELETE` removed: where the status table has a 404 to
/// answer it with, and a path with parameters names a resource.
fn remembers_deleted(service: &Service) -> bool {
    service.statuses.iter().any(|s| s.code == 404)
        && service
            .families
            .iter()
            .flat_map(|f| &f.endpoints)
            .any(|e| e.path.params().next().is_some())
}

/// The error a deleted resource answers: the status table's 404, with the least value of
/// its body where it has one (the JSON, for the file's constant); `None` when the table
/// has no 404 (then nothing is deleted).
fn not_found(
    service: &Service,
    family: &Family,
    values: &Values<'_>,
) -> Option<(TokenStream, Option<String>)> {
    let row = service.statuses.iter().find(|s| s.code == 404)?;
    let variant = format_ident!("{}", names::pascal(&row.name));
    Some(match &row.body {
        None => {
            let function = format_ident!("{}", row.name);
            (quote! { Error::#function() }, None)
        }
        Some(ty) => {
            let rust = user_type(ty, service.conventions.timestamp_format);
            let name = not_found_const(family);
            let answer = quote! { rt::mock::answer::<#rust>(#name).map_err(Error::Internal)? };
            let error = match row.body_nullable {
                true => quote! { Error::#variant(Some(#answer)) },
                false => quote! { Error::#variant(#answer) },
            };
            let json = values.of(ty, &FieldRules::default()).to_string();
            (error, Some(json))
        }
    })
}

/// The constant holding what an endpoint answers (`GET_PRODUCT`).
fn answer_const(endpoint: &Endpoint) -> proc_macro2::Ident {
    format_ident!("{}", names::screaming(&endpoint.name))
}

/// The constant holding a deleted path's answer: `NOT_FOUND_ANSWER`, unless an endpoint's
/// constant is called so.
fn not_found_const(family: &Family) -> proc_macro2::Ident {
    let mut name = "NOT_FOUND_ANSWER".to_owned();
    while family
        .endpoints
        .iter()
        .any(|e| answer_const(e) == name.as_str())
    {
        name.push('_');
    }
    format_ident!("{name}")
}

/// One endpoint's handler: the signature its trait declares, the fixed answer.
fn method(
    service: &Service,
    family: &Family,
    endpoint: &Endpoint,
    values: &Values<'_>,
    gone: Option<&TokenStream>,
) -> TokenStream {
    let format = service.conventions.timestamp_format;
    let name = format_ident!("{}", endpoint.name);
    let params = endpoint.path.params().map(|p| {
        let ident = format_ident!("_{}", names::field_ident(p));
        let ty = param_type(&family.param_type_of(endpoint, p));
        quote! { #ident: #ty, }
    });
    let pagination = service
        .conventions
        .pagination
        .as_ref()
        .filter(|_| endpoint.paginated);
    let page = pagination.map(|p| match p.style() {
        PageStyle::Pages => quote! { page: rt::PageRequest, },
        PageStyle::Offset => quote! { page: rt::OffsetRequest, },
        PageStyle::Cursor => quote! { _page: rt::CursorRequest, },
    });
    let options = (!endpoint.query.is_empty()).then(|| {
        let ty = crate::emit::options::options_struct(endpoint);
        quote! { _options: options::#ty, }
    });
    let headers = (!endpoint.headers.is_empty()).then(|| {
        let ty = crate::emit::options::headers_struct(endpoint);
        quote! { _headers: headers::#ty, }
    });
    let body = endpoint.request.as_ref().map(|ty| {
        let ty = user_type(ty, format);
        if endpoint.request_may_be_none() {
            quote! { _body: Option<#ty>, }
        } else {
            quote! { _body: #ty, }
        }
    });
    let output = match &endpoint.response {
        Some(ty) if endpoint.response_nullable => {
            let ty = user_type(ty, format);
            quote! { Option<#ty> }
        }
        Some(ty) => user_type(ty, format),
        None => quote! { () },
    };
    // The answer as a `Result`, and as a value inside another expression.
    let (result, value) = match &endpoint.response {
        Some(_) => {
            let name = answer_const(endpoint);
            let result = quote! { rt::mock::answer::<#output>(#name).map_err(Error::Internal) };
            (result.clone(), quote! { #result? })
        }
        None => (quote! { Ok(()) }, quote! { () }),
    };
    let (answer, reply) = match (pagination, &endpoint.response) {
        (Some(p), Some(TypeRef::List(item))) => {
            let item = user_type(item, format);
            match p.style() {
                PageStyle::Cursor => (
                    quote! { rt::CursorPage<#item> },
                    quote! { Ok(rt::CursorPage::new(#value, None)) },
                ),
                _ => (
                    quote! { rt::Page<#item> },
                    quote! { Ok(page.slice(&#value)) },
                ),
            }
        }
        _ if !endpoint.response_headers.is_empty() => {
            let headers = crate::emit::response_headers::struct_name(endpoint);
            let pairs = endpoint
                .response_headers
                .iter()
                .filter(|h| h.required)
                .map(|h| {
                    let wire = &h.wire;
                    let text = exchange::option_text(&h.ty, &h.rules, values);
                    quote! { (#wire, #text) }
                });
            (
                quote! { rt::WithHeaders<impl rt::Reply<#output>, response_headers::#headers> },
                quote! {
                    Ok(rt::WithHeaders::new(
                        #value,
                        rt::mock::headers(&[#(#pairs),*]).map_err(Error::Internal)?,
                    ))
                },
            )
        }
        _ => (quote! { impl rt::Reply<#output> }, result),
    };
    let summary = endpoint.summary.trim();
    // An imported summary may be the route itself (`GET /products/{productId}`).
    let summary = match summary.strip_prefix(endpoint.method.as_str()) {
        Some(rest) if rest.starts_with(" /") => "",
        _ => summary,
    };
    let doc = format!(
        " `{} {}`{}",
        endpoint.method.as_str(),
        endpoint.path.raw,
        if summary.is_empty() {
            String::new()
        } else {
            format!(": {summary}")
        }
    );
    // A resource `DELETE` removed is gone, and what lies beneath it: a path with
    // parameters names one.
    let names_resource = endpoint.path.params().next().is_some();
    let (ctx, forget) = match gone.filter(|_| names_resource) {
        Some(gone) => {
            let record = (endpoint.method.as_str() == "DELETE")
                .then(|| quote! { self.deleted.record(&ctx); });
            (
                quote! { ctx },
                quote! {
                    if self.deleted.contains(&ctx) {
                        return Err(#gone);
                    }
                    #record
                },
            )
        }
        None => (quote! { _ctx }, TokenStream::new()),
    };
    quote! {
        #[doc = #doc]
        async fn #name(&self, #ctx: rt::RequestContext<'_>, #(#params)* #page #options #headers #body)
            -> Result<#answer, Error>
        {
            #forget
            #reply
        }
    }
}

/// The JSON an endpoint of `service` answers in the mock: its first example's body for its
/// success status, else the least value of its response type; `None` for an endpoint
/// without a body.
pub fn answer(service: &Service, endpoint: &Endpoint) -> Option<serde_json::Value> {
    answer_with(endpoint, &Values::new(service))
}

fn answer_with(endpoint: &Endpoint, values: &Values<'_>) -> Option<serde_json::Value> {
    let ty = endpoint.response.as_ref()?;
    let example = endpoint
        .examples
        .iter()
        .find(|e| e.response.status == endpoint.status)
        .and_then(|e| e.response.body.clone());
    Some(example.unwrap_or_else(|| values.of(ty, &FieldRules::default())))
}

/// A type as the handler files name it: the generated module's own paths, but for the
/// two it takes from its runtime's hidden module (a map, any JSON).
fn user_type(ty: &TypeRef, format: crate::model::TimestampFormat) -> TokenStream {
    match ty {
        TypeRef::Any => quote! { serde_json::Value },
        TypeRef::List(item) => {
            let item = user_type(item, format);
            quote! { Vec<#item> }
        }
        TypeRef::Map(member) => {
            let member = user_type(member, format);
            quote! { std::collections::BTreeMap<String, #member> }
        }
        other => rust_type(other, format, false),
    }
}

/// `text` as a raw string literal, with as many `#` as it needs.
fn raw_string(text: &str) -> Literal {
    let mut hashes = String::from("#");
    while text.contains(&format!("\"{hashes}")) {
        hashes.push('#');
    }
    format!("r{hashes}\"{text}\"{hashes}")
        .parse()
        .unwrap_or_else(|_| Literal::string(text))
}
