//! The spec's records for a family split across files: a section file holds some of a
//! family's endpoints, which get a handler trait of their own.

use super::{Endpoint, TypeDef};
use crate::read::decode::{Named, Spanned, spec_record};

spec_record! {
    /// A section file: endpoints of a family declared in another file, implemented through a
    /// handler trait of their own (`ChangesReviewersHandlers`), so that a large family can be
    /// implemented in several Rust files. Where an endpoint is declared changes no request,
    /// answer, OpenAPI document or `restspec diff` verdict.
    pub struct SectionFile = "a section file" {
        /// Which family the endpoints belong to, and the section's name.
        req section: Section,
        /// The section's endpoints, by name, written as in a family file.
        req endpoints: Named<Endpoint>,
        /// Types the section introduces, by name (`PascalCase`).
        opt types: Named<TypeDef>,
    }
}

spec_record! {
    /// A part of a family with its own handler trait.
    pub struct Section = "`section`" {
        /// The family's `name` (declared in its family file).
        req family: Spanned<String>,
        /// The section's name, `snake_case` (`reviewers`): the trait is the family's and
        /// this name in `PascalCase` (`ChangesReviewersHandlers`).
        req name: Spanned<String>,
        /// What the section covers, for the trait's documentation.
        opt description: String,
    }
}
