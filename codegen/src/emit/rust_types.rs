//! How a spec type is spelled in Rust where it is used: fields, options, parameters,
//! handler signatures, pages and answers. Every emitter spells types through these, and
//! none of them emits an item.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::model::{Service, TimestampFormat, TypeRef};

/// The Rust type of a type reference, as seen from inside the `types` module (`super`
/// reaches the generated module, where `rt` is).
pub(crate) fn rust_type(ty: &TypeRef, format: TimestampFormat, from_types: bool) -> TokenStream {
    match ty {
        TypeRef::String => quote! { String },
        TypeRef::Integer => quote! { i64 },
        TypeRef::Number => quote! { f64 },
        TypeRef::Any => quote! { rt::serde_json::Value },
        TypeRef::Boolean => quote! { bool },
        TypeRef::Scalar(scalar) => scalar_type(*scalar),
        TypeRef::Timestamp => match format {
            TimestampFormat::Nanos => quote! { rt::Timestamp },
            TimestampFormat::Rfc3339 => quote! { rt::Rfc3339Timestamp },
            TimestampFormat::UnixSeconds => quote! { rt::UnixTimestamp },
        },
        TypeRef::Named(name) => {
            let ident = format_ident!("{}", name);
            if from_types {
                quote! { #ident }
            } else {
                quote! { types::#ident }
            }
        }
        TypeRef::List(inner) => {
            let inner = rust_type(inner, format, from_types);
            quote! { Vec<#inner> }
        }
        TypeRef::Map(inner) => {
            let inner = rust_type(inner, format, from_types);
            quote! { rt::BTreeMap<String, #inner> }
        }
    }
}

/// The Rust type of a type reference as seen from the `options` module (a JSON option's:
/// the spec's types under `super::types`).
pub(super) fn seen_from_options(ty: &TypeRef, format: TimestampFormat) -> TokenStream {
    match ty {
        TypeRef::Named(name) => {
            let ident = format_ident!("{}", name);
            quote! { super::types::#ident }
        }
        TypeRef::List(inner) => {
            let inner = seen_from_options(inner, format);
            quote! { Vec<#inner> }
        }
        TypeRef::Map(inner) => {
            let inner = seen_from_options(inner, format);
            quote! { super::rt::BTreeMap<String, #inner> }
        }
        TypeRef::Any => quote! { super::rt::serde_json::Value },
        other => rust_type(other, format, false),
    }
}

/// The Rust type of a scalar of a width or format.
pub(super) fn scalar_type(scalar: crate::model::Scalar) -> TokenStream {
    use crate::model::Scalar;
    match scalar {
        Scalar::Int32 => quote! { i32 },
        Scalar::Int64 => quote! { i64 },
        Scalar::Uint32 => quote! { u32 },
        Scalar::Uint64 => quote! { u64 },
        Scalar::Float => quote! { f32 },
        Scalar::Double => quote! { f64 },
        Scalar::Date => quote! { rt::Date },
        Scalar::Uuid => quote! { rt::Uuid },
        Scalar::Uri => quote! { rt::Uri },
        Scalar::Email => quote! { rt::Email },
        Scalar::Base64 => quote! { rt::Base64 },
    }
}

/// What an endpoint answers, as seen from the generated module: its response type, or `()`.
pub(crate) fn response_type(
    endpoint: &crate::model::Endpoint,
    format: TimestampFormat,
) -> TokenStream {
    match &endpoint.response {
        Some(ty) if endpoint.response_nullable => {
            let ty = rust_type(ty, format, false);
            quote! { Option<#ty> }
        }
        Some(ty) => rust_type(ty, format, false),
        None => quote! { () },
    }
}

/// The Rust type a handler (or a client method) takes a path parameter as: `&str`, `i64`,
/// `f64`, `bool`, a width's or format's type, or the enumeration's type.
pub(crate) fn param_type(ty: &crate::model::ParamType) -> TokenStream {
    match ty {
        crate::model::ParamType::String => quote! { &str },
        crate::model::ParamType::Integer => quote! { i64 },
        crate::model::ParamType::Number => quote! { f64 },
        crate::model::ParamType::Boolean => quote! { bool },
        crate::model::ParamType::Scalar(scalar) => scalar_type(*scalar),
        crate::model::ParamType::Enum(name) => {
            let ident = format_ident!("{}", name);
            quote! { types::#ident }
        }
    }
}

/// What a paginated endpoint answers: `rt::Page` of its list's item type, or
/// `rt::CursorPage` in the `cursor` style.
pub(crate) fn page_type(
    endpoint: &crate::model::Endpoint,
    pagination: &crate::model::Pagination,
    format: TimestampFormat,
) -> TokenStream {
    let item = match &endpoint.response {
        Some(TypeRef::List(item)) => rust_type(item, format, false),
        // Lowering admits only lists; anything else is reported before emitting.
        _ => quote! { () },
    };
    match pagination.style() {
        crate::model::PageStyle::Cursor => quote! { rt::CursorPage<#item> },
        _ => quote! { rt::Page<#item> },
    }
}

/// How the `offset` style marks a page's last item when more follow: a function setting
/// the item type's `more_field` (`Some(|last: &mut types::ChangeInfo| last.more_changes =
/// Some(true))`), or `None` when the spec names no marker.
pub(crate) fn more_marker(
    service: &Service,
    endpoint: &crate::model::Endpoint,
    pagination: &crate::model::Pagination,
) -> TokenStream {
    let crate::model::Pagination::Offset(crate::model::OffsetConventions {
        more_field: Some(more_field),
        ..
    }) = pagination
    else {
        return quote! { None };
    };
    let Some(TypeRef::Named(item)) = endpoint.response.as_ref().and_then(TypeRef::list_item) else {
        return quote! { None };
    };
    let field = service
        .types
        .iter()
        .find(|t| t.name == *item)
        .and_then(|t| match &t.kind {
            crate::model::TypeKind::Record(fields) => {
                fields.iter().find(|f| f.json_name == *more_field)
            }
            _ => None,
        });
    // The check phase refuses an item type without the field, before anything is emitted.
    let Some(field) = field else {
        return quote! { None };
    };
    let (ty, name) = (
        format_ident!("{}", item),
        format_ident!("{}", field.rust_name),
    );
    let value = if field.optional || field.nullable {
        quote! { Some(true) }
    } else {
        quote! { true }
    };
    quote! { Some(|last: &mut types::#ty| last.#name = #value) }
}
