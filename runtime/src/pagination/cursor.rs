//! The `cursor` style (`?cursor=...&limit=20`), as payment APIs and dropshot answer lists:
//! the answer is an object holding the items, whether more follow and, where the API sends
//! one, the next page's cursor, under the field names the spec gives. The handler answers
//! a [`CursorPage`]; the runtime writes the object.

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::CursorConventions;
use super::positive;
use crate::error::{ApiError, Condition};

/// Where a requested page starts and how many items it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CursorRequest {
    /// The cursor the client sent, `None` for the first page.
    pub cursor: Option<String>,
    /// The cursor of the spec's `before_parameter` (`ending_before`): the page asked for
    /// ends just before this item, read backwards from it. Never given with `cursor`.
    pub before: Option<String>,
    /// Items per page, from 1 to the service's maximum.
    pub limit: u64,
}

impl CursorRequest {
    /// Reads the parameters from a query string: no cursor (or an empty one) means the
    /// first page, no size the default, a size above the maximum is the maximum, a size
    /// that is not a whole number from 1 is a 400 naming the parameter, and so is a
    /// request naming both where a page starts and where it ends.
    pub fn read(query: Option<&str>, conventions: &CursorConventions) -> Result<Self, ApiError> {
        let mut request = CursorRequest {
            cursor: None,
            before: None,
            limit: u64::from(conventions.default_limit),
        };
        for (key, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            if key == conventions.cursor_parameter {
                request.cursor = Some(value.into_owned()).filter(|c| !c.is_empty());
            } else if key == conventions.limit_parameter {
                request.limit = positive(&key, &value)?.min(u64::from(conventions.max_limit));
            } else if Some(key.as_ref()) == conventions.before_parameter {
                request.before = Some(value.into_owned()).filter(|c| !c.is_empty());
            }
        }
        if let (Some(_), Some(_), Some(before)) = (
            &request.cursor,
            &request.before,
            conventions.before_parameter,
        ) {
            return Err(ApiError::condition(Condition::InvalidInput)
                .with_message(format!(
                    "You may only specify one of these parameters: {}, {before}.",
                    conventions.cursor_parameter
                ))
                .with_field(before.to_owned()));
        }
        Ok(request)
    }

    /// This page of a whole list held in memory, each item's cursor given by `cursor_of`:
    /// the items after the one whose cursor the request names (from the start without
    /// one), with the last item's cursor as the next page's when more follow; or, asked
    /// for the page before an item, the items just before it, with the first item's
    /// cursor as the next page's (backwards) when more precede. `None` when no item has
    /// the requested cursor, for the handler to answer as its API does.
    pub fn slice<T: Clone>(
        &self,
        all: &[T],
        cursor_of: impl Fn(&T) -> String,
    ) -> Option<CursorPage<T>> {
        let size = usize::try_from(self.limit).unwrap_or(usize::MAX);
        if let Some(before) = &self.before {
            let end = all.iter().position(|item| cursor_of(item) == *before)?;
            let start = end.saturating_sub(size);
            let items = all[start..end].to_vec();
            let next = items.first().filter(|_| start > 0).map(cursor_of);
            return Some(CursorPage::new(items, next));
        }
        let start = match &self.cursor {
            None => 0,
            Some(cursor) => all.iter().position(|item| cursor_of(item) == *cursor)? + 1,
        };
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

    /// The page as the object the spec describes, answered at `url` (the list's own path,
    /// written where the spec names a `url_field`).
    pub fn envelope<'a>(
        &'a self,
        conventions: &'a CursorConventions,
        url: &'a str,
    ) -> CursorEnvelope<'a, T> {
        CursorEnvelope {
            page: self,
            conventions,
            url,
        }
    }
}

/// A [`CursorPage`] written as the spec's object: `{"object": "list", "items": [...],
/// "has_more": true, "next_page": "...", "url": "/v1/things"}` under the names it gives,
/// with only the fields it names.
#[derive(Debug)]
pub struct CursorEnvelope<'a, T> {
    page: &'a CursorPage<T>,
    conventions: &'a CursorConventions,
    url: &'a str,
}

