//! The bounded label values of the request series: a status code is one of the codes
//! HTTP registers (or `other`), a method one of the usual eight (or `other`), each found by
//! an index computed at compile time, so that counting a request looks nothing up by name.

use http::Method;

/// The status codes counted under their own number: those IANA registers.
pub(crate) const STATUS_CODES: [u16; 62] = [
    100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304,
    305, 307, 308, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415,
    416, 417, 418, 421, 422, 423, 424, 425, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504, 505,
    506, 507, 508, 510, 511,
];

/// The label of each slot of [`STATUS_CODES`], and `other` last.
const STATUS_LABELS: [&str; STATUS_CODES.len() + 1] = [
    "100", "101", "102", "103", "200", "201", "202", "203", "204", "205", "206", "207", "208",
    "226", "300", "301", "302", "303", "304", "305", "307", "308", "400", "401", "402", "403",
    "404", "405", "406", "407", "408", "409", "410", "411", "412", "413", "414", "415", "416",
    "417", "418", "421", "422", "423", "424", "425", "426", "428", "429", "431", "451", "500",
    "501", "502", "503", "504", "505", "506", "507", "508", "510", "511", "other",
];

/// How many status slots a method's row has: one per registered code, and `other`.
pub(crate) const STATUS_SLOTS: usize = STATUS_CODES.len() + 1;

/// The slot of every code below 600 (`STATUS_CODES.len()` is `other`).
const SLOT_OF: [u8; 600] = {
    let mut table = [STATUS_CODES.len() as u8; 600];
    let mut slot = 0;
    while slot < STATUS_CODES.len() {
        table[STATUS_CODES[slot] as usize] = slot as u8;
        slot += 1;
    }
    table
};

/// The slot `status` is counted in.
pub(crate) fn status_slot(status: http::StatusCode) -> usize {
    SLOT_OF
        .get(usize::from(status.as_u16()))
        .map_or(STATUS_CODES.len(), |slot| usize::from(*slot))
}

/// The label of a status slot: the code, or `other`.
pub(crate) fn status_label(slot: usize) -> &'static str {
    STATUS_LABELS.get(slot).copied().unwrap_or("other")
}

/// The methods a request outside every endpoint is counted under, by row.
pub(crate) const METHODS: [&str; 8] = [
    "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other",
];

/// The row of `method` in [`METHODS`].
pub(crate) fn method_row(method: &Method) -> usize {
    match *method {
        Method::GET => 0,
        Method::HEAD => 1,
        Method::POST => 2,
        Method::PUT => 3,
        Method::PATCH => 4,
        Method::DELETE => 5,
        Method::OPTIONS => 6,
        _ => 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_code_has_its_own_slot_and_others_share_one() {
        for code in STATUS_CODES {
            let status = http::StatusCode::from_u16(code).expect("a status");
            assert_eq!(status_label(status_slot(status)), status.as_str());
        }
        let odd = http::StatusCode::from_u16(599).expect("a status");
        assert_eq!(status_label(status_slot(odd)), "other");
    }
}
