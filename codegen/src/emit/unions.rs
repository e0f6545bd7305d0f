//! Unions told apart by a field (`one_of` with a `discriminator`), and the bases of
//! families (a record with a `discriminator`): the Rust enums and fields for them.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::doc;
use crate::model::{Discriminator, Service, TypeDef, TypeKind, TypeRef};

/// An enum with a variant per alternative, read by the value of the discriminator's
/// field (the alternative reads the whole object) and written by the alternative, the
/// field first when the alternative does not declare it.
pub(super) fn tagged(
    service: &Service,
    def: &TypeDef,
    alternatives: &[TypeRef],
    discriminator: &Discriminator,
    rust_type: impl Fn(&TypeRef) -> TokenStream,
) -> TokenStream {
    let ident = format_ident!("{}", def.name);
    let field = &discriminator.field;
    let docs = doc(def.description.as_deref().unwrap_or(&def.name));
    let told = doc(&format!(
        "Told apart by the value of its `{field}` field: {}.",
        discriminator
            .mapping
            .iter()
            .map(|(value, target)| format!("`{value}` is a `{target}`"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    // One variant per alternative; a value the mapping gives it names it when written.
    let named: Vec<(&TypeRef, proc_macro2::Ident, &str)> = alternatives
        .iter()
        .filter_map(|a| {
            let TypeRef::Named(name) = a else { return None };
            let value = discriminator.value_of(name)?;
            Some((a, format_ident!("{}", a.variant_name()), value))
        })
        .collect();
    let variants = named.iter().map(|(alternative, variant, value)| {
        let ty = rust_type(alternative);
        let docs = doc(&format!(
            "`{}`: `{field}` is `{value}`.",
            alternative.spelled()
        ));
        quote! { #docs #variant(#ty), }
    });
    let writes = named.iter().map(|(alternative, variant, value)| {
        let declares = matches!(alternative, TypeRef::Named(name) if declares_field(service, name, field));
        if declares {
            quote! { Self::#variant(value) => Serialize::serialize(value, serializer), }
        } else {
            quote! { Self::#variant(value) => rt::tagged::write(serializer, #field, #value, value), }
        }
    });
    // Every value, in the mapping's order: several may name one alternative.
    let values: Vec<&str> = discriminator
        .mapping
        .iter()
        .map(|(v, _)| v.as_str())
        .collect();
    let reads = discriminator
        .mapping
        .iter()
        .enumerate()
        .filter_map(|(index, (_, target))| {
            let (_, variant, _) = named
                .iter()
                .find(|(a, _, _)| matches!(a, TypeRef::Named(n) if n == target))?;
            Some(quote! { #index => rt::tagged::variant(object).map(Self::#variant), })
        });
    quote! {
        #docs
        ///
        #told
        #[derive(Debug, Clone, PartialEq)]
        pub enum #ident {
            #(#variants)*
        }

        impl Serialize for #ident {
            fn serialize<S: rt::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self {
                    #(#writes)*
                }
            }
        }

        impl<'de> Deserialize<'de> for #ident {
            fn deserialize<D: rt::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let (index, object) = rt::tagged::read(deserializer, #field, &[#(#values),*])?;
                match index {
                    #(#reads)*
                    _ => Err(rt::serde::de::Error::custom("a discriminator value without its type")),
                }
            }
        }
    }
}

/// The field a family's base keeps what a value of a record including it has beyond the
/// base's own fields, so that reading a derived value as the base and writing it back
/// loses nothing.
pub(super) fn derived_fields(def: &TypeDef) -> Option<TokenStream> {
    let discriminator = def.discriminator.as_ref()?;
    let docs = doc(&format!(
        "The fields a value of a record that includes `{}` has beyond these (its `{}` \
         names which), kept as they came and written back.",
        def.name, discriminator.field
    ));
    Some(quote! {
        #docs
        #[serde(flatten)]
        pub derived_fields: rt::serde_json::Map<String, rt::serde_json::Value>,
    })
}

fn declares_field(service: &Service, record: &str, field: &str) -> bool {
    service.types.iter().any(|t| {
        t.name == record
            && matches!(&t.kind, TypeKind::Record(fields) if fields.iter().any(|f| f.json_name == field))
    })
}
