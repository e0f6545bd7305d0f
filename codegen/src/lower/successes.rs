//! An endpoint's success statuses besides its own: `other_successes` (answered with the
//! reply's body, or none for 204 and 3xx) and `empty_successes` (2xx answered without one).

use crate::diag::{Diagnostic, Diagnostics};
use crate::read::raw;

/// `other_successes` and `empty_successes` beside `status`: the first holds both (each
/// status a handler may choose), the second those answered without a body.
///
/// ```yaml
/// status: 201
/// other_successes: [200, 404]   # 404 is an error: it goes under `errors`
/// empty_successes: [204]        # 204 carries no body anyway: `other_successes`
/// ```
pub(super) fn lower_successes(
    raw: &raw::Endpoint,
    status: u16,
    diags: &mut Diagnostics,
) -> (Vec<u16>, Vec<u16>) {
    let mut other_successes: Vec<u16> = Vec::new();
    for other in raw.other_successes.iter().flatten() {
        let problem = if !(200..=399).contains(&other.value.0) {
            Some(format!(
                "other success status {} is not a 2xx or 3xx code",
                other.value.0
            ))
        } else if other.value.0 == status {
            Some(format!(
                "status {} is already the endpoint's `status`",
                other.value.0
            ))
        } else if other_successes.contains(&other.value.0) {
            Some(format!("status {} is listed twice", other.value.0))
        } else {
            None
        };
        match problem {
            Some(message) => diags.push(Diagnostic::new(other.location.clone(), message).hint(
                "`other_successes` lists 2xx and 3xx statuses besides `status`; errors go under \
                 `errors`",
            )),
            None => other_successes.push(other.value.0),
        }
    }
    let mut empty_successes: Vec<u16> = Vec::new();
    for empty in raw.empty_successes.iter().flatten() {
        let code = empty.value.0;
        let problem = if !(200..=299).contains(&code) {
            Some((
                format!("empty success status {code} is not a 2xx code"),
                "`empty_successes` lists 2xx statuses answered without a body; 3xx ones carry none anyway: list them under `other_successes`",
            ))
        } else if code == 204 {
            Some((
                "204 carries no body anyway".to_owned(),
                "list it under `other_successes`",
            ))
        } else if code == status {
            Some((
                format!("status {code} is the endpoint's `status`"),
                "an endpoint's own status carries its `response`; leave `response` out for none",
            ))
        } else if other_successes.contains(&code) {
            Some((
                format!("status {code} is listed twice"),
                "keep it under `other_successes` (with the reply's body) or `empty_successes` (without), not both",
            ))
        } else {
            None
        };
        match problem {
            Some((message, hint)) => {
                diags.push(Diagnostic::new(empty.location.clone(), message).hint(hint))
            }
            None => {
                other_successes.push(code);
                empty_successes.push(code);
            }
        }
    }
    (other_successes, empty_successes)
}
