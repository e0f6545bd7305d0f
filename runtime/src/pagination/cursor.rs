//! The `cursor` style (`?cursor=...&limit=20`), as payment APIs and dropshot answer lists:
//! the answer is an object holding the items, whether more follow and, where the API sends
//! one, the next page's cursor, under the field names the spec gives. The handler answers
//! a [`CursorPage`]; the runtime writes the object.

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::CursorConventions;
use super::positive;
use crate::error::ApiError;

/// Where a requested page starts and how many items it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CursorRequest {
    /// The cursor the client sent, `None` for the first page.
    pub cursor: Option<String>,
    /// Items per page, from 1 to the service's maximum.
    pub limit: u64,
}

impl CursorRequest {
    /// Reads the parameters from a query string: no cursor (or an empty one) means the
    /// first page, no size the default, a size above the maximum is the maximum, a size
    /// that is not a whole number from 1 is a 400 naming the parameter.
    pub fn read(query: Option<&str>, conventions: &CursorConventions) -> Result<Self, ApiError> {
        let mut request = CursorRequest {
            cursor: None,
            limit: u64::from(conventions.default_limit),
        };
        for (key, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            if key == conventions.cursor_parameter {
                request.cursor = Some(value.into_owned()).filter(|c| !c.is_empty());
            } else if key == conventions.limit_parameter {
                request.limit = positive(&key, &value)?.min(u64::from(conventions.max_limit));
            }
        }
        Ok(request)
    }

    /// This page of a whole list held in memory, each item's cursor given by `cursor_of`:
    /// the items after the one whose cursor the request names (from the start without
    /// one), with the last item's cursor as the next page's when more follow. `None` when
    /// no item has the requested cursor, for the handler to answer as its API does.
    pub fn slice<T: Clone>(
        &self,
        all: &[T],
        cursor_of: impl Fn(&T) -> String,
    ) -> Option<CursorPage<T>> {
        let start = match &self.cursor {
            None => 0,
            Some(cursor) => all.iter().position(|item| cursor_of(item) == *cursor)? + 1,
        };
        let size = usize::try_from(self.limit).unwrap_or(usize::MAX);
        let items: Vec<T> = all.iter().skip(start).take(size).cloned().collect();
        let more = start.saturating_add(items.len()) < all.len();
        let next = items.last().filter(|_| more).map(cursor_of);
        Some(CursorPage::new(items, next))
    }
}

/// One page of a list in the `cursor` style, as its handler answers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CursorPage<T> {
    /// The items of this page.
    pub items: Vec<T>,
    /// The next page's cursor, `None` on the last page.
    pub next_cursor: Option<String>,
    /// Whether items follow this page.
    pub more: bool,
}

impl<T> CursorPage<T> {
    /// A page followed by the page at `next_cursor`, or the last page.
    pub fn new(items: Vec<T>, next_cursor: Option<String>) -> Self {
        let more = next_cursor.is_some();
        CursorPage {
            items,
            next_cursor,
            more,
        }
    }

    /// A page of an API whose next page starts after this page's last item
    /// (`cursor_from`), so that no cursor is written: `more` says whether one follows.
    pub fn with_more(items: Vec<T>, more: bool) -> Self {
        CursorPage {
            items,
            next_cursor: None,
            more,
        }
    }

    /// The page as the object the spec describes.
    pub fn envelope<'a>(&'a self, conventions: &'a CursorConventions) -> CursorEnvelope<'a, T> {
        CursorEnvelope {
            page: self,
            conventions,
        }
    }
}

/// A [`CursorPage`] written as the spec's object: `{"items": [...], "has_more": true,
/// "next_page": "..."}` under the names it gives.
#[derive(Debug)]
pub struct CursorEnvelope<'a, T> {
    page: &'a CursorPage<T>,
    conventions: &'a CursorConventions,
}

impl<T: Serialize> Serialize for CursorEnvelope<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let c = self.conventions;
        let fields = 1
            + usize::from(c.has_more_field.is_some())
            + usize::from(c.next_cursor_field.is_some());
        let mut map = serializer.serialize_map(Some(fields))?;
        map.serialize_entry(c.items_field, &self.page.items)?;
        if let Some(name) = c.has_more_field {
            map.serialize_entry(name, &self.page.more)?;
        }
        if let Some(name) = c.next_cursor_field {
            map.serialize_entry(name, &self.page.next_cursor)?;
        }
        map.end()
    }
}

/// The conventions of a payments API (`{"data": [...], "has_more": true}`, the next page
/// after the last item's `id`), for the tests of this module and of the client's reading.
#[cfg(test)]
pub(crate) const PAYMENTS_STYLE: CursorConventions = CursorConventions {
    cursor_parameter: "starting_after",
    limit_parameter: "limit",
    default_limit: 10,
    max_limit: 100,
    items_field: "data",
    has_more_field: Some("has_more"),
    next_cursor_field: None,
    cursor_from: Some("id"),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_request_is_read_with_defaults_and_bounds() {
        let read =
            |q: &str| CursorRequest::read(Some(q), &PAYMENTS_STYLE).map_err(|e| e.to_string());
        assert_eq!(
            read("starting_after="),
            Ok(CursorRequest {
                cursor: None,
                limit: 10
            })
        );
        assert_eq!(
            read("starting_after=cus_2&limit=1000"),
            Ok(CursorRequest {
                cursor: Some("cus_2".into()),
                limit: 100
            })
        );
        let refused = read("limit=ten").expect_err("not a number");
        assert!(refused.contains("limit"), "{refused}");
    }

    #[test]
    fn pages_follow_each_other_and_are_written_under_the_spec_names() {
        let all = ["a", "b", "c"];
        let first = CursorRequest {
            cursor: None,
            limit: 2,
        };
        let page = first
            .slice(&all, |s| (*s).to_owned())
            .expect("from the start");
        assert_eq!(
            (page.items.as_slice(), page.next_cursor.as_deref()),
            (&["a", "b"][..], Some("b"))
        );
        let json = serde_json::to_string(&page.envelope(&PAYMENTS_STYLE)).ok();
        assert_eq!(
            json.as_deref(),
            Some(r#"{"data":["a","b"],"has_more":true}"#)
        );
        let next = CursorRequest {
            cursor: page.next_cursor,
            limit: 2,
        };
        let last = next.slice(&all, |s| (*s).to_owned()).expect("after b");
        assert_eq!((last.items.as_slice(), last.more), (&["c"][..], false));
        let dropshot = CursorConventions {
            items_field: "items",
            has_more_field: None,
            next_cursor_field: Some("next_page"),
            ..PAYMENTS_STYLE
        };
        let json = serde_json::to_string(&last.envelope(&dropshot)).ok();
        assert_eq!(json.as_deref(), Some(r#"{"items":["c"],"next_page":null}"#));
        let unknown = CursorRequest {
            cursor: Some("zz".into()),
            limit: 2,
        };
        assert!(unknown.slice(&all, |s| (*s).to_owned()).is_none());
    }
}
