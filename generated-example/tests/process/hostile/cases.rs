//! The hostile requests, each with what it must be answered, grouped by kind; every defect
//! found by hand earlier has its case here too.

use super::fixture::Fixture;
use super::input::{bodies, headers, paths_and_ids, queries};
use super::protocol::{
    authentication, cors_and_xsrf, echoed_values, methods_and_framing, overrides_and_types,
};
use super::table::Case;

/// Every case.
pub(super) fn all(f: &Fixture) -> Vec<Case> {
    let mut all = Vec::new();
    all.extend(bodies(f));
    all.extend(paths_and_ids(f));
    all.extend(headers(f));
    all.extend(echoed_values(f));
    all.extend(authentication(f));
    all.extend(overrides_and_types(f));
    all.extend(cors_and_xsrf(f));
    all.extend(methods_and_framing(f));
    all.extend(queries(f));
    all
}
