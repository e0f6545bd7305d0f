//! An endpoint's `deprecated:`: a switch, or the date it was deprecated, checked to be a
//! day of the calendar and turned into the seconds a `Deprecation` header carries.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::Deprecation;
use crate::read::decode::Spanned;
use crate::read::raw::Deprecated;

/// Whether the endpoint is deprecated, and since when where the spec says.
pub(super) fn lower_deprecated(
    raw: Option<&Spanned<Deprecated>>,
    diags: &mut Diagnostics,
) -> (bool, Option<Deprecation>) {
    match raw.map(|r| (&r.value, &r.location)) {
        None | Some((Deprecated::Flag(false), _)) => (false, None),
        Some((Deprecated::Flag(true), _)) => (true, None),
        Some((Deprecated::Since(date), location)) => match unix_seconds(date) {
            Some(unix_seconds) => (
                true,
                Some(Deprecation {
                    date: date.clone(),
                    unix_seconds,
                }),
            ),
            None => {
                diags.push(
                    Diagnostic::new(
                        location.clone(),
                        format!("`deprecated: {date}` is neither `true` nor a date"),
                    )
                    .hint("write `deprecated: true`, or the day it was deprecated as `2026-06-30` (which also sends a `Deprecation` header)"),
                );
                (true, None)
            }
        },
    }
}

/// The first second of `YYYY-MM-DD` (UTC) since the Unix epoch; `None` for text that is
/// not a day of the calendar.
fn unix_seconds(date: &str) -> Option<i64> {
    let (year, month, day) = crate::calendar::date(date)?;
    // Days from the civil date (H. Hinnant's algorithm), March-based years.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    Some((era * 146_097 + day_of_era - 719_468) * 86_400)
}

#[cfg(test)]
mod tests {
    use super::unix_seconds;

    #[test]
    fn days_become_their_first_second() {
        assert_eq!(unix_seconds("1970-01-01"), Some(0));
        assert_eq!(unix_seconds("2000-03-01"), Some(951_868_800));
        assert_eq!(unix_seconds("2026-06-30"), Some(1_782_777_600));
        assert_eq!(unix_seconds("2024-02-29"), Some(1_709_164_800));
    }

    #[test]
    fn what_is_no_day_is_refused() {
        for text in [
            "2023-02-29",
            "2026-13-01",
            "2026-06-31",
            "26-06-30",
            "soon",
            "2026-6-30",
        ] {
            assert_eq!(unix_seconds(text), None, "{text}");
        }
    }
}