impl<T: Serialize> Serialize for CursorEnvelope<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let c = self.conventions;
        let fields = 1
            + c.constant_fields.len()
            + usize::from(c.has_more_field.is_some())
            + usize::from(c.next_cursor_field.is_some())
            + usize::from(c.url_field.is_some());
        let mut map = serializer.serialize_map(Some(fields))?;
        for (name, value) in c.constant_fields {
            map.serialize_entry(name, value)?;
        }
        map.serialize_entry(c.items_field, &self.page.items)?;
        if let Some(name) = c.has_more_field {
            map.serialize_entry(name, &self.page.more)?;
        }
        if let Some(name) = c.next_cursor_field {
            map.serialize_entry(name, &self.page.next_cursor)?;
        }
        if let Some(name) = c.url_field {
            map.serialize_entry(name, self.url)?;
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
    before_parameter: Some("ending_before"),
    url_field: Some("url"),
    constant_fields: &[("object", "list")],
};

#[cfg(test)]
mod tests {
    use super::*;

    fn request(cursor: Option<&str>, before: Option<&str>, limit: u64) -> CursorRequest {
        CursorRequest {
            cursor: cursor.map(str::to_owned),
            before: before.map(str::to_owned),
            limit,
        }
    }

    #[test]
    fn the_request_is_read_with_defaults_and_bounds() {
        let read =
            |q: &str| CursorRequest::read(Some(q), &PAYMENTS_STYLE).map_err(|e| e.to_string());
        assert_eq!(read("starting_after="), Ok(request(None, None, 10)));
        assert_eq!(
            read("starting_after=cus_2&limit=1000"),
            Ok(request(Some("cus_2"), None, 100))
        );
        assert_eq!(
            read("ending_before=cus_4&limit=2"),
            Ok(request(None, Some("cus_4"), 2))
        );
        let refused = read("limit=ten").expect_err("not a number");
        assert!(refused.contains("limit"), "{refused}");
        let both = read("starting_after=a&ending_before=b").expect_err("both ends");
        assert!(both.contains("starting_after, ending_before"), "{both}");
        let forwards_only = CursorConventions {
            before_parameter: None,
            ..PAYMENTS_STYLE
        };
        assert_eq!(
            CursorRequest::read(Some("ending_before=b"), &forwards_only).ok(),
            Some(request(None, None, 10)),
            "not a parameter of this API"
        );
    }

    #[test]
    fn pages_follow_each_other_and_are_written_under_the_spec_names() {
        let all = ["a", "b", "c"];
        let page = request(None, None, 2)
            .slice(&all, |s| (*s).to_owned())
            .expect("from the start");
        assert_eq!(
            (page.items.as_slice(), page.next_cursor.as_deref()),
            (&["a", "b"][..], Some("b"))
        );
        let json = serde_json::to_string(&page.envelope(&PAYMENTS_STYLE, "/v1/letters")).ok();
        assert_eq!(
            json.as_deref(),
            Some(r#"{"object":"list","data":["a","b"],"has_more":true,"url":"/v1/letters"}"#)
        );
        let next = request(page.next_cursor.as_deref(), None, 2);
        let last = next.slice(&all, |s| (*s).to_owned()).expect("after b");
        assert_eq!((last.items.as_slice(), last.more), (&["c"][..], false));
        let dropshot = CursorConventions {
            items_field: "items",
            has_more_field: None,
            next_cursor_field: Some("next_page"),
            ..CursorConventions::USUAL
        };
        let json = serde_json::to_string(&last.envelope(&dropshot, "/letters")).ok();
        assert_eq!(json.as_deref(), Some(r#"{"items":["c"],"next_page":null}"#));
        let unknown = request(Some("zz"), None, 2);
        assert!(unknown.slice(&all, |s| (*s).to_owned()).is_none());
    }

    #[test]
    fn pages_before_an_item_are_read_backwards() {
        let all = ["a", "b", "c", "d", "e"];
        let cursor = |s: &&str| (*s).to_owned();
        let page = request(None, Some("e"), 2)
            .slice(&all, cursor)
            .expect("before e");
        assert_eq!(
            (
                page.items.as_slice(),
                page.next_cursor.as_deref(),
                page.more
            ),
            (&["c", "d"][..], Some("c"), true),
            "in the list's order, more before them"
        );
        let first = request(None, Some("c"), 2)
            .slice(&all, cursor)
            .expect("before c");
        assert_eq!(
            (first.items.as_slice(), first.more),
            (&["a", "b"][..], false)
        );
        let short = request(None, Some("b"), 5)
            .slice(&all, cursor)
            .expect("before b");
        assert_eq!((short.items.as_slice(), short.more), (&["a"][..], false));
        assert!(request(None, Some("zz"), 2).slice(&all, cursor).is_none());
    }
}
