//! Phase three: rules that compare several parts of the model.
//!
//! One rule per function, each with a bad example above it, each reporting every
//! violation it finds (never only the first).

mod params;
mod quota;
mod routes;
mod uniqueness;

use crate::diag::Diagnostics;
use crate::model::Service;

/// Runs every rule.
pub fn run(service: &Service, diags: &mut Diagnostics) {
    uniqueness::family_names_and_prefixes(service, diags);
    uniqueness::endpoint_names(service, diags);
    uniqueness::status_conditions(service, diags);
    routes::inside_family_prefix(service, diags);
    routes::duplicate_endpoints(service, diags);
    routes::ambiguous_templates(service, diags);
    params::declared_and_used(service, diags);
    params::top_level_id(service, diags);
    params::creates_needs_top_level_id(service, diags);
    quota::distinct_groups(service, diags);
}
