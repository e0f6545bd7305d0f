//! The media types request bodies are read in, settled once every operation is read: the
//! service's `request_bodies` (what most operations read), each endpoint's own only where it
//! differs, and what becomes of bodies a client may send as JSON by another name.

use crate::operations::Needs;
use crate::report::{Loss, Losses};
use crate::yaml_out::Yaml;

/// What became of request bodies a client may send as JSON by another name
/// (`text/json`): read, the service reading JSON of any type, where every JSON body may come
/// so (more than the document says, a faithful loss); else left out.
pub(crate) fn settle_json_aliases(needs: &Needs, losses: &mut Losses) {
    let any = needs.reads_json_of_any_type();
    for (at, alias) in &needs.json_aliases {
        if any {
            losses.push(Loss::faithful(
                at.clone(),
                "media type",
                format!("a `{alias}` request body is read as JSON whatever a request's type says (`request_content_type: any`), which reads more than the document says"),
            ));
        } else {
            losses.push(Loss::wire(
                at.clone(),
                "other body",
                format!("a `{alias}` request body is left out: the spec reads JSON by another name only where every JSON body may come so"),
            ));
        }
    }
}

/// Chooses the service's `request_bodies`, the media types most operations read in (JSON
/// on a tie), and leaves each endpoint's own only where it differs.
pub(crate) fn settle_request_media(families: &mut [crate::operations::Family], needs: &Needs) {
    let service = Yaml::str(service_media(needs));
    for family in families {
        for (_, endpoint) in &mut family.endpoints {
            endpoint.remove_if("request_bodies", &service);
        }
    }
}

/// The service's `request_bodies`: the media types most operations read their body in,
/// JSON on a tie.
pub(crate) fn service_media(needs: &Needs) -> &'static str {
    let most = needs.request_media.values().copied().max().unwrap_or(0);
    match needs.request_media.get("json") {
        Some(&n) if n == most => "json",
        _ => (needs.request_media.iter())
            .find(|(_, n)| **n == most)
            .map_or("json", |(words, _)| *words),
    }
}
