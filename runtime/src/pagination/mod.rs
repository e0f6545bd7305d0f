//! Lists answered a page at a time, in the three styles real APIs use:
//!
//! - [`pages`](PageConventions): `?page=2&per_page=20`, with `Link` and count headers;
//! - [`offset`](OffsetConventions): `?offset=40&limit=20`, the page's last item marked when
//!   more follow (`"_more_changes": true`);
//! - [`cursor`](CursorConventions): `?cursor=...&limit=20`, the items inside an object
//!   that says whether more follow and where the next page starts.
//!
//! A spec switches it on with `conventions.pagination` and `paginated: true` on a list
//! endpoint. The handler reads the request the style asks for ([`PageRequest`],
//! [`OffsetRequest`], [`CursorRequest`]) and answers a value ([`Page`] or
//! [`CursorPage`]); the runtime writes the headers, the marker or the envelope.

mod cursor;
mod offset;
mod pages;

use serde::{Serialize, Serializer};

pub use cursor::{CursorEnvelope, CursorPage, CursorRequest};
pub use offset::OffsetRequest;
pub use pages::{PageRequest, headers};
pub use restspec_client::conventions::{
    CursorConventions, OffsetConventions, PageConventions, Pagination,
};

use crate::error::{ApiError, Condition};

/// One page of a list, as a paginated endpoint's handler answers it in the `pages` and
/// `offset` styles. Written as the JSON list of its items; the runtime adds the headers
/// or the marker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    /// The items of this page.
    pub items: Vec<T>,
    /// How many items the whole list holds, when the handler knows (without it, the total
    /// headers and `rel="last"` are left out).
    pub total: Option<u64>,
    /// Whether a page follows, when the total is unknown.
    pub more: bool,
}

impl<T> Page<T> {
    /// A page of a list of `total` items.
    pub fn new(items: Vec<T>, total: u64) -> Self {
        Page {
            items,
            total: Some(total),
            more: false,
        }
    }

    /// A page of a list whose length is unknown (too costly to count): `more` says
    /// whether a next page exists.
    pub fn without_total(items: Vec<T>, more: bool) -> Self {
        Page {
            items,
            total: None,
            more,
        }
    }

    /// The `size` items of a whole list held in memory from index `offset`, with the
    /// list's length as the total.
    pub fn slice(all: &[T], offset: u64, size: u64) -> Self
    where
        T: Clone,
    {
        let start = usize::try_from(offset).unwrap_or(usize::MAX);
        let size = usize::try_from(size).unwrap_or(usize::MAX);
        let items = all.iter().skip(start).take(size).cloned().collect();
        Page::new(items, all.len() as u64)
    }

    /// Whether items follow this page, which starts at `offset` and holds at most `size`.
    pub fn has_next(&self, offset: u64, size: u64) -> bool {
        match self.total {
            Some(total) => offset.saturating_add(size) < total,
            None => self.more,
        }
    }
}

impl<T: Serialize> Serialize for Page<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.items.serialize(serializer)
    }
}

/// A whole number from 1 in query parameter `key`, or a 400 naming it.
fn positive(key: &str, value: &str) -> Result<u64, ApiError> {
    whole(key, value, 1)
}

/// A whole number from `least` in query parameter `key`, or a 400 naming it.
fn whole(key: &str, value: &str, least: u64) -> Result<u64, ApiError> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| *n >= least)
        .ok_or_else(|| {
            ApiError::condition(Condition::InvalidInput)
                .with_message(format!(
                    "{key} must be a whole number from {least}, not \"{value}\""
                ))
                .with_field(key.to_owned())
        })
}

#[cfg(test)]
mod tests {
    use super::Page;

    #[test]
    fn a_page_is_written_as_its_items() {
        let page = Page::new(vec!["a", "b"], 9);
        assert_eq!(
            serde_json::to_string(&page).ok().as_deref(),
            Some(r#"["a","b"]"#)
        );
    }

    #[test]
    fn a_slice_knows_whether_more_follow() {
        let page = Page::slice(&[1, 2, 3, 4, 5], 2, 2);
        assert_eq!(page.items, [3, 4]);
        assert!(page.has_next(2, 2));
        assert!(!Page::slice(&[1, 2, 3, 4, 5], 3, 2).has_next(3, 2));
        assert!(Page::without_total(vec![1], true).has_next(0, 1));
    }
}
