//! The spec's global capabilities as constants, so that handlers name them through the
//! compiler instead of repeating strings and hand-kept lists.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::doc;
use crate::model::Service;
use crate::names;

pub(crate) fn tokens(service: &Service) -> TokenStream {
    let consts = service.capabilities.iter().map(|c| {
        let ident = format_ident!("{}", names::screaming(&c.name));
        let name = &c.name;
        let docs = doc(&c.description);
        quote! {
            #docs
            pub const #ident: &str = #name;
        }
    });
    let all = service.capabilities.iter().map(|c| &c.name);
    let described = service.capabilities.iter().map(|c| {
        let (name, description) = (&c.name, c.description.trim());
        quote! { #name => Some(#description), }
    });
    // A spec without capabilities gets a body without an empty `match`, which lints flag.
    let body = if service.capabilities.is_empty() {
        quote! {
            let _ = capability;
            None
        }
    } else {
        quote! {
            match capability {
                #(#described)*
                _ => None,
            }
        }
    };
    quote! {
        /// The global capabilities the spec declares, one constant each.
        // Offered to handler code, which uses some of them: none may warn when unused.
        #[allow(dead_code)]
        pub mod capabilities {
            #(#consts)*

            /// Every capability, in spec order.
            pub const ALL: &[&str] = &[#(#all),*];

            /// What the spec says of a capability; `None` for one it does not declare.
            pub fn description(capability: &str) -> Option<&'static str> {
                #body
            }
        }
    }
}
