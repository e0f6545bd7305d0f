//! Spec types to serde types. No `deny_unknown_fields` but on a `closed` record: the types
//! are shared with the typed client, which must read answers carrying fields it does not
//! know; a spec's `unknown_fields: reject` is the runtime's check on request bodies
//! (`strict_json`). A record the spec closes has no other fields for anyone, as its
//! OpenAPI schema (`additionalProperties: false`) says, so its own type refuses them, inside
//! unions too, where serde reads from a buffered copy `strict_json` does not see.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::doc;
use super::rust_types::rust_type;
use crate::model::{Service, TimestampFormat, TypeDef, TypeKind, TypeRef, Union};

pub(crate) fn tokens(service: &Service) -> TokenStream {
    let defs = service
        .types
        .iter()
        .map(|t| type_tokens(service, t, service.conventions.timestamp_format));
    let validations = super::validate::tokens(service);
    quote! {
        /// The request and response types of the service.
        pub mod types {
            #[allow(unused_imports)]
            use super::rt;
            #[allow(unused_imports)]
            use super::rt::serde::{Deserialize, Serialize};
            #(#defs)*
            #validations
        }
    }
}

fn type_tokens(service: &Service, def: &TypeDef, format: TimestampFormat) -> TokenStream {
    let ident = format_ident!("{}", def.name);
    let docs = doc(def.description.as_deref().unwrap_or(&def.name));
    match &def.kind {
        TypeKind::Record(record) => {
            let fields = record.iter().map(|f| {
                let mut ty = super::fields::field_type(f, format);
                if super::type_graph::direct_reference(&f.ty).is_some_and(|t| {
                    super::type_graph::reaches(service, t, &def.name, &mut Vec::new())
                }) {
                    ty = quote! { Box<#ty> };
                }
                super::fields::field_tokens(service, &def.name, f, ty)
            });
            let default_fns = super::fields::default_fns(service, &def.name, record, |f| {
                super::fields::field_type(f, format)
            });
            let default = super::type_graph::has_default(service, &def.name, &mut Vec::new())
                .then(|| quote! { Default, });
            let derived = super::unions::derived_fields(def);
            let additional = def.additional_fields.as_ref().map(|values| {
                let values = rust_type(values, format, true);
                let docs = doc(&format!(
                    "The members beside the fields above, each a `{}`, by name.",
                    def.additional_fields
                        .as_ref()
                        .map(TypeRef::spelled)
                        .unwrap_or_default()
                ));
                quote! {
                    #docs
                    #[serde(flatten)]
                    pub additional_fields: rt::BTreeMap<String, #values>,
                }
            });
            let closed = def.closed.then(|| quote! { deny_unknown_fields, });
            quote! {
                #docs
                #[derive(Debug, Clone, #default PartialEq, Serialize, Deserialize)]
                #[serde(#closed crate = "super::rt::serde")]
                pub struct #ident {
                    #(#fields)*
                    #derived
                    #additional
                }

                #default_fns
            }
        }
        TypeKind::Union(union @ Union { alternatives, .. }) => {
            if let Some(discriminator) = &def.discriminator {
                return super::unions::tagged(service, def, alternatives, discriminator, |a| {
                    rust_type(a, format, true)
                });
            }
            let names = union.variant_names();
            let variants = alternatives.iter().zip(&names).map(|(alternative, name)| {
                let variant = format_ident!("{name}");
                let ty = rust_type(alternative, format, true);
                let docs = doc(&format!("`{}`", alternative.spelled()));
                quote! {
                    #docs
                    #variant(#ty),
                }
            });
            // The message of a value that fits no alternative, in the spec's words (serde
            // would name "untagged enum" and the Rust type).
            let spelled: Vec<String> = alternatives.iter().map(TypeRef::spelled).collect();
            let expecting = format!("fits none of: {}", spelled.join(", "));
            quote! {
                #docs
                ///
                /// Read as the first alternative the JSON fits, in the spec's order.
                #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
                #[serde(crate = "super::rt::serde", untagged, expecting = #expecting)]
                pub enum #ident {
                    #(#variants)*
                }
            }
        }
        TypeKind::Enum(values) => {
            let variants = values.iter().map(|v| {
                let variant = format_ident!("{}", v.variant);
                let value = &v.value;
                let docs = doc(&format!("`{value}`"));
                quote! {
                    #docs
                    #[serde(rename = #value)]
                    #variant,
                }
            });
            quote! {
                #docs
                #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
                #[serde(crate = "super::rt::serde")]
                pub enum #ident {
                    #(#variants)*
                }
            }
        }
    }
}
