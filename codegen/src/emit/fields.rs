//! A record's fields as serde fields: the Rust type their optionality and default give
//! them, and the attributes that make read-only and write-only fields behave inside a
//! service (and only there: the typed client shares the types).

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};
use serde_json::Value;

use super::doc;
use crate::model::{Field, NullOptionalFields, ReadOnlyFields, Scalar, Service, TypeRef};
use crate::names;

/// A field's type in Rust before its optionality: `Vec<Option<T>>` for a list whose
/// items may be `null`, `BTreeMap<String, Option<T>>` for a map whose values may be.
pub(super) fn field_type(field: &Field, format: crate::model::TimestampFormat) -> TokenStream {
    match (&field.ty, field.nullable_items) {
        (TypeRef::List(item), true) => {
            let item = super::rust_types::rust_type(item, format, true);
            quote! { Vec<Option<#item>> }
        }
        (TypeRef::Map(value), true) => {
            let value = super::rust_types::rust_type(value, format, true);
            quote! { rt::BTreeMap<String, Option<#value>> }
        }
        _ => super::rust_types::rust_type(&field.ty, format, true),
    }
}

/// The serde field of `field` in record `record`, its Rust type `ty` (boxed where the
/// record reaches itself).
pub(super) fn field_tokens(
    service: &Service,
    record: &str,
    field: &Field,
    ty: TokenStream,
) -> TokenStream {
    let name = format_ident!("{}", field.rust_name);
    let mut text = field
        .description
        .clone()
        .unwrap_or_else(|| format!("`{}`", field.json_name));
    let rules = &field.rules;
    let read_only = read_only(field);
    for (on, note) in [
        (
            read_only,
            "Read-only: set by the service; requests leave it out.",
        ),
        (
            rules.write_only,
            "Write-only: sent by clients, never in the service's answers.",
        ),
        (rules.deprecated, "Deprecated."),
    ] {
        if on {
            text.push_str("\n\n");
            text.push_str(note);
        }
    }
    let docs = doc(&text);
    let mut args: Vec<TokenStream> = Vec::new();
    if field.rust_name != field.json_name {
        let json = &field.json_name;
        args.push(quote! { rename = #json });
    }
    let reject_null = service.conventions.null_optional_fields == NullOptionalFields::Reject;
    // What the field holds in Rust, and how absence and `null` are read and written.
    let mut defaulted = true;
    let (ty, absent) = if rules.filled_default().is_some() {
        let path = default_fn(record, field).to_string();
        args.push(quote! { default = #path });
        // Left out, it is the default; `null` stays `None` where it may be `null`.
        match field.nullable {
            true => (quote! { Option<#ty> }, Omitted::Never),
            false => (ty, Omitted::Never),
        }
    } else {
        match (field.optional, field.nullable) {
            (true, false) => {
                args.push(quote! { default });
                if reject_null && !read_only {
                    args.push(quote! { deserialize_with = "rt::deserialize_not_null" });
                }
                (quote! { Option<#ty> }, Omitted::WhenNone)
            }
            (false, true) => {
                args.push(quote! { default });
                (quote! { Option<#ty> }, Omitted::Never)
            }
            (true, true) => {
                args.push(quote! { default });
                (quote! { rt::Tristate<#ty> }, Omitted::WhenAbsent)
            }
            // Read-only of a type with no empty value: `None` where a request left it out.
            (false, false) if field.read_only_held_as_option() => {
                args.push(quote! { default });
                (quote! { Option<#ty> }, Omitted::WhenNone)
            }
            (false, false) => {
                defaulted = false;
                (ty, Omitted::Never)
            }
        }
    };
    if read_only {
        // A request leaves it out: absent reads as the type's default.
        if !defaulted {
            args.push(quote! { default });
        }
        let with = if service.conventions.read_only_fields == ReadOnlyFields::Refuse {
            "rt::direction::read_only_refused".to_owned()
        } else if rules.filled_default().is_some() {
            // Ignored, it is the spec's default, which the type may have no other way to say.
            read_only_fn(record, field).to_string()
        } else {
            "rt::direction::read_only_ignored".to_owned()
        };
        args.push(quote! { deserialize_with = #with });
    }
    let skip = match (absent, rules.write_only) {
        (Omitted::Never, false) => None,
        (Omitted::WhenNone, false) => Some("Option::is_none"),
        (Omitted::WhenAbsent, false) => Some("rt::Tristate::is_absent"),
        (Omitted::Never, true) => Some("rt::direction::write_only"),
        (Omitted::WhenNone, true) => Some("rt::direction::write_only_or_none"),
        (Omitted::WhenAbsent, true) => Some("rt::direction::write_only_or_absent"),
    };
    if let Some(skip) = skip {
        args.push(quote! { skip_serializing_if = #skip });
    }
    let serde = (!args.is_empty()).then(|| quote! { #[serde(#(#args),*)] });
    quote! {
        #docs
        #serde
        pub #name: #ty,
    }
}

/// When a field is left out of what is written.
#[derive(Clone, Copy)]
enum Omitted {
    Never,
    WhenNone,
    WhenAbsent,
}

/// The name of the function giving `field`'s default (`default_change_input_limit`).
fn default_fn(record: &str, field: &Field) -> proc_macro2::Ident {
    format_ident!("default_{}_{}", names::snake(record), field.rust_name)
}

/// Requests may not set it. Read-only items make the list or map read-only too.
fn read_only(field: &Field) -> bool {
    let rules = &field.rules;
    rules.read_only || rules.items.as_ref().is_some_and(|i| i.read_only)
}

/// The name of the function reading `field` of a request, read-only with a default
/// (`read_only_offer_price_currency`).
fn read_only_fn(record: &str, field: &Field) -> proc_macro2::Ident {
    format_ident!("read_only_{}_{}", names::snake(record), field.rust_name)
}

/// The functions giving the defaults of `record`'s fields that have one, and reading those
/// read-only ones a request's value is ignored for.
pub(super) fn default_fns(
    service: &Service,
    record: &str,
    fields: &[Field],
    ty_of: impl Fn(&Field) -> TokenStream,
) -> TokenStream {
    let fns = fields.iter().filter_map(|field| {
        let value = field.rules.filled_default()?;
        let name = default_fn(record, field);
        let (ty, literal) = (ty_of(field), literal(service, &field.ty, value));
        let (ty, literal) = match field.nullable {
            true => (quote! { Option<#ty> }, quote! { Some(#literal) }),
            false => (ty, literal),
        };
        let what = doc(&format!("The default of `{record}.{}`.", field.json_name));
        let ignored = (read_only(field) && service.conventions.read_only_fields == ReadOnlyFields::Ignore)
            .then(|| {
                let reader = read_only_fn(record, field);
                let what = doc(&format!(
                    "`{record}.{}` read: the default in a request, which may not set it.",
                    field.json_name
                ));
                quote! {
                    #what
                    fn #reader<'de, D: rt::serde::Deserializer<'de>>(deserializer: D) -> Result<#ty, D::Error> {
                        rt::direction::read_only_ignored_as(deserializer, #name)
                    }
                }
            });
        Some(quote! {
            #what
            fn #name() -> #ty {
                #literal
            }
            #ignored
        })
    });
    quote! { #(#fns)* }
}

/// A default value as a Rust expression of the field's type. Lowering admits only these
/// pairs of type and value.
fn literal(service: &Service, ty: &TypeRef, value: &Value) -> TokenStream {
    match (ty, value) {
        (TypeRef::String, Value::String(text)) => quote! { #text.to_owned() },
        (TypeRef::Boolean, Value::Bool(b)) => quote! { #b },
        (TypeRef::Integer, Value::Number(n)) => number(Scalar::Int64, n),
        (TypeRef::Number, Value::Number(n)) => number(Scalar::Double, n),
        (TypeRef::Scalar(scalar), Value::Number(n)) => number(*scalar, n),
        (TypeRef::Named(name), Value::String(text)) => {
            let (ty, variant) = (format_ident!("{}", name), enum_variant(service, name, text));
            quote! { #ty::#variant }
        }
        (TypeRef::List(item), Value::Array(items)) => {
            let items = items.iter().map(|v| literal(service, item, v));
            quote! { vec![#(#items),*] }
        }
        (TypeRef::List(_), _) => quote! { Vec::new() },
        (TypeRef::Map(_), _) => quote! { rt::BTreeMap::new() },
        _ => quote! { Default::default() },
    }
}

/// A number as a literal of `scalar`'s width.
pub(super) fn number(scalar: Scalar, n: &serde_json::Number) -> TokenStream {
    let float = n.as_f64().unwrap_or_default();
    let literal = match scalar {
        Scalar::Int32 => Literal::i32_suffixed(n.as_i64().unwrap_or_default() as i32),
        Scalar::Int64 => Literal::i64_suffixed(n.as_i64().unwrap_or_default()),
        Scalar::Uint32 => Literal::u32_suffixed(n.as_u64().unwrap_or_default() as u32),
        Scalar::Uint64 => Literal::u64_suffixed(n.as_u64().unwrap_or_default()),
        Scalar::Float => Literal::f32_suffixed(float as f32),
        _ => Literal::f64_suffixed(float),
    };
    quote! { #literal }
}

/// The variant of enumeration `type_name` standing for `value` (lowering admitted only
/// its values as defaults).
pub(super) fn enum_variant(service: &Service, type_name: &str, value: &str) -> proc_macro2::Ident {
    let variant = service
        .types
        .iter()
        .find(|t| t.name == type_name)
        .and_then(|t| t.kind.variant_of(value))
        .map_or_else(|| names::variant(value), str::to_owned);
    format_ident!("{}", variant)
}
