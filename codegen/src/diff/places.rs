//! Where an endpoint reads credentials, before and after: a place no longer read breaks
//! clients sending their credentials there.

use super::Verdict;
use crate::model::{Endpoint, Service};

/// The change of the places `was` (in `old`) and `now` (in `new`) read, with its verdict
/// and why; `None` where they read the same.
pub(super) fn compare(
    (old, was): (&Service, &Endpoint),
    (new, now): (&Service, &Endpoint),
) -> Option<(Verdict, String)> {
    // The places each reads, as the spec writes them: one no longer read breaks clients
    // sending their credentials there; one more read takes nothing away. Endpoints reading
    // all the service's places follow its `credentials`, whose changes are its own.
    let own = was.credentials.is_some() || now.credentials.is_some();
    let (read_before, read_after) = match own {
        true => (places_read(old, was), places_read(new, now)),
        false => Default::default(),
    };
    let lost: Vec<&String> = read_before.difference(&read_after).collect();
    let gained: Vec<&String> = read_after.difference(&read_before).collect();
    if lost.is_empty() && gained.is_empty() {
        return None;
    }
    Some(match lost.is_empty() {
        false => (
            super::CLIENTS,
            format!(
                "no longer reads credentials at {}: clients sending them there are anonymous to it",
                join(&lost)
            ),
        ),
        true => (
            Verdict::Compatible,
            format!("reads credentials at {} too", join(&gained)),
        ),
    })
}

/// The places of `service`'s credentials `endpoint` reads, as the spec writes them.
fn places_read(service: &Service, endpoint: &Endpoint) -> std::collections::BTreeSet<String> {
    let places = service.conventions.credentials.iter().enumerate();
    places
        .filter(|(index, _)| {
            endpoint
                .credentials
                .as_ref()
                .is_none_or(|r| r.contains(index))
        })
        .map(|(_, place)| place.to_string())
        .collect()
}

fn join(places: &[&String]) -> String {
    let quoted: Vec<String> = places.iter().map(|p| format!("`{p}`")).collect();
    quoted.join(", ")
}
