//! Phase three: rules that compare several parts of the model.
//!
//! One rule per function, each with a bad example above it, each reporting every
//! violation it finds (never only the first).

mod docs_page;
mod error_bodies;
mod examples;
mod json_shape;
mod pagination;
mod params;

pub(crate) use json_shape::conforms;
pub use params::MAX_PATH_PARAMS;
pub(crate) use params::lacks_family_id;
mod quota;
mod routes;
mod self_alias;
mod uniqueness;
mod written_back;

use crate::diag::Diagnostics;
use crate::model::Service;

/// Runs every rule. `complete` says nothing was left out while reading: rules that report
/// something *unused* only run then, since the user may be among what was left out.
pub(crate) fn run(service: &Service, complete: bool, diags: &mut Diagnostics) {
    uniqueness::family_names_and_prefixes(service, diags);
    uniqueness::endpoint_names(service, diags);
    uniqueness::handler_trait_names(service, diags);
    uniqueness::status_conditions(service, diags);
    routes::inside_family_prefix(service, diags);
    routes::duplicate_endpoints(service, diags);
    routes::ambiguous_templates(service, diags);
    params::declared_and_used(service, complete, diags);
    params::top_level_id(service, diags);
    params::one_resource_names_its_id(service, diags);
    params::creates_needs_top_level_id(service, diags);
    params::at_most_max_params(service, diags);
    quota::distinct_groups(service, diags);
    if complete {
        quota::shared_groups_are_shared(service, diags);
    }
    examples::fit_their_endpoints(service, diags);
    error_bodies::fit_the_error_format(service, diags);
    docs_page::needs_openapi_path(service, diags);
    docs_page::paths_are_its_own(service, diags);
    pagination::item_fields(service, diags);
    self_alias::params_are_path_params(service, diags);
}
