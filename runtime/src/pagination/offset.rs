//! The `offset` style (`?offset=40&limit=20`), as the code review service's `S` and `n`:
//! the handler answers the items and whether more follow, and the runtime marks the last
//! item with the spec's field (`"_more_changes": true`) when they do.

use super::OffsetConventions;
use super::{Page, positive, whole};
use crate::error::ApiError;

/// The items a request asks for: `limit` of them after the first `offset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OffsetRequest {
    /// How many items to skip, from 0.
    pub offset: u64,
    /// Items per page, from 1 to the service's maximum.
    pub limit: u64,
}

impl OffsetRequest {
    /// Reads the parameters from a query string: absent means from the start with the
    /// default size, a size above the maximum is the maximum, anything else that is not a
    /// whole number (from 0 for the offset, from 1 for the size) is a 400 naming the
    /// parameter.
    pub fn read(query: Option<&str>, conventions: &OffsetConventions) -> Result<Self, ApiError> {
        let mut request = OffsetRequest {
            offset: 0,
            limit: u64::from(conventions.default_limit),
        };
        for (key, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            if key == conventions.offset_parameter {
                request.offset = whole(&key, &value, 0)?;
            } else if key == conventions.limit_parameter {
                request.limit = positive(&key, &value)?.min(u64::from(conventions.max_limit));
            }
        }
        Ok(request)
    }

    /// This page of a whole list held in memory, with the list's length as the total.
    pub fn slice<T: Clone>(&self, all: &[T]) -> Page<T> {
        Page::slice(all, self.offset, self.limit)
    }

    /// Marks `page`'s last item with `mark` (which sets the spec's `more_field`) when more
    /// items follow it.
    pub fn mark_last<T>(&self, page: &mut Page<T>, mark: fn(&mut T)) {
        if page.has_next(self.offset, self.limit)
            && let Some(last) = page.items.last_mut()
        {
            mark(last);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REVIEW_STYLE: OffsetConventions = OffsetConventions {
        offset_parameter: "S",
        limit_parameter: "n",
        default_limit: 25,
        max_limit: 500,
        more_field: Some("_more_changes"),
    };

    #[test]
    fn the_request_is_read_with_defaults_and_bounds() {
        let read = |q: &str| OffsetRequest::read(Some(q), &REVIEW_STYLE).map_err(|e| e.to_string());
        assert_eq!(
            read(""),
            Ok(OffsetRequest {
                offset: 0,
                limit: 25
            })
        );
        assert_eq!(
            read("q=x&S=0&n=9999"),
            Ok(OffsetRequest {
                offset: 0,
                limit: 500
            })
        );
        let refused = read("S=-1").expect_err("negative");
        assert!(
            refused.contains('S') && refused.contains("from 0"),
            "{refused}"
        );
        assert!(read("n=0").is_err());
    }

    #[test]
    fn only_a_page_with_more_after_it_is_marked() {
        let all: Vec<(u32, bool)> = (1..=5).map(|n| (n, false)).collect();
        let mark: fn(&mut (u32, bool)) = |item| item.1 = true;
        let request = OffsetRequest {
            offset: 2,
            limit: 2,
        };
        let mut page = request.slice(&all);
        request.mark_last(&mut page, mark);
        assert_eq!(page.items, [(3, false), (4, true)]);
        let last = OffsetRequest {
            offset: 3,
            limit: 2,
        };
        let mut page = last.slice(&all);
        last.mark_last(&mut page, mark);
        assert_eq!(page.items, [(4, false), (5, false)]);
    }
}
