//! `impl rt::Validate` for every named type: a record checks its constrained fields and
//! passes the path down to fields whose types have constraints of their own; a type with
//! nothing to check anywhere inside gets an empty method, which costs nothing.

use std::collections::BTreeSet;

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::model::{Field, Scalar, Service, TypeKind, TypeRef};

/// The impls, one per named type.
pub(super) fn tokens(service: &Service) -> TokenStream {
    let checked = checked_types(service);
    let impls = service.types.iter().map(|def| {
        let ident = format_ident!("{}", def.name);
        if !checked.contains(def.name.as_str()) {
            return quote! {
                impl rt::Validate for #ident {
                    fn validate(&self, _: &rt::At<'_>, _: &mut rt::Violations) {}
                }
            };
        }
        let body = {
            match &def.kind {
                TypeKind::Record(fields) => {
                    let fields = fields.iter().map(|f| field_checks(f, &checked));
                    let additional = (def.additional_fields.as_ref())
                        .filter(|values| reaches_checks(values, &checked))
                        .map(|_| quote! { rt::Validate::validate(&self.additional_fields, at, out); });
                    quote! { #(#fields)* #additional }
                }
                TypeKind::Union(union) => {
                    let names = union.variant_names();
                    let arms = union.alternatives.iter().zip(&names).map(|(a, name)| {
                        let variant = format_ident!("{name}");
                        if reaches_checks(a, &checked) {
                            quote! { Self::#variant(value) => rt::Validate::validate(value, at, out), }
                        } else {
                            quote! { Self::#variant(_) => {} }
                        }
                    });
                    quote! { match self { #(#arms)* } }
                }
                TypeKind::Enum(_) => quote! {},
            }
        };
        quote! {
            impl rt::Validate for #ident {
                fn validate(&self, at: &rt::At<'_>, out: &mut rt::Violations) {
                    #body
                }
            }
        }
    });
    quote! { #(#impls)* }
}

/// The named types with a constraint somewhere inside them (through fields, lists, maps
/// and alternatives): found by growing the set until it stops changing, which handles
/// types that contain themselves.
fn checked_types(service: &Service) -> BTreeSet<&str> {
    let mut checked: BTreeSet<&str> = BTreeSet::new();
    loop {
        let before = checked.len();
        for def in &service.types {
            let has = match &def.kind {
                TypeKind::Record(fields) => {
                    fields
                        .iter()
                        .any(|f| f.rules.constrains() || reaches_checks(&f.ty, &checked))
                        || (def.additional_fields.as_ref())
                            .is_some_and(|values| reaches_checks(values, &checked))
                }
                TypeKind::Union(union) => union
                    .alternatives
                    .iter()
                    .any(|a| reaches_checks(a, &checked)),
                TypeKind::Enum(_) => false,
            };
            if has {
                checked.insert(&def.name);
            }
        }
        if checked.len() == before {
            return checked;
        }
    }
}

fn reaches_checks(ty: &TypeRef, checked: &BTreeSet<&str>) -> bool {
    match ty {
        TypeRef::Named(name) => checked.contains(name.as_str()),
        TypeRef::List(inner) | TypeRef::Map(inner) => reaches_checks(inner, checked),
        _ => false,
    }
}

/// One field's checks: its own constraints on its value when it has one, then its value's
/// own checks.
fn field_checks(field: &Field, checked: &BTreeSet<&str>) -> TokenStream {
    let mut own = own_checks(&field.rules, &field.ty);
    if let (Some(items), TypeRef::List(item) | TypeRef::Map(item)) = (&field.rules.items, &field.ty)
    {
        let checks = own_checks(items, item);
        // Each item at its index, each map value at its key; one that is `null`
        // (`nullable_items`) has nothing to check.
        let (each, at) = match (&field.ty, field.nullable_items) {
            (TypeRef::List(_), false) => (
                quote! { value.iter().enumerate() },
                quote! { rt::At::Index(&at, index) },
            ),
            (TypeRef::List(_), true) => (
                quote! { value.iter().enumerate().filter_map(|(i, v)| v.as_ref().map(|v| (i, v))) },
                quote! { rt::At::Index(&at, index) },
            ),
            (_, false) => (quote! { value.iter() }, quote! { rt::At::Key(&at, index) }),
            (_, true) => (
                quote! { value.iter().filter_map(|(k, v)| v.as_ref().map(|v| (k, v))) },
                quote! { rt::At::Key(&at, index) },
            ),
        };
        if !checks.is_empty() {
            own.push(quote! {
                for (index, value) in #each {
                    let at = #at;
                    #(#checks)*
                }
            });
        }
    }
    let nested = reaches_checks(&field.ty, checked);
    if own.is_empty() && !nested {
        return quote! {};
    }
    let (name, json) = (format_ident!("{}", field.rust_name), &field.json_name);
    let nested = nested.then(|| quote! { rt::Validate::validate(value, &at, out); });
    let checks = quote! {
        let at = rt::At::Field(at, #json);
        #(#own)*
        #nested
    };
    let held_as_option = field.read_only_held_as_option();
    if !field.nullable
        && !held_as_option
        && (field.rules.filled_default().is_some() || !field.optional)
    {
        quote! { { let value = &self.#name; #checks } }
    } else if field.optional && field.nullable {
        quote! { if let Some(value) = self.#name.value() { #checks } }
    } else {
        quote! { if let Some(value) = self.#name.as_ref() { #checks } }
    }
}

/// `impl rt::Validate` for a struct of query options or header parameters: each one's
/// lengths and pattern, or a list's count and uniqueness, at its name.
pub(super) fn options_impl(
    ident: &proc_macro2::Ident,
    options: &[crate::model::QueryOption],
) -> TokenStream {
    use crate::model::OptionType;
    let read_as_body = |o: &&crate::model::QueryOption| {
        matches!(o.ty, OptionType::Json(_) | OptionType::Nested(_))
    };
    // A JSON or nested option's value is checked as a body's is, at the option's name.
    let nested = options.iter().filter(read_as_body).map(|o| {
        let (name, wire) = (format_ident!("{}", o.field), &o.wire);
        match o.always_given() {
            true => quote! { rt::Validate::validate(&self.#name, &rt::At::Field(at, #wire), out); },
            false => quote! {
                if let Some(value) = self.#name.as_ref() {
                    rt::Validate::validate(value, &rt::At::Field(at, #wire), out);
                }
            },
        }
    });
    let nested: Vec<TokenStream> = nested.collect();
    if !options.iter().any(|o| o.rules.constrains()) && nested.is_empty() {
        return quote! {
            impl rt::Validate for #ident {
                fn validate(&self, _: &rt::At<'_>, _: &mut rt::Violations) {}
            }
        };
    }
    let checks = options.iter().filter(|o| o.rules.constrains()).map(|o| {
        let ty = match &o.ty {
            OptionType::Scalar(scalar) => TypeRef::Scalar(*scalar),
            OptionType::Timestamp => TypeRef::Timestamp,
            OptionType::Integer => TypeRef::Integer,
            OptionType::Number => TypeRef::Number,
            OptionType::Boolean => TypeRef::Boolean,
            _ => TypeRef::String,
        };
        let own = own_checks(&o.rules, &ty);
        let (name, wire) = (format_ident!("{}", o.field), &o.wire);
        let checks = quote! {
            let at = rt::At::Field(at, #wire);
            #(#own)*
        };
        if let OptionType::List(_) = &o.ty {
            // A list left out is empty: its counts apply to the values a request gives.
            quote! { if !self.#name.is_empty() { let value = &self.#name; #checks } }
        } else if o.always_given() {
            quote! { { let value = &self.#name; #checks } }
        } else {
            quote! { if let Some(value) = self.#name.as_ref() { #checks } }
        }
    });
    quote! {
        impl rt::Validate for #ident {
            fn validate(&self, at: &rt::At<'_>, out: &mut rt::Violations) {
                #(#checks)*
                #(#nested)*
            }
        }
    }
}

/// The calls checking a value's constraints on `value` (a reference to it).
fn own_checks(rules: &crate::model::FieldRules, ty: &TypeRef) -> Vec<TokenStream> {
    let mut out = Vec::new();
    let limit = |n: Option<u64>| match n {
        Some(n) => {
            let n = Literal::usize_unsuffixed(usize::try_from(n).unwrap_or(usize::MAX));
            quote! { Some(#n) }
        }
        None => quote! { None },
    };
    if rules.min_length.is_some() || rules.max_length.is_some() {
        let (min, max) = (limit(rules.min_length), limit(rules.max_length));
        out.push(quote! { rt::check::length(value, #min, #max, &at, out); });
    }
    if let Some(pattern) = &rules.pattern {
        // A timestamp, date or UUID is checked as the text it is written as.
        let text = if matches!(
            ty,
            TypeRef::Timestamp | TypeRef::Scalar(Scalar::Date | Scalar::Uuid)
        ) {
            quote! { &value.to_string() }
        } else {
            quote! { value }
        };
        // Translated here, once; the spec's text stays for messages.
        let translated = crate::pattern::for_matcher(pattern).unwrap_or_else(|_| pattern.clone());
        out.push(quote! {
            static PATTERN: rt::LazyLock<rt::Pattern> = rt::LazyLock::new(|| {
                rt::Pattern::new(#pattern, #translated)
                    .expect("the pattern was checked when the code was generated")
            });
            rt::check::pattern(#text, &PATTERN, &at, out);
        });
    }
    let number = as_f64(ty);
    for (bound, check) in [
        (rules.minimum, quote! { minimum }),
        (rules.maximum, quote! { maximum }),
    ] {
        if let Some(bound) = bound {
            let (value, exclusive) = (Literal::f64_unsuffixed(bound.value), bound.exclusive);
            out.push(quote! { rt::check::#check(#number, #value, #exclusive, &at, out); });
        }
    }
    if let (Some(values), TypeRef::Boolean) = (&rules.values, ty) {
        let flags = values.iter().filter_map(serde_json::Value::as_bool);
        out.push(quote! { rt::check::listed_flag(*value, &[#(#flags),*], &at, out); });
    } else if let Some(values) = &rules.values {
        let values = values
            .iter()
            .filter_map(serde_json::Value::as_f64)
            .map(Literal::f64_unsuffixed);
        out.push(quote! { rt::check::listed(#number, &[#(#values),*], &at, out); });
    }
    if let Some(step) = rules.multiple_of {
        let step = Literal::f64_unsuffixed(step);
        out.push(quote! { rt::check::multiple_of(#number, #step, &at, out); });
    }
    if rules.min_items.is_some() || rules.max_items.is_some() {
        let (min, max) = (limit(rules.min_items), limit(rules.max_items));
        out.push(quote! { rt::check::count(value.len(), #min, #max, "item", &at, out); });
    }
    if rules.unique_items {
        out.push(quote! { rt::check::unique(value, &at, out); });
    }
    if rules.min_properties.is_some() || rules.max_properties.is_some() {
        let (min, max) = (limit(rules.min_properties), limit(rules.max_properties));
        out.push(quote! { rt::check::count(value.len(), #min, #max, "member", &at, out); });
    }
    out
}

/// `value` (a reference to a number of type `ty`) as an `f64`, without a cast where the
/// conversion is exact.
fn as_f64(ty: &TypeRef) -> TokenStream {
    match ty {
        TypeRef::Number | TypeRef::Scalar(Scalar::Double) => quote! { *value },
        TypeRef::Scalar(Scalar::Int32 | Scalar::Uint32 | Scalar::Float) => {
            quote! { f64::from(*value) }
        }
        _ => quote! { *value as f64 },
    }
}
