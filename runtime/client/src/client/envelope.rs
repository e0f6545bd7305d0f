//! Reading a `cursor`-style page: the items out of the object the spec describes, and
//! where the next page starts (the object's cursor field, or the last item's
//! `cursor_from` field while the object says more follow; the first item's when paging
//! backwards). Other fields (`object`, `url`) are skipped.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeOwned, DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;

use crate::conventions::CursorConventions;

/// The items of a page and its next cursor, from the answer's JSON; `backwards` when the
/// page was asked for before a cursor, so that the next one precedes its first item.
pub(super) fn decode<T: DeserializeOwned>(
    json: &[u8],
    conventions: &CursorConventions,
    backwards: bool,
) -> Result<(T, Option<String>), serde_json::Error> {
    let mut reader = serde_json::Deserializer::from_slice(json);
    let page = Envelope {
        conventions,
        items: PhantomData,
    }
    .deserialize(&mut reader)?;
    reader.end()?;
    let items = page
        .items
        .ok_or_else(|| de::Error::missing_field(conventions.items_field))?;
    let more = page.has_more.unwrap_or(true);
    let (items, next) = match items {
        Items::Typed(items) => (items, page.next_cursor.filter(|_| more)),
        Items::Json(values) => {
            let next = conventions
                .cursor_from
                .zip(
                    values
                        .as_array()
                        .and_then(|v| if backwards { v.first() } else { v.last() }),
                )
                .and_then(|(field, last)| match last.get(field)? {
                    Value::String(s) => Some(s.clone()),
                    Value::Number(n) => Some(n.to_string()),
                    _ => None,
                })
                .filter(|_| more);
            (T::deserialize(values)?, page.next_cursor.or(next))
        }
    };
    Ok((items, next))
}

/// The items, typed at once, or as JSON first when the next cursor is read off the last.
enum Items<T> {
    Typed(T),
    Json(Value),
}

/// What the object holds, each field by the spec's name.
struct Page<T> {
    items: Option<Items<T>>,
    has_more: Option<bool>,
    next_cursor: Option<String>,
}

struct Envelope<'c, T> {
    conventions: &'c CursorConventions,
    items: PhantomData<T>,
}

impl<'de, T: DeserializeOwned> DeserializeSeed<'de> for Envelope<'_, T> {
    type Value = Page<T>;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Page<T>, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de, T: DeserializeOwned> Visitor<'de> for Envelope<'_, T> {
    type Value = Page<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "an object with the page's items in `{}`",
            self.conventions.items_field
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Page<T>, A::Error> {
        let c = self.conventions;
        let mut page = Page {
            items: None,
            has_more: None,
            next_cursor: None,
        };
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key == c.items_field {
                page.items = Some(if c.cursor_from.is_some() {
                    Items::Json(map.next_value()?)
                } else {
                    Items::Typed(map.next_value()?)
                });
            } else if Some(key.as_ref()) == c.has_more_field {
                page.has_more = Some(map.next_value()?);
            } else if Some(key.as_ref()) == c.next_cursor_field {
                page.next_cursor = map.next_value()?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A payments API's conventions (`{"data": [...], "has_more": true}`, the next page
    /// after the last item's `id`).
    const PAYMENTS: CursorConventions = CursorConventions {
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

    #[test]
    fn the_next_cursor_is_the_last_items_field_while_more_follow() {
        let json =
            br#"{"object":"list","data":[{"id":"a"},{"id":"b"}],"has_more":true,"url":"/v1/x"}"#;
        let (items, next): (Vec<Value>, _) = decode(json, &PAYMENTS, false).expect("a page");
        assert_eq!((items.len(), next.as_deref()), (2, Some("b")));
        let (_, before): (Vec<Value>, _) = decode(json, &PAYMENTS, true).expect("backwards");
        assert_eq!(before.as_deref(), Some("a"), "the first item's, backwards");
        let json = br#"{"data":[{"id":"c"}],"has_more":false}"#;
        let (_, next): (Vec<Value>, _) = decode(json, &PAYMENTS, false).expect("the last page");
        assert_eq!(next, None);
    }

    #[test]
    fn the_next_cursor_is_the_answers_own_field_where_it_has_one() {
        let dropshot = CursorConventions {
            items_field: "items",
            has_more_field: None,
            next_cursor_field: Some("next_page"),
            cursor_from: None,
            ..PAYMENTS
        };
        let (items, next): (Vec<u32>, _) =
            decode(br#"{"next_page":"t2","items":[1,2]}"#, &dropshot, false).expect("a page");
        assert_eq!((items, next.as_deref()), (vec![1, 2], Some("t2")));
        let (_, next): (Vec<u32>, _) =
            decode(br#"{"items":[3],"next_page":null}"#, &dropshot, false).expect("the last page");
        assert_eq!(next, None);
        let missing =
            decode::<Vec<u32>>(br#"{"data":[]}"#, &dropshot, false).expect_err("no items");
        assert!(missing.to_string().contains("items"), "{missing}");
    }
}
